import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { DealTermsSchema } from '~/shared/deals/terms';
import { renewalIncrease, renewalTerms } from '~/shared/leases/renewal';

const area = { contractM2: 500, exclusiveM2: 275 };
/** research/deals.md §3.2 as a lease: 500 m² at ₩36,000, 60 months from 2027-03-01, 3 % a year from month 13, one free month a year. */
const terms = v.parse(DealTermsSchema, {
  depositKrw: 180_000_000, rentPerM2Krw: 36_000, maintenancePerM2Krw: 14_000, termMonths: 60, startDate: '2027-03-01',
  escalationPct: 3, freeRent: { basis: 'perYear', months: 1 }, fitoutMonths: 2, tiKrw: 50_000_000, brokerFeeKrw: 9_000_000,
});

describe('a renewal proposal’s terms', () => {
  it('start the day after the last day, at the last month’s rent stepped once by the escalation, with no fit-out, rent-free, TI or fee', () => {
    const renewal = renewalTerms({ terms, area, amendments: [] });
    // Year 5's month is ₩20,259,159 (₩18,000,000 × 1.03⁴): ₩40,518.32/m², × 1.03 = ₩41,733.87 → ₩41,734.
    expect(renewal).toMatchObject({ startDate: '2032-03-01', termMonths: 60, rentPerM2Krw: 41_734, escalationPct: 3, maintenancePerM2Krw: 14_000, depositKrw: 180_000_000 });
    expect(renewal).toMatchObject({ fitoutMonths: 0, freeRent: { basis: 'perYear', months: 0 }, tiKrw: 0, brokerFeeKrw: 0 });
  });

  it('follow the amendments: a new rent, a longer term and a new deposit', () => {
    const amendments = [{ effectiveOn: '2029-03-01', changes: { rentPerM2Krw: 40_000, depositKrw: 200_000_000 } }, { effectiveOn: '2030-03-01', changes: { termMonths: 72 } }];
    const renewal = renewalTerms({ terms, area, amendments });
    // ₩40,000 from year 3, then 3 % a year: year 6's month is ₩20,000,000 × 1.03³ = ₩21,854,540; × 1.03 / 500 = ₩45,020.35.
    expect(renewal).toMatchObject({ startDate: '2033-03-01', termMonths: 72, rentPerM2Krw: 45_020, depositKrw: 200_000_000 });
  });
});

describe('a renewal’s increase against the rent paid now', () => {
  const small = { contractM2: 50, exclusiveM2: 30 };
  it('is warned of over 5 % for a tenant the Act protects in full (환산보증금 ≤ 9억): 6 % is, 5 % is not', () => {
    // ₩30,000 × 50 m² = ₩1,500,000 a month; deposit ₩30,000,000: 환산보증금 ₩189,000,000 or so.
    expect(renewalIncrease(1_500_000, { rentPerM2Krw: 31_800, depositKrw: 30_000_000 }, small)).toEqual({ currentRentKrw: 1_500_000, newRentKrw: 1_590_000, increasePct: 6, protectedByAct: true, overCap: true });
    expect(renewalIncrease(1_500_000, { rentPerM2Krw: 31_500, depositKrw: 30_000_000 }, small)).toMatchObject({ increasePct: 5, overCap: false });
  });

  it('is not warned of above the threshold, however large (the cap is the protected tenant’s)', () => {
    // ₩44,000 × 500 m² = ₩22,000,000 a month: 환산보증금 ₩2,380,000,000.
    expect(renewalIncrease(20_000_000, { rentPerM2Krw: 44_000, depositKrw: 180_000_000 }, area)).toEqual({ currentRentKrw: 20_000_000, newRentKrw: 22_000_000, increasePct: 10, protectedByAct: false, overCap: false });
  });
});
