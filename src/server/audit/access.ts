import { sql, type ExpressionBuilder } from 'kysely';
import { ACCESS_KINDS, type AccessAction, type AccessKind, type AccessRecord } from '../../shared/access.ts';
import type { AuditFilter } from '../../shared/audit.ts';
import type { Database, Db } from '../db/index.ts';
import type { AuditActor, Trx } from './actor.ts';
import { after, allPages, atExact, dayRange, pageOf } from './keyset.ts';

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

function filterWhere(filter: AuditFilter, kind: AccessKind | 'access') {
  return (eb: ExpressionBuilder<Database, 'accessRecords'>) => {
    const and = [];
    if (kind !== 'access') and.push(eb('action', 'in', [...ACCESS_KINDS[kind]]));
    if (filter.actor) and.push(eb('actorId', '=', filter.actor));
    return eb.and([...and, ...dayRange(filter)]);
  };
}

/** One page of access records, newest first, keyset-paged like the rest of the log (keyset.ts). */
export async function listAccessPage(db: Db, filter: AuditFilter, kind: AccessKind | 'access', limit: number, cursor?: string): Promise<{ items: AccessRecord[]; nextCursor: string | null }> {
  let query = db
    .selectFrom('accessRecords')
    .select(['id', 'actorId', 'actorName', 'action', 'targetId',
      // An export's ids stay in the table (which people's data left); the log counts them instead of listing thousands.
      sql<string[]>`case when action = 'inquiries.export' then '{}'::uuid[] else inquiry_ids end`.as('inquiryIds'), 'rowCount', 'reason', 'reasonText', 'clientAddress', atExact()])
    .where(filterWhere(filter, kind));
  if (cursor) query = query.where(after(cursor));
  const rows = await query.orderBy('at', 'desc').orderBy('id', 'desc').limit(limit + 1).execute();
  return pageOf(rows, limit, (row) => ({
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
  }));
}

/** Every access record the filter selects, newest first, in batches (the log's CSV). */
export function allAccessRecords(db: Db, filter: AuditFilter, kind: AccessKind | 'access', batch = 1000): AsyncGenerator<AccessRecord[]> {
  return allPages((cursor) => listAccessPage(db, filter, kind, batch, cursor));
}
