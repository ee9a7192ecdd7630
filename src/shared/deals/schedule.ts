import { monthlyFlows, type DealArea } from './cash-flows.ts';
import { wholeWon } from './money.ts';
import type { DealTerms } from './terms.ts';

/**
 * A rent schedule: a row per month made from the terms, never typed (a lease shows it; an amendment makes it
 * again from its date). Amounts are whole won (money.ts), so totals are the sums of the rows.
 */
export interface ScheduleRow {
  /** 1-based month of the schedule, fit-out first. */
  month: number;
  phase: 'fitout' | 'term';
  /** First and last day of the month (YYYY-MM-DD, Seoul's calendar). */
  periodStart: string;
  periodEnd: string;
  /** 0 for fit-out. */
  leaseYear: number;
  /** Escalation steps applied. */
  step: number;
  /** Contractual rent, before rent-free. */
  rentKrw: number;
  freeRent: boolean;
  rentDueKrw: number;
  maintenanceKrw: number;
}

/**
 * `day` moved by `months` whole months, the day of the month kept where it exists, else the month's last day
 * (2027-01-31 + 1 → 2027-02-28). Always counted from the anchor, so 31st-of-month schedules do not drift.
 * @example addMonths('2027-01-31', 1) // '2027-02-28'
 */
export function addMonths(day: string, months: number): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  const target = new Date(Date.UTC(year, month - 1 + months, 1));
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(date, lastDay));
  return target.toISOString().slice(0, 10);
}

/** @example addDays('2027-03-01', -1) // '2027-02-28' */
export function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/** The schedule of `terms` on `area`: fit-out months end the day before `startDate`, the term starts on it. */
export function rentSchedule(terms: DealTerms, area: DealArea): ScheduleRow[] {
  return monthlyFlows(terms, area).map((flow) => {
    const offset = flow.index - 1 - terms.fitoutMonths;
    return {
      month: flow.index,
      phase: flow.phase,
      periodStart: addMonths(terms.startDate, offset),
      periodEnd: addDays(addMonths(terms.startDate, offset + 1), -1),
      leaseYear: flow.leaseYear,
      step: flow.step,
      rentKrw: wholeWon(flow.rentKrw),
      freeRent: flow.freeRent,
      rentDueKrw: wholeWon(flow.rentDueKrw),
      maintenanceKrw: wholeWon(flow.maintenanceKrw),
    };
  });
}

/** The day after the term's last month: when the spaces are free again. */
export function termEndsOn(terms: Pick<DealTerms, 'startDate' | 'termMonths'>): string {
  return addDays(addMonths(terms.startDate, terms.termMonths), -1);
}

export interface YearTotal {
  /** 0 is the fit-out. */
  leaseYear: number;
  months: number;
  freeMonths: number;
  rentDueKrw: number;
  freeRentKrw: number;
  maintenanceKrw: number;
}

/** The schedule's totals per lease year, fit-out (year 0) first: sums of the rows. */
export function yearlyTotals(rows: readonly ScheduleRow[]): YearTotal[] {
  const years = new Map<number, YearTotal>();
  for (const row of rows) {
    const year = years.get(row.leaseYear) ?? { leaseYear: row.leaseYear, months: 0, freeMonths: 0, rentDueKrw: 0, freeRentKrw: 0, maintenanceKrw: 0 };
    year.months++;
    if (row.freeRent) {
      year.freeMonths++;
      year.freeRentKrw += row.rentKrw;
    }
    year.rentDueKrw += row.rentDueKrw;
    year.maintenanceKrw += row.maintenanceKrw;
    years.set(row.leaseYear, year);
  }
  return [...years.values()].sort((a, b) => a.leaseYear - b.leaseYear);
}
