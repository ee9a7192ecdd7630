import type { Proposal } from '../../shared/proposals/types.ts';
import type { AuditActor } from '../audit/actor.ts';
import { recordAccess } from '../audit/access.ts';
import type { Db } from '../db/index.ts';

/**
 * Reads of proposals that carry a prospect's personal data are access records (decision 027; issue 39's privacy):
 * who read which proposal, when, from where — as the inquiry's own view is. A version carries it once it was sent
 * (the address its link went to) or answered (the signer's name, title and company, the client address, browser and
 * message of the evidence); a draft carries only figures and staff's words. A viewer's masked read is a read too.
 */

/** Whether this version, as the API answers it, names the prospect (a destroyed inquiry's no longer does). */
export function carriesPersonalData(proposal: Proposal): boolean {
  const answer = proposal.response;
  return Boolean(
    proposal.link?.recipient ||
      (answer && (answer.signerName || answer.signerTitle || answer.company || answer.recipient || answer.clientAddress || answer.userAgent || answer.message)),
  );
}

/**
 * Records a read of `proposals` (one, a negotiation's list or the 결재 list) when any of them carries personal data:
 * one record for what one answer showed — the inquiries concerned, the proposal when it was one, how many otherwise.
 */
export async function recordProposalReads(db: Db, actor: AuditActor | null, proposals: Proposal[]): Promise<void> {
  const personal = proposals.filter(carriesPersonalData);
  if (personal.length === 0) return;
  await recordAccess(db, actor, {
    action: 'proposal.view',
    inquiryIds: [...new Set(personal.map((proposal) => proposal.inquiryId))],
    targetId: personal.length === 1 ? personal[0]!.id : null,
    count: personal.length === 1 ? null : personal.length,
  });
}

/** Records a proposal's PDF (it names the addressee) or its certificate (the signer and the evidence) leaving the system. */
export function recordProposalDownload(db: Db, actor: AuditActor | null, proposal: Pick<Proposal, 'id' | 'inquiryId'>, file: 'pdf' | 'certificate'): Promise<void> {
  return recordAccess(db, actor, { action: file === 'pdf' ? 'proposal.pdf' : 'proposal.certificate', inquiryIds: [proposal.inquiryId], targetId: proposal.id });
}
