import type { DealMetrics } from '../deals/economics.ts';
import { roundPct } from '../deals/money.ts';
import { freeMonthsOverTerm, type DealTerms } from '../deals/terms.ts';

/**
 * When a proposal needs an owner's approval before it may be sent (issue 39, "approval by rule, not by habit"):
 * pure functions over the terms, their stored economics and the owner's settings. Every rule is evaluated and
 * kept with the approval (value, limit, hit), so an automatic approval says by which rules it passed and a
 * pending one which rules it hit.
 */
export interface ApprovalSettings {
  /** Discount vs asking (by NER) above this needs approval. */
  approvalDiscountPct: number;
  /** Rent-free above this many months per lease year (averaged over the term, whatever the basis) needs approval. */
  approvalFreeMonthsPerYear: number;
  /** Any tenant-improvement allowance needs approval. */
  approvalAnyTi: boolean;
  /** Any special terms need approval. */
  approvalAnySpecialTerms: boolean;
}

export const DEFAULT_APPROVAL_SETTINGS: ApprovalSettings = {
  approvalDiscountPct: 5,
  approvalFreeMonthsPerYear: 1,
  approvalAnyTi: true,
  approvalAnySpecialTerms: true,
};

/** The settings form's ranges: a discount threshold 0–100 %, rent-free 0–11 months a year (one decimal each). */
export const APPROVAL_RANGES = {
  discountPct: { min: 0, max: 100 },
  freeMonthsPerYear: { min: 0, max: 11 },
} as const;

export const APPROVAL_RULES = ['discount', 'freeRent', 'ti', 'specialTerms'] as const;
export type ApprovalRule = (typeof APPROVAL_RULES)[number];

/**
 * One rule as it was evaluated. `value` is what the proposal had (discount %, free months a year, TI won, whether
 * special terms were written), `limit` the owner's threshold then (null: the rule is off); `hit`: it needs approval.
 */
export interface RuleResult {
  rule: ApprovalRule;
  value: number | boolean | null;
  limit: number | boolean | null;
  hit: boolean;
}

/**
 * Rent-free months per lease year, averaged over the term: "1 month each year" and "5 up front over 5 years" are
 * both 1 a year (the front-loaded one costs more, which the discount rule sees through NER).
 * @example freeMonthsPerYear({ termMonths: 60, freeRent: { basis: 'upFront', months: 5 } }) // 1
 */
export function freeMonthsPerYear(terms: Pick<DealTerms, 'termMonths' | 'freeRent'>): number {
  return roundPct((freeMonthsOverTerm(terms) * 12) / terms.termMonths);
}

/**
 * Every rule over a proposal. A space without an asking rent (price on request) always hits the discount rule:
 * there is nothing to measure the discount against, so an owner looks at it.
 * @example approvalRules(terms, metrics, DEFAULT_APPROVAL_SETTINGS).filter((rule) => rule.hit)
 */
export function approvalRules(terms: DealTerms, metrics: Pick<DealMetrics, 'discountVsAskingPct'>, settings: ApprovalSettings): RuleResult[] {
  const discount = metrics.discountVsAskingPct;
  const free = freeMonthsPerYear(terms);
  const special = terms.specialTerms.trim() !== '';
  return [
    { rule: 'discount', value: discount, limit: settings.approvalDiscountPct, hit: discount === null || discount > settings.approvalDiscountPct },
    { rule: 'freeRent', value: free, limit: settings.approvalFreeMonthsPerYear, hit: free > settings.approvalFreeMonthsPerYear },
    { rule: 'ti', value: terms.tiKrw, limit: settings.approvalAnyTi ? 0 : null, hit: settings.approvalAnyTi && terms.tiKrw > 0 },
    { rule: 'specialTerms', value: special, limit: settings.approvalAnySpecialTerms ? false : null, hit: settings.approvalAnySpecialTerms && special },
  ];
}

/** Whether any rule asks for an owner. */
export const needsApproval = (rules: readonly RuleResult[]) => rules.some((rule) => rule.hit);
