import type { ImageMetadata } from 'astro';
import { loadLocalized } from './load.ts';
import { illustration } from './illustrations.ts';
import { ConstructionTextSchema } from './schemas/construction.ts';
import type { Locale } from '../i18n/locales.ts';

export interface ConstructionPeriod {
  /** The half-year, e.g. '2026h1'. */
  key: string;
  title: string;
  status: string;
  photos: { image: ImageMetadata; alt: string; caption?: string }[];
}

/**
 * The construction record in one language (content/construction/{locale}.json): every half-year the file
 * lists, in its order, with its photos in theirs, each with its alt text and caption.
 */
export function constructionPeriods(locale: Locale): ConstructionPeriod[] {
  const { periods, photos } = loadLocalized('construction', locale, ConstructionTextSchema);
  return periods.map(({ id, title, status }) => ({
    key: id,
    title,
    status,
    photos: photos
      .filter((photo) => photo.period === id)
      .map(({ file, alt, caption }) => ({ image: illustration(file), alt, ...(caption ? { caption } : {}) })),
  }));
}
