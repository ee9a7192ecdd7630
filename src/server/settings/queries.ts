import { sql } from 'kysely';
import { DEFAULT_SETTINGS, type Settings, type SettingsPatch } from '../../shared/settings.ts';
import type { Versioned } from '../../shared/versions.ts';
import { withActor, type Trx } from '../audit/actor.ts';
import { conflict } from '../http/versions.ts';
import type { Staff } from '../auth/access.ts';
import type { Db } from '../db/index.ts';

/** The owner's settings, each key falling back to its default until it is first saved. */
export async function readSettings(db: Db | Trx): Promise<Settings> {
  const rows = await db.selectFrom('settings').select(['key', 'value']).execute();
  const stored = Object.fromEntries(rows.map((row) => [row.key, row.value]));
  return { ...DEFAULT_SETTINGS, ...(Object.fromEntries(Object.keys(DEFAULT_SETTINGS).filter((key) => key in stored).map((key) => [key, stored[key]])) as Partial<Settings>) };
}

/**
 * The settings as one record with one version: the sum of the rows' versions. Each key's row starts at 1
 * and goes up with every change (schema.sql), and keys are never deleted, so the sum grows with every
 * change of any key and never comes back to a value it had.
 */
export async function readVersionedSettings(db: Db | Trx): Promise<Settings & Versioned> {
  const row = await db.selectFrom('settings').select(sql<string | number>`coalesce(sum(version), 0)`.as('version')).executeTakeFirstOrThrow();
  return { ...(await readSettings(db)), version: Number(row.version) };
}

/**
 * Saves the given keys (one row each, so the activity log shows each change before → after). With
 * `expected`, the settings must still be at that version: the table is locked against other writers for
 * the transaction, so comparing and writing are one step; else 409 `conflict` (decision 033).
 */
export async function updateSettings(staff: Staff, patch: SettingsPatch, db: Db, expected: number | null = null): Promise<Settings & Versioned> {
  await withActor(staff.actor, async (trx) => {
    if (expected !== null) {
      await sql`lock table settings in share row exclusive mode`.execute(trx);
      const current = await readVersionedSettings(trx);
      if (current.version !== expected) throw conflict(current);
    }
    for (const [key, value] of Object.entries(patch)) {
      if (value === undefined) continue;
      await trx
        .insertInto('settings')
        .values({ key, value: JSON.stringify(value) })
        .onConflict((conflict) => conflict.column('key').doUpdateSet({ value: JSON.stringify(value), updatedAt: new Date() }))
        .execute();
    }
  }, { db });
  return readVersionedSettings(db);
}
