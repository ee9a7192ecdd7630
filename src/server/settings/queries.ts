import { DEFAULT_SETTINGS, type Settings, type SettingsPatch } from '../../shared/settings.ts';
import { withActor } from '../audit/actor.ts';
import type { Staff } from '../auth/access.ts';
import type { Db } from '../db/index.ts';

/** The owner's settings, each key falling back to its default until it is first saved. */
export async function readSettings(db: Db): Promise<Settings> {
  const rows = await db.selectFrom('settings').select(['key', 'value']).execute();
  const stored = Object.fromEntries(rows.map((row) => [row.key, row.value]));
  return { ...DEFAULT_SETTINGS, ...(Object.fromEntries(Object.keys(DEFAULT_SETTINGS).filter((key) => key in stored).map((key) => [key, stored[key]])) as Partial<Settings>) };
}

/** Saves the given keys (one row each, so the activity log shows each change before → after). */
export async function updateSettings(staff: Staff, patch: SettingsPatch, db: Db): Promise<Settings> {
  await withActor(staff.actor, async (trx) => {
    for (const [key, value] of Object.entries(patch)) {
      if (value === undefined) continue;
      await trx
        .insertInto('settings')
        .values({ key, value: JSON.stringify(value) })
        .onConflict((conflict) => conflict.column('key').doUpdateSet({ value: JSON.stringify(value), updatedAt: new Date() }))
        .execute();
    }
  }, { db });
  return readSettings(db);
}
