import type { Transaction } from 'kysely';
import type { Database, Db } from './index.ts';

/**
 * Runs `work` in a transaction: the caller's own when `db` already is one (a write the activity log
 * attributes to someone runs inside withActor's), else a new one. Kysely cannot nest transactions.
 */
export function transact<T>(db: Db, work: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
  return db.isTransaction ? work(db as Transaction<Database>) : db.transaction().execute(work);
}
