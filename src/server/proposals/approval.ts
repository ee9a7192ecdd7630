import { sql } from 'kysely';
import { approvalRules, needsApproval } from '../../shared/proposals/approval-rules.ts';
import { isEditable, type ApprovalDecision } from '../../shared/proposals/statuses.ts';
import type { Proposal } from '../../shared/proposals/types.ts';
import { withActor } from '../audit/actor.ts';
import type { Db } from '../db/index.ts';
import { HttpError } from '../http/errors.ts';
import { readSettings } from '../settings/queries.ts';
import { ownersToTell, queueProposalMail } from './mail-queue.ts';
import { checkRevision, lockProposal, proposalClosed, proposalSent, versioned, type ProposalEditor } from './queries.ts';
import { findProposal } from './records.ts';

/**
 * Approval by rule (issue 39): submitting a version evaluates the owner's rules over its terms and stored economics.
 * No rule hit: approved at once, the round recorded as `auto` with every rule's value and limit. A rule hit: it waits
 * in the owners' 결재 list (each owner is mailed), unless an owner submitted it — an owner's submission is their
 * approval, recorded as theirs. Owners approve, reject or ask for changes with a comment; nobody decides on a version
 * they submitted themselves (403 `own_proposal`); a decision on a version changed since it was read is 409.
 */

const notDraft = (status: string) =>
  new HttpError(409, 'proposal_not_draft', `This proposal is ${status}: only a draft is submitted`, { fields: { status: 'proposals.errors.notDraft' }, details: { status } });
const notPending = (status: string) =>
  new HttpError(409, 'proposal_not_pending', `This proposal is ${status}: it no longer waits for approval`, { fields: { status: 'proposals.errors.notPending' }, details: { status } });

/** POST /api/proposals/{id}/submit: `approved` (no rule hit, or an owner's submission) or `pending_approval`. */
export async function submitProposal(db: Db, id: string, editor: ProposalEditor, expected: number | null): Promise<Proposal> {
  const settings = await readSettings(db);
  await versioned(db, id, () => withActor(editor.actor, async (trx) => {
    const current = await lockProposal(trx, id);
    checkRevision(current, expected);
    if (current.status === 'sent' || current.proposedBy === 'prospect') throw proposalSent(current);
    if (!isEditable(current.status)) throw proposalClosed(current.status);
    if (current.status !== 'draft' && current.status !== 'changes_requested') throw notDraft(current.status);
    const rules = approvalRules(current.terms, current.metrics, settings);
    const hit = needsApproval(rules);
    const ownApproval = hit && editor.role === 'owner';
    const decision: ApprovalDecision | null = !hit ? 'auto' : ownApproval ? 'approved' : null;
    // The round names the revision submitted: the status change below is the revision after it.
    const approval = await trx
      .insertInto('proposalApprovals')
      .values({
        proposalId: id,
        proposalRevision: current.revision,
        rules: JSON.stringify(rules),
        requestedBy: editor.id,
        decision,
        approverId: ownApproval ? editor.id : null,
        decidedAt: decision ? sql`clock_timestamp()` : null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx
      .updateTable('proposals')
      .set({ status: decision ? 'approved' : 'pending_approval', submittedBy: editor.id, submittedAt: sql`now()` })
      .where('id', '=', id)
      .execute();
    if (!decision) {
      for (const owner of await ownersToTell(trx, editor.id)) {
        await queueProposalMail(trx, current.inquiryId, { kind: 'approval-request', proposalId: id, approvalId: approval.id, userId: owner });
      }
    }
  }, { db, action: 'submit' }));
  return (await findProposal(db, id))!;
}

const DECIDED: Record<'approved' | 'rejected' | 'changes_requested', 'approved' | 'rejected' | 'changes_requested'> = {
  approved: 'approved',
  rejected: 'rejected',
  changes_requested: 'changes_requested',
};

/**
 * POST /api/proposals/{id}/approve | reject | request-changes (owners): the decision on the round that waits, with the
 * owner's comment; the version becomes approved, rejected (final: a next version may follow) or changes_requested
 * (the agent edits and submits again). The submitter is mailed the decision.
 */
export async function decideProposal(
  db: Db, id: string, decision: keyof typeof DECIDED, comment: string, editor: ProposalEditor, expected: number | null,
): Promise<Proposal> {
  await versioned(db, id, () => withActor(editor.actor, async (trx) => {
    const current = await lockProposal(trx, id);
    checkRevision(current, expected);
    if (current.status !== 'pending_approval') throw notPending(current.status);
    if (current.submittedBy === editor.id) {
      throw new HttpError(403, 'own_proposal', 'Nobody decides on a proposal they submitted', { fields: { status: 'proposals.errors.ownProposal' } });
    }
    const round = await trx
      .updateTable('proposalApprovals')
      .set({ decision: DECIDED[decision], approverId: editor.id, decidedAt: sql`clock_timestamp()`, comment: comment || null })
      .where('proposalId', '=', id)
      .where('decision', 'is', null)
      .returning('id')
      .executeTakeFirst();
    if (!round) throw notPending(current.status);
    await trx.updateTable('proposals').set({ status: DECIDED[decision] }).where('id', '=', id).execute();
    if (current.submittedBy) {
      await queueProposalMail(trx, current.inquiryId, { kind: 'approval-decision', proposalId: id, approvalId: round.id, userId: current.submittedBy });
    }
  }, { db, action: decision === 'changes_requested' ? 'request_changes' : decision === 'approved' ? 'approve' : 'reject' }));
  return (await findProposal(db, id))!;
}
