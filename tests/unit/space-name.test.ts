import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createTranslator, flatten, type Dictionary } from '~/i18n/translate';
import { LOCALES, LOCALE_TAGS, type Locale } from '~/i18n/locales';
import { listText } from '~/i18n/list';
import { spaceName } from '~/shared/units/space-name';
import { inquiryPath, unitParamOf } from '~/shared/share-paths';

/** Every dictionary of a language, flattened: what any screen, mail, CSV or PDF can say. */
function words(locale: Locale): Record<string, string> {
  const dir = `content/i18n/${locale}`;
  const all: Dictionary = {};
  for (const file of readdirSync(dir)) all[file.replace(/\.json$/, '')] = JSON.parse(readFileSync(`${dir}/${file}`, 'utf8')) as Dictionary;
  return flatten(all);
}

describe('one way to write a space in each language', () => {
  it('is "4층 401호", "Floor 4, Unit 401", "4层 401单元", "4階 401区画"; basements too', () => {
    const written = Object.fromEntries(LOCALES.map((locale) => [locale, spaceName(createTranslator(words(locale)), { floor: '4F', unitNumber: '401' })]));
    expect(written).toEqual({ ko: '4층 401호', en: 'Floor 4, Unit 401', zh: '4层 401单元', ja: '4階 401区画' });
    expect(spaceName(createTranslator(words('en')), { floor: 'B1', unitNumber: 'B101' })).toBe('Basement 1, Unit B101');
  });

  it.each(LOCALES)('%s: no other text writes a floor and a unit number together (each takes {space})', (locale) => {
    const others = Object.entries(words(locale)).filter(([key, text]) => key !== 'units.space' && /\{floor\}/.test(text) && /\{(unit|number)\}/.test(text));
    expect(others.map(([key]) => key)).toEqual([]);
  });
});

describe('the contact link of a space', () => {
  it('names it by floor and number, never by its id; links made with the id still name it', () => {
    expect(inquiryPath({ floor: '8F', unitNumber: '801' })).toBe('/contact?unit=8F-801#inquiry-form');
    expect(unitParamOf('8F-801')).toEqual({ floor: '8F', unitNumber: '801' });
    expect(unitParamOf('b1-B101-2')).toEqual({ floor: 'B1', unitNumber: 'B101-2' });
    expect(unitParamOf('0B6C3C5E-6B2A-4D38-9A57-3F1C2F4C8E01')).toEqual({ id: '0b6c3c5e-6b2a-4d38-9a57-3f1c2f4c8e01' });
    for (const nonsense of ['', '99F-1', '8F-', 'lobby']) expect(unitParamOf(nonsense)).toBeNull();
  });
});

describe('lists', () => {
  it('are written as each language lists, not with one separator for all', () => {
    const uses = ['A', 'B', 'C'];
    expect(Object.fromEntries(LOCALES.map((locale) => [locale, listText(LOCALE_TAGS[locale], uses)]))).toEqual({ ko: 'A, B 및 C', en: 'A, B, and C', zh: 'A、B和C', ja: 'A、B、C' });
    expect(listText('en-GB', ['one'])).toBe('one');
  });
});
