import { messagesFor, useTranslations } from './dictionaries.ts';
import type { Locale } from '../i18n/locales.ts';
import { pickMessages } from '../i18n/translate.ts';
import { BRAND_CATEGORIES } from '../shared/brand.ts';
import { PLAN_FIRST_WORDS, PLAN_LATER_WORDS } from '../scripts/stacking-plan-config.ts';

/**
 * The stacking plan's words in a language, in two parts: what its first paint writes (in the page's config) and
 * what only the search, the list and a space's dialog write (/plan-words/<language>.json, fetched on first use).
 */
export function planFirstWords(locale: Locale): Record<string, string> {
  return pickMessages(messagesFor(locale), PLAN_FIRST_WORDS);
}

export function planLaterWords(locale: Locale): Record<string, string> {
  const t = useTranslations(locale);
  return {
    ...pickMessages(messagesFor(locale), PLAN_LATER_WORDS),
    ...Object.fromEntries(BRAND_CATEGORIES.map((use) => [`use.${use}`, t(`brands.category.${use}`)])),
    'ui.lightbox.close': t('ui.lightbox.close'),
  };
}
