import { randomUUID } from 'node:crypto';
import { HONEYPOT_FIELD, INQUIRY_MIN_FILL_MS, INQUIRY_RATE_LIMITS } from '../../shared/abuse.ts';
import { FILL_TIME_FIELD } from '../../shared/bot-trap.ts';
import type { InquiryInput } from '../../shared/inquiry.ts';
import { clientKey } from '../http/client.ts';
import { throttle } from '../http/throttle.ts';
import { inquiryReceipt, type InquiryReceipt } from './receipt.ts';

/**
 * The POST path's guard: counts the post against the client's inquiry limits (429 with Retry-After),
 * then takes the bot trap's fields out of the body. `bot` is true when the hidden honeypot was filled
 * or the form was sent faster than a person can fill it in; such a post is answered as if stored.
 * The fill time is only judged when the form sent it: API clients without it are held by the limits.
 */
export async function guardInquiryPost(req: Request, context: { ip?: string } | undefined, body: unknown): Promise<{ body: unknown; bot: boolean }> {
  await throttle('inquiry', clientKey(req, context), INQUIRY_RATE_LIMITS);
  if (!body || typeof body !== 'object' || Array.isArray(body)) return { body, bot: false };
  const { [HONEYPOT_FIELD]: honeypot, [FILL_TIME_FIELD]: fillTime, ...rest } = body as Record<string, unknown>;
  const filled = honeypot !== undefined && honeypot !== '';
  const hasty = fillTime !== undefined && !(typeof fillTime === 'number' && fillTime >= INQUIRY_MIN_FILL_MS);
  return { body: rest, bot: filled || hasty };
}

/** What a discarded bot post is answered with: an inquiry that looks stored and is not. */
export function discardedInquiry(input: InquiryInput): InquiryReceipt {
  return inquiryReceipt(input, randomUUID(), new Date().toISOString());
}
