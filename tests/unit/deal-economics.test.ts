import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { askingSnapshot, askingTerms, prefillTerms, type AskingUnit } from '~/shared/deals/asking';
import { dealMetrics } from '~/shared/deals/economics';
import { perPyeong, wholeWon } from '~/shared/deals/money';
import { DealTermsSchema, type DealTerms } from '~/shared/deals/terms';

/**
 * research/deals.md §3.2's worked example: a 10F office of 500 m² contract and 275 m² exclusive area, asking
 * ₩36,000/m² a month (₩18,000,000), 관리비 ₩14,000/m², deposit ₩180,000,000, 60 months, 3 % a year from month 13.
 * The expected figures are the research's table (computed there by its own script), not this module's output.
 */
const office: AskingUnit = {
  id: '00000000-0000-4000-8000-000000000010', floor: '10F', unitNumber: '1001',
  supplyAreaM2: 500, exclusiveAreaM2: 275, monthlyRent: 18_000_000, deposit: 180_000_000, maintenanceFee: 7_000_000,
};
const snapshot = askingSnapshot([office], 3, new Date('2026-12-01T00:00:00Z'));
const area = { contractM2: 500, exclusiveM2: 275 };
const rates = { nerDiscountRatePct: 5, depositYieldPct: 4 };

const offer = (changes: Partial<DealTerms>): DealTerms =>
  v.parse(DealTermsSchema, {
    depositKrw: 180_000_000, rentPerM2Krw: 36_000, maintenancePerM2Krw: 14_000, termMonths: 60, startDate: '2027-03-01',
    escalationPct: 3, ...changes,
  });
const metricsOf = (terms: DealTerms, rate = 5) =>
  dealMetrics(terms, area, { ...rates, nerDiscountRatePct: rate }, askingTerms(snapshot, terms));

const packageA = { freeRent: { basis: 'perYear', months: 1 } } as const;

describe('deal economics on the research’s worked example', () => {
  it('freezes the asking terms per m² from the space’s monthly totals', () => {
    expect(snapshot).toMatchObject({ contractAreaM2: 500, exclusiveAreaM2: 275, rentPerM2Krw: 36_000, maintenancePerM2Krw: 14_000, depositKrw: 180_000_000, escalationPct: 3 });
  });

  it('the asking package: straight-line 38,226 and NER 38,113 at 5 % (38,046 at 8 %) — above the starting rent, escalations included', () => {
    const asking = metricsOf(offer({}));
    expect([asking.faceRentPerM2, asking.effectiveRentPerM2, asking.nerPerM2]).toEqual([36_000, 38_226, 38_113]);
    expect(asking.discountVsAskingPct).toBe(0);
    expect(metricsOf(offer({}), 8).nerPerM2).toBe(38_046);
  });

  it('one free month in each lease year: 35,040 and 34,864, 8.5 % below asking by NER (8.3 % straight-line)', () => {
    const a = metricsOf(offer(packageA));
    expect([a.effectiveRentPerM2, a.nerPerM2]).toEqual([35_040, 34_864]);
    expect(a.discountVsAskingPct).toBe(8.53);
    expect(a.effectiveDiscountVsAskingPct).toBe(8.33);
    expect([a.askingEffectiveRentPerM2, a.askingNerPerM2]).toEqual([38_226, 38_113]);
    expect(a.freeRentMonths).toBe(5);
    expect(metricsOf(offer(packageA), 8).nerPerM2).toBe(34_759);
  });

  it('five free months up front: 35,226 and 34,758 — a higher straight line but a deeper discount than A once discounted', () => {
    const a = metricsOf(offer(packageA));
    const b = metricsOf(offer({ freeRent: { basis: 'upFront', months: 5 } }));
    expect([b.effectiveRentPerM2, b.nerPerM2]).toEqual([35_226, 34_758]);
    expect(b.discountVsAskingPct).toBe(8.8);
    expect(b.effectiveRentPerM2).toBeGreaterThan(a.effectiveRentPerM2);
    expect(b.nerPerM2).toBeLessThan(a.nerPerM2);
    expect(metricsOf(offer({ freeRent: { basis: 'upFront', months: 5 } }), 8).nerPerM2).toBe(34_468);
  });

  it('a fit-out month before the term (관리비 still due): 34,466 and 34,218 over 61 months, 10.2 % below asking', () => {
    const fitout = metricsOf(offer({ ...packageA, fitoutMonths: 1 }));
    expect([fitout.effectiveRentPerM2, fitout.nerPerM2, fitout.horizonMonths]).toEqual([34_466, 34_218, 61]);
    expect(fitout.discountVsAskingPct).toBe(10.22);
    expect(fitout.totalMaintenanceKrw).toBe(61 * 7_000_000);
  });

  it('TI of ₩300k per 전용평 (₩24.96M) and a broker fee at the 0.9 % cap (₩17.82M): 33,614 and 33,256, 12.7 % below asking', () => {
    const costs = metricsOf(offer({ ...packageA, tiKrw: 24_960_000, brokerFeeKrw: 17_820_000 }));
    expect([costs.effectiveRentPerM2, costs.nerPerM2]).toEqual([33_614, 33_256]);
    expect(costs.discountVsAskingPct).toBe(12.74);
  });

  it('fit-out, TI and a broker fee together: straight line 33,063, NER 32,634, 14.4 % below asking', () => {
    // Σ rent due per m² = 2,293,548 − 191,129 (the five free first months) = 2,102,419; less 85,560 of costs per m², over 61 months.
    const all = metricsOf(offer({ ...packageA, fitoutMonths: 1, tiKrw: 24_960_000, brokerFeeKrw: 17_820_000 }));
    expect([all.effectiveRentPerM2, all.nerPerM2, all.discountVsAskingPct]).toEqual([33_063, 32_634, 14.38]);
  });

  // The research multiplies by 3.3058 (₩307,740 and ₩119,009); 1 평 is 400/121 = 3.305785… m², a won less here.
  it('NOC per exclusive 3.3 m² with a 4 % deposit yield: asking face ₩307,739, offer A 실질 ₩301,970', () => {
    const asking = metricsOf(offer({}));
    const a = metricsOf(offer(packageA));
    expect(perPyeong(asking.faceNocPerExclusiveM2)).toBe(307_739);
    expect(perPyeong(a.nocPerExclusiveM2)).toBe(301_970);
    // Without the deposit's yield the research has ₩294,757 for A: the yield is ₩600,000 a month here.
    expect(perPyeong(dealMetrics(offer(packageA), area, { ...rates, depositYieldPct: 0 }, null).nocPerExclusiveM2)).toBe(294_757);
  });

  it('restates per 3.3 m² after the m² figure: ₩36,000 → ₩119,008, 관리비 ₩14,000 → ₩46,281', () => {
    expect(perPyeong(36_000)).toBe(119_008);
    expect(perPyeong(14_000)).toBe(46_281);
  });

  it('환산보증금 1.8억 + 1,800만 × 100 = 19.8억: above Seoul’s 9억, so the 5 % cap is not flagged', () => {
    const a = metricsOf(offer({ ...packageA, escalationPct: 7 }));
    expect(a.convertedDepositKrw).toBe(1_980_000_000);
    expect(a.protectedByAct).toBe(false);
    expect(a.escalationOverCap).toBe(false);
  });

  it('a 1F café of 66 m², 보증금 1억 + 월 700만 = 8억: protected by the Act, and a 6 % escalation is warned about (5 % is not)', () => {
    const cafe = { contractM2: 66, exclusiveM2: 40 };
    const terms = (escalationPct: number) => offer({ depositKrw: 100_000_000, rentPerM2Krw: 106_061, escalationPct });
    const metrics = dealMetrics(terms(6), cafe, rates, null);
    expect(metrics.monthlyRentKrw).toBe(7_000_026);
    expect(metrics.convertedDepositKrw).toBe(800_002_600);
    expect(metrics.protectedByAct).toBe(true);
    expect(metrics.escalationOverCap).toBe(true);
    expect(dealMetrics(terms(5), cafe, rates, null).escalationOverCap).toBe(false);
    // Exactly at the threshold (2억 + 700만 × 100 = 9억) is still protected: "at or below".
    const atThreshold = dealMetrics(offer({ depositKrw: 200_000_000, rentPerM2Krw: 100_000 }), { contractM2: 70, exclusiveM2: 40 }, rates, null);
    expect([atThreshold.convertedDepositKrw, atThreshold.protectedByAct]).toEqual([900_000_000, true]);
    const oneWonOver = dealMetrics(offer({ depositKrw: 200_000_001, rentPerM2Krw: 100_000 }), { contractM2: 70, exclusiveM2: 40 }, rates, null);
    expect(oneWonOver.protectedByAct).toBe(false);
  });

  it('spaces without an asking rent have no discount to show, and a draft starts from their asking terms', () => {
    const onRequest = askingSnapshot([{ ...office, monthlyRent: null }], 3, new Date());
    expect(onRequest.rentPerM2Krw).toBeNull();
    expect(askingTerms(onRequest, offer({}))).toBeNull();
    expect(dealMetrics(offer({}), area, rates, null).discountVsAskingPct).toBeNull();
    expect(prefillTerms(snapshot, '2026-12-06')).toMatchObject({
      depositKrw: 180_000_000, rentPerM2Krw: 36_000, maintenancePerM2Krw: 14_000, escalationPct: 3, termMonths: 60, startDate: '2027-02-01',
    });
  });

  it('rounds once, to whole won, halves away from zero', () => {
    expect([wholeWon(0.5), wholeWon(1.4999), wholeWon(-0.5), wholeWon(2.5)]).toEqual([1, 1, -1, 3]);
  });
});
