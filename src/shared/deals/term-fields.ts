/**
 * The terms' field names and their diff, free of the schema (terms.ts, which brings valibot): the prospect's
 * proposal page lists and compares terms under a 10 KB script budget. terms.ts checks these against DealTerms.
 */

/** The fields a terms diff compares, in the order a person reads them (version timeline, counter, amendments). */
export const DEAL_TERM_FIELDS = [
  'depositKrw', 'rentPerM2Krw', 'maintenancePerM2Krw', 'vatExcluded', 'termMonths', 'startDate', 'fitoutMonths', 'freeRent',
  'escalationPct', 'tiKrw', 'brokerFeeKrw', 'contractDepositPct', 'use', 'useDetail', 'parking', 'specialTerms',
] as const;
export type DealTermField = (typeof DEAL_TERM_FIELDS)[number];

/**
 * The fields whose values differ between two versions of the terms, in reading order.
 * @example changedTerms(v1, { ...v1, rentPerM2Krw: 35_000 }) // ['rentPerM2Krw']
 */
export function changedTerms<T extends Record<DealTermField, unknown>>(before: T, after: T): DealTermField[] {
  return DEAL_TERM_FIELDS.filter((field) => JSON.stringify(before[field]) !== JSON.stringify(after[field]));
}
