import type { ImageMetadata } from 'astro';
import { loadContent, loadLocalized } from './load.ts';
import { illustration } from './illustrations.ts';
import { ConstructionDataSchema, ConstructionTextSchema, PERIODS, type Period } from './schemas/construction.ts';
import type { Locale } from '../i18n/locales.ts';

export interface ConstructionPeriod {
  key: Period;
  title: string;
  status: string;
  photos: { image: ImageMetadata; alt: string; caption?: string }[];
}

/**
 * The construction record in one language: each period's photos (content/construction/data.json)
 * joined with their descriptions (content/construction/{locale}.json), which must match one to one.
 */
export function constructionPeriods(locale: Locale): ConstructionPeriod[] {
  const data = loadContent('content/construction/data.json', ConstructionDataSchema);
  const text = loadLocalized('construction', locale, ConstructionTextSchema);
  return PERIODS.map((key) => {
    const { photos } = data[key];
    const { title, status, photos: descriptions } = text[key];
    if (descriptions.length !== photos.length) {
      throw new Error(
        `content/construction/${locale}.json: ${key}.photos: has ${descriptions.length} descriptions for ${photos.length} photos in data.json`,
      );
    }
    return { key, title, status, photos: photos.map((name, i) => ({ image: illustration(name), ...descriptions[i]! })) };
  });
}
