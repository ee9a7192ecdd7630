import type { Trx } from '../audit/actor.ts';
import type { Db } from '../db/index.ts';
import { serverEnv } from '../env.ts';

/**
 * Mails to the leasing team itself (issue 17), queued in the outbox like inquiry notifications (retried,
 * never lost) but written when they are sent, from the ids below: a queued row holds no link token and
 * no personal text, and a link replaced or used meanwhile is simply not sent.
 */
export type StaffMail =
  | { kind: 'invitation'; linkId: string }
  | { kind: 'password-reset'; linkId: string }
  | { kind: 'password-changed'; userId: string }
  | { kind: 'assigned'; inquiryId: string; userId: string; by: string }
  | { kind: 'deactivated'; userId: string; ownerId: string; handedBack: number }
  | { kind: 'reminder'; inquiryId: string; userId: string; hours: number }
  | { kind: 'digest'; userId: string; day: string }
  | { kind: 'access-review'; userId: string; month: string }
  | { kind: 'lease-expiring'; leaseId: string; userId: string };

export const STAFF_MAIL_CHANNEL = 'staff-mail';

/** Staff mail needs an SMTP server and a sender; without them nothing is queued (and the panel says so). */
export function staffMailConfigured(): boolean {
  const env = serverEnv();
  return Boolean(env.smtpUrl && env.inquiryNotifyFrom);
}

/**
 * Queues one staff mail in the caller's transaction. With `dedupeKey`, a mail already queued under the
 * same key is not queued again (one reminder per inquiry and person, one digest per person and day).
 * @returns whether a mail was queued.
 */
export async function queueStaffMail(trx: Trx | Db, mail: StaffMail, dedupeKey?: string): Promise<boolean> {
  if (!staffMailConfigured()) return false;
  const row = await trx
    .insertInto('outbox')
    .values({ inquiryId: null, channel: STAFF_MAIL_CHANNEL, payload: JSON.stringify(mail), dedupeKey: dedupeKey ?? null })
    .onConflict((conflict) => conflict.column('dedupeKey').doNothing())
    .returning('id')
    .executeTakeFirst();
  return Boolean(row);
}
