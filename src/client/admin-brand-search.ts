import type { Brand } from '../shared/brand.ts';
import type { Translate } from '../i18n/translate.ts';

/**
 * Whether the admin's search words all occur in the brand: its names in every language, category (as
 * shown), floor, unit and tags. Case and Unicode form are folded, so a Korean name typed either way matches.
 * @example matchesAdminSearch(brand, 'bistro 1층', t)
 */
export function matchesAdminSearch(brand: Brand, search: string, t: Translate): boolean {
  const words = fold(search).split(/\s+/).filter(Boolean);
  if (words.length === 0) return true;
  const haystack = fold(
    [
      brand.name,
      ...Object.values(brand.nameI18n ?? {}),
      t(`brands.category.${brand.category}`),
      brand.category,
      t(`brands.floor.${brand.floor}`),
      brand.floor,
      brand.unit ?? '',
      ...brand.tags,
      ...Object.values(brand.tagsI18n ?? {}).flat(),
    ].join('\u001f'),
  );
  return words.every((word) => haystack.includes(word));
}

const fold = (text: string) => text.normalize('NFKC').toLocaleLowerCase();
