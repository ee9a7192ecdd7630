import { loadContent } from './load.ts';
import { BuildingSchema, type Building } from './schemas/building.ts';
import { LOCALE_TAGS, type Locale } from '../i18n/locales.ts';

/** The building's facts (content/building.json), validated once. */
export const building: Building = loadContent('content/building.json', BuildingSchema);

/** Square metres in one pyeong, the Korean unit of floor area. */
export const M2_PER_PYEONG = 3.3058;

/**
 * A number written the way the locale writes it.
 * @example formatNumber('en', 9427.83, 2) // '9,427.83'
 */
export function formatNumber(locale: Locale, value: number, fractionDigits = 0): string {
  return new Intl.NumberFormat(LOCALE_TAGS[locale], {
    minimumFractionDigits: fractionDigits,
    maximumFractionDigits: fractionDigits,
  }).format(value);
}
