import { sql } from 'kysely';
import type { Db } from '../db/index.ts';

/**
 * A lease's history (the lease page, issue 40): its entries in the activity log, newest first — opened, edited,
 * signed, amended, moved by the daily job, its document opened, discarded. Everyone who reads the lease reads it,
 * so an entry names the fields that changed and says the values of the facts only (status and days): a
 * representative and contacts were logged as "changed" already, and terms, spaces and the document's path are
 * read on the lease itself. The client address stays the owners' (the activity log).
 */

/** The fields whose values the history shows; any other changed field is named without its values. */
const SHOWN_VALUES = new Set(['status', 'signed_on', 'contract_on', 'handover_on', 'opening_on', 'effective_on', 'number', 'terminates_on']);
/** Columns the history never names (the record's own ids, bookkeeping). */
const NEVER_NAMED = new Set(['id', 'lease_id', 'created_by', 'signed_at', 'signed_by', 'agent_id', 'inquiry_id', 'personal_destroyed_at']);

export interface LeaseHistoryEntry {
  at: string;
  /** Who did it; null for the daily job. */
  by: string | null;
  /** `create`, `update`, `sign`, `amend`, `by-date`, `delete`, `document.link`. */
  action: string;
  /** `lease`, or `lease_amendment` for an amendment (its number and effective day). */
  entity: string;
  /** Each changed field (column name) with its values, or null where only the change is said. */
  changes: Record<string, [unknown, unknown] | null>;
}

/** At most this many entries: a lease's life is a few dozen. */
const LIMIT = 200;

export async function leaseHistory(db: Db, id: string): Promise<LeaseHistoryEntry[]> {
  const rows = await db
    .selectFrom('auditEvents')
    .select(['at', 'actorName', 'action', 'entity', 'changes'])
    .where((eb) => eb.or([
      eb.and([eb('entity', '=', 'lease'), eb('entityId', '=', id)]),
      eb.and([eb('entity', '=', 'lease_amendment'), eb(sql<string>`changes -> 'lease_id' ->> 1`, '=', id)]),
    ]))
    .orderBy('at', 'desc')
    .orderBy('id', 'desc')
    .limit(LIMIT)
    .execute();
  return rows.map((row) => {
    const changes: LeaseHistoryEntry['changes'] = {};
    for (const [field, pair] of Object.entries((row.changes ?? {}) as Record<string, [unknown, unknown]>)) {
      if (NEVER_NAMED.has(field)) continue;
      changes[field] = SHOWN_VALUES.has(field) ? pair : null;
    }
    return { at: new Date(row.at).toISOString(), by: row.actorName, action: row.action, entity: row.entity, changes };
  });
}
