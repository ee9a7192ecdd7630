import { describe, expect, it } from 'vitest';
import { brandText, localizedBrand } from '~/shared/brand';
import { fileTypeNames } from '~/client/upload/uppy-locale';
import { matchesAdminSearch } from '~/client/admin-brand-search';
import type { Brand } from '~/shared/brand';

const brand = {
  name: '블루보틀',
  description: '스페셜티 커피',
  nameI18n: { en: 'Blue Bottle', ja: 'ブルーボトル' },
  descriptionI18n: { en: 'Specialty coffee' },
};

describe('a brand in the visitor\'s language', () => {
  it('shows the language given, and Korean for what is missing', () => {
    expect(brandText(brand, 'en')).toEqual({ name: 'Blue Bottle', description: 'Specialty coffee' });
    expect(brandText(brand, 'ja')).toEqual({ name: 'ブルーボトル', description: '스페셜티 커피' });
    expect(brandText(brand, 'zh')).toEqual({ name: '블루보틀', description: '스페셜티 커피' });
    expect(brandText(brand, 'ko')).toEqual({ name: '블루보틀', description: '스페셜티 커피' });
  });

  it('works for brands stored before the translations existed', () => {
    expect(brandText({ name: '카페', description: null }, 'en')).toEqual({ name: '카페', description: null });
    expect(localizedBrand({ ...brand, id: 'x' }, 'en')).toMatchObject({ id: 'x', name: 'Blue Bottle' });
  });
});

describe('upload dialog words', () => {
  it('names file types by extension, never by MIME type', () => {
    expect(fileTypeNames(['.png', '.jpg', 'image/png', 'image/webp', '.webp'])).toBe('PNG, JPG, WEBP');
  });
});

describe('admin brand search', () => {
  const t = (key: string) => ({ 'brands.category.F&B': '식음료', 'brands.floor.1F': '1층' })[key] ?? key;
  const stored = { ...brand, category: 'F&B', floor: '1F', unit: '101', tags: ['Espresso'] } as unknown as Brand;
  it('matches every word in any of its names, category, floor, unit or tags, whatever the case or Unicode form', () => {
    expect(matchesAdminSearch(stored, 'blue 1층', t)).toBe(true);
    expect(matchesAdminSearch(stored, 'ESPRESSO 식음료 101', t)).toBe(true);
    expect(matchesAdminSearch(stored, '블루보틀'.normalize('NFD'), t)).toBe(true);
    expect(matchesAdminSearch(stored, 'blue 2층', t)).toBe(false);
    expect(matchesAdminSearch(stored, '   ', t)).toBe(true);
  });
});
