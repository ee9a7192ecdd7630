import { describe, expect, it } from 'vitest';
import { parseContent } from '~/content/validate';
import { loadUnitsContent } from '~/content/units';
import { UnitsContentSchema } from '~/content/schemas/units';
import { costEstimate, toPyeong } from '~/shared/units/unit';

describe('units content and arithmetic', () => {
  it('has a default annual rate inside its own bounds', () => {
    const { estimate } = loadUnitsContent();
    expect(estimate.annualRatePercent).toBeGreaterThanOrEqual(estimate.minRatePercent);
    expect(estimate.annualRatePercent).toBeLessThanOrEqual(estimate.maxRatePercent);
  });

  it('names the field when the default rate is out of bounds', () => {
    const bad = { estimate: { annualRatePercent: 30, minRatePercent: 0, maxRatePercent: 20 } };
    expect(() => parseContent('content/units.json', UnitsContentSchema, bad)).toThrow(/content\/units\.json: estimate\.annualRatePercent/);
  });

  it('converts m² to pyeong at 3.305785 m² a pyeong', () => {
    expect(toPyeong(3.305785)).toBeCloseTo(1, 6);
    expect(toPyeong(165.29)).toBeCloseTo(50, 3);
  });

  it('estimates the monthly effective cost: rent + maintenance + deposit × rate ÷ 12, per pyeong and m² of supply area', () => {
    const estimate = costEstimate({ monthlyRent: 1_000_000, maintenanceFee: 200_000, deposit: 12_000_000, supplyAreaM2: 100 }, 5)!;
    expect(estimate.monthly).toBe(1_250_000);
    expect(estimate.perM2).toBe(12_500);
    expect(estimate.perPyeong).toBeCloseTo(1_250_000 / (100 / 3.305785), 2);
    expect(costEstimate({ monthlyRent: null, maintenanceFee: null, deposit: null, supplyAreaM2: 10 }, 5)?.monthly).toBe(0);
  });
});
