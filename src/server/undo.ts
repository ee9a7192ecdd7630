import type { Transaction } from 'kysely';
import { UNDO_WINDOW_MS } from '../shared/undo.ts';
import type { Database } from './db/types.ts';

/** What can be deleted with a way back (the admin's undo). */
export type UndoableEntity = 'brand' | 'unit';

/**
 * The oldest deletion still in the window. Read from the process clock, like every other window of ours
 * (sessions, links, throttles), so one clock decides and tests can move it.
 */
const windowStart = () => new Date(Date.now() - UNDO_WINDOW_MS);

/** Keeps a record just deleted in `trx` for the undo window; older ones are dropped on the way. */
export async function keepDeleted(trx: Transaction<Database>, entity: UndoableEntity, id: string, record: object): Promise<void> {
  await trx.deleteFrom('deletedRecords').where('deletedAt', '<', windowStart()).execute();
  const json = JSON.stringify(record);
  const deletedAt = new Date();
  await trx
    .insertInto('deletedRecords')
    .values({ entity, id, record: json, deletedAt })
    .onConflict((conflict) => conflict.columns(['entity', 'id']).doUpdateSet({ record: json, deletedAt }))
    .execute();
}

/** The record deleted within the undo window, taken (a second undo finds nothing); null when there is none. */
export async function takeDeleted<T>(trx: Transaction<Database>, entity: UndoableEntity, id: string): Promise<T | null> {
  const row = await trx
    .deleteFrom('deletedRecords')
    .where('entity', '=', entity)
    .where('id', '=', id)
    .where('deletedAt', '>=', windowStart())
    .returning('record')
    .executeTakeFirst();
  return row ? (row.record as T) : null;
}
