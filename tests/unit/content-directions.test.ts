import { describe, expect, it } from 'vitest';
import { contentErrorOf } from '../support/content-error.ts';
import { loadContent, loadLocalized } from '~/content/load';
import { DirectionsDataSchema, DirectionsTextSchema, BRANCH_BUS_VISIBLE } from '~/content/schemas/directions';
import { LOCALES } from '~/i18n/locales';
import data from '../../content/directions/data.json';
import ja from '../../content/directions/ja.json';

const errorOf = contentErrorOf;

describe('directions content', () => {
  it('holds the building facts and more branch routes than are shown at first', () => {
    const facts = loadContent('content/directions/data.json', DirectionsDataSchema);
    expect(facts.postalCode).toBe('08754');
    expect(facts.phone).toBe('02-871-3300');
    expect(facts.bus.branch.length).toBeGreaterThan(BRANCH_BUS_VISIBLE);
    for (const locale of LOCALES) expect(loadLocalized('directions', locale, DirectionsTextSchema).features).toHaveLength(5);
  });

  it('rejects a map URL that is not a Google Maps embed and a malformed phone, naming both fields', () => {
    const broken = { ...structuredClone(data), mapEmbedUrl: 'https://maps.example.com/?q=x', phone: '028713300' };
    const message = errorOf('content/directions/data.json', DirectionsDataSchema, broken);
    expect(message).toContain('content/directions/data.json');
    expect(message).toContain('mapEmbedUrl');
    expect(message).toContain('phone');
  });

  it('rejects coordinates given the wrong way round or missing, naming the field', () => {
    const swapped = { ...structuredClone(data), geo: { latitude: data.geo.longitude, longitude: data.geo.latitude } };
    expect(errorOf('content/directions/data.json', DirectionsDataSchema, swapped)).toMatch(/geo\.latitude: must be between -90 and 90/);
    const { geo: _, ...missing } = structuredClone(data);
    expect(errorOf('content/directions/data.json', DirectionsDataSchema, missing)).toContain('geo');
  });

  it('rejects an unknown bus group and a missing feature', () => {
    const broken = structuredClone(data) as Record<string, any>;
    broken.bus.express = ['1100'];
    expect(errorOf('content/directions/data.json', DirectionsDataSchema, broken)).toContain('bus.express');
    const text = structuredClone(ja) as Record<string, any>;
    text.features.pop();
    expect(errorOf('content/directions/ja.json', DirectionsTextSchema, text)).toMatch(/content\/directions\/ja\.json: features/);
  });

  it.each(LOCALES)('in %s sends visitors to park on B2, the parking level (B1 is a food hall): the one text the page and the tour mails give', (locale) => {
    const { parking } = loadLocalized('directions', locale, DirectionsTextSchema);
    expect(parking).toContain('B2');
    expect(parking).not.toMatch(/B1|1[–~-]2/);
  });
});
