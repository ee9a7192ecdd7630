/**
 * A proposal's life (issue 39; docs/api/proposals.md). The inquiry is the deal; its proposals are versions of
 * offered terms. Landlord versions go draft → pending_approval → approved → sent → an answer; a prospect's counter
 * is stored as the next version, proposed by the prospect, already `sent` (it is on the table, from them to us).
 */
export const PROPOSAL_STATUSES = [
  'draft',
  'pending_approval',
  'changes_requested',
  'rejected',
  'approved',
  'sent',
  'accepted',
  'declined',
  'countered',
  'expired',
  'withdrawn',
  'superseded',
] as const;
export type ProposalStatus = (typeof PROPOSAL_STATUSES)[number];

export const PROPOSERS = ['landlord', 'prospect'] as const;
export type ProposedBy = (typeof PROPOSERS)[number];

/** Not yet sent: an edit changes this version (and voids its approval); sending freezes it. */
export const EDITABLE_STATUSES: readonly ProposalStatus[] = ['draft', 'pending_approval', 'changes_requested', 'approved'];

/** Where a version's story ends: nothing moves it any more (only a new version continues the negotiation). */
export const FINAL_STATUSES: readonly ProposalStatus[] = ['rejected', 'accepted', 'declined', 'countered', 'expired', 'withdrawn', 'superseded'];

/** What a next version (an edit of what the prospect saw, or our answer to their counter) can continue from. */
export const REVISABLE_STATUSES: readonly ProposalStatus[] = ['sent', 'rejected', 'declined', 'countered', 'expired', 'withdrawn'];

/** What may be withdrawn: anything not yet answered or closed. */
export const WITHDRAWABLE_STATUSES: readonly ProposalStatus[] = ['draft', 'pending_approval', 'changes_requested', 'approved', 'sent'];

export const isEditable = (status: ProposalStatus) => EDITABLE_STATUSES.includes(status);
export const isFinal = (status: ProposalStatus) => FINAL_STATUSES.includes(status);

/** What an owner decides on a proposal waiting for approval; `auto` is the rules' own approval, `voided` an edit's. */
export const APPROVAL_DECISIONS = ['auto', 'approved', 'rejected', 'changes_requested', 'voided'] as const;
export type ApprovalDecision = (typeof APPROVAL_DECISIONS)[number];

/** The prospect's three answers. */
export const ANSWER_DECISIONS = ['accept', 'decline', 'counter'] as const;
export type AnswerDecision = (typeof ANSWER_DECISIONS)[number];

/** The status an answer leaves its version in. */
export const STATUS_OF_ANSWER: Record<AnswerDecision, ProposalStatus> = { accept: 'accepted', decline: 'declined', counter: 'countered' };

/**
 * Why a space's hold ended: it ran out, a lease was signed from it (leases), its proposal was withdrawn, or an owner
 * released it to sign another inquiry's lease of the space, giving a reason (decision 058's amendment).
 */
export const HOLD_RELEASE_REASONS = ['lapsed', 'lease_signed', 'withdrawn', 'released'] as const;
export type HoldReleaseReason = (typeof HOLD_RELEASE_REASONS)[number];
