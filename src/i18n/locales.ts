/** The interface languages. Korean is the default and is served without a path prefix. */
export const LOCALES = ['ko', 'en', 'zh', 'ja'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'ko';

/** localStorage key under which the visitor's language choice is kept (spec §4). */
export const LANGUAGE_STORAGE_KEY = 'language';

/** BCP 47 tags for `<html lang>`, hreflang and Intl formatting. */
export const LOCALE_TAGS: Record<Locale, string> = {
  ko: 'ko-KR',
  en: 'en',
  zh: 'zh-CN',
  ja: 'ja-JP',
};

/** Open Graph wants language_TERRITORY for every locale, where hreflang may name the language alone. */
export const OG_LOCALES: Record<Locale, string> = {
  ko: 'ko_KR',
  en: 'en_US',
  zh: 'zh_CN',
  ja: 'ja_JP',
};

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/**
 * The path of a page in a locale: Korean pages live at `/`, the others under `/en/`, `/zh/`, `/ja/`.
 * @example localizePath('en', '/floors') // '/en/floors'
 */
export function localizePath(locale: Locale, path: string): string {
  const clean = path.startsWith('/') ? path : `/${path}`;
  if (locale === DEFAULT_LOCALE) return clean;
  return clean === '/' ? `/${locale}/` : `/${locale}${clean}`;
}

/**
 * Splits a URL path into its locale and the locale-free page path.
 * @example splitLocale('/ja/brands') // { locale: 'ja', path: '/brands' }
 */
export function splitLocale(pathname: string): { locale: Locale; path: string } {
  const [, first, ...rest] = pathname.split('/');
  if (isLocale(first) && first !== DEFAULT_LOCALE) {
    const path = `/${rest.join('/')}`.replace(/\/+$/, '') || '/';
    return { locale: first, path };
  }
  return { locale: DEFAULT_LOCALE, path: pathname.replace(/\/+$/, '') || '/' };
}
