import { amendedEndsOn, amendedSchedule, currentTerms, type AmendedRow, type ScheduledChange, type TermChanges } from '../deals/amendments.ts';
import type { DealArea } from '../deals/cash-flows.ts';
import { wholeWon } from '../deals/money.ts';
import { addDays, addMonths, yearlyTotals, type YearTotal } from '../deals/schedule.ts';
import type { DealTerms } from '../deals/terms.ts';
import { isBusinessNumber } from './business-number.ts';
import type { DepositInstallment, LeaseDates, LeaseTenant } from './lease.ts';

/**
 * A lease's figures from its terms and amendments, all through src/shared/deals (decision 054): the schedule,
 * its yearly totals, the dates the terms decide, the deposit's default installments and this month's amounts.
 */

export interface LeaseMoneyFacts {
  terms: DealTerms;
  area: DealArea;
  amendments: readonly ScheduledChange[];
}

/** The schedule: a row per month, fit-out first, amendments applied from their dates. */
export function leaseSchedule(lease: LeaseMoneyFacts): AmendedRow[] {
  return amendedSchedule(lease.terms, lease.area, lease.amendments);
}

export interface ScheduleSummary {
  years: YearTotal[];
  totals: { rentDueKrw: number; freeRentKrw: number; maintenanceKrw: number };
}

/** Totals per lease year and over the whole schedule: sums of the rows (each already whole won). */
export function scheduleSummary(rows: readonly AmendedRow[]): ScheduleSummary {
  const years = yearlyTotals(rows);
  const totals = years.reduce(
    (sum, year) => ({ rentDueKrw: sum.rentDueKrw + year.rentDueKrw, freeRentKrw: sum.freeRentKrw + year.freeRentKrw, maintenanceKrw: sum.maintenanceKrw + year.maintenanceKrw }),
    { rentDueKrw: 0, freeRentKrw: 0, maintenanceKrw: 0 },
  );
  return { years, totals };
}

/** The dates a person sets on a lease; the rest follow from the terms. */
export interface LeaseDateInput {
  contractOn: string;
  handoverOn: string;
  openingOn: string | null;
}

/**
 * Every date of the lease: commencement is the terms' start, fit-out ends the day before it, rent starts with the
 * first month not rent-free, the term expires after its months (extensions included), a termination may end it earlier.
 */
export function leaseDates(set: LeaseDateInput, lease: LeaseMoneyFacts, rows: readonly AmendedRow[] = leaseSchedule(lease)): LeaseDates {
  const current = currentTerms(lease.terms, lease.amendments);
  const termEnd = addDays(addMonths(lease.terms.startDate, current.termMonths), -1);
  const end = amendedEndsOn(lease.terms, lease.amendments);
  return {
    contractOn: set.contractOn,
    handoverOn: set.handoverOn,
    fitoutEndsOn: addDays(lease.terms.startDate, -1),
    commencementOn: lease.terms.startDate,
    rentStartOn: rows.find((row) => row.phase === 'term' && !row.freeRent)?.periodStart ?? null,
    expiresOn: termEnd,
    openingOn: set.openingOn,
    terminatesOn: end < termEnd ? end : null,
  };
}

/**
 * The dates a new lease starts with: signed today, handed over when the fit-out months start (or on the start
 * date without fit-out), opening on the start date.
 * @example defaultLeaseDates(terms, '2026-12-10') // { contractOn: '2026-12-10', handoverOn: '2027-01-01', openingOn: '2027-03-01' } with 2 fit-out months from 2027-03-01
 */
export function defaultLeaseDates(terms: Pick<DealTerms, 'startDate' | 'fitoutMonths'>, today: string): LeaseDateInput {
  const handoverOn = addMonths(terms.startDate, -terms.fitoutMonths);
  return { contractOn: today < handoverOn ? today : handoverOn, handoverOn, openingOn: terms.startDate };
}

/**
 * The deposit's default installments: 계약금 (the terms' %) on the contract day, 잔금 (the rest) on handover.
 * @example defaultDepositSchedule({ depositKrw: 180_000_000, contractDepositPct: 10 }, dates) // [18,000,000 on contractOn, 162,000,000 on handoverOn]
 */
export function defaultDepositSchedule(terms: Pick<DealTerms, 'depositKrw' | 'contractDepositPct'>, dates: Pick<LeaseDateInput, 'contractOn' | 'handoverOn'>): DepositInstallment[] {
  if (terms.depositKrw === 0) return [];
  const contract = wholeWon((terms.depositKrw * terms.contractDepositPct) / 100);
  const installments: DepositInstallment[] = [];
  if (contract > 0) installments.push({ kind: 'contract', amountKrw: contract, dueOn: dates.contractOn });
  if (terms.depositKrw - contract > 0) installments.push({ kind: 'balance', amountKrw: terms.depositKrw - contract, dueOn: dates.handoverOn });
  return installments;
}

/** The amounts of the month that holds `today`: before the schedule, its first month; after it, its last. */
export function monthOf(rows: readonly AmendedRow[], today: string): { rentKrw: number; rentDueKrw: number; maintenanceKrw: number } {
  if (rows.length === 0) return { rentKrw: 0, rentDueKrw: 0, maintenanceKrw: 0 };
  const row = rows.find((one) => one.periodStart <= today && today <= one.periodEnd) ?? (today < rows[0]!.periodStart ? rows[0]! : rows.at(-1)!);
  return { rentKrw: row.rentKrw, rentDueKrw: row.rentDueKrw, maintenanceKrw: row.maintenanceKrw };
}

/** The facts signing checks, whatever a draft let through. */
export interface SignableLease {
  tenant: LeaseTenant;
  unitIds: readonly string[];
  dates: LeaseDateInput;
  terms: DealTerms;
  depositSchedule: readonly DepositInstallment[];
}

/**
 * What stops a draft from being signed, field → dictionary key (the same the form shows); empty when it can be.
 * Tenant fields are named without their prefix (`businessNumber`), as the API's errors name them.
 */
export function signProblems(lease: SignableLease): Record<string, string> {
  const problems: Record<string, string> = {};
  const { tenant, dates, terms } = lease;
  if (!tenant.legalName.trim()) problems.legalName = 'leases.errors.legalNameRequired';
  if (!tenant.businessNumber) problems.businessNumber = 'leases.errors.businessNumberRequired';
  else if (!isBusinessNumber(tenant.businessNumber)) problems.businessNumber = 'leases.errors.businessNumberInvalid';
  if (!tenant.representative.trim()) problems.representative = 'leases.errors.representativeRequired';
  if (lease.unitIds.length === 0) problems.unitIds = 'leases.errors.unitsRequired';
  Object.assign(problems, dateProblems(dates, terms));
  const depositProblem = depositSumProblem(lease.depositSchedule, terms.depositKrw);
  if (depositProblem) problems.depositSchedule = depositProblem;
  return problems;
}

/** Dates in the order a lease runs: contract ≤ handover ≤ commencement; opening within handover … expiry. */
export function dateProblems(dates: LeaseDateInput, terms: Pick<DealTerms, 'startDate' | 'termMonths'>): Record<string, string> {
  const problems: Record<string, string> = {};
  const expiresOn = addDays(addMonths(terms.startDate, terms.termMonths), -1);
  if (dates.handoverOn < dates.contractOn) problems['dates.handoverOn'] = 'leases.errors.handoverBeforeContract';
  if (dates.handoverOn > terms.startDate) problems['dates.handoverOn'] = 'leases.errors.handoverAfterCommencement';
  if (dates.openingOn !== null && (dates.openingOn < dates.handoverOn || dates.openingOn > expiresOn)) problems['dates.openingOn'] = 'leases.errors.openingOutsideLease';
  return problems;
}

/** The installments must add up to the deposit (none at all is fine for a lease without one). */
export function depositSumProblem(schedule: readonly DepositInstallment[], depositKrw: number): string | null {
  const sum = schedule.reduce((total, item) => total + item.amountKrw, 0);
  if (schedule.length === 0 && depositKrw === 0) return null;
  return sum === depositKrw ? null : 'leases.errors.depositScheduleSum';
}

/**
 * Why an amendment cannot apply to a signed lease, field → key; empty when it can. Its date must fall within the
 * schedule and not before the latest amendment; a new term must still reach that date; a termination must end the
 * lease no earlier than the amendment and before its expiry.
 */
export function amendmentProblems(lease: LeaseMoneyFacts, effectiveOn: string, changes: TermChanges): Record<string, string> {
  const problems: Record<string, string> = {};
  const rows = leaseSchedule(lease);
  const first = rows[0]?.periodStart ?? lease.terms.startDate;
  const end = amendedEndsOn(lease.terms, lease.amendments);
  const latest = lease.amendments.reduce<string | null>((max, one) => (max === null || one.effectiveOn > max ? one.effectiveOn : max), null);
  if (effectiveOn < first || effectiveOn > end) problems.effectiveOn = 'leases.errors.effectiveOutsideLease';
  else if (latest !== null && effectiveOn < latest) problems.effectiveOn = 'leases.errors.effectiveBeforeLatest';
  if (changes.termMonths !== undefined && addDays(addMonths(lease.terms.startDate, changes.termMonths), -1) < effectiveOn) problems['changes.termMonths'] = 'leases.errors.termEndsBeforeAmendment';
  if (changes.terminatesOn !== undefined && (changes.terminatesOn < effectiveOn || changes.terminatesOn >= end)) problems['changes.terminatesOn'] = 'leases.errors.terminationOutsideLease';
  if (changes.freeRent?.basis === 'perYear' && changes.freeRent.months > 11) problems['changes.freeRent'] = 'leases.errors.freeRentInvalid';
  return problems;
}

export { currentTerms };
