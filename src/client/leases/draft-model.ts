import * as v from 'valibot';
import type { DealArea } from '../../shared/deals/cash-flows.ts';
import { DealTermsSchema, FREE_RENT_BASES, type DealTerms, type FreeRentBasis } from '../../shared/deals/terms.ts';
import { DEAL_TERM_FIELDS } from '../../shared/deals/term-fields.ts';
import type { BrandCategory } from '../../shared/brand-basics.ts';
import { formatBusinessNumber, isBusinessNumber, businessNumberDigits } from '../../shared/leases/business-number.ts';
import {
  DEPOSIT_KINDS, LeasePatchSchema, type DepositInstallment, type DepositKind, type Lease, type LeaseContact, type LeasePatch, type NewBrand,
} from '../../shared/leases/lease.ts';
import { dateProblems, defaultDepositSchedule, depositSumProblem, leaseDates, leaseSchedule, type LeaseDateInput } from '../../shared/leases/schedule.ts';
import { typedNumber } from '../proposals/draft-model.ts';

/**
 * A lease draft's form as typed (issue 40): numbers stay text until checked, so "180,000,0" half-typed is kept and
 * commas are welcome. Checked by the lease's one schema (src/shared/leases/lease.ts) and its rules (schedule.ts),
 * as the API checks it; the derived dates and the schedule come from the same functions the server uses.
 */

export type BrandChoice = 'existing' | 'new' | 'none';

export interface InstallmentFields {
  kind: DepositKind;
  amountKrw: string;
  dueOn: string;
}

export interface LeaseDraftFields {
  legalName: string;
  businessNumber: string;
  representative: string;
  contacts: LeaseContact[];
  brandChoice: BrandChoice;
  brandId: string;
  newBrandName: string;
  newBrandCategory: BrandCategory | '';
  unitIds: string[];
  contractOn: string;
  handoverOn: string;
  openingOn: string;
  installments: InstallmentFields[];
  depositKrw: string;
  rentPerM2Krw: string;
  maintenancePerM2Krw: string;
  vatExcluded: boolean;
  termMonths: string;
  startDate: string;
  fitoutMonths: string;
  freeRentBasis: FreeRentBasis;
  freeRentMonths: string;
  escalationPct: string;
  /** The terms the form does not show (TI, broker fee, use, parking, special terms…): kept as the proposal gave them. */
  otherTerms: DealTerms;
}

/** Form field → dictionary key of its message. */
export type LeaseDraftErrors = Record<string, string>;

/** The form showing a lease as stored. */
export function draftFromLease(lease: Lease): LeaseDraftFields {
  const { terms } = lease;
  return {
    legalName: lease.tenant.legalName,
    businessNumber: lease.tenant.businessNumber,
    representative: lease.tenant.representative,
    contacts: lease.tenant.contacts.map((contact) => ({ ...contact })),
    brandChoice: lease.brandId ? 'existing' : lease.newBrand ? 'new' : 'none',
    brandId: lease.brandId ?? '',
    newBrandName: lease.newBrand?.name ?? '',
    newBrandCategory: lease.newBrand?.category ?? '',
    unitIds: [...lease.unitIds],
    contractOn: lease.dates.contractOn,
    handoverOn: lease.dates.handoverOn,
    openingOn: lease.dates.openingOn ?? '',
    installments: lease.deposit.schedule.map((item) => ({ kind: item.kind, amountKrw: String(item.amountKrw), dueOn: item.dueOn })),
    depositKrw: String(terms.depositKrw),
    rentPerM2Krw: String(terms.rentPerM2Krw),
    maintenancePerM2Krw: String(terms.maintenancePerM2Krw),
    vatExcluded: terms.vatExcluded,
    termMonths: String(terms.termMonths),
    startDate: terms.startDate,
    fitoutMonths: String(terms.fitoutMonths),
    freeRentBasis: terms.freeRent.basis,
    freeRentMonths: String(terms.freeRent.months),
    escalationPct: String(terms.escalationPct),
    otherTerms: terms,
  };
}

/** The fields of a lease two people may change at once, as the conflict dialog compares them (decision 033). */
export const LEASE_VERSIONED_FIELDS = [
  'status', 'legalName', 'businessNumber', 'representative', 'contacts', 'brandId', 'newBrand', 'unitIds', 'contractOn', 'handoverOn', 'openingOn',
  'depositSchedule', ...DEAL_TERM_FIELDS,
] as const;
export type LeaseField = (typeof LEASE_VERSIONED_FIELDS)[number];
export type LeaseFields = {
  status: Lease['status'];
  legalName: string;
  businessNumber: string;
  representative: string;
  contacts: LeaseContact[];
  brandId: string | null;
  newBrand: NewBrand | null;
  unitIds: string[];
  contractOn: string;
  handoverOn: string;
  openingOn: string | null;
  depositSchedule: DepositInstallment[];
} & DealTerms;

/** A stored lease in the shape the conflict dialog compares. */
export const leaseFields = (lease: Lease): LeaseFields => ({
  status: lease.status,
  legalName: lease.tenant.legalName,
  businessNumber: lease.tenant.businessNumber,
  representative: lease.tenant.representative,
  contacts: lease.tenant.contacts,
  brandId: lease.brandId,
  newBrand: lease.newBrand,
  unitIds: lease.unitIds,
  contractOn: lease.dates.contractOn,
  handoverOn: lease.dates.handoverOn,
  openingOn: lease.dates.openingOn,
  depositSchedule: lease.deposit.schedule,
  ...lease.terms,
});

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * The PATCH that turns `from` into `to`: only what differs (a deposit schedule nobody touched is left to follow
 * the deposit and the dates, as the server does), terms whole when any of them changed; null when nothing did.
 */
export function leasePatchBetween(from: LeaseFields, to: LeaseFields): LeasePatch | null {
  const patch: LeasePatch = {};
  const tenant: NonNullable<LeasePatch['tenant']> = {};
  for (const field of ['legalName', 'businessNumber', 'representative', 'contacts'] as const) {
    if (!same(from[field], to[field])) (tenant as Record<string, unknown>)[field] = to[field];
  }
  if (Object.keys(tenant).length > 0) patch.tenant = tenant;
  if (!same(from.brandId, to.brandId) || !same(from.newBrand, to.newBrand)) {
    if (to.brandId) patch.brandId = to.brandId;
    else if (to.newBrand) patch.newBrand = to.newBrand;
    else {
      patch.brandId = null;
      patch.newBrand = null;
    }
  }
  if (!same(from.unitIds, to.unitIds)) patch.unitIds = to.unitIds;
  const dates: NonNullable<LeasePatch['dates']> = {};
  if (from.contractOn !== to.contractOn) dates.contractOn = to.contractOn;
  if (from.handoverOn !== to.handoverOn) dates.handoverOn = to.handoverOn;
  if (from.openingOn !== to.openingOn) dates.openingOn = to.openingOn;
  if (Object.keys(dates).length > 0) patch.dates = dates;
  if (!same(from.depositSchedule, to.depositSchedule)) patch.depositSchedule = to.depositSchedule;
  if (DEAL_TERM_FIELDS.some((field) => !same(from[field], to[field]))) {
    patch.terms = Object.fromEntries(DEAL_TERM_FIELDS.map((field) => [field, to[field]])) as DealTerms;
  }
  return Object.keys(patch).length > 0 ? patch : null;
}

/** The terms as typed, for the terms' schema (a required field left empty is left out, so it reads "required"). */
function termsInput(fields: LeaseDraftFields): Record<string, unknown> {
  const input: Record<string, unknown> = {
    ...fields.otherTerms,
    depositKrw: typedNumber(fields.depositKrw),
    rentPerM2Krw: typedNumber(fields.rentPerM2Krw),
    maintenancePerM2Krw: typedNumber(fields.maintenancePerM2Krw),
    vatExcluded: fields.vatExcluded,
    termMonths: typedNumber(fields.termMonths),
    startDate: fields.startDate === '' ? undefined : fields.startDate,
    fitoutMonths: typedNumber(fields.fitoutMonths) ?? 0,
    freeRent: { basis: fields.freeRentBasis, months: typedNumber(fields.freeRentMonths) ?? 0 },
    escalationPct: typedNumber(fields.escalationPct) ?? 0,
  };
  return Object.fromEntries(Object.entries(input).filter(([, value]) => value !== undefined));
}

/** The installments as typed. */
const installmentsInput = (fields: LeaseDraftFields) =>
  fields.installments.map((item) => ({ kind: item.kind, amountKrw: typedNumber(item.amountKrw) ?? Number.NaN, dueOn: item.dueOn }));

/** A form field's name for an issue's path: `terms.freeRent.months` → `freeRent.months`, `tenant.businessNumber` → `businessNumber`. */
export const formField = (path: string) => path.replace(/^terms\./, '').replace(/^tenant\./, '').replace(/^unitIds\..*$/, 'unitIds');

export interface CheckedLeaseDraft {
  /** The form as the API stores it, or null while anything is wrong. */
  fields: LeaseFields | null;
  /** The valid terms (for the live dates and schedule, whatever else is wrong), or null. */
  terms: DealTerms | null;
  errors: LeaseDraftErrors;
}

/**
 * The form checked as the server checks a PATCH: the lease's schema (a 사업자등록번호's checksum at its field), the
 * dates in the order a lease runs, the installments adding up to the deposit. A draft may still miss what signing
 * needs (a representative, the number): that is said beside the sign button, not here.
 */
export function checkLeaseDraft(fields: LeaseDraftFields, status: Lease['status']): CheckedLeaseDraft {
  const body = {
    tenant: { legalName: fields.legalName, businessNumber: fields.businessNumber, representative: fields.representative, contacts: fields.contacts },
    ...(fields.brandChoice === 'existing' ? { brandId: fields.brandId } : {}),
    ...(fields.brandChoice === 'new' ? { newBrand: { name: fields.newBrandName, category: fields.newBrandCategory } } : {}),
    unitIds: fields.unitIds,
    dates: { contractOn: fields.contractOn, handoverOn: fields.handoverOn, openingOn: fields.openingOn === '' ? null : fields.openingOn },
    depositSchedule: installmentsInput(fields),
    terms: termsInput(fields),
  };
  const errors: LeaseDraftErrors = {};
  const result = v.safeParse(LeasePatchSchema, body);
  if (!result.success) {
    for (const issue of result.issues) errors[formField(v.getDotPath(issue) ?? '')] ??= issue.message;
  }
  if (fields.brandChoice === 'existing' && !fields.brandId) errors.brandId ??= 'leases.errors.brandInvalid';
  const termsResult = v.safeParse(DealTermsSchema, body.terms);
  const terms = termsResult.success ? termsResult.output : null;
  if (!result.success || !terms) return { fields: null, terms, errors };
  const parsed = result.output;
  const set: LeaseDateInput = { contractOn: parsed.dates!.contractOn!, handoverOn: parsed.dates!.handoverOn!, openingOn: parsed.dates!.openingOn ?? null };
  Object.assign(errors, dateProblems(set, terms));
  const sumProblem = depositSumProblem(parsed.depositSchedule!, terms.depositKrw);
  if (sumProblem) errors.depositSchedule = sumProblem;
  if (Object.keys(errors).length > 0) return { fields: null, terms, errors };
  return {
    terms,
    errors,
    fields: {
      status,
      legalName: parsed.tenant!.legalName!,
      businessNumber: parsed.tenant!.businessNumber!,
      representative: parsed.tenant!.representative!,
      contacts: parsed.tenant!.contacts!,
      brandId: parsed.brandId ?? null,
      newBrand: parsed.newBrand ?? null,
      unitIds: parsed.unitIds!,
      contractOn: set.contractOn,
      handoverOn: set.handoverOn,
      openingOn: set.openingOn,
      depositSchedule: parsed.depositSchedule!,
      ...terms,
    },
  };
}

/**
 * The 사업자등록번호 field's own check, said when the person leaves it: empty is fine for a draft; a wrong one
 * names the field (the checksum, src/shared/leases/business-number.ts).
 */
export function businessNumberProblem(value: string): string | null {
  return value.trim() === '' || isBusinessNumber(value) ? null : 'leases.errors.businessNumberInvalid';
}

/** The number as it is stored (XXX-XX-XXXXX) once it is ten digits; as typed otherwise. */
export function tidyBusinessNumber(value: string): string {
  return businessNumberDigits(value) ? formatBusinessNumber(value) : value;
}

/** The area of the chosen spaces (contract = supply, exclusive), as the server sums it. */
export function areaOfUnits(units: readonly { id: string; supplyAreaM2: number; exclusiveAreaM2: number }[], unitIds: readonly string[]): DealArea {
  const chosen = units.filter((unit) => unitIds.includes(unit.id));
  return {
    contractM2: Math.round(chosen.reduce((sum, unit) => sum + unit.supplyAreaM2, 0) * 100) / 100,
    exclusiveM2: Math.round(chosen.reduce((sum, unit) => sum + unit.exclusiveAreaM2, 0) * 100) / 100,
  };
}

/** The dates and schedule the draft's terms make (the same functions the server stores them with). */
export function draftPreview(terms: DealTerms, area: DealArea, set: LeaseDateInput) {
  const facts = { terms, area, amendments: [] };
  const rows = leaseSchedule(facts);
  return { rows, dates: leaseDates(set, facts, rows) };
}

/**
 * Installments nobody typed follow the deposit and the dates (as the server does): when the form's installments
 * are the defaults of what they were made from, they become the defaults of the new deposit and dates.
 */
export function followingInstallments(before: LeaseDraftFields, after: LeaseDraftFields): InstallmentFields[] {
  const defaults = (fields: LeaseDraftFields) => {
    const deposit = typedNumber(fields.depositKrw);
    if (deposit === undefined || !Number.isFinite(deposit)) return null;
    return defaultDepositSchedule({ depositKrw: deposit, contractDepositPct: fields.otherTerms.contractDepositPct }, fields).map((item) => ({ kind: item.kind, amountKrw: String(item.amountKrw), dueOn: item.dueOn }));
  };
  const was = defaults(before);
  if (!was || !same(was, before.installments)) return after.installments;
  return defaults(after) ?? after.installments;
}

export const NEW_INSTALLMENT = (dueOn: string): InstallmentFields => ({ kind: 'interim', amountKrw: '', dueOn });
export { DEPOSIT_KINDS, FREE_RENT_BASES };
