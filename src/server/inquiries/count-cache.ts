import type { Db } from '../db/index.ts';

/** Filter keys remembered per version; an inbox uses a handful, a bound keeps odd clients from growing it. */
const MAX_ENTRIES = 500;

/** Per database (tests switch between several in one process). */
const caches = new WeakMap<Db, { version: string; totals: Map<string, Promise<number>> }>();

/**
 * A filtered total, counted once per version of the inquiries (schema.sql: data_versions, bumped by a
 * trigger on every write) instead of on every page: counting 10,000 rows cost more than reading a page.
 */
export async function cachedTotal(db: Db, key: string, count: () => Promise<number>): Promise<number> {
  const row = await db.selectFrom('dataVersions').select('version').where('name', '=', 'inquiries').executeTakeFirst();
  if (!row) return count();
  const version = String(row.version);
  let cached = caches.get(db);
  if (cached?.version !== version) caches.set(db, (cached = { version, totals: new Map() }));
  const totals = cached.totals;
  let total = totals.get(key);
  if (!total) {
    if (totals.size >= MAX_ENTRIES) totals.clear();
    // Counted after the version was read: a write in between leaves this under the old version only.
    total = count();
    totals.set(key, total);
    total.catch(() => totals.delete(key));
  }
  return total;
}
