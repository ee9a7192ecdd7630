import type { Brand, BrandFilter } from '../../shared/brand.ts';
import { listBrandIds, listBrands, narrowingFilter } from './queries.ts';
import type { Db } from '../db/index.ts';

/** Distinct filter combinations kept; a full list of 1,000 brands is about half a megabyte of JSON. */
const MAX_ENTRIES = 32;

interface Cache {
  version: string;
  /** Every brand, newest first, read once per version. */
  all: Promise<Brand[]>;
  byId: Promise<Map<string, Brand>>;
  bodies: Map<string, Uint8Array<ArrayBuffer>>;
}
const caches = new WeakMap<Db, Cache>();

function freshCache(db: Db, version: string): Cache {
  const all = listBrands(db);
  const byId = all.then((brands) => new Map(brands.map((brand) => [brand.id, brand])));
  // A failed read must not stay cached for the whole version; whoever awaits either promise gets the error.
  all.catch(() => caches.get(db)?.all === all && caches.delete(db));
  byId.catch(() => {});
  return { version, all, byId, bodies: new Map() };
}

/**
 * The brands of a filtered list. The database decides which brands match and in what order (one
 * definition of the filters, in brands.ts), but answers only ids; the brands themselves come from the
 * version's full list in memory. Reading a hundred whole rows from PGlite took longer than the
 * whole 10 ms budget; reading their ids takes about a millisecond.
 */
async function filteredBrands(db: Db, cache: Cache, filter: BrandFilter): Promise<Brand[]> {
  const [ids, byId] = await Promise.all([listBrandIds(db, filter), cache.byId]);
  const brands = ids.map((id) => byId.get(id));
  // A brand created since the full list was read: this one answer comes straight from the database.
  if (brands.some((brand) => brand === undefined)) return listBrands(db, filter);
  return brands as Brand[];
}

/** The cache of the brands' current write counter, started afresh when any writer has moved it on. */
async function currentCache(db: Db): Promise<Cache> {
  const { version } = await db.selectFrom('dataVersions').select('version').where('name', '=', 'brands').executeTakeFirstOrThrow();
  let cache = caches.get(db);
  if (!cache || cache.version !== String(version)) {
    cache = freshCache(db, String(version));
    caches.set(db, cache);
  }
  return cache;
}

/** The brand the unfiltered directory shows first (the newest), from the same list its JSON is made of. */
export async function firstListedBrand(db: Db): Promise<Brand | undefined> {
  return (await (await currentCache(db)).all)[0];
}

/**
 * The JSON of listBrands(filter), as UTF-8 bytes encoded once, served from memory while the brands' write
 * counter (schema.sql: data_versions, bumped by a trigger on every write) is unchanged. One tiny query
 * instead of reading and serialising every brand on each directory visit; any writer anywhere invalidates it.
 */
export async function brandListJson(db: Db, filter: BrandFilter, limit?: number): Promise<Uint8Array<ArrayBuffer>> {
  const cache = await currentCache(db);
  // 'all' and an empty value are no filter: such a request shares the full list's entry.
  const narrowing = narrowingFilter(filter);
  const key = JSON.stringify([narrowing.category ?? '', narrowing.floor ?? '', narrowing.isAvailable ?? '', narrowing.search ?? '', limit ?? 0]);
  const hit = cache.bodies.get(key);
  if (hit !== undefined) return hit;
  // Read after the counter: a write in between leaves this entry under the old version, refetched next time.
  const brands = Object.keys(narrowing).length === 0 ? await cache.all : await filteredBrands(db, cache, narrowing);
  const body = new TextEncoder().encode(JSON.stringify(limit === undefined ? brands : brands.slice(0, limit)));
  if (cache.bodies.size >= MAX_ENTRIES) cache.bodies.delete(cache.bodies.keys().next().value as string);
  cache.bodies.set(key, body);
  return body;
}
