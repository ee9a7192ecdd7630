import type { Locale } from '../i18n/locales.ts';
import { messagesFor } from '../content/dictionaries.ts';
import type { SeoPage } from './pages.ts';

/** What search results and share cards show of a page: content/i18n/<locale>/meta.json → pages.<page>. */
export interface PageTexts {
  /** The `<title>`; the layout adds " | B TOWER" except on home, whose title already names the building. */
  title: string;
  description: string;
  /** The words drawn on the share image (scripts/draw-share-images.ts). */
  shareHeadline: string;
  /** The share image's alt text: the drawn words and the picture behind them. */
  shareAlt: string;
}

/**
 * A page's texts in one language. Throws, naming the key, when one is missing: unlike `t()`, whose
 * fallback to the key would put "meta.pages.floors.title" in search results, a gap here stops the build.
 * @example pageTexts('en', 'floors').title // 'Floor Guide — B2 to 14F, Floor by Floor'
 */
export function pageTexts(locale: Locale, page: SeoPage): PageTexts {
  const messages = messagesFor(locale);
  const read = (field: keyof PageTexts) => {
    const text = messages[`meta.pages.${page}.${field}`];
    if (!text?.trim()) throw new Error(`content/i18n/${locale}/meta.json: pages.${page}.${field} is missing`);
    return text;
  };
  return { title: read('title'), description: read('description'), shareHeadline: read('shareHeadline'), shareAlt: read('shareAlt') };
}
