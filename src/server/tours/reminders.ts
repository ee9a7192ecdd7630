import { sql } from 'kysely';
import { addBusinessHours, isOfficeDay, koreanDay } from '../../shared/business-hours.ts';
import { addDays, OUTCOME_REMINDER_BUSINESS_HOURS, seoulInstant } from '../../shared/tours.ts';
import { withActor } from '../audit/actor.ts';
import type { Db } from '../db/index.ts';
import { officeHolidays } from '../inquiries/response-time.ts';
import { queueTourMail } from './mail-queue.ts';

/** Tours older than this are not reminded about (a first deploy must not remind of last month's). */
const LOOKBACK_DAYS = 14;
/** The prospect's reminder goes out at this Korean time on the working day before the tour. */
export const PROSPECT_REMINDER_TIME = '10:00';

/** The last office day before `day` (YYYY-MM-DD). */
export function officeDayBefore(day: string, holidays: ReadonlySet<string>): string {
  let previous = addDays(day, -1);
  for (let i = 0; i < 60 && !isOfficeDay(previous, holidays); i += 1) previous = addDays(previous, -1);
  return previous;
}

/** When the prospect of a tour starting at `startsAt` is reminded: 10:00 KST on the working day before. */
export function prospectReminderAt(startsAt: Date, holidays: ReadonlySet<string>): Date {
  return seoulInstant(officeDayBefore(koreanDay(startsAt), holidays), PROSPECT_REMINDER_TIME);
}

/**
 * Tour reminders (every few minutes, with the response-time reminders): a tour without outcome two office
 * hours after its end reminds its host once; a prospect is reminded of a tour on the working day before
 * (if it was booked before then), once per tour. Each is claimed by a timestamp on the tour, so a second
 * run (or instance) finds it taken. `now` is injectable so tests set the clock.
 * @returns how many reminders were queued.
 */
export async function sendTourReminders(db: Db, now = new Date()): Promise<number> {
  const holidays = officeHolidays();
  const since = new Date(now.getTime() - LOOKBACK_DAYS * 86_400_000);
  let queued = 0;
  const ended = await db
    .selectFrom('tours')
    .select(['id', 'endsAt'])
    .where('status', '=', 'scheduled')
    .where('outcomeRemindedAt', 'is', null)
    .where('endsAt', '>', since)
    .where('endsAt', '<=', now)
    .execute();
  for (const tour of ended.filter((row) => addBusinessHours(new Date(row.endsAt), OUTCOME_REMINDER_BUSINESS_HOURS, holidays).getTime() <= now.getTime())) {
    if (await withActor(null, async (trx) => {
      const claimed = await trx.updateTable('tours').set({ outcomeRemindedAt: sql<Date>`now()` })
        .where('id', '=', tour.id).where('outcomeRemindedAt', 'is', null).where('status', '=', 'scheduled')
        .returning(['inquiryId', 'hostId']).executeTakeFirst();
      return claimed ? queueTourMail(trx, claimed.inquiryId, { kind: 'outcome-reminder', tourId: tour.id, userId: claimed.hostId }) : false;
    }, { db })) queued += 1;
  }
  const upcoming = await db
    .selectFrom('tours')
    .select(['id', 'startsAt', 'createdAt'])
    .where('status', '=', 'scheduled')
    .where('prospectRemindedAt', 'is', null)
    .where('startsAt', '>', now)
    .where('startsAt', '<', new Date(now.getTime() + LOOKBACK_DAYS * 86_400_000))
    .execute();
  for (const tour of upcoming) {
    const due = prospectReminderAt(new Date(tour.startsAt), holidays);
    if (now.getTime() < due.getTime() || new Date(tour.createdAt).getTime() >= due.getTime()) continue;
    if (await withActor(null, async (trx) => {
      const claimed = await trx.updateTable('tours').set({ prospectRemindedAt: sql<Date>`now()` })
        .where('id', '=', tour.id).where('prospectRemindedAt', 'is', null).where('status', '=', 'scheduled')
        .returning(['inquiryId', 'sequence']).executeTakeFirst();
      return claimed ? queueTourMail(trx, claimed.inquiryId, { kind: 'prospect-reminder', tourId: tour.id, sequence: claimed.sequence }) : false;
    }, { db })) queued += 1;
  }
  return queued;
}

/** A person's scheduled tours on a Korean day, for the morning digest. */
export async function toursOfDay(db: Db, userId: string, day: string) {
  return db
    .selectFrom('tours as t')
    .innerJoin('inquiries as i', 'i.id', 't.inquiryId')
    .select(['t.id', 't.inquiryId', 't.startsAt', 't.endsAt', 'i.name', 'i.unitFloor', 'i.unitNumber'])
    .where('t.hostId', '=', userId)
    .where('i.suspendedAt', 'is', null)
    .where('i.destroyedAt', 'is', null)
    .where('t.status', '=', 'scheduled')
    .where('t.startsAt', '>=', seoulInstant(day, '00:00'))
    .where('t.startsAt', '<', seoulInstant(addDays(day, 1), '00:00'))
    .orderBy('t.startsAt')
    .execute();
}

/** Active hosts with an address who have a scheduled tour on a Korean day. */
export async function hostsTouringOn(db: Db, day: string): Promise<string[]> {
  const rows = await db
    .selectFrom('tours as t')
    .innerJoin('users as u', 'u.id', 't.hostId')
    .select('u.id')
    .distinct()
    .where('u.active', '=', true)
    .where('u.email', 'is not', null)
    .where('t.status', '=', 'scheduled')
    .where('t.startsAt', '>=', seoulInstant(day, '00:00'))
    .where('t.startsAt', '<', seoulInstant(addDays(day, 1), '00:00'))
    .execute();
  return rows.map((row) => row.id);
}
