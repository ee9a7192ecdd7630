import { describe, expect, it } from 'vitest';
import { messagesFor } from '~/content/dictionaries';
import { LOCALES, LOCALE_TAGS } from '~/i18n/locales';
import { plural } from '~/i18n/plural';
import { createTranslator } from '~/i18n/translate';

describe('plural()', () => {
  const en = createTranslator(messagesFor('en'));

  it('reads one brand and one space in English, not "1 brands" (issue 16)', () => {
    expect(plural(en, 'en', 'brands.resultCount', 1)).toBe('1 brand found');
    expect(plural(en, 'en', 'brands.resultCount', 2)).toBe('2 brands found');
    expect(plural(en, 'en', 'units.plan.spacesAvailable', 1)).toBe('1 space available');
    expect(plural(en, 'en', 'units.plan.spacesAvailable', 12)).toBe('12 spaces available');
  });

  it('formats the count for the language', () => {
    expect(plural(en, 'en', 'brands.resultCount', 1200)).toBe('1,200 brands found');
    // Below 1,000 it skips the (slow to build) number formatter: every language of the site writes plain digits there.
    for (const locale of LOCALES) {
      const numbers = new Intl.NumberFormat(LOCALE_TAGS[locale]);
      for (let n = 0; n < 1000; n += 1) expect(numbers.format(n)).toBe(String(n));
    }
  });

  it('falls back to the "other" form where a language has no form for the category', () => {
    const t = createTranslator({ 'x.count.other': '{count} items' });
    expect(plural(t, 'en', 'x.count', 1)).toBe('1 items');
  });

  it('reads one space and one route in English on the plan\'s search and the directions, not "1 spaces match"', () => {
    expect(plural(en, 'en', 'units.search.results', 1)).toBe('1 space matches');
    expect(plural(en, 'en', 'units.search.results', 3)).toBe('3 spaces match');
    expect(plural(en, 'en', 'units.search.allResults', 1)).toBe('1 space');
    expect(plural(en, 'en', 'directions.busShowAll', 1)).toBe('Show 1 more branch route');
    expect(plural(en, 'en', 'directions.busShowAll', 4)).toBe('Show 4 more branch routes');
  });

  it('has every form each language uses for every phrase that counts (any key with an "other" form)', () => {
    for (const locale of LOCALES) {
      const messages = messagesFor(locale);
      const categories = new Intl.PluralRules(LOCALE_TAGS[locale]).resolvedOptions().pluralCategories;
      const counted = Object.keys(messages).filter((key) => key.endsWith('.other') && messages[key]!.includes('{count}')).map((key) => key.slice(0, -'.other'.length));
      expect(counted).toEqual(expect.arrayContaining(['units.search.results', 'units.search.allResults', 'directions.busShowAll']));
      for (const key of counted) for (const category of categories) expect(messages[`${key}.${category}`], `${locale}: ${key}.${category}`).toContain('{count}');
    }
  });

  it('has a form for every category each language uses, for every counted phrase', () => {
    const counted = ['brands.resultCount', 'brands.filters.activeCount', 'units.plan.spacesAvailable'];
    for (const locale of LOCALES) {
      const messages = messagesFor(locale);
      const categories = new Intl.PluralRules(LOCALE_TAGS[locale]).resolvedOptions().pluralCategories;
      for (const key of counted) for (const category of categories) expect(messages[`${key}.${category}`], `${locale}: ${key}.${category}`).toContain('{count}');
    }
  });
});
