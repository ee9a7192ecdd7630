import type { Trx } from '../audit/actor.ts';
import type { Db } from '../db/index.ts';
import { staffMailConfigured } from '../notify/staff-mail.ts';
import type { InviteMethod } from './calendar.ts';

/**
 * Mails about a tour, queued in the outbox (retried, never lost) under the tour's inquiry, so destroying
 * the inquiry removes them. A row holds ids and the invitation's version only — no name, address or
 * text: the mail is written when it is sent, from the tour and its inquiry as they are then.
 */
export type TourMail =
  | { kind: 'invite'; tourId: string; sequence: number; method: InviteMethod; to: 'prospect' }
  | { kind: 'invite'; tourId: string; sequence: number; method: InviteMethod; to: 'host'; userId: string }
  | { kind: 'prospect-reminder'; tourId: string; sequence: number }
  | { kind: 'outcome-reminder'; tourId: string; userId: string };

export const TOUR_MAIL_CHANNEL = 'tour-mail';

/** One key per tour, recipient and version: the same message is never queued twice. */
export function tourMailKey(mail: TourMail): string {
  switch (mail.kind) {
    case 'invite':
      return `tour:${mail.tourId}:${mail.sequence}:${mail.to === 'host' ? `host:${mail.userId}` : 'prospect'}`;
    case 'prospect-reminder':
      return `tour-reminder:${mail.tourId}:${mail.sequence}`;
    case 'outcome-reminder':
      return `tour-outcome:${mail.tourId}:${mail.userId}`;
  }
}

/** Queues `mail` in the caller's transaction; false when mail is not configured or it was queued before. */
export async function queueTourMail(trx: Trx | Db, inquiryId: string, mail: TourMail): Promise<boolean> {
  if (!staffMailConfigured()) return false;
  const row = await trx
    .insertInto('outbox')
    .values({ inquiryId, channel: TOUR_MAIL_CHANNEL, payload: JSON.stringify(mail), dedupeKey: tourMailKey(mail) })
    .onConflict((conflict) => conflict.column('dedupeKey').doNothing())
    .returning('id')
    .executeTakeFirst();
  return Boolean(row);
}
