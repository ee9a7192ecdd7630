import { DEFAULT_LOCALE, type Locale } from '../i18n/locales.ts';

/**
 * A Korean phone number as a `tel:` link that works from any phone, at home or abroad (+82, no trunk 0).
 * @example telHref('02-871-3300') // 'tel:+82-2-871-3300'
 */
export function telHref(phone: string): string {
  return `tel:+82-${phone.replace(/^0/, '')}`;
}

/**
 * The number as a visitor dials it: Korean pages show the local form, the others the international one.
 * @example phoneText('02-871-3300', 'en') // '+82 2-871-3300'
 */
export function phoneText(phone: string, locale: Locale): string {
  return locale === DEFAULT_LOCALE ? phone : `+82 ${phone.replace(/^0/, '')}`;
}
