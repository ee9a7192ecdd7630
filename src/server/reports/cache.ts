import type { Db } from '../db/index.ts';

/**
 * Reports are cached per question (report, period, who may see people) for a short time, and only while
 * nothing they read changed: the key carries the versions of the inquiries and the spaces (schema.sql
 * data_versions, bumped by triggers on every write). The time bound covers what moves without a write —
 * "overdue now", "days on market today" — and writes a version does not see yet (tours, renamed people).
 * In memory per function instance: a cold instance simply computes once (a report costs tens of ms).
 */
export const REPORT_CACHE_SECONDS = 60;
const MAX_ENTRIES = 200;

const caches = new WeakMap<Db, Map<string, { at: number; value: Promise<unknown> }>>();

async function versions(db: Db): Promise<string> {
  const rows = await db.selectFrom('dataVersions').select(['name', 'version']).where('name', 'in', ['inquiries', 'units', 'leases']).orderBy('name').execute();
  return rows.map((row) => `${row.name}:${row.version}`).join(',');
}

export async function cachedReport<T>(db: Db, key: string, compute: () => Promise<T>, now = Date.now()): Promise<T> {
  const fullKey = `${key}|${await versions(db)}`;
  let cache = caches.get(db);
  if (!cache) caches.set(db, (cache = new Map()));
  const hit = cache.get(fullKey);
  if (hit && now - hit.at < REPORT_CACHE_SECONDS * 1000) return hit.value as Promise<T>;
  if (cache.size >= MAX_ENTRIES) cache.clear();
  const value = compute();
  cache.set(fullKey, { at: now, value });
  value.catch(() => cache.delete(fullKey));
  return value;
}
