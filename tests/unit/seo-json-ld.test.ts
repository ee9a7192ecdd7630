import { describe, expect, it } from 'vitest';
import { buildingJsonLdFor } from '~/seo/building';
import { internationalPhone, serializeJsonLd, tenantJsonLd } from '~/seo/json-ld';
import { LOCALES } from '~/i18n/locales';
import { loadContent, loadLocalized } from '~/content/load';
import { DirectionsDataSchema, DirectionsTextSchema } from '~/content/schemas/directions';
import type { Brand } from '~/shared/brand';

const SITE = new URL('https://btower.example');

const brand = (fields: Partial<Brand>): Brand => ({
  id: 'b1',
  name: 'Seoul Dental',
  description: 'Implants and whitening',
  category: 'Medical',
  floor: '3F',
  unit: '301',
  area: '40평',
  isAvailable: true,
  thumbnail: '/objects/uploads/0b0e7a0c-4c5e-4c8b-9a55-2f6f1d8e9a10',
  contactInfo: { phone: '02-555-0100', email: 'hello@dental.example', website: '' },
  images: [],
  tags: [],
  createdAt: null,
  updatedAt: null,
  ...fields,
});

describe('JSON-LD', () => {
  it('keeps any text inside its script element: <, > and & are escaped, and it still parses back', () => {
    const hostile = { '@type': 'Thing', name: '</script><script>alert(1)</script><!-- & -->' };
    const text = serializeJsonLd(hostile);
    expect(text).not.toMatch(/[<>&]/);
    expect(text).toContain('\\u003c/script\\u003e');
    expect(JSON.parse(text)).toEqual(hostile);
  });

  it('states Korean phone numbers internationally', () => {
    expect(internationalPhone('02-871-3300')).toBe('+82-2-871-3300');
    expect(internationalPhone('031-123-4567')).toBe('+82-31-123-4567');
  });

  it('describes the building from content/directions in each language', () => {
    const facts = loadContent('content/directions/data.json', DirectionsDataSchema);
    for (const locale of LOCALES) {
      const text = loadLocalized('directions', locale, DirectionsTextSchema);
      const building = buildingJsonLdFor(locale, SITE);
      expect(building).toMatchObject({
        '@context': 'https://schema.org',
        '@type': 'ShoppingCenter',
        '@id': 'https://btower.example/#building',
        address: { streetAddress: text.address, postalCode: facts.postalCode },
        geo: { latitude: facts.geo.latitude, longitude: facts.geo.longitude },
        telephone: internationalPhone(facts.phone),
        hasMap: facts.mapLinkUrl,
      });
      expect(building.url).toBe(locale === 'ko' ? 'https://btower.example/' : `https://btower.example/${locale}/`);
    }
  });

  it('turns a brand into a tenant Place of its category, leaving out what it lacks', () => {
    expect(tenantJsonLd(brand({}), 'https://btower.example')).toEqual({
      '@type': 'MedicalBusiness',
      name: 'Seoul Dental',
      description: 'Implants and whitening',
      image: 'https://btower.example/objects/uploads/0b0e7a0c-4c5e-4c8b-9a55-2f6f1d8e9a10',
      telephone: '02-555-0100',
      email: 'hello@dental.example',
    });
    const cafe = tenantJsonLd(brand({ category: 'F&B', description: null, thumbnail: null, contactInfo: { website: 'https://cafe.example' } }), 'https://btower.example');
    expect(cafe).toEqual({ '@type': 'FoodEstablishment', name: 'Seoul Dental', url: 'https://cafe.example' });
  });
});
