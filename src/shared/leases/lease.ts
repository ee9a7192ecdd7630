import * as v from 'valibot';
import { BRAND_CATEGORIES, type BrandCategory } from '../brand-basics.ts';
import { DEAL_LIMITS, DealTermsSchema, FREE_RENT_BASES, type DealTerms } from '../deals/terms.ts';
import type { AmendedRow, TermChanges } from '../deals/amendments.ts';
import type { YearTotal } from '../deals/schedule.ts';
import { isCalendarDay } from '../inquiry-rules.ts';
import { objectMessages } from '../object-messages.ts';
import { OBJECT_PATH_PATTERN } from '../uploads.ts';
import { businessNumberDigits, formatBusinessNumber, isBusinessNumber } from './business-number.ts';
import type { LeaseStatus, RenewalFacts } from './dates.ts';
import type { DirectoryState } from './directory.ts';

/**
 * The lease (issue 40): the record a won deal becomes, opened from the inquiry's accepted proposal (or an owner's
 * override with a reason) and prefilled from it. One schema for the panel's form and the API. Money lives in the
 * terms (src/shared/deals, decision 054); the schedule is generated from them, never typed.
 */

export const LEASE_LIMITS = {
  legalName: 200,
  representative: 100,
  contactName: 100,
  contactTitle: 100,
  phone: 40,
  email: 254,
  contacts: 5,
  unitIds: 20,
  installments: 6,
  reason: 1000,
  brandName: 100,
} as const;

const msg = (key: string) => `leases.errors.${key}`;

const day = (key: string) => v.pipe(v.string(msg(key)), v.check(isCalendarDay, msg(key)));
const text = (max: number, key = 'textInvalid') => v.pipe(v.string(msg(key)), v.trim(), v.maxLength(max, msg('tooLong')));
const uuid = (key: string) => v.pipe(v.string(msg(key)), v.uuid(msg(key)), v.transform((id) => id.toLowerCase()));
const won = () => v.pipe(v.number(msg('amountInvalid')), v.integer(msg('amountInvalid')), v.minValue(0, msg('amountInvalid')), v.maxValue(DEAL_LIMITS.amount, msg('amountTooLarge')));

/** A 사업자등록번호 as typed (hyphens optional), stored as XXX-XX-XXXXX; '' means not known yet (a draft). */
export const BusinessNumberSchema = v.pipe(
  v.string(msg('businessNumberInvalid')),
  v.trim(),
  v.check((value) => value === '' || isBusinessNumber(value), msg('businessNumberInvalid')),
  v.transform((value) => (value === '' ? '' : formatBusinessNumber(businessNumberDigits(value)!))),
);

/** A person of the tenant the team deals with (billing, facilities …): personal data, kept for the lease + 5 years. */
export const LeaseContactSchema = v.pipe(
  v.strictObject(
    {
      name: v.pipe(text(LEASE_LIMITS.contactName), v.nonEmpty(msg('contactNameRequired'))),
      title: v.optional(text(LEASE_LIMITS.contactTitle), ''),
      phone: v.optional(text(LEASE_LIMITS.phone), ''),
      email: v.optional(v.union([v.literal(''), v.pipe(v.string(), v.trim(), v.maxLength(LEASE_LIMITS.email, msg('tooLong')), v.email(msg('emailInvalid')))], msg('emailInvalid')), ''),
    },
    objectMessages({ name: msg('contactNameRequired') }, msg('contactNameRequired'), msg('unknownField')),
  ),
  v.forward(v.check((contact) => contact.phone !== '' || contact.email !== '', msg('contactReachRequired')), ['phone']),
);
export type LeaseContact = v.InferOutput<typeof LeaseContactSchema>;

const ContactsSchema = v.pipe(v.array(LeaseContactSchema, msg('contactsInvalid')), v.maxLength(LEASE_LIMITS.contacts, msg('tooManyContacts')));

/** The tenant as a draft holds it: anything may still be empty; signing asks for all but the contacts. */
export const LeaseTenantSchema = v.strictObject(
  {
    legalName: v.optional(text(LEASE_LIMITS.legalName)),
    businessNumber: v.optional(BusinessNumberSchema),
    representative: v.optional(text(LEASE_LIMITS.representative)),
    contacts: v.optional(ContactsSchema),
  },
  objectMessages({}, msg('textInvalid'), msg('unknownField')),
);
export type LeaseTenantPatch = v.InferOutput<typeof LeaseTenantSchema>;

export interface LeaseTenant {
  legalName: string;
  /** XXX-XX-XXXXX, or '' while a draft does not know it. */
  businessNumber: string;
  representative: string;
  contacts: LeaseContact[];
}

/** 계약금 / 중도금 / 잔금: the deposit paid in installments, each with its day. */
export const DEPOSIT_KINDS = ['contract', 'interim', 'balance'] as const;
export type DepositKind = (typeof DEPOSIT_KINDS)[number];

export const DepositInstallmentSchema = v.strictObject(
  {
    kind: v.picklist(DEPOSIT_KINDS, msg('installmentKindInvalid')),
    amountKrw: won(),
    dueOn: day('dateInvalid'),
  },
  objectMessages({ kind: msg('installmentKindInvalid'), amountKrw: msg('amountInvalid'), dueOn: msg('dateInvalid') }, msg('installmentInvalid'), msg('unknownField')),
);
export type DepositInstallment = v.InferOutput<typeof DepositInstallmentSchema>;

/** Installments in the order paid: one 계약금 first, 중도금 between, one 잔금 last; their sum is the deposit (checked with the terms). */
export const DepositScheduleSchema = v.pipe(
  v.array(DepositInstallmentSchema, msg('installmentsInvalid')),
  v.maxLength(LEASE_LIMITS.installments, msg('installmentsInvalid')),
  v.check((items) => depositScheduleProblem(items) === null, msg('installmentsOrder')),
);

/** Why a deposit schedule's shape is wrong (its sum is checked against the deposit elsewhere), or null. */
export function depositScheduleProblem(items: readonly DepositInstallment[]): string | null {
  if (items.length === 0) return null;
  const kinds = items.map((item) => item.kind);
  if (kinds.filter((kind) => kind === 'contract').length > 1 || kinds.filter((kind) => kind === 'balance').length > 1) return msg('installmentsOrder');
  if (kinds.includes('contract') && kinds[0] !== 'contract') return msg('installmentsOrder');
  if (kinds.includes('balance') && kinds.at(-1) !== 'balance') return msg('installmentsOrder');
  for (let i = 1; i < items.length; i++) if (items[i]!.dueOn < items[i - 1]!.dueOn) return msg('installmentsOrder');
  return null;
}

/** The dates a person sets; commencement is the terms' start, and fit-out end, rent start and expiry follow from the terms. */
export const LeaseDatesSchema = v.strictObject(
  {
    contractOn: v.optional(day('dateInvalid')),
    handoverOn: v.optional(day('dateInvalid')),
    openingOn: v.optional(v.nullable(day('dateInvalid'))),
  },
  objectMessages({}, msg('dateInvalid'), msg('unknownField')),
);

/** The brand a draft will link (an existing one) or create when signed (a new draft brand, hidden). */
export const NewBrandSchema = v.strictObject(
  {
    name: v.pipe(text(LEASE_LIMITS.brandName), v.nonEmpty(msg('brandNameRequired'))),
    category: v.picklist(BRAND_CATEGORIES, msg('brandCategoryInvalid')),
  },
  objectMessages({ name: msg('brandNameRequired'), category: msg('brandCategoryInvalid') }, msg('brandNameRequired'), msg('unknownField')),
);
export type NewBrand = { name: string; category: BrandCategory };

/** POST /api/inquiries/{id}/lease. */
export const LeaseCreateSchema = v.strictObject(
  {
    proposalId: v.optional(uuid('proposalInvalid')),
    overrideReason: v.optional(v.pipe(text(LEASE_LIMITS.reason), v.nonEmpty(msg('overrideReasonRequired')))),
  },
  objectMessages({}, msg('textInvalid'), msg('unknownField')),
);
export type LeaseCreate = v.InferOutput<typeof LeaseCreateSchema>;

/**
 * PATCH /api/leases/{id}: a draft takes any of these; a signed lease only `tenant.contacts` (anything else is 409
 * `lease_signed`: terms change by amendment).
 */
export const LeasePatchSchema = v.strictObject(
  {
    tenant: v.optional(LeaseTenantSchema),
    brandId: v.optional(v.nullable(uuid('brandInvalid'))),
    newBrand: v.optional(v.nullable(NewBrandSchema)),
    unitIds: v.optional(v.pipe(v.array(uuid('unitInvalid'), msg('unitInvalid')), v.minLength(1, msg('unitsRequired')), v.maxLength(LEASE_LIMITS.unitIds, msg('unitInvalid')))),
    dates: v.optional(LeaseDatesSchema),
    depositSchedule: v.optional(DepositScheduleSchema),
    terms: v.optional(DealTermsSchema),
  },
  objectMessages({}, msg('textInvalid'), msg('unknownField')),
);
export type LeasePatch = v.InferOutput<typeof LeasePatchSchema>;

/**
 * An owner's release of another inquiry's hold on the lease's spaces (decision 058's amendment): signing over an
 * accepted proposal's hold is refused (409 `unit_reserved`) unless the owner says so, with the reason the holding
 * inquiry's team reads. Its field errors answer as `fields.reason`.
 */
export const HoldReleaseSchema = v.strictObject(
  { reason: v.pipe(text(LEASE_LIMITS.reason, 'releaseReasonRequired'), v.nonEmpty(msg('releaseReasonRequired'))) },
  objectMessages({ reason: msg('releaseReasonRequired') }, msg('releaseReasonRequired'), msg('unknownField')),
);

/**
 * POST /api/leases/{id}/sign: the day it was signed and the signed PDF (uploaded as a private lease document); with
 * `releaseHolds`, another inquiry's accepted proposal's hold on a space is released for this lease.
 */
export const LeaseSignSchema = v.strictObject(
  {
    signedOn: day('signedOnInvalid'),
    documentPath: v.pipe(v.string(msg('documentRequired')), v.regex(OBJECT_PATH_PATTERN, msg('documentRequired'))),
    releaseHolds: v.optional(HoldReleaseSchema),
  },
  objectMessages({ signedOn: msg('signedOnInvalid'), documentPath: msg('documentRequired') }, msg('documentRequired'), msg('unknownField')),
);
export type LeaseSign = v.InferOutput<typeof LeaseSignSchema>;

const pct = (max: number) =>
  v.pipe(v.number(msg('escalationInvalid')), v.finite(msg('escalationInvalid')), v.minValue(0, msg('escalationInvalid')), v.maxValue(max, msg('escalationInvalid')), v.check((value) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-9, msg('escalationInvalid')));
const months = (min: number, max: number, key: string) => v.pipe(v.number(msg(key)), v.integer(msg(key)), v.minValue(min, msg(key)), v.maxValue(max, msg(key)));

/** What an amendment changes: at least one of these (src/shared/deals/amendments.ts says how each applies). */
export const TermChangesSchema = v.pipe(
  v.strictObject(
    {
      rentPerM2Krw: v.optional(v.pipe(won(), v.maxValue(DEAL_LIMITS.perM2, msg('amountTooLarge')))),
      maintenancePerM2Krw: v.optional(v.pipe(won(), v.maxValue(DEAL_LIMITS.perM2, msg('amountTooLarge')))),
      escalationPct: v.optional(pct(DEAL_LIMITS.escalationPct)),
      freeRent: v.optional(v.strictObject({ basis: v.picklist(FREE_RENT_BASES, msg('freeRentInvalid')), months: months(0, DEAL_LIMITS.freeMonthsPerYear, 'freeRentInvalid') }, objectMessages({}, msg('freeRentInvalid'), msg('unknownField')))),
      termMonths: v.optional(months(1, DEAL_LIMITS.termMonths, 'termInvalid')),
      depositKrw: v.optional(won()),
      terminatesOn: v.optional(day('dateInvalid')),
    },
    objectMessages({}, msg('changesInvalid'), msg('unknownField')),
  ),
  v.check((changes) => Object.values(changes).some((value) => value !== undefined), msg('changesRequired')),
);

/** POST /api/leases/{id}/amendments. */
export const LeaseAmendmentSchema = v.strictObject(
  {
    effectiveOn: day('effectiveOnInvalid'),
    changes: TermChangesSchema,
    reason: v.pipe(text(LEASE_LIMITS.reason), v.nonEmpty(msg('reasonRequired'))),
  },
  objectMessages({ effectiveOn: msg('effectiveOnInvalid'), changes: msg('changesRequired'), reason: msg('reasonRequired') }, msg('changesRequired'), msg('unknownField')),
);
export type LeaseAmendmentInput = v.InferOutput<typeof LeaseAmendmentSchema>;

/** GET /api/leases filters; empty or absent means all. */
export const LeaseFilterSchema = v.strictObject(
  {
    status: v.optional(v.picklist(['draft', 'signed', 'fitout', 'active', 'expiring', 'ended', 'live'] as const, msg('statusInvalid'))),
    floor: v.optional(v.pipe(v.string(msg('floorInvalid')), v.maxLength(3, msg('floorInvalid')))),
    expiresBefore: v.optional(day('dateInvalid')),
    search: v.optional(v.pipe(v.string(msg('textInvalid')), v.trim(), v.maxLength(100, msg('tooLong')))),
  },
  objectMessages({}, msg('textInvalid'), msg('unknownField')),
);
export type LeaseFilter = v.InferOutput<typeof LeaseFilterSchema>;

/** One amendment as the lease shows it: what it changed (and what those fields were before), why, by whom. */
export interface LeaseAmendment {
  id: string;
  number: number;
  effectiveOn: string;
  changes: TermChanges;
  /** The values the changes replaced, field by field (the terms' fields, `terminatesOn`: the end before). */
  before: Partial<Record<keyof TermChanges, unknown>>;
  reason: string;
  by: { id: string | null; name: string | null };
  createdAt: string;
}

export interface LeaseUnit {
  id: string;
  floor: string;
  unitNumber: string;
  supplyAreaM2: number;
  exclusiveAreaM2: number;
}

export interface LeaseDates {
  contractOn: string;
  handoverOn: string;
  /** The day before commencement. */
  fitoutEndsOn: string;
  commencementOn: string;
  /** The first month whose rent is due (after rent-free months at the start). */
  rentStartOn: string | null;
  /** The term's last day, extensions included. */
  expiresOn: string;
  openingOn: string | null;
  /** An early termination's last day, or null. */
  terminatesOn: string | null;
}

export interface LeaseDocument {
  path: string;
  filename: string | null;
  size: number | null;
}

/** A lease as the API answers it (GET /api/leases/{id}); a viewer's has the tenant's people masked. */
export interface Lease {
  id: string;
  inquiryId: string;
  proposalId: string | null;
  /** The lease this one renews (same tenant and spaces), or null. */
  renewalOf: string | null;
  status: LeaseStatus;
  overrideReason: string | null;
  tenant: LeaseTenant;
  brandId: string | null;
  newBrand: NewBrand | null;
  brand: { id: string; name: string; directoryState: DirectoryState; openingOn: string | null } | null;
  unitIds: string[];
  units: LeaseUnit[];
  area: { contractM2: number; exclusiveM2: number };
  dates: LeaseDates;
  deposit: { amountKrw: number; schedule: DepositInstallment[] };
  /** The terms as signed (a draft's as they stand). */
  terms: DealTerms;
  /** The terms in force after the amendments. */
  currentTerms: DealTerms;
  amendments: LeaseAmendment[];
  signedOn: string | null;
  signedBy: { id: string | null; name: string | null } | null;
  document: LeaseDocument | null;
  /** The agent the lease's mails go to (the inquiry's assignee when it was opened, or who opened it). */
  /** When the retention run destroyed the representative, contacts and signed PDF (5 years after the end); null before. */
  personalDestroyedAt: string | null;
  agentId: string | null;
  renewal: RenewalFacts;
  /** This month's figures (the schedule's row of today, or the first row before the term). */
  monthly: { rentKrw: number; rentDueKrw: number; maintenanceKrw: number };
  createdAt: string;
  updatedAt: string;
  version: number;
}

/** A row of GET /api/leases. */
export type LeaseListItem = Pick<Lease, 'id' | 'inquiryId' | 'status' | 'tenant' | 'brand' | 'units' | 'area' | 'dates' | 'deposit' | 'monthly' | 'signedOn' | 'version'>;

export interface LeaseScheduleAnswer {
  leaseId: string;
  rows: AmendedRow[];
  years: YearTotal[];
  totals: { rentDueKrw: number; freeRentKrw: number; maintenanceKrw: number };
}
