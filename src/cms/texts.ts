import ko from '../../content/i18n/ko/cms.json';
import en from '../../content/i18n/en/cms.json';
import zh from '../../content/i18n/zh/cms.json';
import ja from '../../content/i18n/ja/cms.json';
import { createTranslator, flatten, type Translate } from '../i18n/translate.ts';
import type { Locale } from '../i18n/locales.ts';

/** Where the CMS keeps its preferences, the editor's interface language among them. */
export const PREFERENCES = 'sveltia-cms.prefs';

const DICTIONARIES: Record<Locale, typeof ko> = { ko, en, zh, ja };

/**
 * The editor's language: the one picked in the CMS's settings (Korean until then, see start-up.ts), as one of
 * ours. The CMS offers more; any other is shown in English.
 */
export function editorLocale(): Locale {
  let picked = 'ko';
  try {
    picked = (JSON.parse(localStorage.getItem(PREFERENCES) ?? '{}') as { locale?: string }).locale ?? 'ko';
  } catch {
    // Storage blocked: Korean, the CMS's default here.
  }
  const language = picked.toLowerCase().split('-')[0];
  return language === 'ko' || language === 'zh' || language === 'ja' ? language : 'en';
}

/** The page's own words (content/i18n/<locale>/cms.json) in the editor's language. */
export function cmsTexts(locale: Locale = editorLocale()): Translate {
  return createTranslator(flatten({ cms: DICTIONARIES[locale] }));
}
