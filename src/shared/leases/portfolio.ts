import { addDays, addMonths } from '../deals/schedule.ts';

/**
 * The building's leases as the owner reads them in the reports (issue 40): what expires per quarter, how full the
 * building is now and will be, and the weighted average lease expiry (WALE) by area and by rent. Pure, from the
 * leases' dates and figures; days are Seoul's calendar days (YYYY-MM-DD).
 */

/** A signed lease as the reports weigh it. */
export interface PortfolioLease {
  /** Contract (supply) area, m²: what rent is priced on and occupancy counts. */
  areaM2: number;
  /** The contractual rent a month weighing it (this month's, or the first term month's before the term). */
  monthlyRentKrw: number;
  /** The rent a month in its last month: what expires with it. */
  lastMonthlyRentKrw: number;
  /** From this day it holds its spaces (the contract day: leased from then, decision 056). */
  contractOn: string;
  /** Its last day (expiry or early termination). */
  endsOn: string;
}

/** How many quarters ahead the expiry schedule looks: five years. */
export const EXPIRY_QUARTERS = 20;

/**
 * A calendar quarter: '2027-Q1' and its first and last day.
 * @example quarterOf('2027-05-10') // { quarter: '2027-Q2', start: '2027-04-01', end: '2027-06-30' }
 */
export function quarterOf(day: string): { quarter: string; start: string; end: string } {
  const year = Number(day.slice(0, 4));
  const q = Math.floor((Number(day.slice(5, 7)) - 1) / 3) + 1;
  const start = `${year}-${String((q - 1) * 3 + 1).padStart(2, '0')}-01`;
  return { quarter: `${year}-Q${q}`, start, end: addDays(addMonths(start, 3), -1) };
}

/** The quarter holding `asOf` and the ones after it, `count` in all. */
export function quartersFrom(asOf: string, count = EXPIRY_QUARTERS): { quarter: string; start: string; end: string }[] {
  const first = quarterOf(asOf);
  return Array.from({ length: count }, (_, i) => quarterOf(addMonths(first.start, i * 3)));
}

const live = (lease: PortfolioLease, day: string) => lease.contractOn <= day && day <= lease.endsOn;

/** Leased contract area on `day` and its share of the building's total (null without a total). */
export function occupancyOn(leases: readonly PortfolioLease[], totalAreaM2: number, day: string): { leasedAreaM2: number; share: number | null } {
  const leasedAreaM2 = roundArea(leases.filter((lease) => live(lease, day)).reduce((sum, lease) => sum + lease.areaM2, 0));
  return { leasedAreaM2, share: totalAreaM2 > 0 ? Math.round((leasedAreaM2 / totalAreaM2) * 10_000) / 10_000 : null };
}

const roundArea = (m2: number) => Math.round(m2 * 100) / 100;
const DAY_MS = 86_400_000;
/** Years from `asOf` to the end of the lease's last day (a lease ending today has one day left). */
const yearsLeft = (endsOn: string, asOf: string) => (Date.parse(`${endsOn}T00:00:00Z`) - Date.parse(`${asOf}T00:00:00Z`) + DAY_MS) / DAY_MS / 365.25;

/**
 * WALE: the leases' remaining years weighted by their area and by their rent, two decimals; null when nothing
 * weighs (no live lease, or no rent).
 * @example wale([{ areaM2: 100, monthlyRentKrw: 1, endsOn: addDays(asOf, 365) … }], asOf).byArea // ≈ 1
 */
export function wale(leases: readonly PortfolioLease[], asOf: string): { byArea: number | null; byRent: number | null } {
  const inForce = leases.filter((lease) => live(lease, asOf));
  const weighted = (weight: (lease: PortfolioLease) => number) => {
    const total = inForce.reduce((sum, lease) => sum + weight(lease), 0);
    if (total <= 0) return null;
    return Math.round((inForce.reduce((sum, lease) => sum + weight(lease) * yearsLeft(lease.endsOn, asOf), 0) / total) * 100) / 100;
  };
  return { byArea: weighted((lease) => lease.areaM2), byRent: weighted((lease) => lease.monthlyRentKrw) };
}

export interface ExpiryQuarter {
  quarter: string;
  start: string;
  end: string;
  /** Leases whose last day falls in the quarter, their area and their rent a month then. */
  leases: number;
  areaM2: number;
  monthlyRentKrw: number;
  /** Leased area at the quarter's last day (leases signed by `asOf`) and its share of the building. */
  leasedAreaM2: number;
  occupancyShare: number | null;
}

/** The expiry schedule: per quarter for five years from the quarter holding `asOf`, what ends and how full the building stays. */
export function expirySchedule(leases: readonly PortfolioLease[], totalAreaM2: number, asOf: string, count = EXPIRY_QUARTERS): ExpiryQuarter[] {
  return quartersFrom(asOf, count).map(({ quarter, start, end }) => {
    // The quarter holding today counts what ends from today on: what ended before is history.
    const ending = leases.filter((lease) => lease.endsOn >= (start > asOf ? start : asOf) && lease.endsOn <= end);
    const { leasedAreaM2, share } = occupancyOn(leases, totalAreaM2, end);
    return {
      quarter, start, end,
      leases: ending.length,
      areaM2: roundArea(ending.reduce((sum, lease) => sum + lease.areaM2, 0)),
      monthlyRentKrw: ending.reduce((sum, lease) => sum + lease.lastMonthlyRentKrw, 0),
      leasedAreaM2,
      occupancyShare: share,
    };
  });
}
