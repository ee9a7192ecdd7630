import { HONEYPOT_FIELD } from './abuse.ts';

/** The field carrying how long (ms) the form was open before it was sent. */
export const FILL_TIME_FIELD = 'fillMs';

/** The trap's fields as the inquiry form adds them to its post: the honeypot's value and the fill time. */
export function botTrapFields(honeypot: string, elapsedMs: number): Record<string, string | number> {
  return { [HONEYPOT_FIELD]: honeypot, [FILL_TIME_FIELD]: Math.max(0, Math.round(elapsedMs)) };
}
