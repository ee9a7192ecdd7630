import * as v from 'valibot';
import { UNIT_USES } from '../units/unit.ts';
import { dayProblem } from '../periods.ts';
import { objectMessages } from '../object-messages.ts';
import type { DealTermField } from './term-fields.ts';

/**
 * A deal's terms: what a proposal offers and what a lease signs (research/deals.md §2.1). Money is whole won;
 * rent and 관리비 are per m² of contract (supply) area per month, VAT excluded unless `vatExcluded` is false.
 * One schema for the panel's form, the API and the prospect's counter.
 */

/**
 * How rent-free months are counted: `perYear` gives the first `months` months of every lease year (the Korean
 * "렌트프리 N개월/년"), `upFront` the first `months` months of the term. The basis is always stated.
 */
export const FREE_RENT_BASES = ['perYear', 'upFront'] as const;
export type FreeRentBasis = (typeof FREE_RENT_BASES)[number];

export const DEAL_LIMITS = {
  /** KRW; inside Number.MAX_SAFE_INTEGER with room for × 100 (환산보증금) and sums over a term. */
  amount: 1_000_000_000_000,
  /** KRW per m² per month. */
  perM2: 10_000_000,
  /** 20 years; renewals beyond are new terms. */
  termMonths: 240,
  fitoutMonths: 24,
  /** A year of rent-free per year would be no rent at all. */
  freeMonthsPerYear: 11,
  escalationPct: 30,
  use: 200,
  parking: 500,
  specialTerms: 4000,
} as const;

const msg = (key: string) => `deals.errors.${key}`;

const won = (max: number) =>
  v.pipe(v.number(msg('amountInvalid')), v.integer(msg('amountInvalid')), v.minValue(0, msg('amountInvalid')), v.maxValue(max, msg('amountTooLarge')));

const months = (min: number, max: number, key: string) =>
  v.pipe(v.number(msg(key)), v.integer(msg(key)), v.minValue(min, msg(key)), v.maxValue(max, msg(key)));

/** Percent with at most two decimals. */
const pct = (max: number, key: string) =>
  v.pipe(
    v.number(msg(key)),
    v.finite(msg(key)),
    v.minValue(0, msg(key)),
    v.maxValue(max, msg(key)),
    v.check((value) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-9, msg(key)),
  );

const text = (max: number) => v.optional(v.pipe(v.string(msg('textInvalid')), v.trim(), v.maxLength(max, msg('tooLong'))), '');

const FreeRentSchema = v.strictObject(
  {
    basis: v.picklist(FREE_RENT_BASES, msg('freeRentBasisInvalid')),
    months: months(0, DEAL_LIMITS.termMonths, 'freeRentMonthsInvalid'),
  },
  objectMessages({}, msg('freeRentBasisInvalid'), msg('unknownField')),
);

/** The terms as a form or the API sends them. */
export const DealTermsSchema = v.pipe(
  v.strictObject(
    {
      depositKrw: won(DEAL_LIMITS.amount),
      rentPerM2Krw: won(DEAL_LIMITS.perM2),
      maintenancePerM2Krw: won(DEAL_LIMITS.perM2),
      vatExcluded: v.optional(v.boolean(msg('vatInvalid')), true),
      termMonths: months(1, DEAL_LIMITS.termMonths, 'termInvalid'),
      // A real day in the years any record may name (src/shared/periods.ts): a typo'd 0207 or 9999 is not a deal.
      startDate: v.pipe(v.string(msg('startDateInvalid')), v.check((day) => dayProblem(day) === null, msg('startDateInvalid'))),
      fitoutMonths: v.optional(months(0, DEAL_LIMITS.fitoutMonths, 'fitoutInvalid'), 0),
      freeRent: v.optional(FreeRentSchema, { basis: 'perYear', months: 0 }),
      escalationPct: v.optional(pct(DEAL_LIMITS.escalationPct, 'escalationInvalid'), 0),
      tiKrw: v.optional(won(DEAL_LIMITS.amount), 0),
      brokerFeeKrw: v.optional(won(DEAL_LIMITS.amount), 0),
      contractDepositPct: v.optional(pct(100, 'contractDepositInvalid'), 10),
      /** The permitted use as a category (the spaces' uses), so reports can group by it; `useDetail` says more. */
      use: v.optional(v.nullable(v.picklist(UNIT_USES, msg('useInvalid'))), null),
      useDetail: text(DEAL_LIMITS.use),
      parking: text(DEAL_LIMITS.parking),
      specialTerms: text(DEAL_LIMITS.specialTerms),
    },
    objectMessages(
      {
        depositKrw: msg('depositRequired'),
        rentPerM2Krw: msg('rentRequired'),
        maintenancePerM2Krw: msg('maintenanceRequired'),
        termMonths: msg('termRequired'),
        startDate: msg('startDateRequired'),
      },
      msg('required'),
      msg('unknownField'),
    ),
  ),
  v.forward(
    v.check(
      (terms) => terms.freeRent.basis === 'perYear' ? terms.freeRent.months <= DEAL_LIMITS.freeMonthsPerYear : terms.freeRent.months < terms.termMonths,
      msg('freeRentTooMany'),
    ),
    ['freeRent', 'months'],
  ),
);
export type DealTerms = v.InferOutput<typeof DealTermsSchema>;
export type DealTermsInput = v.InferInput<typeof DealTermsSchema>;

export { DEAL_TERM_FIELDS, changedTerms, type DealTermField } from './term-fields.ts';
/**
 * Checked when compiling: every field a diff compares is a field of the terms, and every field of the terms is
 * compared (a field missing on either side makes the type `never`, and this line fails to compile).
 */
export const TERM_FIELDS_COVER_TERMS: [Exclude<keyof DealTerms, DealTermField> | Exclude<DealTermField, keyof DealTerms>] extends [never] ? true : never = true;

/** The total rent-free months over the term, whatever the basis (what a tenant reads first). */
export function freeMonthsOverTerm(terms: Pick<DealTerms, 'freeRent' | 'termMonths'>): number {
  const { basis, months } = terms.freeRent;
  if (basis === 'upFront') return Math.min(months, terms.termMonths);
  let total = 0;
  for (let yearStart = 0; yearStart < terms.termMonths; yearStart += 12) total += Math.min(months, terms.termMonths - yearStart);
  return total;
}
