import { sql, type ExpressionBuilder } from 'kysely';
import { ACCESS_KINDS, type AccessAction, type AccessKind, type AccessRecord } from '../../shared/access.ts';
import type { AuditFilter } from '../../shared/audit.ts';
import type { Database, Db } from '../db/index.ts';
import { HttpError } from '../http/errors.ts';
import type { AuditActor, Trx } from './actor.ts';

/** What one access concerned: inquiry ids, another record's id, a count, an export's reason. Ids only, never a name. */
export interface AccessInput {
  action: AccessAction;
  inquiryIds?: string[];
  /** Another record's id (a privacy request: `privacy_request.view`). */
  targetId?: string | null;
  count?: number | null;
  reason?: string | null;
  reasonText?: string | null;
}

/**
 * Appends one access record: who (`staff.actor`: account, username, client address), now, what they read or
 * took out. Call it once the data is about to be answered (after the guard and the lookup succeeded).
 * @example await recordAccess(db, staff.actor, { action: 'privacy_request.view', targetId: request.id, inquiryIds: request.inquiryIds })
 */
export async function recordAccess(db: Db | Trx, actor: AuditActor | null, access: AccessInput): Promise<void> {
  await db
    .insertInto('accessRecords')
    .values({
      actorId: actor?.id ?? null,
      actorName: actor?.name ?? null,
      action: access.action,
      inquiryIds: access.inquiryIds ?? [],
      targetId: access.targetId ?? null,
      rowCount: access.count ?? null,
      reason: access.reason ?? null,
      reasonText: access.reasonText ?? null,
      clientAddress: actor?.address ?? null,
    })
    .execute();
}

/** Filter days are the office's calendar days (Korea, UTC+9), as in the rest of the log. */
const OFFICE_UTC_OFFSET = '+09:00';

function filterWhere(filter: AuditFilter, kind: AccessKind | 'access') {
  return (eb: ExpressionBuilder<Database, 'accessRecords'>) => {
    const and = [];
    if (kind !== 'access') and.push(eb('action', 'in', [...ACCESS_KINDS[kind]]));
    if (filter.actor) and.push(eb('actorId', '=', filter.actor));
    if (filter.from) and.push(sql<boolean>`at >= ${`${filter.from}T00:00:00${OFFICE_UTC_OFFSET}`}::timestamptz`);
    if (filter.to) and.push(sql<boolean>`at < ${`${filter.to}T00:00:00${OFFICE_UTC_OFFSET}`}::timestamptz + interval '1 day'`);
    return eb.and(and);
  };
}

const encodeCursor = (at: string, id: string) => Buffer.from(`${at}|${id}`).toString('base64url');

function decodeCursor(cursor: string): { at: string; id: string } {
  const [at, id] = Buffer.from(cursor, 'base64url').toString().split('|');
  if (!at || !id || !/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z$/.test(at) || !/^[0-9a-f-]{36}$/.test(id)) {
    throw new HttpError(400, 'invalid_cursor', 'The cursor is not one this list gave out');
  }
  return { at, id };
}

/** One page of access records, newest first, keyset-paged on (at, id) like the rest of the log. */
export async function listAccessPage(db: Db, filter: AuditFilter, kind: AccessKind | 'access', limit: number, cursor?: string): Promise<{ items: AccessRecord[]; nextCursor: string | null }> {
  let query = db
    .selectFrom('accessRecords')
    .select(['id', 'actorId', 'actorName', 'action', 'targetId',
      // An export's ids stay in the table (which people's data left); the log counts them instead of listing thousands.
      sql<string[]>`case when action = 'inquiries.export' then '{}'::uuid[] else inquiry_ids end`.as('inquiryIds'), 'rowCount', 'reason', 'reasonText', 'clientAddress', sql<string>`to_char(at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`.as('atExact')])
    .where(filterWhere(filter, kind));
  if (cursor) {
    const after = decodeCursor(cursor);
    query = query.where(sql<boolean>`(at, id) < (${after.at}::timestamptz, ${after.id}::uuid)`);
  }
  const rows = await query.orderBy('at', 'desc').orderBy('id', 'desc').limit(limit + 1).execute();
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    items: page.map((row) => ({
      id: row.id,
      at: row.atExact,
      actor: row.actorId || row.actorName ? { id: row.actorId, name: row.actorName } : null,
      action: row.action as AccessAction,
      inquiryIds: row.inquiryIds ?? [],
      targetId: row.targetId,
      count: row.rowCount,
      reason: row.reason,
      reasonText: row.reasonText,
      address: row.clientAddress,
    })),
    nextCursor: rows.length > limit && last ? encodeCursor(last.atExact, last.id) : null,
  };
}

/** Every access record the filter selects, newest first, in batches (the log's CSV). */
export async function* allAccessRecords(db: Db, filter: AuditFilter, kind: AccessKind | 'access', batch = 1000): AsyncGenerator<AccessRecord[]> {
  let cursor: string | undefined;
  for (;;) {
    const page = await listAccessPage(db, filter, kind, batch, cursor);
    if (page.items.length > 0) yield page.items;
    if (!page.nextCursor) return;
    cursor = page.nextCursor;
  }
}
