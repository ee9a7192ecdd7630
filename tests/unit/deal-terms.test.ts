import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { messagesFor } from '~/content/dictionaries';
import { LOCALES } from '~/i18n/locales';
import { changedTerms, DealTermsSchema, freeMonthsOverTerm } from '~/shared/deals/terms';

const base = { depositKrw: 180_000_000, rentPerM2Krw: 36_000, maintenancePerM2Krw: 14_000, termMonths: 60, startDate: '2027-03-01' };
const issuesOf = (input: unknown) => {
  const result = v.safeParse(DealTermsSchema, input);
  return result.success ? {} : Object.fromEntries(result.issues.map((issue) => [v.getDotPath(issue) ?? '', issue.message]));
};

describe('deal terms', () => {
  it('fills what a proposal need not say: VAT excluded, no fit-out, no rent-free, 10 % 계약금', () => {
    expect(v.parse(DealTermsSchema, base)).toMatchObject({
      vatExcluded: true, fitoutMonths: 0, freeRent: { basis: 'perYear', months: 0 }, escalationPct: 0, tiKrw: 0, brokerFeeKrw: 0,
      contractDepositPct: 10, use: null, useDetail: '', parking: '', specialTerms: '',
    });
  });

  it('refuses what no lease can be, naming the field', () => {
    expect(issuesOf({ ...base, startDate: '2027-02-30' })).toEqual({ startDate: 'deals.errors.startDateInvalid' });
    expect(issuesOf({ ...base, startDate: '9999-12-01' })).toEqual({ startDate: 'deals.errors.startDateInvalid' });
    expect(issuesOf({ ...base, startDate: '0207-03-01' })).toEqual({ startDate: 'deals.errors.startDateInvalid' });
    expect(issuesOf({ ...base, rentPerM2Krw: 36_000.5 })).toEqual({ rentPerM2Krw: 'deals.errors.amountInvalid' });
    expect(issuesOf({ ...base, depositKrw: -1 })).toEqual({ depositKrw: 'deals.errors.amountInvalid' });
    expect(issuesOf({ ...base, termMonths: 0 })).toEqual({ termMonths: 'deals.errors.termInvalid' });
    expect(issuesOf({ ...base, termMonths: 241 })).toEqual({ termMonths: 'deals.errors.termInvalid' });
    expect(issuesOf({ ...base, escalationPct: 3.125 })).toEqual({ escalationPct: 'deals.errors.escalationInvalid' });
    expect(issuesOf({ ...base, use: 'Casino' })).toEqual({ use: 'deals.errors.useInvalid' });
    expect(issuesOf({ ...base, specialTerms: 'x'.repeat(4001) })).toEqual({ specialTerms: 'deals.errors.tooLong' });
    expect(issuesOf({ ...base, discount: 1 })).toEqual({ discount: 'deals.errors.unknownField' });
    const { rentPerM2Krw: _, ...withoutRent } = base;
    expect(issuesOf(withoutRent)).toEqual({ rentPerM2Krw: 'deals.errors.rentRequired' });
  });

  it('a year of rent-free a year, or a whole term up front, is no lease', () => {
    expect(issuesOf({ ...base, freeRent: { basis: 'perYear', months: 12 } })).toEqual({ 'freeRent.months': 'deals.errors.freeRentTooMany' });
    expect(issuesOf({ ...base, freeRent: { basis: 'upFront', months: 60 } })).toEqual({ 'freeRent.months': 'deals.errors.freeRentTooMany' });
    expect(issuesOf({ ...base, freeRent: { basis: 'upFront', months: 59 } })).toEqual({});
    expect(issuesOf({ ...base, freeRent: { basis: 'monthly', months: 1 } })).toEqual({ 'freeRent.basis': 'deals.errors.freeRentBasisInvalid' });
  });

  it('counts rent-free months over the term by its basis: a shorter last year gets at most its own length', () => {
    expect(freeMonthsOverTerm({ termMonths: 60, freeRent: { basis: 'perYear', months: 2 } })).toBe(10);
    expect(freeMonthsOverTerm({ termMonths: 30, freeRent: { basis: 'perYear', months: 2 } })).toBe(6);
    expect(freeMonthsOverTerm({ termMonths: 25, freeRent: { basis: 'perYear', months: 2 } })).toBe(5);
    expect(freeMonthsOverTerm({ termMonths: 60, freeRent: { basis: 'upFront', months: 5 } })).toBe(5);
  });

  it('names what changed between two versions, in reading order', () => {
    const v1 = v.parse(DealTermsSchema, base);
    expect(changedTerms(v1, { ...v1 })).toEqual([]);
    expect(changedTerms(v1, { ...v1, specialTerms: 'x', rentPerM2Krw: 35_000, freeRent: { basis: 'perYear', months: 1 } })).toEqual(['rentPerM2Krw', 'freeRent', 'specialTerms']);
  });

  it('every message the terms can speak is a dictionary key in every language', () => {
    const inputs = [{}, { ...base, startDate: 'x', termMonths: -1, escalationPct: 99, freeRent: { basis: 'x', months: -1 }, use: 'x', useDetail: 1, zzz: 1, vatExcluded: 'no' },
      { ...base, freeRent: { basis: 'perYear', months: 12 } }, { ...base, depositKrw: 1e13, specialTerms: 'x'.repeat(5000) }];
    const keys = new Set(inputs.flatMap((input) => Object.values(issuesOf(input))));
    expect(keys.size).toBeGreaterThan(10);
    for (const locale of LOCALES) {
      const missing = [...keys].filter((key) => !(key in messagesFor(locale)));
      expect({ locale, missing }).toEqual({ locale, missing: [] });
    }
  });
});
