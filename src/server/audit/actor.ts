import { sql, type Transaction } from 'kysely';
import type { Database, Db } from '../db/index.ts';
import { getDb } from '../db/index.ts';

/** Who does a write, as the activity log records it: the account, its username, the client address. */
export interface AuditActor {
  id: string | null;
  name: string | null;
  address: string | null;
}

/** Work in the transaction `withActor` opens (functions that also run alone take a Db). */
export type Trx = Transaction<Database>;

/**
 * Runs `work` in one transaction whose writes the activity log attributes to `actor`: the audit triggers
 * (schema.sql) read the transaction-local `btower.actor` setting and write their row in this same
 * transaction, so a write and its record commit or roll back together. `action` names the kind of change
 * when "create/update/delete" would not say it (a rehash, a deactivation).
 */
export async function withActor<T>(actor: AuditActor | null, work: (trx: Trx) => Promise<T>, options: { action?: string; db?: Db } = {}): Promise<T> {
  const db = options.db ?? (await getDb());
  return db.transaction().execute(async (trx) => {
    await setActor(trx, actor, options.action);
    return work(trx);
  });
}

/** Names the actor of the rest of the transaction `trx` (for code that already holds one). */
export async function setActor(trx: Trx, actor: AuditActor | null, action?: string): Promise<void> {
  const value = JSON.stringify({ id: actor?.id ?? null, name: actor?.name ?? null, address: actor?.address ?? null, ...(action ? { action } : {}) });
  await sql`select set_config('btower.actor', ${value}, true)`.execute(trx);
}

/** One event that is not a row change: a sign-in, a failed one, an export, a signed attachment link. */
export interface AuditEventInput {
  action: string;
  entity: string;
  entityId?: string | null;
  /** What it concerned, as `{field: [before, after]}` (an event's facts have no "before": null). */
  changes?: Record<string, [unknown, unknown]>;
}

/** Appends one event to the log, in the caller's transaction when it passes one. */
export async function recordEvent(db: Db | Trx, actor: AuditActor | null, event: AuditEventInput): Promise<void> {
  await db
    .insertInto('auditEvents')
    .values({
      actorId: actor?.id ?? null,
      actorName: actor?.name ?? null,
      action: event.action,
      entity: event.entity,
      entityId: event.entityId ?? null,
      changes: JSON.stringify(event.changes ?? {}),
      clientAddress: actor?.address ?? null,
    })
    .execute();
}
