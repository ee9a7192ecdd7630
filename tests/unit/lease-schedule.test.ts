import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { amendedSchedule, currentTerms } from '~/shared/deals/amendments';
import { rentSchedule } from '~/shared/deals/schedule';
import { DealTermsSchema } from '~/shared/deals/terms';
import {
  amendmentProblems, defaultDepositSchedule, defaultLeaseDates, depositSumProblem, leaseDates, leaseSchedule, monthOf, scheduleSummary, signProblems,
} from '~/shared/leases/schedule';

const area = { contractM2: 500, exclusiveM2: 275 };
/** research/deals.md §3.2 as a lease: 500 m² at ₩36,000, 60 months from 2027-03-01, 3 % a year from month 13, one free month a year. */
const terms = v.parse(DealTermsSchema, {
  depositKrw: 180_000_000, rentPerM2Krw: 36_000, maintenancePerM2Krw: 14_000, termMonths: 60, startDate: '2027-03-01',
  escalationPct: 3, freeRent: { basis: 'perYear', months: 1 }, fitoutMonths: 2,
});
const lease = { terms, area, amendments: [] };
const yearly = (rows: ReturnType<typeof leaseSchedule>) =>
  scheduleSummary(rows).years.map(({ leaseYear, months, freeMonths, rentDueKrw, freeRentKrw, maintenanceKrw }) => [leaseYear, months, freeMonths, rentDueKrw, freeRentKrw, maintenanceKrw]);

describe('a lease’s rent schedule', () => {
  it('is the research’s example: 2 fit-out months, then 60, the first of each lease year free, 3 % a year from month 13', () => {
    const rows = leaseSchedule(lease);
    expect(rows).toHaveLength(62);
    expect(yearly(rows)).toEqual([
      [0, 2, 0, 0, 0, 14_000_000],
      [1, 12, 1, 198_000_000, 18_000_000, 84_000_000],
      [2, 12, 1, 203_940_000, 18_540_000, 84_000_000],
      [3, 12, 1, 210_058_200, 19_096_200, 84_000_000],
      [4, 12, 1, 216_359_946, 19_669_086, 84_000_000],
      [5, 12, 1, 222_850_749, 20_259_159, 84_000_000],
    ]);
    expect(scheduleSummary(rows).totals).toEqual({ rentDueKrw: 1_051_208_895, freeRentKrw: 95_564_445, maintenanceKrw: 434_000_000 });
  });

  it('without amendments is exactly the deal’s schedule, row for row', () => {
    for (const variant of [terms, { ...terms, fitoutMonths: 0 }, { ...terms, freeRent: { basis: 'upFront' as const, months: 5 }, escalationPct: 4.5, termMonths: 37, startDate: '2027-01-31' }]) {
      expect(amendedSchedule(variant, area, []).map(({ amendment: _a, partial: _p, ...row }) => row)).toEqual(rentSchedule(variant, area));
    }
  });

  it('gives the dates the terms decide: fit-out end, rent start after the free month, expiry', () => {
    expect(leaseDates({ contractOn: '2026-12-10', handoverOn: '2027-01-01', openingOn: '2027-03-15' }, lease)).toEqual({
      contractOn: '2026-12-10', handoverOn: '2027-01-01', fitoutEndsOn: '2027-02-28', commencementOn: '2027-03-01', rentStartOn: '2027-04-01',
      expiresOn: '2032-02-29', openingOn: '2027-03-15', terminatesOn: null,
    });
  });

  it('reads this month’s amounts (the first month before the schedule starts)', () => {
    const rows = leaseSchedule(lease);
    expect(monthOf(rows, '2026-12-31')).toEqual({ rentKrw: 0, rentDueKrw: 0, maintenanceKrw: 7_000_000 });
    expect(monthOf(rows, '2027-04-15')).toEqual({ rentKrw: 18_000_000, rentDueKrw: 18_000_000, maintenanceKrw: 7_000_000 });
    expect(monthOf(rows, '2028-03-31')).toEqual({ rentKrw: 18_540_000, rentDueKrw: 0, maintenanceKrw: 7_000_000 });
  });
});

describe('amendments make the schedule again from their date', () => {
  it('a new rent from lease year 3: years 1–2 unchanged, year 3 at the new rent, escalating from it', () => {
    const amendments = [{ effectiveOn: '2029-03-01', changes: { rentPerM2Krw: 40_000 } }];
    const rows = leaseSchedule({ ...lease, amendments });
    const before = leaseSchedule(lease);
    expect(rows.slice(0, 26)).toEqual(before.slice(0, 26).map((row) => ({ ...row })));
    expect(rows[26]).toMatchObject({ periodStart: '2029-03-01', leaseYear: 3, rentKrw: 20_000_000, freeRent: true, amendment: 1 });
    expect(rows[38]).toMatchObject({ periodStart: '2030-03-01', leaseYear: 4, rentKrw: 20_600_000 });
    expect(yearly(rows).slice(3)).toEqual([
      [3, 12, 1, 220_000_000, 20_000_000, 84_000_000],
      [4, 12, 1, 226_600_000, 20_600_000, 84_000_000],
      [5, 12, 1, 233_398_000, 21_218_000, 84_000_000],
    ]);
    expect(currentTerms(terms, amendments).rentPerM2Krw).toBe(40_000);
  });

  it('a mid-year change applies from the first month starting on or after its date', () => {
    const rows = leaseSchedule({ ...lease, amendments: [{ effectiveOn: '2027-08-15', changes: { maintenancePerM2Krw: 15_000 } }] });
    expect(rows.find((row) => row.periodStart === '2027-08-01')).toMatchObject({ maintenanceKrw: 7_000_000, amendment: 0 });
    expect(rows.find((row) => row.periodStart === '2027-09-01')).toMatchObject({ maintenanceKrw: 7_500_000, amendment: 1 });
    // Rent goes on exactly as before.
    expect(rows.map((row) => row.rentKrw)).toEqual(leaseSchedule(lease).map((row) => row.rentKrw));
  });

  it('a new escalation steps from the rent in force at the next lease year', () => {
    const rows = leaseSchedule({ ...lease, amendments: [{ effectiveOn: '2028-06-01', changes: { escalationPct: 5 } }] });
    expect(rows.find((row) => row.periodStart === '2028-06-01')).toMatchObject({ rentKrw: 18_540_000 });
    expect(rows.find((row) => row.periodStart === '2029-03-01')).toMatchObject({ rentKrw: 19_467_000 });
  });

  it('an extension adds months at the end; the expiry follows', () => {
    const amendments = [{ effectiveOn: '2031-09-01', changes: { termMonths: 72 } }];
    const rows = leaseSchedule({ ...lease, amendments });
    expect(rows).toHaveLength(74);
    expect(rows.at(-1)).toMatchObject({ periodEnd: '2033-02-28', leaseYear: 6, rentKrw: 20_866_933 });
    expect(leaseDates({ contractOn: '2026-12-10', handoverOn: '2027-01-01', openingOn: null }, { ...lease, amendments }).expiresOn).toBe('2033-02-28');
  });

  it('an early termination ends the schedule on its day, that month by its days', () => {
    const amendments = [{ effectiveOn: '2029-06-01', changes: { terminatesOn: '2029-06-15' } }];
    const rows = leaseSchedule({ ...lease, amendments });
    expect(rows.at(-1)).toMatchObject({ periodStart: '2029-06-01', periodEnd: '2029-06-15', partial: true, rentKrw: 9_548_100, rentDueKrw: 9_548_100, maintenanceKrw: 3_500_000 });
    const dates = leaseDates({ contractOn: '2026-12-10', handoverOn: '2027-01-01', openingOn: null }, { ...lease, amendments });
    expect(dates).toMatchObject({ expiresOn: '2032-02-29', terminatesOn: '2029-06-15' });
  });

  it('rent-free granted by an amendment: up front counts from its month, per year from the next year', () => {
    const upFront = leaseSchedule({ ...lease, amendments: [{ effectiveOn: '2028-06-01', changes: { freeRent: { basis: 'upFront', months: 2 } } }] });
    expect(upFront.filter((row) => row.freeRent).map((row) => row.periodStart)).toEqual(['2027-03-01', '2028-03-01', '2028-06-01', '2028-07-01']);
    const perYear = leaseSchedule({ ...lease, amendments: [{ effectiveOn: '2029-03-01', changes: { freeRent: { basis: 'perYear', months: 0 } } }] });
    expect(perYear.filter((row) => row.freeRent).map((row) => row.periodStart)).toEqual(['2027-03-01', '2028-03-01']);
  });

  it('keeps every earlier amendment: a second one applies on top of the first', () => {
    const rows = leaseSchedule({ ...lease, amendments: [{ effectiveOn: '2029-03-01', changes: { rentPerM2Krw: 40_000 } }, { effectiveOn: '2030-03-01', changes: { escalationPct: 0 } }] });
    expect(rows.filter((row) => row.leaseYear >= 3 && !row.freeRent).map((row) => row.rentKrw)).toEqual(Array(33).fill(20_000_000));
    expect(rows.find((row) => row.periodStart === '2030-03-01')?.amendment).toBe(2);
  });

  it('refuses an amendment outside the lease, before the latest one, or ending the lease before it applies', () => {
    expect(amendmentProblems(lease, '2026-12-01', { rentPerM2Krw: 1 })).toEqual({ effectiveOn: 'leases.errors.effectiveOutsideLease' });
    expect(amendmentProblems(lease, '2032-03-01', { rentPerM2Krw: 1 })).toEqual({ effectiveOn: 'leases.errors.effectiveOutsideLease' });
    expect(amendmentProblems({ ...lease, amendments: [{ effectiveOn: '2029-03-01', changes: { rentPerM2Krw: 1 } }] }, '2028-03-01', { rentPerM2Krw: 2 })).toEqual({ effectiveOn: 'leases.errors.effectiveBeforeLatest' });
    expect(amendmentProblems(lease, '2030-03-01', { termMonths: 24 })).toEqual({ 'changes.termMonths': 'leases.errors.termEndsBeforeAmendment' });
    expect(amendmentProblems(lease, '2030-03-01', { terminatesOn: '2030-02-01' })).toEqual({ 'changes.terminatesOn': 'leases.errors.terminationOutsideLease' });
    expect(amendmentProblems(lease, '2030-03-01', { terminatesOn: '2032-02-29' })).toEqual({ 'changes.terminatesOn': 'leases.errors.terminationOutsideLease' });
    expect(amendmentProblems(lease, '2030-03-01', { terminatesOn: '2030-12-31' })).toEqual({});
  });
});

describe('a draft before signing', () => {
  it('starts with handover at the fit-out, opening at commencement, 계약금 on the contract day and 잔금 at handover', () => {
    const dates = defaultLeaseDates(terms, '2026-12-10');
    expect(dates).toEqual({ contractOn: '2026-12-10', handoverOn: '2027-01-01', openingOn: '2027-03-01' });
    expect(defaultDepositSchedule(terms, dates)).toEqual([
      { kind: 'contract', amountKrw: 18_000_000, dueOn: '2026-12-10' },
      { kind: 'balance', amountKrw: 162_000_000, dueOn: '2027-01-01' },
    ]);
    expect(depositSumProblem(defaultDepositSchedule(terms, dates), terms.depositKrw)).toBeNull();
  });

  it('names every field signing still needs', () => {
    const draft = {
      tenant: { legalName: ' ', businessNumber: '', representative: '', contacts: [] },
      unitIds: [],
      dates: { contractOn: '2027-01-02', handoverOn: '2027-01-01', openingOn: '2032-03-01' },
      terms,
      depositSchedule: [{ kind: 'contract' as const, amountKrw: 1, dueOn: '2027-01-01' }],
    };
    expect(signProblems(draft)).toEqual({
      legalName: 'leases.errors.legalNameRequired',
      businessNumber: 'leases.errors.businessNumberRequired',
      representative: 'leases.errors.representativeRequired',
      unitIds: 'leases.errors.unitsRequired',
      'dates.handoverOn': 'leases.errors.handoverBeforeContract',
      'dates.openingOn': 'leases.errors.openingOutsideLease',
      depositSchedule: 'leases.errors.depositScheduleSum',
    });
    expect(signProblems({ ...draft, tenant: { ...draft.tenant, legalName: '(주)비타워커피', businessNumber: '220-81-62518', representative: '김대표' } }).businessNumber).toBe('leases.errors.businessNumberInvalid');
  });
});
