import { DEFAULT_LOCALE, LOCALES, type Locale } from './locales.ts';

/**
 * getStaticPaths for a `[...locale]` page: Korean at the bare path, the others under their prefix.
 * @example export const getStaticPaths = localeStaticPaths;
 */
export function localeStaticPaths() {
  return LOCALES.map((locale) => ({
    params: { locale: locale === DEFAULT_LOCALE ? undefined : locale },
    props: { locale },
  }));
}

export interface LocaleProps {
  locale: Locale;
}
