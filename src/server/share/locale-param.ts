import { DEFAULT_LOCALE, LOCALES, type Locale } from '../../i18n/locales.ts';

/**
 * The language of a share route from its optional `:locale` segment: none is Korean (served at the
 * bare path), en/zh/ja are theirs; anything else (`/ko/…`, `/xx/…`) names no page (null).
 */
export function localeParam(value: string | undefined): Locale | null {
  if (value === undefined) return DEFAULT_LOCALE;
  return value !== DEFAULT_LOCALE && (LOCALES as readonly string[]).includes(value) ? (value as Locale) : null;
}

/** A path segment decoded, or null when it is not valid percent-encoding. */
export function decodedSegment(value: string | undefined): string | null {
  if (value === undefined) return null;
  try {
    return decodeURIComponent(value);
  } catch {
    return null;
  }
}
