import { sql } from 'kysely';
import { addBusinessHours, isOfficeDay, koreanDay } from '../../shared/business-hours.ts';
import { ASSIGNABLE_ROLES } from '../../shared/roles.ts';
import { withActor, type Trx } from '../audit/actor.ts';
import type { Db } from '../db/index.ts';
import { queueStaffMail } from '../notify/staff-mail.ts';
import { officeHolidays, reminderHours } from './response-time.ts';
import { hostsTouringOn } from '../tours/reminders.ts';

/** Inquiries older than this are not reminded about (a first deploy must not remind of last year's). */
const REMINDER_LOOKBACK_DAYS = 14;

/** Active people with an address among `roles` (who reminders and digests go to). */
async function recipients(db: Db | Trx, ids?: string[]): Promise<{ id: string }[]> {
  return db
    .selectFrom('users')
    .select('id')
    .where('active', '=', true)
    .where('email', 'is not', null)
    .where('role', 'in', [...ASSIGNABLE_ROLES])
    .$if(Boolean(ids), (query) => query.where('id', 'in', ids!))
    .execute();
}

/**
 * The response-time reminder (every few minutes, functions/inquiry-reminders.ts): each new inquiry still
 * untouched `N` office hours after it arrived (the owner's setting, default 4) reminds its assignee, or
 * every agent and owner while it is unassigned — once (`reminded_at`, and one outbox key per inquiry and
 * person). `now` is injectable so tests set the clock.
 * @returns how many inquiries were reminded about.
 */
export async function sendDueReminders(db: Db, now = new Date()): Promise<number> {
  const hours = await reminderHours(db);
  const holidays = officeHolidays();
  const candidates = await db
    .selectFrom('inquiries')
    .select(['id', 'createdAt', 'assigneeId'])
    .where('status', '=', 'new')
    .where('touchedAt', 'is', null)
    .where('remindedAt', 'is', null)
    // Stopped or destroyed at the visitor's request (issue 24): never reminded.
    .where('suspendedAt', 'is', null)
    .where('destroyedAt', 'is', null)
    .where('createdAt', '>', new Date(now.getTime() - REMINDER_LOOKBACK_DAYS * 86_400_000))
    .where('createdAt', '<=', now)
    .execute();
  const due = candidates.filter((row) => addBusinessHours(new Date(row.createdAt), hours, holidays).getTime() <= now.getTime());
  let reminded = 0;
  for (const row of due) {
    const sent = await withActor(null, async (trx) => {
      // Claimed once: a second run (or instance) finds reminded_at set and moves on.
      const claimed = await trx
        .updateTable('inquiries')
        .set({ remindedAt: sql<Date>`now()` })
        .where('id', '=', row.id)
        .where('remindedAt', 'is', null)
        .where('touchedAt', 'is', null)
        .where('status', '=', 'new')
        .returning('assigneeId')
        .executeTakeFirst();
      if (!claimed) return false;
      const assignee = claimed.assigneeId ? await recipients(trx, [claimed.assigneeId]) : [];
      const people = assignee.length > 0 ? assignee : await recipients(trx);
      for (const person of people) await queueStaffMail(trx, { kind: 'reminder', inquiryId: row.id, userId: person.id, hours }, `reminder:${row.id}:${person.id}`);
      return true;
    }, { db });
    if (sent) reminded += 1;
  }
  return reminded;
}

/**
 * The morning digest (08:30 Korean time on working days, functions/morning-digest.ts): each agent or owner
 * with open inquiries whose next step is due today (or overdue), or with tours today, gets one mail listing them; nothing on
 * holidays, and at most one per person and day.
 * @returns how many digests were queued.
 */
export async function sendMorningDigests(db: Db, now = new Date()): Promise<number> {
  const day = koreanDay(now);
  if (!isOfficeDay(day, officeHolidays())) return 0;
  const people = await db
    .selectFrom('inquiries as i')
    .innerJoin('users as u', 'u.id', 'i.assigneeId')
    .select('u.id')
    .distinct()
    .where('u.active', '=', true)
    .where('u.email', 'is not', null)
    .where('i.status', 'not in', ['won', 'lost'])
    .where('i.suspendedAt', 'is', null)
    .where('i.destroyedAt', 'is', null)
    .where(sql<boolean>`i.next_step_on <= ${day}::date`)
    .execute();
  // Hosts of today's tours get the digest too (issue 26): it lists their tours of the day.
  const ids = [...new Set([...people.map((person) => person.id), ...(await hostsTouringOn(db, day))])];
  let queued = 0;
  for (const person of ids.map((id) => ({ id }))) {
    if (await queueStaffMail(db, { kind: 'digest', userId: person.id, day }, `digest:${person.id}:${day}`)) queued += 1;
  }
  return queued;
}
