import { HONEYPOT_FIELD } from './abuse.ts';

/** The field carrying how long (ms) the visitor had been filling the form in when it was sent (from the first keystroke). */
export const FILL_TIME_FIELD = 'fillMs';

/** The trap's fields as the inquiry form adds them to its post: the honeypot's value and the fill time. */
export function botTrapFields(honeypot: string, elapsedMs: number): Record<string, string | number> {
  return { [HONEYPOT_FIELD]: honeypot, [FILL_TIME_FIELD]: Math.max(0, Math.round(elapsedMs)) };
}
