import { describe, expect, it } from 'vitest';
import { messagesFor } from '~/content/dictionaries';
import { createTranslator } from '~/i18n/translate';
import { LOCALES, LOCALE_TAGS } from '~/i18n/locales';
import { formatKrw, freeRentText, perAreaLine, termText } from '~/shared/deals/display';
import { DEAL_TERM_FIELDS } from '~/shared/deals/term-fields';
import type { DealTerms } from '~/shared/deals/terms';

const terms: DealTerms = {
  depositKrw: 180_000_000, rentPerM2Krw: 36_000, maintenancePerM2Krw: 14_000, vatExcluded: true, termMonths: 60, startDate: '2027-03-01',
  fitoutMonths: 1, freeRent: { basis: 'perYear', months: 1 }, escalationPct: 3, tiKrw: 24_960_000, brokerFeeKrw: 17_820_000, contractDepositPct: 10,
  use: 'Office', useDetail: '', parking: '', specialTerms: '',
};
const ko = createTranslator(messagesFor('ko'));
const en = createTranslator(messagesFor('en'));

describe('how the deal’s figures read', () => {
  it('puts m² first and the 3.3 m² comparator after it, never 평 alone (research example: ₩36,000 → ₩119,008)', () => {
    expect(perAreaLine(36_000, 'ko-KR', ko)).toBe('㎡당 ₩36,000 · 3.3㎡당 ₩119,008');
    expect(perAreaLine(36_000, 'en', en)).toBe('₩36,000 per m² · ₩119,008 per 3.3 m²');
    expect(formatKrw(180_000_000, 'en')).toBe('₩180,000,000');
  });

  it('always says the rent-free basis, and says none when there is none', () => {
    expect(freeRentText({ basis: 'perYear', months: 1 }, en)).toBe('1 mo. in each lease year');
    expect(freeRentText({ basis: 'upFront', months: 5 }, en)).toBe('5 mo. up front (total)');
    expect(freeRentText({ basis: 'upFront', months: 0 }, en)).toBe('None');
  });

  it.each(LOCALES)('reads every term in %s from the dictionaries, leaving no key or placeholder showing', (locale) => {
    const t = createTranslator(messagesFor(locale));
    for (const field of DEAL_TERM_FIELDS) {
      const text = termText(field, terms, LOCALE_TAGS[locale], t);
      expect(text, field).not.toMatch(/deals\.|brands\.|\{/);
      expect(text.trim(), field).not.toBe('');
    }
    expect(termText('use', terms, LOCALE_TAGS[locale], t)).toBe(t('brands.category.Office'));
  });
});
