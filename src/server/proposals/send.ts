import { sql } from 'kysely';
import { koreanDay } from '../../shared/business-hours.ts';
import type { ProposalSend } from '../../shared/proposals/schemas.ts';
import { isEditable, WITHDRAWABLE_STATUSES } from '../../shared/proposals/statuses.ts';
import type { Proposal } from '../../shared/proposals/types.ts';
import { withActor } from '../audit/actor.ts';
import type { Db } from '../db/index.ts';
import { HttpError } from '../http/errors.ts';
import { asLocale } from '../i18n.ts';
import { staffMailConfigured } from '../notify/staff-mail.ts';
import { createProposalLink, proposalLinkUrl, revokeLinks } from './links.ts';
import { queueProposalMail } from './mail-queue.ts';
import { checkRevision, lockProposal, proposalClosed, versioned, voidOpenApproval, type ProposalEditor } from './queries.ts';
import { findProposal } from './records.ts';

/** The inquiry statuses sending a proposal moves on to 제안 (never back from won or lost). */
const BEFORE_PROPOSAL = ['new', 'contacted', 'touring'];

const prospectVersion = () =>
  new HttpError(409, 'proposal_prospect_version', "A prospect's counter is not sent or withdrawn: make the next version to answer it", { fields: { status: 'proposals.errors.prospectVersion' } });

/** What sending did: the mail is queued, or (no SMTP) the agent gets the link to pass on. */
export interface Delivery {
  mail: 'queued' | 'off';
  link?: string;
}

/**
 * POST /api/proposals/{id}/send: an approved version goes to the prospect — a new single-use link bound to this
 * version and `to` (default: the inquiry's address), the mail with the PDF and the link, the version `sent` (never
 * to change again), earlier sent versions of the negotiation `superseded` (their links revoked), the inquiry on to
 * 제안 under the sender. Sending a sent version again is a resend: its old link is revoked, a new one mailed.
 */
export async function sendProposal(db: Db, id: string, input: ProposalSend, editor: ProposalEditor, expected: number | null, now = new Date()): Promise<{ proposal: Proposal; delivery: Delivery }> {
  const mailOn = staffMailConfigured();
  const sent = await versioned(db, id, () => withActor(editor.actor, async (trx) => {
    const current = await lockProposal(trx, id);
    checkRevision(current, expected);
    if (current.proposedBy === 'prospect') throw prospectVersion();
    if (current.status !== 'approved' && current.status !== 'sent') {
      throw isEditable(current.status)
        ? new HttpError(409, 'proposal_not_approved', 'Only an approved proposal is sent', { fields: { status: 'proposals.errors.notApproved' }, details: { status: current.status } })
        : proposalClosed(current.status);
    }
    if (current.validUntil < koreanDay(now)) {
      throw new HttpError(400, 'invalid_input', 'This proposal is no longer valid: change its validity (it is approved again)', { fields: { validUntil: 'proposals.errors.validUntilPast' } });
    }
    const inquiry = await trx.selectFrom('inquiries').select(['email', 'status']).where('id', '=', current.inquiryId).executeTakeFirstOrThrow();
    const recipient = input.to ?? inquiry.email;
    if (!recipient) throw new HttpError(409, 'no_recipient', 'There is no address to send to', { fields: { to: 'proposals.errors.noRecipient' } });
    const locale = input.locale ?? asLocale(current.locale);
    await revokeLinks(trx, id);
    const linkId = await createProposalLink(trx, { proposalId: id, recipient, locale, validUntil: current.validUntil, createdBy: editor.id });
    if (current.status === 'approved') {
      const earlier = await trx
        .updateTable('proposals')
        .set({ status: 'superseded' })
        .where('rootId', '=', current.rootId)
        .where('status', '=', 'sent')
        .where('id', '!=', id)
        .returning('id')
        .execute();
      for (const version of earlier) await revokeLinks(trx, version.id);
      await trx.updateTable('proposals').set({ status: 'sent', sentBy: editor.id, sentAt: now }).where('id', '=', id).execute();
      if (BEFORE_PROPOSAL.includes(inquiry.status)) {
        await trx
          .updateTable('inquiries')
          .set({ status: 'proposal', firstStatusChangeAt: sql`coalesce(first_status_change_at, clock_timestamp())`, touchedAt: sql`coalesce(touched_at, clock_timestamp())` })
          .where('id', '=', current.inquiryId)
          .execute();
        await trx.insertInto('inquiryHistory').values({ inquiryId: current.inquiryId, actorId: editor.id, status: 'proposal', note: null, lostReason: null }).execute();
      }
    }
    await queueProposalMail(trx, current.inquiryId, { kind: 'proposal', proposalId: id, linkId });
    return { linkId, locale };
  }, { db, action: 'send' }));
  const proposal = (await findProposal(db, id))!;
  return { proposal, delivery: mailOn ? { mail: 'queued' } : { mail: 'off', link: await proposalLinkUrl(sent.linkId, sent.locale) } };
}

/**
 * POST /api/proposals/{id}/withdraw: a version not yet answered is taken back — a pending approval round is voided,
 * its link stops working at once (the prospect's page answers 410 proposal_withdrawn).
 */
export async function withdrawProposal(db: Db, id: string, editor: ProposalEditor, expected: number | null): Promise<Proposal> {
  await versioned(db, id, () => withActor(editor.actor, async (trx) => {
    const current = await lockProposal(trx, id);
    checkRevision(current, expected);
    if (current.proposedBy === 'prospect') throw prospectVersion();
    if (!WITHDRAWABLE_STATUSES.includes(current.status)) throw proposalClosed(current.status);
    await voidOpenApproval(trx, id, editor);
    await revokeLinks(trx, id);
    await trx.updateTable('proposals').set({ status: 'withdrawn' }).where('id', '=', id).execute();
  }, { db, action: 'withdraw' }));
  return (await findProposal(db, id))!;
}
