import * as v from 'valibot';
import { askingSnapshot, areaOf, askingTerms, prefillTerms, type AskingSnapshot, type AskingUnit } from '../../shared/deals/asking.ts';
import { dealMetrics, type DealMetrics } from '../../shared/deals/economics.ts';
import type { DealRates } from '../../shared/deals/rates.ts';
import { addDays } from '../../shared/deals/schedule.ts';
import { DealTermsSchema, type DealTerms, type DealTermsInput, type FreeRentBasis } from '../../shared/deals/terms.ts';
import { PROPOSAL_LIMITS } from '../../shared/proposals/limits.ts';
import { ProposalCreateSchema } from '../../shared/proposals/schemas.ts';
import { seoulToday } from '../../shared/units/facts.ts';

/**
 * The proposal form as typed: numbers stay text until checked, so "180,000,0" half-typed is kept and a comma
 * typed for thousands is welcome. Checked by the terms' one schema (src/shared/deals/terms.ts), as the API is.
 */
export interface DraftFields {
  unitIds: string[];
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
  tiKrw: string;
  brokerFeeKrw: string;
  contractDepositPct: string;
  /** '' for none. */
  use: string;
  useDetail: string;
  parking: string;
  specialTerms: string;
  validUntil: string;
  locale: string;
}

/** Form field (`freeRent.months`, `validUntil` …) → dictionary key of its message. */
export type DraftErrors = Record<string, string>;

/** A new proposal is valid for two weeks unless the agent says otherwise (issue 39). */
export function defaultValidUntil(now: Date = new Date()): string {
  return addDays(seoulToday(now), PROPOSAL_LIMITS.defaultValidDays);
}

/** The form showing `terms` (a prefill, or the version being edited). */
export function draftFromTerms(terms: DealTerms, rest: Pick<DraftFields, 'unitIds' | 'validUntil' | 'locale'>): DraftFields {
  return {
    ...rest,
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
    tiKrw: String(terms.tiKrw),
    brokerFeeKrw: String(terms.brokerFeeKrw),
    contractDepositPct: String(terms.contractDepositPct),
    use: terms.use ?? '',
    useDetail: terms.useDetail,
    parking: terms.parking,
    specialTerms: terms.specialTerms,
  };
}

/**
 * A typed number: thousands separators, spaces and the won sign are allowed; empty is "not given" (the schema
 * says which field is required); anything else is NaN, which the schema refuses with the field's own message.
 * @example typedNumber('180,000,000') // 180_000_000
 * @example typedNumber('') // undefined
 */
export function typedNumber(text: string): number | undefined {
  const clean = text.replace(/[\s,₩원]/g, '');
  if (clean === '') return undefined;
  return /^-?\d+(\.\d+)?$/.test(clean) ? Number(clean) : Number.NaN;
}

/** The terms as the API takes them (numbers parsed; a required field left empty is left out, so it reads "required"). */
export function termsInput(fields: DraftFields): Partial<Record<keyof DealTermsInput, unknown>> {
  const input: Record<keyof DealTermsInput, unknown> = {
    depositKrw: typedNumber(fields.depositKrw),
    rentPerM2Krw: typedNumber(fields.rentPerM2Krw),
    maintenancePerM2Krw: typedNumber(fields.maintenancePerM2Krw),
    vatExcluded: fields.vatExcluded,
    termMonths: typedNumber(fields.termMonths),
    startDate: fields.startDate === '' ? undefined : fields.startDate,
    fitoutMonths: typedNumber(fields.fitoutMonths) ?? 0,
    freeRent: { basis: fields.freeRentBasis, months: typedNumber(fields.freeRentMonths) ?? 0 },
    escalationPct: typedNumber(fields.escalationPct) ?? 0,
    tiKrw: typedNumber(fields.tiKrw) ?? 0,
    brokerFeeKrw: typedNumber(fields.brokerFeeKrw) ?? 0,
    contractDepositPct: typedNumber(fields.contractDepositPct) ?? 0,
    use: fields.use === '' ? null : fields.use,
    useDetail: fields.useDetail,
    parking: fields.parking,
    specialTerms: fields.specialTerms,
  };
  return Object.fromEntries(Object.entries(input).filter(([, value]) => value !== undefined));
}

export interface CheckedDraft {
  /** The valid terms (for the live figures, whatever else is wrong), or null while any of them is wrong. */
  terms: DealTerms | null;
  /** Every field's message; empty when the draft can be saved. */
  errors: DraftErrors;
}

/** A field's name on the form for an issue's path: `terms.freeRent.months` → `freeRent.months`, `unitIds.0` → `unitIds`. */
export const formField = (path: string) => path.replace(/^terms\./, '').replace(/^unitIds\..*$/, 'unitIds');

/**
 * The form checked as the server checks it: the create schema (spaces, terms, validity, language) and the validity's
 * days against today in Seoul (from today to PROPOSAL_LIMITS.maxValidDays ahead).
 */
export function checkDraft(fields: DraftFields, today: string = seoulToday()): CheckedDraft {
  const input = termsInput(fields);
  const result = v.safeParse(ProposalCreateSchema, { unitIds: fields.unitIds, terms: input, validUntil: fields.validUntil, locale: fields.locale });
  const errors: DraftErrors = {};
  if (!result.success) {
    for (const issue of result.issues) errors[formField(v.getDotPath(issue) ?? '')] ??= issue.message;
  }
  if (!errors.validUntil && fields.validUntil < today) errors.validUntil = 'proposals.errors.validUntilPast';
  if (!errors.validUntil && fields.validUntil > addDays(today, PROPOSAL_LIMITS.maxValidDays)) errors.validUntil = 'proposals.errors.validUntilTooFar';
  const terms = v.safeParse(DealTermsSchema, input);
  return { terms: terms.success ? terms.output : null, errors };
}

/** A space as a proposal freezes its asking terms (the admin list's unit has more; this is what asking reads). */
export const askingUnitOf = (unit: AskingUnit): AskingUnit => ({
  id: unit.id,
  floor: unit.floor,
  unitNumber: unit.unitNumber,
  supplyAreaM2: unit.supplyAreaM2,
  exclusiveAreaM2: unit.exclusiveAreaM2,
  monthlyRent: unit.monthlyRent,
  deposit: unit.deposit,
  maintenanceFee: unit.maintenanceFee,
});

/** The asking package of the chosen spaces, as the server will freeze it on save. */
export function askingOf(units: readonly AskingUnit[], unitIds: readonly string[], rates: Pick<DealRates, 'askingEscalationPct'>, now: Date = new Date()): AskingSnapshot | null {
  const chosen = units.filter((unit) => unitIds.includes(unit.id)).map(askingUnitOf);
  return chosen.length === 0 ? null : askingSnapshot(chosen, rates.askingEscalationPct, now);
}

/** A new proposal's form: the chosen spaces' asking terms, the building's usual term, valid for two weeks. */
export function prefilledDraft(asking: AskingSnapshot | null, rest: Pick<DraftFields, 'unitIds' | 'locale'>, now: Date = new Date()): DraftFields {
  const empty: AskingSnapshot = { units: [], contractAreaM2: 0, exclusiveAreaM2: 0, rentPerM2Krw: null, maintenancePerM2Krw: null, depositKrw: null, escalationPct: 0, takenAt: now.toISOString() };
  const fields = draftFromTerms(prefillTerms(asking ?? empty, seoulToday(now)), { ...rest, validUntil: defaultValidUntil(now) });
  // Price on request: an empty box to fill, not a 0 that reads like an offer of free rent.
  if (asking?.rentPerM2Krw === null || !asking) fields.rentPerM2Krw = '';
  if (asking?.maintenancePerM2Krw === null || !asking) fields.maintenancePerM2Krw = '';
  if (asking?.depositKrw === null || !asking) fields.depositKrw = '';
  return fields;
}

/** The live panel's figures: what the server will compute and store when the draft is saved. */
export function previewMetrics(terms: DealTerms, asking: AskingSnapshot, rates: Pick<DealRates, 'nerDiscountRatePct' | 'depositYieldPct'>): DealMetrics | null {
  if (asking.contractAreaM2 <= 0 || asking.exclusiveAreaM2 <= 0) return null;
  return dealMetrics(terms, areaOf(asking), rates, askingTerms(asking, terms));
}
