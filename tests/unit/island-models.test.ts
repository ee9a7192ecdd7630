import { describe, expect, it } from 'vitest';
import { filterFromSearch, filterQuery, filterSearchString } from '~/client/directory-filter';
import { EMPTY_BRAND_FORM, errorsFromServer, validateBrandForm } from '~/client/brand-form-model';

describe('directory filter in the URL', () => {
  it('reads a shared link and ignores values the selects do not offer', () => {
    expect(filterFromSearch('?search=cafe&category=F%26B&floor=15F&isAvailable=false')).toEqual({
      search: 'cafe', category: 'F&B', floor: 'all', isAvailable: 'false',
    });
    // Every floor a brand can be on is a filter: a shared 12F or 14F link keeps its floor.
    expect(filterFromSearch('?floor=12F').floor).toBe('12F');
    expect(filterFromSearch('?floor=14F').floor).toBe('14F');
  });

  it('leaves out every filter that is all or empty, in the URL and in the API query', () => {
    const filter = { search: '  ', category: 'all', floor: '3F', isAvailable: 'all' };
    expect(filterQuery(filter)).toEqual({ floor: '3F' });
    expect(filterSearchString(filter)).toBe('?floor=3F');
    expect(filterSearchString({ ...filter, floor: 'all' })).toBe('');
  });

  it('round-trips through the URL', () => {
    const filter = { search: '브런치 cafe', category: 'Beauty', floor: 'B1', isAvailable: 'true' };
    expect(filterFromSearch(filterSearchString(filter))).toEqual(filter);
  });
});

describe('brand form', () => {
  const valid = {
    ...EMPTY_BRAND_FORM, name: 'Atelier', description: 'Bistro', category: 'F&B', floor: '1F', unit: '101', area: '30평',
    thumbnail: '/objects/uploads/0b6c2d1e-1234-4abc-8def-0123456789ab', phone: '02-555-0101', email: 'a@b.co',
    tags: [' wine', 'brunch '], images: '',
  };

  it('builds the API body: contact info nested, tags trimmed, blank translations left out', () => {
    const result = validateBrandForm({ ...valid, nameI18n: { en: ' Atelier EN ', zh: '', ja: '  ' } });
    expect('input' in result && result.input).toMatchObject({
      name: 'Atelier', contactInfo: { phone: '02-555-0101', email: 'a@b.co', website: '' }, tags: ['wine', 'brunch'], images: [],
      nameI18n: { en: 'Atelier EN' }, descriptionI18n: {},
    });
  });

  it('marks a tag past the limits and a too long translation on their own fields', () => {
    const result = validateBrandForm({
      ...valid, tags: Array.from({ length: 21 }, (_, i) => `tag${i}`), descriptionI18n: { en: '', zh: '', ja: 'あ'.repeat(2001) },
    });
    expect('errors' in result && result.errors).toEqual({
      tags: 'admin.brandForm.errors.tooManyTags',
      'descriptionI18n.ja': 'admin.brandForm.errors.tooLong',
    });
    const long = validateBrandForm({ ...valid, tags: ['x'.repeat(31)] });
    expect('errors' in long && long.errors).toEqual({ tags: 'admin.brandForm.errors.tagTooLong' });
  });

  it('puts each rule message on its own field, nested paths included', () => {
    const result = validateBrandForm({ ...valid, name: ' ', email: 'nope', website: 'javascript:alert(1)', images: 'http://x/y.png' });
    expect('errors' in result && result.errors).toEqual({
      name: 'admin.brandForm.errors.nameRequired',
      email: 'admin.brandForm.errors.emailInvalid',
      website: 'admin.brandForm.errors.websiteInvalid',
      images: 'admin.brandForm.errors.objectPathInvalid',
    });
  });

  it('maps the server field paths onto the form', () => {
    expect(errorsFromServer({ 'contactInfo.phone': 'k1', 'tags.2': 'k2', unknown: 'k3', 'nameI18n.zh': 'k4' })).toEqual({ phone: 'k1', tags: 'k2', 'nameI18n.zh': 'k4' });
  });
});

describe('unit form', () => {
  it('names a unit number of another floor at its field, even while other fields are still empty (issue 16)', async () => {
    const { EMPTY_UNIT_FORM, validateUnitForm } = await import('../../src/client/unit-form-model.ts');
    const result = validateUnitForm({ ...EMPTY_UNIT_FORM, floor: '12F', unitNumber: '301' });
    expect('errors' in result && result.errors.unitNumber).toBe('units.errors.unitNumberFloor');
    const right = validateUnitForm({ ...EMPTY_UNIT_FORM, floor: '12F', unitNumber: '1201' });
    expect('errors' in right && right.errors.unitNumber).toBeFalsy();
  });
});
