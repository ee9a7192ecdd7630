import { loadContent, loadLocalized } from '../content/load.ts';
import { DirectionsDataSchema, DirectionsTextSchema } from '../content/schemas/directions.ts';
import { useTranslations } from '../content/dictionaries.ts';
import { localizePath, type Locale } from '../i18n/locales.ts';
import { buildingJsonLd, type JsonLd } from './json-ld.ts';
import { pageTexts } from './page-texts.ts';
import { shareImagePath } from './pages.ts';

/**
 * The building's JSON-LD in one language, from content/: the address, postal code, phone and
 * coordinates of content/directions, the name and description of the home page.
 * @example buildingJsonLdFor('en', new URL('https://btower.example'))
 */
export function buildingJsonLdFor(locale: Locale, site: URL): JsonLd {
  const data = loadContent('content/directions/data.json', DirectionsDataSchema);
  const text = loadLocalized('directions', locale, DirectionsTextSchema);
  const absolute = (path: string) => new URL(path, site).href;
  return buildingJsonLd({
    id: absolute('/#building'),
    name: useTranslations(locale)('meta.siteName'),
    description: pageTexts(locale, 'home').description,
    url: absolute(localizePath(locale, '/')),
    image: absolute(shareImagePath('home', locale)),
    phone: data.phone,
    streetAddress: text.address,
    postalCode: data.postalCode,
    latitude: data.geo.latitude,
    longitude: data.geo.longitude,
    mapUrl: data.mapLinkUrl,
  });
}
