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

  it('has a form for every category each language uses, for every counted phrase', () => {
    const counted = ['brands.resultCount', 'brands.filters.activeCount', 'units.plan.spacesAvailable'];
    for (const locale of LOCALES) {
      const messages = messagesFor(locale);
      const categories = new Intl.PluralRules(LOCALE_TAGS[locale]).resolvedOptions().pluralCategories;
      for (const key of counted) for (const category of categories) expect(messages[`${key}.${category}`], `${locale}: ${key}.${category}`).toContain('{count}');
    }
  });
});
