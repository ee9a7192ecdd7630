import type { Brand } from '../../shared/brand.ts';
import type { Db } from '../db/index.ts';
import { findBrand } from './queries.ts';

/**
 * What a brand page's address (/brands/<slug>/) names now: the brand; the brand it named before a
 * rename (its old links redirect); a deleted brand; or nothing ever (schema.sql brand_slugs).
 */
export type SlugAnswer = { kind: 'here'; brand: Brand } | { kind: 'moved'; brand: Brand } | { kind: 'gone' } | { kind: 'unknown' };

export async function resolveBrandSlug(db: Db, slug: string): Promise<SlugAnswer> {
  const known = await db.selectFrom('brandSlugs').select('brandId').where('slug', '=', slug).executeTakeFirst();
  if (!known) return { kind: 'unknown' };
  const brand = await findBrand(db, known.brandId);
  if (!brand) return { kind: 'gone' };
  return brand.slug === slug ? { kind: 'here', brand } : { kind: 'moved', brand };
}
