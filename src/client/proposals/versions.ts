import { askingTerms } from '../../shared/deals/asking.ts';
import { formatDay, termText, type DealWords } from '../../shared/deals/display.ts';
import { changedTerms, DEAL_TERM_FIELDS, type DealTermField } from '../../shared/deals/term-fields.ts';
import type { DealTerms } from '../../shared/deals/terms.ts';
import type { Proposal } from '../../shared/proposals/types.ts';

/**
 * A proposal's versions as the panel compares them: what changed against the previous version and against the
 * asking package, and the fields two people may have changed at once (the conflict dialog, decision 033).
 */

/** One changed term, as the timeline and the approvals list show it. */
export interface TermChange {
  field: DealTermField;
  before: string;
  after: string;
}

/** The terms that differ between `before` and `after`, each as a person reads it. */
export function termChanges(before: DealTerms, after: DealTerms, tag: string, t: DealWords): TermChange[] {
  return changedTerms(before, after).map((field) => ({ field, before: termText(field, before, tag, t), after: termText(field, after, tag, t) }));
}

/**
 * What a version offers beyond the asking package (frozen in it): the asking terms over the same term and start,
 * against the offer. Null when the spaces have no asking rent (price on request).
 */
export function changesFromAsking(proposal: Pick<Proposal, 'asking' | 'terms'>, tag: string, t: DealWords): TermChange[] | null {
  const asking = askingTerms(proposal.asking, proposal.terms);
  return asking ? termChanges(asking, proposal.terms, tag, t) : null;
}

/** The version a version continues (its parent), from the list of the inquiry's proposals. */
export function parentOf(proposal: Pick<Proposal, 'parentId'>, all: readonly Proposal[]): Proposal | null {
  return proposal.parentId ? all.find((other) => other.id === proposal.parentId) ?? null : null;
}

/** The fields of a proposal two people may change at once, as the conflict dialog compares them. */
export const PROPOSAL_VERSIONED_FIELDS = ['status', 'unitIds', 'validUntil', 'locale', ...DEAL_TERM_FIELDS] as const;
export type ProposalField = (typeof PROPOSAL_VERSIONED_FIELDS)[number];
export type ProposalFields = Pick<Proposal, 'status' | 'unitIds' | 'validUntil' | 'locale'> & DealTerms;

export const proposalFields = (proposal: Proposal): ProposalFields => ({
  status: proposal.status,
  unitIds: proposal.unitIds,
  validUntil: proposal.validUntil,
  locale: proposal.locale,
  ...proposal.terms,
});

/** The spaces of a proposal as a person names them: '10F 1001, 10F 1002'. */
export function spacesText(proposal: Pick<Proposal, 'units' | 'asking'>, t: DealWords): string {
  const units = proposal.units.length > 0 ? proposal.units : proposal.asking.units;
  return units.map((unit) => `${t(`units.floor.${unit.floor}`)} ${unit.unitNumber}`).join(', ');
}

/** How the conflict dialog shows a proposal's values (its fields are named by their form's labels: field-names.ts). */
export function proposalValueFormat(t: DealWords, tag: string, proposal: Proposal) {
  const terms = (value: unknown, field: DealTermField) => termText(field, { ...proposal.terms, [field]: value } as DealTerms, tag, t);
  return (field: string, value: unknown): string | null => {
    if ((DEAL_TERM_FIELDS as readonly string[]).includes(field)) return terms(value, field as DealTermField);
    if (field === 'status') return t(`proposals.status.${String(value)}`);
    if (field === 'locale') return t(`lang.${String(value)}`);
    if (field === 'validUntil' && typeof value === 'string') return formatDay(value, tag);
    if (field === 'unitIds' && Array.isArray(value)) return spacesText({ ...proposal, units: proposal.units.filter((unit) => value.includes(unit.id)) }, t);
    return null;
  };
}
