import { sql, type ExpressionBuilder } from 'kysely';
import type { Inquiry, InquiryCounts, InquiryFilter } from '../../shared/inquiry.ts';
import { INQUIRY_STATUSES } from '../../shared/inquiry.ts';
import { referencePrefix } from '../../shared/inquiry-basics.ts';
import { isCalendarDay } from '../../shared/inquiry-rules.ts';
import type { Database, Db } from '../db/index.ts';
import { HttpError } from '../http/errors.ts';
import { selectInquiryRows, toInquiry, withNotificationStates } from './row.ts';
import { likeContains } from '../db/sql-like.ts';
import { cachedTotal } from './count-cache.ts';

/** Dates in filters are the leasing office's calendar days (Korea, UTC+9 all year). */
const OFFICE_UTC_OFFSET = '+09:00';

type Where = ExpressionBuilder<Database & { i: Database['inquiries'] }, 'i'>;

/** The WHERE of a filter; `status` is left out when `withStatus` is false (the per-status counts). */
function filterWhere(filter: InquiryFilter, withStatus = true) {
  return (eb: Where) => {
    const and = [];
    if (withStatus && filter.status) and.push(eb('i.status', '=', filter.status));
    if (filter.unitId) and.push(eb('i.unitId', '=', filter.unitId));
    if (filter.floor) and.push(eb.or([eb('i.unitFloor', '=', filter.floor), sql<boolean>`${filter.floor} = any(i.desired_floors)`]));
    if (filter.from) and.push(sql<boolean>`i.created_at >= ${`${filter.from}T00:00:00${OFFICE_UTC_OFFSET}`}::timestamptz`);
    if (filter.to) and.push(sql<boolean>`i.created_at < ${`${filter.to}T00:00:00${OFFICE_UTC_OFFSET}`}::timestamptz + interval '1 day'`);
    // lower() on both sides, as the database folds case, so the two always agree (as for brands).
    if (filter.search) {
      const words = sql<boolean>`i.search_text like lower(${likeContains(filter.search)})`;
      // A caller quoting the reference number the visitor was shown finds that inquiry too.
      const reference = referencePrefix(filter.search);
      and.push(reference ? eb.or([words, sql<boolean>`i.id::text like ${`${reference}%`}`]) : words);
    }
    if (filter.assignee === 'none') and.push(eb('i.assigneeId', 'is', null));
    else if (filter.assignee === 'me') throw new Error('The route resolves assignee=me to the signed-in person first');
    else if (filter.assignee && filter.assignee !== 'all') and.push(eb('i.assigneeId', '=', filter.assignee));
    return eb.and(and);
  };
}

/** A cursor names the last row of a page: its exact created_at (microseconds) and id. */
export function encodeCursor(createdAtExact: string, id: string): string {
  return Buffer.from(`${createdAtExact}|${id}`).toString('base64url');
}

const CURSOR_TIME = /^(\d{4}-\d\d-\d\d)T(\d\d):(\d\d):(\d\d)\.\d{6}Z$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * The cursor's time and id, checked as the database would read them — a real day and time of day, a
 * UUID — so a forged cursor (month 13, year 0000, 36 dashes) is refused as input, never a failed cast.
 */
function decodeCursor(cursor: string): { at: string; id: string } {
  const [at, id, ...rest] = Buffer.from(cursor, 'base64url').toString().split('|');
  const time = at?.match(CURSOR_TIME);
  const realTime = time && isCalendarDay(time[1]!) && Number(time[2]) < 24 && Number(time[3]) < 60 && Number(time[4]) < 60;
  if (!realTime || !id || !UUID.test(id) || rest.length > 0) {
    throw new HttpError(400, 'invalid_cursor', 'The cursor is not one this list gave out');
  }
  return { at: at!, id };
}

export interface InquiryPage {
  items: Inquiry[];
  total: number;
  nextCursor: string | null;
}

/**
 * One page of the filtered list, newest first. Keyset paging on (created_at, id): a page starts strictly
 * after the previous page's last row, so inquiries arriving meanwhile (newer, at the top) neither repeat
 * nor hide a row further down.
 */
export async function listInquiryPage(db: Db, filter: InquiryFilter, limit: number, cursor?: string): Promise<InquiryPage> {
  const [page, total] = await Promise.all([pageOf(db, filter, limit, cursor), cachedTotal(db, JSON.stringify(filter), () => countInquiries(db, filter))]);
  return { ...page, total };
}

export async function countInquiries(db: Db, filter: InquiryFilter): Promise<number> {
  const row = await db
    .selectFrom('inquiries as i')
    .select(sql<number>`count(*)::int`.as('n'))
    .where(filterWhere(filter))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The ids of every inquiry the filter selects (what an export carries, for its access record). */
export async function inquiryIdsMatching(db: Db, filter: InquiryFilter): Promise<string[]> {
  const rows = await db.selectFrom('inquiries as i').select('i.id').where(filterWhere(filter)).execute();
  return rows.map((row) => row.id);
}

/** How many inquiries of each status the other filters select, and in all. */
export async function inquiryCounts(db: Db, filter: InquiryFilter): Promise<InquiryCounts> {
  const rows = await db
    .selectFrom('inquiries as i')
    .select(['i.status', sql<number>`count(*)::int`.as('n')])
    .where(filterWhere(filter, false))
    .groupBy('i.status')
    .execute();
  const counts = Object.fromEntries(INQUIRY_STATUSES.map((status) => [status, 0])) as InquiryCounts;
  counts.all = 0;
  for (const row of rows) {
    counts[row.status as keyof InquiryCounts] = Number(row.n);
    counts.all += Number(row.n);
  }
  return counts;
}

/**
 * Seconds from arrival to the first status change, median over inquiries that arrived in the last 30
 * days and were answered; null when none was.
 */
export async function medianFirstResponseSeconds(db: Db): Promise<number | null> {
  const row = await db
    .selectFrom('inquiries')
    .select(sql<number | null>`percentile_cont(0.5) within group (order by extract(epoch from first_status_change_at - created_at))`.as('median'))
    .where('firstStatusChangeAt', 'is not', null)
    .where(sql<boolean>`created_at > now() - interval '30 days'`)
    .executeTakeFirstOrThrow();
  return row.median === null ? null : Math.round(Number(row.median));
}

/** Every inquiry the filter selects, newest first, in batches (the export reads all of them). */
export async function* allInquiries(db: Db, filter: InquiryFilter, batch = 1000): AsyncGenerator<Inquiry[]> {
  let cursor: string | undefined;
  for (;;) {
    const page = await pageOf(db, filter, batch, cursor);
    if (page.items.length > 0) yield page.items;
    if (!page.nextCursor) return;
    cursor = page.nextCursor;
  }
}

/** The query of one page (one row more than `limit`, to know whether another follows). */
export function pageQuery(db: Db, filter: InquiryFilter, limit: number, cursor?: string) {
  let query = selectInquiryRows(db).where(filterWhere(filter));
  if (cursor) {
    const after = decodeCursor(cursor);
    query = query.where(sql<boolean>`(i.created_at, i.id) < (${after.at}::timestamptz, ${after.id}::uuid)`);
  }
  return query.orderBy('i.createdAt', 'desc').orderBy('i.id', 'desc').limit(limit + 1);
}

async function pageOf(db: Db, filter: InquiryFilter, limit: number, cursor?: string): Promise<Omit<InquiryPage, 'total'>> {
  const rows = await pageQuery(db, filter, limit, cursor).execute();
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return { items: (await withNotificationStates(db, page)).map(toInquiry), nextCursor: rows.length > limit && last ? encodeCursor(last.createdAtExact, last.id) : null };
}
