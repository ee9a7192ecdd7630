import { describe, expect, it } from 'vitest';
import { askingOf, checkDraft, defaultValidUntil, draftFromTerms, prefilledDraft, previewMetrics, typedNumber, type DraftFields } from '~/client/proposals/draft-model';
import { DEFAULT_DEAL_RATES } from '~/shared/deals/rates';
import type { AskingUnit } from '~/shared/deals/asking';

const U10 = '0b5a3c1e-1f00-4c10-9a10-000000001001';
const U11 = '0b5a3c1e-1f00-4c10-9a10-000000001101';

/** The research's worked example (research/deals.md §3.2): 10F, 500 m² contract, 275 m² exclusive, ₩36,000/m². */
const tenth: AskingUnit = { id: U10, floor: '10F', unitNumber: '1001', supplyAreaM2: 500, exclusiveAreaM2: 275, monthlyRent: 18_000_000, deposit: 180_000_000, maintenanceFee: 7_000_000 };
const onRequest: AskingUnit = { ...tenth, id: U11, floor: '11F', unitNumber: '1101', monthlyRent: null };
const now = new Date('2026-12-10T03:00:00Z');
const today = '2026-12-10';

const draftFor = (unitIds: string[], change: Partial<DraftFields> = {}) => ({
  ...prefilledDraft(askingOf([tenth, onRequest], unitIds, DEFAULT_DEAL_RATES, now), { unitIds, locale: 'en' }, now),
  ...change,
});

describe('the proposal form', () => {
  it('starts from the spaces’ asking terms, no concessions, five years from the month after next, valid two weeks', () => {
    const fields = draftFor([U10]);
    expect(fields).toMatchObject({
      depositKrw: '180000000', rentPerM2Krw: '36000', maintenancePerM2Krw: '14000', escalationPct: '3', termMonths: '60',
      startDate: '2027-02-01', fitoutMonths: '0', freeRentMonths: '0', tiKrw: '0', brokerFeeKrw: '0', validUntil: '2026-12-24', locale: 'en',
    });
    expect(defaultValidUntil(now)).toBe('2026-12-24');
  });

  it('leaves a price on request empty to fill, instead of offering a rent of 0', () => {
    const fields = draftFor([U10, U11]);
    expect(fields.rentPerM2Krw).toBe('');
    expect(checkDraft(fields, today).errors).toEqual({ rentPerM2Krw: 'deals.errors.rentRequired' });
  });

  it('reads money typed with separators and the won sign, and refuses what is no number with the field’s message', () => {
    expect(typedNumber('180,000,000')).toBe(180_000_000);
    expect(typedNumber('₩ 36,000')).toBe(36_000);
    expect(typedNumber('  ')).toBeUndefined();
    expect(typedNumber('3.5')).toBe(3.5);
    expect(typedNumber('36.000.000')).toBeNaN();
    expect(checkDraft(draftFor([U10], { depositKrw: '1억' }), today).errors).toEqual({ depositKrw: 'deals.errors.amountInvalid' });
    expect(checkDraft(draftFor([U10], { rentPerM2Krw: '36,000.5' }), today).errors).toEqual({ rentPerM2Krw: 'deals.errors.amountInvalid' });
  });

  it('checks as the server does: a space, a real future validity, the terms’ own limits', () => {
    expect(checkDraft(draftFor([]), today).errors.unitIds).toBe('proposals.errors.unitsRequired');
    expect(checkDraft(draftFor([U10], { validUntil: '2026-02-30' }), today).errors).toEqual({ validUntil: 'proposals.errors.validUntilInvalid' });
    expect(checkDraft(draftFor([U10], { validUntil: '2026-12-09' }), today).errors).toEqual({ validUntil: 'proposals.errors.validUntilPast' });
    expect(checkDraft(draftFor([U10], { validUntil: today }), today).errors).toEqual({});
    expect(checkDraft(draftFor([U10], { validUntil: '2027-03-10' }), today).errors).toEqual({});
    expect(checkDraft(draftFor([U10], { validUntil: '2027-03-11' }), today).errors).toEqual({ validUntil: 'proposals.errors.validUntilTooFar' });
    expect(checkDraft(draftFor([U10], { freeRentMonths: '12' }), today).errors).toEqual({ 'freeRent.months': 'deals.errors.freeRentTooMany' });
    expect(checkDraft(draftFor([U10], { freeRentBasis: 'upFront', freeRentMonths: '12' }), today).errors).toEqual({});
    expect(checkDraft(draftFor([U10], { termMonths: '' }), today).errors).toEqual({ termMonths: 'deals.errors.termRequired' });
  });

  it('shows the figures the server will store: the worked example’s offer A (one free month a lease year)', () => {
    const fields = draftFor([U10], { freeRentMonths: '1' });
    const { terms } = checkDraft(fields, today);
    const asking = askingOf([tenth], [U10], DEFAULT_DEAL_RATES, now)!;
    const metrics = previewMetrics(terms!, asking, DEFAULT_DEAL_RATES)!;
    expect(metrics).toMatchObject({ effectiveRentPerM2: 35_040, nerPerM2: 34_864, askingNerPerM2: 38_113, discountVsAskingPct: 8.53, nerDiscountRatePct: 5 });
  });

  it('shows a version’s terms as they were saved, and takes them back unchanged', () => {
    const { terms } = checkDraft(draftFor([U10], { freeRentBasis: 'upFront', freeRentMonths: '5', specialTerms: '간판 1개' }), today);
    const again = draftFromTerms(terms!, { unitIds: [U10], validUntil: '2026-12-24', locale: 'ko' });
    expect(checkDraft(again, today).terms).toEqual(terms);
  });
});
