import { describe, expect, it } from 'vitest';
import { expirySchedule, occupancyOn, quarterOf, quartersFrom, wale, type PortfolioLease } from '~/shared/leases/portfolio';

const lease = (overrides: Partial<PortfolioLease>): PortfolioLease => ({ areaM2: 100, monthlyRentKrw: 1_000_000, lastMonthlyRentKrw: 1_000_000, contractOn: '2026-01-01', endsOn: '2030-12-31', ...overrides });

describe('the leases as the reports weigh them', () => {
  it('names calendar quarters and lists five years of them from today’s', () => {
    expect(quarterOf('2027-05-10')).toEqual({ quarter: '2027-Q2', start: '2027-04-01', end: '2027-06-30' });
    expect(quarterOf('2027-12-31')).toEqual({ quarter: '2027-Q4', start: '2027-10-01', end: '2027-12-31' });
    const quarters = quartersFrom('2026-12-06');
    expect(quarters).toHaveLength(20);
    expect(quarters[0]!.quarter).toBe('2026-Q4');
    expect(quarters.at(-1)).toEqual({ quarter: '2031-Q3', start: '2031-07-01', end: '2031-09-30' });
  });

  it('occupancy is leased contract area over the building’s, from the contract day to the last day', () => {
    const leases = [lease({ areaM2: 500 }), lease({ areaM2: 300, contractOn: '2027-02-01', endsOn: '2027-06-30' })];
    expect(occupancyOn(leases, 2000, '2027-01-31')).toEqual({ leasedAreaM2: 500, share: 0.25 });
    expect(occupancyOn(leases, 2000, '2027-02-01')).toEqual({ leasedAreaM2: 800, share: 0.4 });
    expect(occupancyOn(leases, 2000, '2027-07-01')).toEqual({ leasedAreaM2: 500, share: 0.25 });
    expect(occupancyOn(leases, 0, '2027-07-01').share).toBeNull();
  });

  it('WALE weighs each lease’s remaining years by its area and by its rent', () => {
    const asOf = '2027-01-01';
    // One year left on 100 m² at ₩1M, three years left on 300 m² at ₩1M: by area (1·100 + 3·300) / 400 = 2.5; by rent (1 + 3) / 2 = 2.
    const leases = [lease({ endsOn: '2027-12-31' }), lease({ areaM2: 300, endsOn: '2029-12-31' })];
    const result = wale(leases, asOf);
    expect(result.byArea).toBeCloseTo(2.5, 1);
    expect(result.byRent).toBeCloseTo(2, 1);
    // Ended or not yet contracted leases do not weigh; nothing live is no WALE.
    expect(wale([lease({ endsOn: '2026-12-31' })], asOf)).toEqual({ byArea: null, byRent: null });
    expect(wale([lease({ monthlyRentKrw: 0 })], asOf).byRent).toBeNull();
  });

  it('the expiry schedule counts each lease once, in the quarter of its last day, with its last rent and the occupancy left', () => {
    const leases = [
      lease({ areaM2: 500, endsOn: '2027-03-31', lastMonthlyRentKrw: 18_000_000 }),
      lease({ areaM2: 250, endsOn: '2027-02-15', lastMonthlyRentKrw: 9_000_000 }),
      lease({ areaM2: 100, endsOn: '2028-08-31', lastMonthlyRentKrw: 3_000_000 }),
      // Ended before today: not in this quarter's count.
      lease({ areaM2: 999, endsOn: '2027-01-05' }),
    ];
    const schedule = expirySchedule(leases, 1000, '2027-01-10');
    expect(schedule[0]).toMatchObject({ quarter: '2027-Q1', leases: 2, areaM2: 750, monthlyRentKrw: 27_000_000, leasedAreaM2: 600, occupancyShare: 0.6 });
    // The quarter after: what ended on 2027-03-31 no longer counts.
    expect(schedule[1]).toMatchObject({ quarter: '2027-Q2', leases: 0, leasedAreaM2: 100, occupancyShare: 0.1 });
    expect(schedule[6]).toMatchObject({ quarter: '2028-Q3', leases: 1, areaM2: 100, monthlyRentKrw: 3_000_000 });
    expect(schedule.reduce((sum, q) => sum + q.leases, 0)).toBe(3);
  });
});
