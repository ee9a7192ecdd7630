import { ApiError, apiWrite } from '../api.ts';
import { CONFLICT_CODE } from '../../shared/versions.ts';
import { saveAsFile } from '../inbox/api.ts';
import { $adminToken } from '../stores.ts';
import type { Proposal } from '../../shared/proposals/types.ts';
import type { ProposalCreate, ProposalPatch, ProposalSend } from '../../shared/proposals/schemas.ts';

/**
 * The panel's side of the proposal API (docs/api/proposals.md). A proposal's `version` is its number in the
 * negotiation (v1, v2 …); the lost-update check (decision 033) runs on its `revision`, which every write sends as
 * If-Match. A 409 `conflict` carries the proposal as it is now: `current.version` is made its revision here, so the
 * panel's one conflict flow (saveVersioned) retries on the right number, and the proposal stays under `proposal`.
 */

/** The conflict's record as saveVersioned reads it: the revision as its version, the proposal beside it. */
export interface ProposalConflictRecord {
  version: number;
  proposal: Proposal;
}

/** Rethrows a stale write's 409 with its record in the shape above; any other failure as it was. */
function revisionConflict(error: unknown): never {
  if (error instanceof ApiError && error.status === 409 && error.code === CONFLICT_CODE && error.current) {
    const proposal = error.current as Proposal;
    error.current = { version: proposal.revision, proposal } satisfies ProposalConflictRecord;
  }
  throw error;
}

const checked = <T>(write: Promise<T>) => write.catch(revisionConflict);

export const proposalsPath = (inquiryId: string) => `/api/inquiries/${inquiryId}/proposals`;

/** A new negotiation's version 1, or with `parentId` the next version of a sent or answered one. */
export const createProposal = (inquiryId: string, body: ProposalCreate) => apiWrite<Proposal>('POST', proposalsPath(inquiryId), body);

/** An unsent version's change (its approval, if any, is voided by the server). */
export const patchProposal = (id: string, patch: ProposalPatch, revision: number) => checked(apiWrite<Proposal>('PATCH', `/api/proposals/${id}`, patch, { version: revision }));

export type ProposalAction = 'submit' | 'withdraw';
export const proposalAction = (id: string, action: ProposalAction, revision: number) => checked(apiWrite<Proposal>('POST', `/api/proposals/${id}/${action}`, {}, { version: revision }));

export const sendProposal = (id: string, body: ProposalSend, revision: number) => checked(apiWrite<Proposal>('POST', `/api/proposals/${id}/send`, body, { version: revision }));

/** An owner's decision on a proposal waiting for approval; rejecting and asking for changes need a comment. */
export type ApprovalAction = 'approve' | 'reject' | 'request-changes';
export const decideProposal = (id: string, action: ApprovalAction, comment: string, revision: number) =>
  checked(apiWrite<Proposal>('POST', `/api/proposals/${id}/${action}`, { comment }, { version: revision }));

/** Saves a version's PDF in a language: a plain link cannot carry the bearer token, so it is fetched and saved. */
export async function downloadProposalPdf(proposal: Pick<Proposal, 'id' | 'version'>, lang: string): Promise<void> {
  const token = $adminToken.get();
  const response = await fetch(`/api/proposals/${proposal.id}/pdf?lang=${encodeURIComponent(lang)}`, { headers: token ? { Authorization: `Bearer ${token}` } : {} });
  if (!response.ok) throw new ApiError(response.status, response.statusText, await response.text());
  await saveAsFile(response, `proposal-v${proposal.version}-${lang}.pdf`);
}

export const PENDING_APPROVALS: readonly [string, { status: string }] = ['/api/proposals', { status: 'pending_approval' }];
