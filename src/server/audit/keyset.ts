import { sql, type RawBuilder } from 'kysely';
import type { AuditFilter } from '../../shared/audit.ts';
import { HttpError } from '../http/errors.ts';

/**
 * The activity log's paging, shared by its events (list.ts) and its access records (access.ts): newest first,
 * keyset-paged on (at, id) like the inbox, so rows written while someone pages (they are newer) never shift a page.
 */

/** Filter days are the office's calendar days (Korea, UTC+9), as in the inbox. */
const OFFICE_UTC_OFFSET = '+09:00';

/** The `from`/`to` days of a filter as conditions on the `at` column (both days included). */
export function dayRange(filter: Pick<AuditFilter, 'from' | 'to'>): RawBuilder<boolean>[] {
  const and: RawBuilder<boolean>[] = [];
  if (filter.from) and.push(sql<boolean>`at >= ${`${filter.from}T00:00:00${OFFICE_UTC_OFFSET}`}::timestamptz`);
  if (filter.to) and.push(sql<boolean>`at < ${`${filter.to}T00:00:00${OFFICE_UTC_OFFSET}`}::timestamptz + interval '1 day'`);
  return and;
}

/** `at` to the microsecond, as the cursor carries it. */
export const atExact = () => sql<string>`to_char(at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`.as('atExact');

function encodeCursor(at: string, id: string): string {
  return Buffer.from(`${at}|${id}`).toString('base64url');
}

function decodeCursor(cursor: string): { at: string; id: string } {
  const [at, id] = Buffer.from(cursor, 'base64url').toString().split('|');
  if (!at || !id || !/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z$/.test(at) || !/^[0-9a-f-]{36}$/.test(id)) {
    throw new HttpError(400, 'invalid_cursor', 'The cursor is not one this list gave out');
  }
  return { at, id };
}

/** The condition for the rows after `cursor` (400 `invalid_cursor` for one this log did not give out). */
export function after(cursor: string): RawBuilder<boolean> {
  const { at, id } = decodeCursor(cursor);
  return sql<boolean>`(at, id) < (${at}::timestamptz, ${id}::uuid)`;
}

/** A page from `limit + 1` rows read newest first: its items and the cursor of the next page (null on the last). */
export function pageOf<Row extends { id: string; atExact: string }, Item>(rows: Row[], limit: number, item: (row: Row) => Item): { items: Item[]; nextCursor: string | null } {
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return { items: page.map(item), nextCursor: rows.length > limit && last ? encodeCursor(last.atExact, last.id) : null };
}

/** Every page from the first, in batches (the exports). */
export async function* allPages<Item>(read: (cursor: string | undefined) => Promise<{ items: Item[]; nextCursor: string | null }>): AsyncGenerator<Item[]> {
  let cursor: string | undefined;
  for (;;) {
    const page = await read(cursor);
    if (page.items.length > 0) yield page.items;
    if (!page.nextCursor) return;
    cursor = page.nextCursor;
  }
}
