/**
 * The owner's rates the economics use (settings; these are the defaults and the ranges the settings form accepts).
 * - nerDiscountRatePct: the yearly rate NER discounts at (monthly, rent paid in advance);
 * - depositYieldPct: what the owner earns on a deposit a year (보증금 운용이율), for NOC — not the Act's §12 cap;
 * - askingEscalationPct: the yearly escalation the asking package assumes from month 13, as an offer's is.
 */
export interface DealRates {
  nerDiscountRatePct: number;
  depositYieldPct: number;
  askingEscalationPct: number;
}

export const DEFAULT_DEAL_RATES: DealRates = { nerDiscountRatePct: 5, depositYieldPct: 4, askingEscalationPct: 3 };

/** Percent a year, one decimal at most. */
export const DEAL_RATE_RANGE = { min: 0, max: 30 } as const;
