import type { ExpressionBuilder } from 'kysely';
import { auditEntityKinds, type AuditEvent, type AuditFilter } from '../../shared/audit.ts';
import type { Database, Db } from '../db/index.ts';
import { after, allPages, atExact, dayRange, pageOf } from './keyset.ts';

function filterWhere(filter: AuditFilter) {
  return (eb: ExpressionBuilder<Database, 'auditEvents'>) => {
    const and = [];
    if (filter.actor) and.push(eb('actorId', '=', filter.actor));
    if (filter.entity) and.push(eb('entity', 'in', auditEntityKinds(filter.entity)));
    return eb.and([...and, ...dayRange(filter)]);
  };
}

/** One page of the activity log, newest first (keyset.ts: events written while someone pages never shift a page). */
export async function listAuditPage(db: Db, filter: AuditFilter, limit: number, cursor?: string): Promise<{ items: AuditEvent[]; nextCursor: string | null }> {
  let query = db
    .selectFrom('auditEvents')
    .select(['id', 'at', 'actorId', 'actorName', 'action', 'entity', 'entityId', 'changes', 'clientAddress', atExact()])
    .where(filterWhere(filter));
  if (cursor) query = query.where(after(cursor));
  const rows = await query.orderBy('at', 'desc').orderBy('id', 'desc').limit(limit + 1).execute();
  return pageOf(rows, limit, (row) => ({
    id: row.id,
    at: row.atExact,
    actor: row.actorId || row.actorName ? { id: row.actorId, name: row.actorName } : null,
    action: row.action,
    entity: row.entity,
    entityId: row.entityId,
    changes: row.changes ?? {},
    address: row.clientAddress,
  }));
}

/** Every event the filter selects, newest first, in batches (the export). */
export function allAuditEvents(db: Db, filter: AuditFilter, batch = 1000): AsyncGenerator<AuditEvent[]> {
  return allPages((cursor) => listAuditPage(db, filter, batch, cursor));
}
