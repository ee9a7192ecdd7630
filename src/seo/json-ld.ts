import type { Brand, BrandCategory } from '../shared/brand.ts';

/**
 * Structured data (schema.org JSON-LD) for search engines: the building as a ShoppingCenter, and
 * its tenants. Pure functions, shared by the pages (at build) and the brand directory island.
 */
export type JsonLd = { '@type': string } & Record<string, unknown>;

/** The `id` of the /brands JSON-LD element the directory island fills with the brands it shows. */
export const TENANTS_JSON_LD_ID = 'tenants-json-ld';

/** What the building entity says, from content/ (see src/seo/building.ts). */
export interface BuildingFacts {
  /** The same on every page and in every language, so search engines join them into one entity. */
  id: string;
  name: string;
  description: string;
  url: string;
  image: string;
  /** As content writes it: '02-871-3300'. */
  phone: string;
  streetAddress: string;
  postalCode: string;
  latitude: number;
  longitude: number;
  mapUrl: string;
}

/**
 * A Korean phone number in the international form search engines expect.
 * @example internationalPhone('02-871-3300') // '+82-2-871-3300'
 */
export function internationalPhone(domestic: string): string {
  return `+82-${domestic.replace(/^0/, '')}`;
}

export function buildingJsonLd(facts: BuildingFacts): JsonLd {
  return {
    '@context': 'https://schema.org',
    '@type': 'ShoppingCenter',
    '@id': facts.id,
    name: facts.name,
    description: facts.description,
    url: facts.url,
    image: facts.image,
    telephone: internationalPhone(facts.phone),
    // The building is in Seoul: the content schema's phone and postal code rules are Korean too.
    address: { '@type': 'PostalAddress', streetAddress: facts.streetAddress, postalCode: facts.postalCode, addressCountry: 'KR' },
    geo: { '@type': 'GeoCoordinates', latitude: facts.latitude, longitude: facts.longitude },
    hasMap: facts.mapUrl,
  };
}

/** The closest schema.org type of each brand category; every one is a Place, as containsPlace wants. */
const TENANT_TYPES: Record<BrandCategory, string> = {
  'F&B': 'FoodEstablishment',
  Medical: 'MedicalBusiness',
  Office: 'LocalBusiness',
  Retail: 'Store',
  Service: 'LocalBusiness',
  Education: 'LocalBusiness',
  Beauty: 'HealthAndBeautyBusiness',
};

/** One brand as a tenant; its thumbnail made absolute against the site's origin. */
export function tenantJsonLd(brand: Brand, origin: string): JsonLd {
  const { phone, email, website } = brand.contactInfo;
  return {
    '@type': TENANT_TYPES[brand.category] ?? 'LocalBusiness',
    name: brand.name,
    ...(brand.description && { description: brand.description }),
    ...(brand.thumbnail && { image: new URL(brand.thumbnail, origin).href }),
    ...(phone && { telephone: phone }),
    ...(email && { email }),
    ...(website && { url: website }),
  };
}

/**
 * The text of a `<script type="application/ld+json">`. `<`, `>` and `&` are escaped (`\u003c`…) so no
 * text an editor or admin wrote — a brand named `</script><script>…` — can end the element early.
 * @example serializeJsonLd({ '@type': 'Thing', name: '</script>' }) // '{"@type":"Thing","name":"\\u003c/script\\u003e"}'
 */
export function serializeJsonLd(value: JsonLd): string {
  return JSON.stringify(value).replace(/[<>&\u2028\u2029]/g, (ch) => `\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}`);
}
