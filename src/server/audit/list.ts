import { sql, type ExpressionBuilder } from 'kysely';
import type { AuditEvent, AuditFilter } from '../../shared/audit.ts';
import type { Database, Db } from '../db/index.ts';
import { HttpError } from '../http/errors.ts';

/** Filter days are the office's calendar days (Korea, UTC+9), as in the inbox. */
const OFFICE_UTC_OFFSET = '+09:00';

function filterWhere(filter: AuditFilter) {
  return (eb: ExpressionBuilder<Database, 'auditEvents'>) => {
    const and = [];
    if (filter.actor) and.push(eb('actorId', '=', filter.actor));
    if (filter.entity) and.push(eb('entity', '=', filter.entity));
    if (filter.from) and.push(sql<boolean>`at >= ${`${filter.from}T00:00:00${OFFICE_UTC_OFFSET}`}::timestamptz`);
    if (filter.to) and.push(sql<boolean>`at < ${`${filter.to}T00:00:00${OFFICE_UTC_OFFSET}`}::timestamptz + interval '1 day'`);
    return eb.and(and);
  };
}

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

/**
 * One page of the activity log, newest first, keyset-paged on (at, id) like the inbox: events written
 * while someone pages (they are newer) never shift a page.
 */
export async function listAuditPage(db: Db, filter: AuditFilter, limit: number, cursor?: string): Promise<{ items: AuditEvent[]; nextCursor: string | null }> {
  let query = db
    .selectFrom('auditEvents')
    .select(['id', 'at', 'actorId', 'actorName', 'action', 'entity', 'entityId', 'changes', 'clientAddress', sql<string>`to_char(at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`.as('atExact')])
    .where(filterWhere(filter));
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
      action: row.action,
      entity: row.entity,
      entityId: row.entityId,
      changes: row.changes ?? {},
      address: row.clientAddress,
    })),
    nextCursor: rows.length > limit && last ? encodeCursor(last.atExact, last.id) : null,
  };
}

/** Every event the filter selects, newest first, in batches (the export). */
export async function* allAuditEvents(db: Db, filter: AuditFilter, batch = 1000): AsyncGenerator<AuditEvent[]> {
  let cursor: string | undefined;
  for (;;) {
    const page = await listAuditPage(db, filter, batch, cursor);
    if (page.items.length > 0) yield page.items;
    if (!page.nextCursor) return;
    cursor = page.nextCursor;
  }
}
