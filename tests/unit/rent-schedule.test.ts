import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { addMonths, rentSchedule, termEndsOn, yearlyTotals } from '~/shared/deals/schedule';
import { DealTermsSchema } from '~/shared/deals/terms';

const area = { contractM2: 500, exclusiveM2: 275 };
/** The research's example as a lease: 60 months from 2027-03-01, 3 % a year from month 13, one free month a year. */
const terms = v.parse(DealTermsSchema, {
  depositKrw: 180_000_000, rentPerM2Krw: 36_000, maintenancePerM2Krw: 14_000, termMonths: 60, startDate: '2027-03-01',
  escalationPct: 3, freeRent: { basis: 'perYear', months: 1 },
});

describe('rent schedule', () => {
  it('has a row per month, each lease year’s first month free, rent escalating 3 % from month 13', () => {
    const rows = rentSchedule(terms, area);
    expect(rows).toHaveLength(60);
    expect(rows[0]).toMatchObject({ month: 1, periodStart: '2027-03-01', periodEnd: '2027-03-31', leaseYear: 1, step: 0, rentKrw: 18_000_000, freeRent: true, rentDueKrw: 0, maintenanceKrw: 7_000_000 });
    expect(rows[1]).toMatchObject({ rentDueKrw: 18_000_000, freeRent: false });
    expect(rows[12]).toMatchObject({ month: 13, periodStart: '2028-03-01', leaseYear: 2, step: 1, rentKrw: 18_540_000, freeRent: true });
    expect(rows[59]).toMatchObject({ month: 60, periodStart: '2032-02-01', periodEnd: '2032-02-29', leaseYear: 5, rentKrw: 20_259_159 });
    expect(termEndsOn(terms)).toBe('2032-02-29');
  });

  it('totals per lease year: 11 months of rent each, 관리비 all 12', () => {
    // 18,000,000 × 1.03^(year−1), rounded to whole won, × 11 months.
    expect(yearlyTotals(rentSchedule(terms, area)).map(({ leaseYear, rentDueKrw, freeRentKrw, maintenanceKrw, freeMonths }) => [leaseYear, rentDueKrw, freeRentKrw, maintenanceKrw, freeMonths])).toEqual([
      [1, 198_000_000, 18_000_000, 84_000_000, 1],
      [2, 203_940_000, 18_540_000, 84_000_000, 1],
      [3, 210_058_200, 19_096_200, 84_000_000, 1],
      [4, 216_359_946, 19_669_086, 84_000_000, 1],
      [5, 222_850_749, 20_259_159, 84_000_000, 1],
    ]);
  });

  it('fit-out months come before the start date, 관리비 only, as lease year 0', () => {
    const rows = rentSchedule({ ...terms, fitoutMonths: 2 }, area);
    expect(rows.slice(0, 3).map((row) => [row.phase, row.periodStart, row.periodEnd, row.rentDueKrw, row.maintenanceKrw])).toEqual([
      ['fitout', '2027-01-01', '2027-01-31', 0, 7_000_000],
      ['fitout', '2027-02-01', '2027-02-28', 0, 7_000_000],
      ['term', '2027-03-01', '2027-03-31', 0, 7_000_000],
    ]);
    expect(yearlyTotals(rows)[0]).toMatchObject({ leaseYear: 0, months: 2, rentDueKrw: 0, maintenanceKrw: 14_000_000 });
  });

  it('keeps the day of the month from the start, so a term from the 31st does not drift', () => {
    expect([1, 2, 3, 13].map((n) => addMonths('2027-01-31', n))).toEqual(['2027-02-28', '2027-03-31', '2027-04-30', '2028-02-29']);
    const rows = rentSchedule({ ...terms, startDate: '2027-01-31', termMonths: 3 }, area);
    expect(rows.map((row) => [row.periodStart, row.periodEnd])).toEqual([
      ['2027-01-31', '2027-02-27'], ['2027-02-28', '2027-03-30'], ['2027-03-31', '2027-04-29'],
    ]);
  });
});
