import { sql } from 'kysely';
import { REVIEW_MONTH_PATTERN, UNUSUAL_VIEWS_PER_DAY, type AccessReviewState } from '../../shared/access.ts';
import { isOfficeDay, koreanDay } from '../../shared/business-hours.ts';
import { deviceOf } from '../../shared/user-agent.ts';
import type { Staff } from '../auth/access.ts';
import type { Db } from '../db/index.ts';
import { HttpError } from '../http/errors.ts';
import { officeHolidays } from '../inquiries/response-time.ts';
import { queueStaffMail } from '../notify/staff-mail.ts';
import { withActor } from './actor.ts';

/** One person's month of access, as the monthly review mail lists it. */
export interface PersonAccess {
  actorId: string | null;
  name: string;
  /** inquiry.view records, and how many different inquiries they opened. */
  views: number;
  inquiriesViewed: number;
  attachmentLinks: number;
  privacyRequestViews: number;
  /** proposal.view records (proposals read with the prospect in them), and their PDFs and certificates taken out. */
  proposalViews: number;
  proposalDownloads: number;
  exports: { at: string; count: number; reason: string | null; reasonText: string | null }[];
  /** Sign-ins from an address or a device this person had not signed in from before. */
  newPlaces: { at: string; address: string | null; device: string | null; newAddress: boolean; newDevice: boolean }[];
  /** Korean days on which they opened more than UNUSUAL_VIEWS_PER_DAY different inquiries. */
  unusualDays: { day: string; inquiries: number }[];
}

const pad = (n: number) => String(n).padStart(2, '0');

/** The month before the one `day` (YYYY-MM-DD) falls in, as YYYY-MM. */
export function previousMonth(day: string): string {
  const [year, month] = day.split('-').map(Number) as [number, number];
  return month === 1 ? `${year - 1}-12` : `${year}-${pad(month - 1)}`;
}

/** Whether `day` is the first working day of its month (weekdays, not a holiday of content/holidays.json). */
export function isFirstOfficeDayOfMonth(day: string, holidays: ReadonlySet<string>): boolean {
  if (!isOfficeDay(day, holidays)) return false;
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  for (let d = 1; d < date; d++) if (isOfficeDay(`${year}-${pad(month)}-${pad(d)}`, holidays)) return false;
  return true;
}

/** The month's bounds as instants: its first and the next month's first midnight in Korea. */
function monthBounds(month: string): { start: string; end: string } {
  const [year, m] = month.split('-').map(Number) as [number, number];
  const next = m === 12 ? `${year + 1}-01` : `${year}-${pad(m + 1)}`;
  return { start: `${month}-01T00:00:00+09:00`, end: `${next}-01T00:00:00+09:00` };
}

const KOREAN_DAY = sql<string>`to_char((at at time zone 'UTC') + interval '9 hours', 'YYYY-MM-DD')`;

/** Last month's access per person (everyone who read, took out or signed in from somewhere new), by name. */
export async function accessReviewFigures(db: Db, month: string): Promise<PersonAccess[]> {
  const { start, end } = monthBounds(month);
  const inMonth = sql<boolean>`at >= ${start}::timestamptz and at < ${end}::timestamptz`;
  const [counts, distinct, exports, days, signIns] = await Promise.all([
    db.selectFrom('accessRecords').select(['actorId', 'actorName', 'action', sql<number>`count(*)::int`.as('n')]).where(inMonth).groupBy(['actorId', 'actorName', 'action']).execute(),
    sql<{ actorId: string | null; n: number }>`
      select actor_id, count(distinct viewed)::int as n from access_records, unnest(inquiry_ids) as viewed
      where action = 'inquiry.view' and ${inMonth} group by actor_id`.execute(db),
    db.selectFrom('accessRecords').select(['actorId', 'actorName', 'at', 'rowCount', 'reason', 'reasonText']).where(inMonth).where('action', '=', 'inquiries.export').orderBy('at').execute(),
    sql<{ actorId: string | null; day: string; n: number }>`
      select actor_id, ${KOREAN_DAY} as day, count(distinct viewed)::int as n from access_records, unnest(inquiry_ids) as viewed
      where action = 'inquiry.view' and ${inMonth} group by actor_id, day having count(distinct viewed) > ${UNUSUAL_VIEWS_PER_DAY} order by day`.execute(db),
    sql<{ actorId: string; actorName: string | null; at: Date; clientAddress: string | null; userAgent: string | null; newAddress: boolean; newDevice: boolean }>`
      select e.actor_id, e.actor_name, e.at, e.client_address, s.user_agent,
        not exists (select 1 from audit_events p where p.action = 'sign_in' and p.actor_id = e.actor_id
          and p.client_address is not distinct from e.client_address and (p.at, p.id) < (e.at, e.id)) as new_address,
        not exists (select 1 from audit_events p join sessions ps on ps.id::text = p.entity_id where p.action = 'sign_in'
          and p.actor_id = e.actor_id and ps.user_agent is not distinct from s.user_agent and (p.at, p.id) < (e.at, e.id)) as new_device
      from audit_events e left join sessions s on s.id::text = e.entity_id
      where e.action = 'sign_in' and e.actor_id is not null and e.at >= ${start}::timestamptz and e.at < ${end}::timestamptz
      order by e.at`.execute(db),
  ]);
  const people = new Map<string, PersonAccess>();
  const personOf = (actorId: string | null, name: string | null) => {
    const key = actorId ?? `name:${name ?? ''}`;
    let person = people.get(key);
    if (!person) {
      person = { actorId, name: name ?? '', views: 0, inquiriesViewed: 0, attachmentLinks: 0, privacyRequestViews: 0, proposalViews: 0, proposalDownloads: 0, exports: [], newPlaces: [], unusualDays: [] };
      people.set(key, person);
    }
    if (!person.name && name) person.name = name;
    return person;
  };
  for (const row of counts) {
    const person = personOf(row.actorId, row.actorName);
    if (row.action === 'inquiry.view') person.views += Number(row.n);
    if (row.action === 'attachment.link') person.attachmentLinks += Number(row.n);
    if (row.action === 'privacy_request.view') person.privacyRequestViews += Number(row.n);
    if (row.action === 'proposal.view') person.proposalViews += Number(row.n);
    if (row.action === 'proposal.pdf' || row.action === 'proposal.certificate') person.proposalDownloads += Number(row.n);
  }
  for (const row of distinct.rows) personOf(row.actorId, null).inquiriesViewed = Number(row.n);
  for (const row of exports) personOf(row.actorId, row.actorName).exports.push({ at: new Date(row.at).toISOString(), count: row.rowCount ?? 0, reason: row.reason, reasonText: row.reasonText });
  for (const row of days.rows) personOf(row.actorId, null).unusualDays.push({ day: row.day, inquiries: Number(row.n) });
  for (const row of signIns.rows) {
    if (!row.newAddress && !row.newDevice) continue;
    personOf(row.actorId, row.actorName).newPlaces.push({ at: new Date(row.at).toISOString(), address: row.clientAddress, device: deviceOf(row.userAgent), newAddress: row.newAddress, newDevice: row.newDevice });
  }
  // Names as the team knows them now (a username in the record; the display name if there is one).
  const ids = [...people.values()].map((person) => person.actorId).filter((id): id is string => Boolean(id));
  if (ids.length > 0) {
    const users = await db.selectFrom('users').select(['id', 'username', 'displayName']).where('id', 'in', ids).execute();
    for (const user of users) {
      const person = people.get(user.id);
      if (person) person.name = user.displayName ? `${user.displayName} (@${user.username})` : user.username;
    }
  }
  return [...people.values()].sort((a, b) => a.name.localeCompare(b.name));
}

/**
 * The monthly review (functions/access-review.ts, every morning): on the first working day of a month, the
 * review of the month before is opened once — its row in access_reviews is the "once", however often the
 * schedule runs — and each active owner with an address gets its mail through the outbox, in their language.
 * @returns the month reviewed and how many mails were queued, or null on any other day or when it was done.
 */
export async function sendMonthlyAccessReview(db: Db, now = new Date()): Promise<{ month: string; queued: number } | null> {
  const day = koreanDay(now);
  if (!isFirstOfficeDayOfMonth(day, officeHolidays())) return null;
  const month = previousMonth(day);
  return withActor(null, async (trx) => {
    const opened = await trx.insertInto('accessReviews').values({ month, mailedAt: now }).onConflict((conflict) => conflict.column('month').doNothing()).returning('id').executeTakeFirst();
    if (!opened) return null;
    const owners = await trx.selectFrom('users').select('id').where('role', '=', 'owner').where('active', '=', true).where('email', 'is not', null).execute();
    let queued = 0;
    for (const owner of owners) if (await queueStaffMail(trx, { kind: 'access-review', userId: owner.id, month }, `access-review:${month}:${owner.id}`)) queued += 1;
    return { month, queued };
  }, { db });
}

/** The reviews so far, newest first, with who marked each done. */
export async function listAccessReviews(db: Db, month?: string): Promise<AccessReviewState[]> {
  let query = db.selectFrom('accessReviews as r');
  if (month) query = query.where('r.month', '=', month);
  const rows = await query
    .leftJoin('users as u', 'u.id', 'r.doneBy')
    .select(['r.month', 'r.mailedAt', 'r.doneAt', 'r.doneBy', 'u.displayName', 'u.username'])
    .orderBy('r.month', 'desc')
    .limit(24)
    .execute();
  return rows.map((row) => ({
    month: row.month,
    mailedAt: new Date(row.mailedAt).toISOString(),
    doneAt: row.doneAt ? new Date(row.doneAt).toISOString() : null,
    doneBy: row.doneBy ? { id: row.doneBy, name: row.displayName || row.username || '' } : null,
  }));
}

/** An owner marks a month's review done (once; the activity log records it as the review's update). */
export async function markAccessReviewDone(db: Db, staff: Staff, month: string): Promise<AccessReviewState> {
  if (!REVIEW_MONTH_PATTERN.test(month)) throw new HttpError(404, 'review_not_found', 'No review for this month');
  await withActor(staff.actor, (trx) =>
    trx.updateTable('accessReviews').set({ doneAt: sql<Date>`now()`, doneBy: staff.id }).where('month', '=', month).where('doneAt', 'is', null).execute(),
  { db, action: 'review_done' });
  const [review] = await listAccessReviews(db, month);
  if (!review) throw new HttpError(404, 'review_not_found', 'No review for this month');
  return review;
}
