import type { Trx } from '../audit/actor.ts';
import type { Db } from '../db/index.ts';
import { staffMailConfigured } from '../notify/staff-mail.ts';
import type { InviteMethod } from './calendar.ts';

/**
 * Mails about a tour, queued in the outbox (retried, never lost) under the tour's inquiry, so destroying
 * the inquiry removes them. A row holds ids, the invitation's version and, for a reschedule, the time it moved
 * from — no name, address or text: the mail is written when it is sent, from the tour and its inquiry as they are then.
 */
export type TourMail =
  | { kind: 'invite'; tourId: string; sequence: number; method: InviteMethod; to: 'prospect'; previous?: TourTime }
  | { kind: 'invite'; tourId: string; sequence: number; method: InviteMethod; to: 'host'; userId: string; previous?: TourTime }
  | { kind: 'prospect-reminder'; tourId: string; sequence: number }
  | { kind: 'outcome-reminder'; tourId: string; userId: string };

/** A tour's time as a mail said it (ISO). */
export interface TourTime {
  startsAt: string;
  endsAt: string;
}

export const TOUR_MAIL_CHANNEL = 'tour-mail';

/**
 * The time a tour's prospect was last told, for a reschedule's mail to say what it moved from: the tour's time
 * before this change (`before`) — unless the mail of an earlier change is still unsent, when it is what that mail
 * would have said it moved from (nobody heard the time in between), or nothing when not even the invitation has gone.
 */
export async function timeLastTold(trx: Trx | Db, tourId: string, before: TourTime): Promise<TourTime | null> {
  const unsent = await trx
    .selectFrom('outbox')
    .select('payload')
    .where('channel', '=', TOUR_MAIL_CHANNEL)
    .where('dedupeKey', 'like', `tour:${tourId}:%:prospect`)
    .where('sentAt', 'is', null)
    .where('failedAt', 'is', null)
    .orderBy('createdAt', 'desc')
    .executeTakeFirst();
  if (!unsent) return before;
  const mail = unsent.payload as TourMail;
  if (mail.kind !== 'invite' || mail.sequence === 0) return null;
  return mail.previous ?? before;
}

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
