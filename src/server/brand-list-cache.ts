import type { BrandFilter } from '../shared/brand.ts';
import { listBrands } from './brands.ts';
import type { Db } from './db/index.ts';

/** Distinct filter combinations kept; a full list of 1,000 brands is about half a megabyte of JSON. */
const MAX_ENTRIES = 32;

interface Cache {
  version: string;
  bodies: Map<string, Uint8Array<ArrayBuffer>>;
}
const caches = new WeakMap<Db, Cache>();

/**
 * The JSON of listBrands(filter), as UTF-8 bytes encoded once, served from memory while the brands' write counter (schema.sql:
 * data_versions, bumped by a trigger on every write) is unchanged. One tiny query instead of reading
 * and serialising every brand on each directory visit; any writer anywhere invalidates it.
 */
export async function brandListJson(db: Db, filter: BrandFilter): Promise<Uint8Array<ArrayBuffer>> {
  const { version } = await db.selectFrom('dataVersions').select('version').where('name', '=', 'brands').executeTakeFirstOrThrow();
  let cache = caches.get(db);
  if (!cache || cache.version !== String(version)) {
    cache = { version: String(version), bodies: new Map() };
    caches.set(db, cache);
  }
  const key = JSON.stringify([filter.category ?? '', filter.floor ?? '', filter.isAvailable ?? '', filter.search ?? '']);
  const hit = cache.bodies.get(key);
  if (hit !== undefined) return hit;
  // Read after the counter: a write in between leaves this entry under the old version, refetched next time.
  const body = new TextEncoder().encode(JSON.stringify(await listBrands(db, filter)));
  if (cache.bodies.size >= MAX_ENTRIES) cache.bodies.delete(cache.bodies.keys().next().value as string);
  cache.bodies.set(key, body);
  return body;
}
