import type { Trx } from '../audit/actor.ts';
import type { Db } from '../db/index.ts';
import { staffMailConfigured } from '../notify/staff-mail.ts';

/**
 * Mails about proposals, queued in the outbox (retried, never lost) under the proposal's inquiry, so destroying the
 * inquiry deletes them. A row holds ids only — no address, name, code or link token: the mail is written when it is
 * sent, from the records as they are then (a link revoked meanwhile, a code replaced, a person gone: not sent).
 * To the prospect: the proposal with its PDF and link, the code, the answer's certificate. To staff (privacy's
 * staff-mail rule: reference, spaces, link): an approval request, the owner's decision, the prospect's answer, a
 * refused acceptance of a reserved space, a hold that lapsed, a hold an owner released for another inquiry's lease.
 */
export type ProposalMail =
  | { kind: 'proposal'; proposalId: string; linkId: string }
  | { kind: 'code'; linkId: string; codeId: string }
  | { kind: 'certificate'; proposalId: string; responseId: string }
  | { kind: 'approval-request'; proposalId: string; approvalId: string; userId: string }
  | { kind: 'approval-decision'; proposalId: string; approvalId: string; userId: string }
  | { kind: 'answer'; proposalId: string; responseId: string; userId: string }
  | { kind: 'acceptance-refused'; proposalId: string; userId: string; at: string }
  | { kind: 'hold-lapsed'; proposalId: string; userId: string }
  | { kind: 'hold-released'; proposalId: string; userId: string; leaseId: string };

export const PROPOSAL_MAIL_CHANNEL = 'proposal-mail';

/** One key per message and recipient: the same mail is never queued twice. */
export function proposalMailKey(mail: ProposalMail): string {
  switch (mail.kind) {
    case 'proposal':
      return `proposal:${mail.proposalId}:link:${mail.linkId}`;
    case 'code':
      return `proposal-code:${mail.codeId}`;
    case 'certificate':
      return `proposal-certificate:${mail.responseId}`;
    case 'approval-request':
    case 'approval-decision':
      return `proposal-${mail.kind}:${mail.approvalId}:${mail.userId}`;
    case 'answer':
      return `proposal-answer:${mail.responseId}:${mail.userId}`;
    case 'acceptance-refused':
      return `proposal-refused:${mail.proposalId}:${mail.userId}:${mail.at}`;
    case 'hold-lapsed':
      return `proposal-hold-lapsed:${mail.proposalId}:${mail.userId}`;
    case 'hold-released':
      return `proposal-hold-released:${mail.proposalId}:${mail.userId}:${mail.leaseId}`;
  }
}

/** Queues `mail` in the caller's transaction; false when mail is not configured or it was queued before. */
export async function queueProposalMail(trx: Trx | Db, inquiryId: string, mail: ProposalMail): Promise<boolean> {
  if (!staffMailConfigured()) return false;
  const row = await trx
    .insertInto('outbox')
    .values({ inquiryId, channel: PROPOSAL_MAIL_CHANNEL, payload: JSON.stringify(mail), dedupeKey: proposalMailKey(mail) })
    .onConflict((conflict) => conflict.column('dedupeKey').doNothing())
    .returning('id')
    .executeTakeFirst();
  return Boolean(row);
}

/** The active owners with an address (approval requests; a refused acceptance), but `except`. */
export async function ownersToTell(trx: Trx | Db, except?: string | null): Promise<string[]> {
  const rows = await trx.selectFrom('users').select('id').where('role', '=', 'owner').where('active', '=', true).where('email', 'is not', null).execute();
  return rows.map((row) => row.id).filter((id) => id !== except);
}

/** Who works the deal on our side: the inquiry's assignee, else who sent the version, else who made it. */
export async function dealOwner(trx: Trx | Db, proposalId: string): Promise<string | null> {
  const row = await trx
    .selectFrom('proposals as p')
    .innerJoin('inquiries as i', 'i.id', 'p.inquiryId')
    .select(['i.assigneeId', 'p.sentBy', 'p.createdBy'])
    .where('p.id', '=', proposalId)
    .executeTakeFirst();
  return row ? row.assigneeId ?? row.sentBy ?? row.createdBy : null;
}
