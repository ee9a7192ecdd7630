import { sql, type Selectable } from 'kysely';
import { transact } from '../db/transact.ts';
import type { Brand, BrandCategory, BrandFilter, BrandInput } from '../../shared/brand.ts';
import { FILTER_ALL, inputFromBrand } from '../../shared/brand.ts';
import { isKeptDeleted, keepDeleted, takeDeleted } from '../undo.ts';
import type { Db } from '../db/index.ts';
import type { BrandsTable } from '../db/types.ts';
import { likeContains } from '../db/sql-like.ts';
import { HttpError } from '../http/errors.ts';
import { staleOrMissing } from '../http/versions.ts';
import type { Versioned } from '../../shared/versions.ts';
import { PUBLIC_DIRECTORY_STATES, type DirectoryState } from '../../shared/leases/directory.ts';

/** A brand row with its opening day as text: pg reads a `date` as local midnight, PGlite as UTC midnight. */
type BrandRow = Selectable<BrandsTable> & { openingDay: string | null };
const OPENING_DAY = sql<string | null>`to_char(opening_on, 'YYYY-MM-DD')`.as('openingDay');

function toBrand(row: BrandRow): Brand & Versioned {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    category: row.category as BrandCategory,
    floor: row.floor,
    unit: row.unit,
    area: row.area,
    isAvailable: row.isAvailable,
    thumbnail: row.thumbnail,
    contactInfo: row.contactInfo ?? {},
    images: row.images ?? [],
    tags: row.tags ?? [],
    nameI18n: row.nameI18n ?? {},
    descriptionI18n: row.descriptionI18n ?? {},
    tagsI18n: row.tagsI18n ?? {},
    slug: row.slug,
    directoryState: row.directoryState as DirectoryState,
    openingOn: row.openingDay,
    createdAt: row.createdAt ? new Date(row.createdAt).toISOString() : null,
    updatedAt: row.updatedAt ? new Date(row.updatedAt).toISOString() : null,
    version: row.version,
  };
}

function toColumns(input: BrandInput) {
  return {
    name: input.name,
    description: input.description,
    category: input.category,
    floor: input.floor,
    unit: input.unit,
    area: input.area,
    isAvailable: input.isAvailable,
    thumbnail: input.thumbnail,
    contactInfo: JSON.stringify(input.contactInfo),
    images: input.images,
    tags: input.tags,
    nameI18n: JSON.stringify(input.nameI18n ?? {}),
    descriptionI18n: JSON.stringify(input.descriptionI18n ?? {}),
    tagsI18n: JSON.stringify(input.tagsI18n ?? {}),
  };
}

/**
 * Brands matching the directory filters (each ignored when absent or 'all'), newest first with a
 * missing createdAt last. Search is case-insensitive over name, description and tags, in every language (schema.sql's
 * search_text column, backed by a trigram index where pg_trgm exists).
 */
function matchingBrands(db: Db, filter: BrandFilter, audience: BrandAudience) {
  const { category, floor, isAvailable, search } = narrowingFilter(filter);
  let query = db.selectFrom('brands');
  // Visitors see coming-soon and open brands; hidden and closed ones are the team's alone (issue 40).
  if (audience === 'public') query = query.where('directoryState', 'in', [...PUBLIC_DIRECTORY_STATES]);
  if (category) query = query.where('category', '=', category);
  if (floor) query = query.where('floor', '=', floor);
  if (isAvailable) query = query.where('isAvailable', '=', isAvailable === 'true');
  if (search) {
    // lower() on both sides, as the database folds case (not JavaScript), so the two always agree.
    query = query.where(sql<boolean>`search_text like lower(${likeContains(search)})`);
  }
  return query.orderBy(sql`created_at desc nulls last`).orderBy('id');
}

/**
 * Only the filters that narrow the list: an absent, empty or 'all' value means no filter (spec §7).
 * @example narrowingFilter({ category: 'all', floor: '3F' }) // { floor: '3F' }
 */
export function narrowingFilter(filter: BrandFilter): BrandFilter {
  const narrowing: BrandFilter = {};
  if (filter.category && filter.category !== FILTER_ALL) narrowing.category = filter.category;
  if (filter.floor && filter.floor !== FILTER_ALL) narrowing.floor = filter.floor;
  if (filter.isAvailable && filter.isAvailable !== FILTER_ALL) narrowing.isAvailable = filter.isAvailable;
  if (filter.search) narrowing.search = filter.search;
  return narrowing;
}

/** Who a list is for: visitors (the directory's states that are shown) or the team (every brand). */
export type BrandAudience = 'public' | 'team';

export async function listBrands(db: Db, filter: BrandFilter = {}, audience: BrandAudience = 'public'): Promise<Brand[]> {
  const rows = await matchingBrands(db, filter, audience).selectAll().select(OPENING_DAY).execute();
  return rows.map(toBrand);
}

/**
 * Only the ids of listBrands(filter), in its order. Reading whole rows is what costs on PGlite (about
 * 50 µs a row), so a caller holding every brand already picks them by id.
 */
export async function listBrandIds(db: Db, filter: BrandFilter): Promise<string[]> {
  const rows = await matchingBrands(db, filter, 'public').select('id').execute();
  return rows.map((row) => row.id);
}

export async function findBrand(db: Db, id: string): Promise<(Brand & Versioned) | null> {
  const row = await db.selectFrom('brands').selectAll().select(OPENING_DAY).where('id', '=', id).executeTakeFirst();
  return row ? toBrand(row) : null;
}

export async function createBrand(db: Db, input: BrandInput): Promise<Brand> {
  const row = await db.insertInto('brands').values(toColumns(input)).returningAll().returning(OPENING_DAY).executeTakeFirstOrThrow();
  return toBrand(row);
}

/**
 * Replaces a brand's fields and stamps updatedAt; null when no brand has that id. With `expected` the
 * UPDATE is conditional on the version the edit was based on: a stale one throws 409 `conflict` (decision 033).
 */
export async function updateBrand(db: Db, id: string, input: BrandInput, expected: number | null = null): Promise<(Brand & Versioned) | null> {
  const row = await db
    .updateTable('brands')
    .set({ ...toColumns(input), updatedAt: sql<Date>`now()` })
    .where('id', '=', id)
    .$if(expected !== null, (query) => query.where('version', '=', expected!))
    .returningAll()
    .returning(OPENING_DAY)
    .executeTakeFirst();
  if (!row && expected !== null) return staleOrMissing(() => findBrand(db, id), () => new HttpError(404, 'brand_not_found', 'No brand with this id'));
  return row ? toBrand(row) : null;
}

/**
 * True when the brand is deleted: now (it is kept for the undo window, restoreBrand) or already, by a
 * delete within that window (a second click must not turn the first one's success into a failure).
 */
export async function deleteBrand(db: Db, id: string): Promise<boolean> {
  return transact(db, async (trx) => {
    const row = await trx.deleteFrom('brands').where('id', '=', id).returningAll().returning(OPENING_DAY).executeTakeFirst();
    if (!row) return isKeptDeleted(trx, 'brand', id);
    await keepDeleted(trx, 'brand', id, toBrand(row));
    return true;
  });
}

/**
 * The brand deleted within the undo window, back as it was: its id, dates and so its place in the list
 * (a re-created brand would be the newest). Null when there is nothing to restore.
 */
export async function restoreBrand(db: Db, id: string): Promise<Brand | null> {
  return transact(db, async (trx) => {
    const kept = await takeDeleted<Brand>(trx, 'brand', id);
    if (!kept) return null;
    const row = await trx
      .insertInto('brands')
      .values({
        ...toColumns(inputFromBrand(kept)), id: kept.id, createdAt: kept.createdAt ?? sql<Date>`null`, updatedAt: kept.updatedAt ?? sql<Date>`null`, ...(kept.version ? { version: kept.version } : {}),
        // Back where it was in the directory: a hidden brand restored is not announced by the undo.
        directoryState: kept.directoryState ?? 'open', openingOn: kept.openingOn ?? null,
      })
      .onConflict((conflict) => conflict.column('id').doNothing())
      .returningAll()
      .returning(OPENING_DAY)
      .executeTakeFirst();
    return row ? toBrand(row) : null;
  });
}
