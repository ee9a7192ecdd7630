import { isRentFree, type DealArea } from './cash-flows.ts';
import { wholeWon } from './money.ts';
import { addDays, addMonths, rentSchedule, type ScheduleRow } from './schedule.ts';
import type { DealTerms, FreeRentBasis } from './terms.ts';

/**
 * What an amendment of a signed lease may change, from its effective date on (issue 40). A space change or a
 * new tenant is a new lease, not an amendment; contacts are no terms and stay editable without one.
 * - rentPerM2Krw: the rent in force from then (per m² of contract area a month); escalation goes on from it at
 *   the next lease-year boundaries;
 * - escalationPct: the yearly step from the next lease-year boundary on (the boundary it is dated on included);
 * - freeRent: the rent-free rule from then: `perYear` frees the first N months of every later lease year,
 *   `upFront` the N months starting at the amendment's first month;
 * - maintenancePerM2Krw: 관리비 from then;
 * - termMonths: the whole term counted from the start (an extension or a shortening; the expiry follows);
 * - depositKrw: the deposit held from then (no schedule row: a deposit is not rent);
 * - terminatesOn: an early termination, the last day the lease runs (that month's amounts by its days).
 */
export interface TermChanges {
  rentPerM2Krw?: number;
  maintenancePerM2Krw?: number;
  escalationPct?: number;
  freeRent?: { basis: FreeRentBasis; months: number };
  termMonths?: number;
  depositKrw?: number;
  terminatesOn?: string;
}

/** An amendment as the schedule reads it: its changes apply to every month starting on or after `effectiveOn`. */
export interface ScheduledChange {
  effectiveOn: string;
  changes: TermChanges;
}

/** A row of an amended schedule: which amendment's terms made it (0: the terms as signed). */
export interface AmendedRow extends ScheduleRow {
  amendment: number;
  /** The last row of an early termination, its amounts by the days the lease still ran. */
  partial: boolean;
}

const dayMs = (day: string) => Date.parse(`${day}T00:00:00Z`);
const daysBetween = (from: string, to: string) => Math.round((dayMs(to) - dayMs(from)) / 86_400_000);

/**
 * The terms in force after `changes` (in order), as a form shows them: the rent the last rent change set (not
 * the escalated one: the schedule says what each month costs), the latest rule for the rest.
 * @example currentTerms(terms, [{ effectiveOn: '2029-03-01', changes: { rentPerM2Krw: 40_000 } }]).rentPerM2Krw // 40_000
 */
export function currentTerms(terms: DealTerms, changes: readonly ScheduledChange[]): DealTerms {
  let current = { ...terms };
  for (const { changes: change } of changes) {
    const { terminatesOn: _end, ...rest } = change;
    current = { ...current, ...Object.fromEntries(Object.entries(rest).filter(([, value]) => value !== undefined)) };
  }
  return current;
}

/** The last day of the lease: the term's last day, or an earlier termination. */
export function amendedEndsOn(terms: Pick<DealTerms, 'startDate' | 'termMonths'>, changes: readonly ScheduledChange[]): string {
  let termMonths = terms.termMonths;
  let terminatesOn: string | null = null;
  for (const { changes: change } of changes) {
    if (change.termMonths !== undefined) termMonths = change.termMonths;
    if (change.terminatesOn !== undefined) terminatesOn = change.terminatesOn;
  }
  const termEnd = addDays(addMonths(terms.startDate, termMonths), -1);
  return terminatesOn !== null && terminatesOn < termEnd ? terminatesOn : termEnd;
}

/**
 * A lease's schedule with its amendments: the months before an amendment as they were, the months from it made
 * again from the changed terms (decision 056). With no amendment it is exactly `rentSchedule` (the same numbers,
 * computed the same way). A change applies to every month whose period starts on or after its effective date;
 * escalation compounds at each lease-year boundary from the rent in force, as it does without amendments.
 * @example amendedSchedule(terms, area, [{ effectiveOn: '2029-03-01', changes: { rentPerM2Krw: 40_000 } }])[24].rentKrw // 20_000_000
 */
export function amendedSchedule(terms: DealTerms, area: DealArea, changes: readonly ScheduledChange[]): AmendedRow[] {
  const ordered = changes.map((change, i) => ({ ...change, number: i + 1 })).sort((a, b) => (a.effectiveOn < b.effectiveOn ? -1 : a.effectiveOn > b.effectiveOn ? 1 : a.number - b.number));
  if (ordered.length === 0) return rentSchedule(terms, area).map((row) => ({ ...row, amendment: 0, partial: false }));

  // The state of the terms as the months go by: the rent of a segment (set at its start step), its escalation,
  // the rent-free rule and the month it counts from, 관리비, the term's length and an early end.
  let segmentRent = terms.rentPerM2Krw * area.contractM2;
  let segmentStep = 0;
  let escalationPct = terms.escalationPct;
  let free = { basis: terms.freeRent.basis, months: terms.freeRent.months, from: 1 };
  let maintenanceKrw = terms.maintenancePerM2Krw * area.contractM2;
  let termMonths = terms.termMonths;
  let terminatesOn: string | null = null;
  let amendment = 0;
  let next = 0;

  const rentAt = (step: number) => segmentRent * (1 + escalationPct / 100) ** (step - segmentStep);
  /** Applies every change due by `periodStart`; `month` is the term month (0 or less during fit-out), `step` its escalation step. */
  const applyDue = (periodStart: string, month: number, step: number) => {
    while (next < ordered.length && ordered[next]!.effectiveOn <= periodStart) {
      const { changes: change, number } = ordered[next]!;
      // A new rent starts a segment at this month. A new escalation starts one from the rent of the month before,
      // so a change dated on a lease-year boundary sets that boundary's step too. Other changes leave the segment
      // alone: the months after them are computed exactly as before.
      if (change.rentPerM2Krw !== undefined) {
        segmentRent = change.rentPerM2Krw * area.contractM2;
        segmentStep = step;
      } else if (change.escalationPct !== undefined) {
        const stepBefore = month > 1 ? Math.floor((month - 2) / 12) : 0;
        segmentRent = rentAt(stepBefore);
        segmentStep = stepBefore;
      }
      if (change.escalationPct !== undefined) escalationPct = change.escalationPct;
      if (change.freeRent !== undefined) free = { ...change.freeRent, from: Math.max(month, 1) };
      if (change.maintenancePerM2Krw !== undefined) maintenanceKrw = change.maintenancePerM2Krw * area.contractM2;
      if (change.termMonths !== undefined) termMonths = change.termMonths;
      if (change.terminatesOn !== undefined) terminatesOn = change.terminatesOn;
      amendment = number;
      next++;
    }
  };
  const isFree = (month: number) =>
    free.basis === 'upFront' ? month >= free.from && month < free.from + free.months : month >= free.from && isRentFree({ freeRent: free }, month);

  const rows: AmendedRow[] = [];
  const push = (row: Omit<AmendedRow, 'partial'>) => {
    if (terminatesOn !== null && row.periodStart > terminatesOn) return false;
    if (terminatesOn !== null && row.periodEnd > terminatesOn) {
      const share = (daysBetween(row.periodStart, terminatesOn) + 1) / (daysBetween(row.periodStart, row.periodEnd) + 1);
      rows.push({ ...row, periodEnd: terminatesOn, rentKrw: wholeWon(row.rentKrw * share), rentDueKrw: wholeWon(row.rentDueKrw * share), maintenanceKrw: wholeWon(row.maintenanceKrw * share), partial: true });
      return false;
    }
    rows.push({ ...row, rentKrw: wholeWon(row.rentKrw), rentDueKrw: wholeWon(row.rentDueKrw), maintenanceKrw: wholeWon(row.maintenanceKrw), partial: false });
    return true;
  };

  for (let index = 1; index <= terms.fitoutMonths; index++) {
    const offset = index - 1 - terms.fitoutMonths;
    const periodStart = addMonths(terms.startDate, offset);
    applyDue(periodStart, offset + 1, 0);
    const more = push({ month: index, phase: 'fitout', periodStart, periodEnd: addDays(addMonths(terms.startDate, offset + 1), -1), leaseYear: 0, step: 0, rentKrw: 0, freeRent: false, rentDueKrw: 0, maintenanceKrw, amendment });
    if (!more) return rows;
  }
  for (let month = 1; month <= termMonths; month++) {
    const step = Math.floor((month - 1) / 12);
    const periodStart = addMonths(terms.startDate, month - 1);
    applyDue(periodStart, month, step);
    // A shortening applied this month may already have ended the term.
    if (month > termMonths) break;
    const rentKrw = rentAt(step);
    const freeRent = isFree(month);
    const more = push({
      month: terms.fitoutMonths + month,
      phase: 'term',
      periodStart,
      periodEnd: addDays(addMonths(terms.startDate, month), -1),
      leaseYear: step + 1,
      step,
      rentKrw,
      freeRent,
      rentDueKrw: freeRent ? 0 : rentKrw,
      maintenanceKrw,
      amendment,
    });
    if (!more) break;
  }
  return rows;
}
