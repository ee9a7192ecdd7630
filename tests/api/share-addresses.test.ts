import { beforeAll, describe, expect, it } from 'vitest';
import { inputFromBrand, type BrandInput } from '../../src/shared/brand.ts';
import type { UnitInput } from '../../src/shared/units/unit.ts';
import { createBrand, deleteBrand, restoreBrand, updateBrand } from '../../src/server/brands/queries.ts';
import { resolveBrandSlug } from '../../src/server/brands/slugs.ts';
import { createUnit, deleteUnit, updateUnit } from '../../src/server/units/queries.ts';
import { resolveUnitAddress } from '../../src/server/units/addresses.ts';
import { brandBody, uploaded, useApiBackend } from '../support/api-suite.ts';
import { availableBackends } from '../support/db-backends.ts';

const unitInput = (fields: Partial<UnitInput> = {}): UnitInput => ({
  floor: '8F', unitNumber: '801', exclusiveAreaM2: 99.17, supplyAreaM2: 165.29, uses: ['Medical'], status: 'available', availableFrom: null,
  monthlyRent: null, deposit: null, maintenanceFee: null, pricePublic: false, plan: null, note: {}, ...fields,
});

/**
 * The share pages' addresses (decision 017) are kept by the database, so every write path agrees: a
 * space's /floors/<floor>/<unit>/ and a brand's /brands/<slug>/ keep answering after a renumbering,
 * a rename or a delete.
 */
describe.each(availableBackends())('share page addresses on $name', (backend) => {
  const ctx = useApiBackend(backend);
  let thumbnail = '';
  beforeAll(async () => {
    thumbnail = await uploaded('thumbnail');
  });
  const brand = (fields: Partial<BrandInput>) => createBrand(ctx.db, { ...(brandBody(thumbnail) as BrandInput), ...fields });

  it('a space is found at its floor and number in any case; renumbered, its old address names it; deleted, it is gone', async () => {
    await ctx.db.deleteFrom('units').execute();
    const unit = await createUnit(ctx.db, unitInput({ floor: 'B1', unitNumber: 'B101' }));
    expect(await resolveUnitAddress(ctx.db, 'B1', 'b101')).toMatchObject({ kind: 'here', unit: { id: unit.id } });
    expect(await resolveUnitAddress(ctx.db, 'B1', 'B999')).toEqual({ kind: 'unknown' });

    await updateUnit(ctx.db, unit.id, unitInput({ floor: 'B1', unitNumber: 'B102' }));
    expect(await resolveUnitAddress(ctx.db, 'B1', 'B101')).toMatchObject({ kind: 'moved', unit: { id: unit.id, unitNumber: 'B102' } });
    expect(await resolveUnitAddress(ctx.db, 'B1', 'b102')).toMatchObject({ kind: 'here' });

    // A new space at the old address takes it over; the moved one keeps its new address.
    const newcomer = await createUnit(ctx.db, unitInput({ floor: 'B1', unitNumber: 'B101' }));
    expect(await resolveUnitAddress(ctx.db, 'B1', 'B101')).toMatchObject({ kind: 'here', unit: { id: newcomer.id } });

    expect(await deleteUnit(ctx.db, unit.id)).toBe(true);
    expect(await resolveUnitAddress(ctx.db, 'B1', 'B102')).toEqual({ kind: 'gone' });
  });

  it('a brand\'s slug is its English name, else its Korean one (Hangul kept), unique, and follows a rename', async () => {
    await ctx.db.deleteFrom('brands').execute();
    await ctx.db.deleteFrom('brandSlugs').execute();
    const english = await brand({ name: '블루보틀 커피', nameI18n: { en: 'Blue Bottle Coffee!' } });
    expect(english.slug).toBe('blue-bottle-coffee');
    const korean = await brand({ name: '온도 카페 (1층)' });
    expect(korean.slug).toBe('온도-카페-1층');
    const twin = await brand({ name: 'Other', nameI18n: { en: 'blue bottle coffee' } });
    expect(twin.slug).toBe('blue-bottle-coffee-2');
    const noLetters = await brand({ name: '漢字のみ' });
    expect(noLetters.slug).toBe('brand');

    expect(await resolveBrandSlug(ctx.db, 'blue-bottle-coffee')).toMatchObject({ kind: 'here', brand: { id: english.id } });
    // An edit that keeps the name keeps the slug; a rename moves it and the old one redirects.
    const edited = await updateBrand(ctx.db, english.id, { ...inputFromBrand(english), description: 'New description' });
    expect(edited?.slug).toBe('blue-bottle-coffee');
    const renamed = await updateBrand(ctx.db, english.id, { ...inputFromBrand(english), nameI18n: { en: 'Blue Bottle Roasters' } });
    expect(renamed?.slug).toBe('blue-bottle-roasters');
    expect(await resolveBrandSlug(ctx.db, 'blue-bottle-coffee')).toMatchObject({ kind: 'moved', brand: { slug: 'blue-bottle-roasters' } });
    // The old slug stays this brand's: a new brand of that name does not take its links.
    const later = await brand({ name: 'x', nameI18n: { en: 'Blue Bottle Coffee' } });
    expect(later.slug).toBe('blue-bottle-coffee-3');

    expect(await deleteBrand(ctx.db, english.id)).toBe(true);
    expect(await resolveBrandSlug(ctx.db, 'blue-bottle-roasters')).toEqual({ kind: 'gone' });
    expect(await resolveBrandSlug(ctx.db, 'no-such-brand')).toEqual({ kind: 'unknown' });
    // Undo brings it back at its address.
    expect((await restoreBrand(ctx.db, english.id))?.slug).toBe('blue-bottle-roasters');
    expect(await resolveBrandSlug(ctx.db, 'blue-bottle-roasters')).toMatchObject({ kind: 'here' });
  });
});
