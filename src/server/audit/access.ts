import { sql, type ExpressionBuilder } from 'kysely';
import { ACCESS_KINDS, type AccessAction, type AccessKind, type AccessRecord, type AccessTarget } from '../../shared/access.ts';
import type { AuditFilter } from '../../shared/audit.ts';
import type { Database, Db } from '../db/index.ts';
import type { AuditActor, Trx } from './actor.ts';
import { after, allPages, atExact, dayRange, pageOf } from './keyset.ts';

/** What one access concerned: inquiry ids, another record's id, a count, an export's reason. Ids only, never a name. */
export interface AccessInput {
  action: AccessAction;
  inquiryIds?: string[];
  /** Another record's id (a privacy request: `privacy_request.view`; a proposal: `proposal.*`). */
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

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * What the records' targets are, as a person reads them (the log shows "열람 요청 (12월 1일 확인)", "제안 v2", never
 * an id): one query per kind for the page. The record keeps the id; the words are today's.
 */
async function targetsOf(db: Db, rows: { action: string; targetId: string | null }[]): Promise<Map<string, AccessTarget>> {
  const ids = (prefix: string) => [...new Set(rows.filter((row) => row.action.startsWith(prefix) && row.targetId && UUID.test(row.targetId)).map((row) => row.targetId!.toLowerCase()))];
  const [requestIds, proposalIds] = [ids('privacy_request.'), ids('proposal.')];
  const [requests, proposals] = await Promise.all([
    requestIds.length ? db.selectFrom('privacyRequests').select(['id', 'kind', 'confirmedAt']).where('id', 'in', requestIds).execute() : [],
    proposalIds.length ? db.selectFrom('proposals').select(['id', 'version']).where('id', 'in', proposalIds).execute() : [],
  ]);
  const targets = new Map<string, AccessTarget>();
  for (const request of requests) targets.set(request.id, { kind: 'privacy_request', requestKind: request.kind, confirmedAt: request.confirmedAt ? new Date(request.confirmedAt).toISOString() : null });
  for (const proposal of proposals) targets.set(proposal.id, { kind: 'proposal', version: proposal.version });
  return targets;
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
  const targets = await targetsOf(db, rows);
  return pageOf(rows, limit, (row) => ({
    id: row.id,
    at: row.atExact,
    actor: row.actorId || row.actorName ? { id: row.actorId, name: row.actorName } : null,
    action: row.action as AccessAction,
    inquiryIds: row.inquiryIds ?? [],
    targetId: row.targetId,
    target: (row.targetId && targets.get(row.targetId.toLowerCase())) || null,
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
