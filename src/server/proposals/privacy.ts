import { sql } from 'kysely';
import type { Trx } from '../audit/actor.ts';
import { copyDay, copyTime, spaceName, type CopyContext, type CopyLine, type DestroyTarget } from '../privacy/copy-values.ts';
import { parsed } from './records.ts';
import type { DealTerms } from '../../shared/deals/terms.ts';
import type { Counter } from '../../shared/proposals/schemas.ts';

/**
 * A prospect's personal data in the proposals (issue 39; decision 058), for privacy's one map
 * (src/server/privacy/personal-data.ts): what the destruction clears and what the access copy shows.
 * - proposal_responses: the signer's name, title and company, the client address and browser, the address the link
 *   and code went to, their message — cleared; the decision, its time, the PDF's hash, the reason code and the
 *   counter's figures stay (reports count them, they name nobody).
 * - proposal_links: the recipient's address — cleared, and a live link revoked (it opens nothing any more).
 * - proposal_link_codes: digests only, deleted with the link's use.
 * - proposals: the terms stay (figures for the reports) but their special terms, which staff may have written a
 *   person into, become empty; approval comments and a released hold's reason (staff's words) become NULL.
 * - The activity log's proposal rows: their terms and comments read "destroyed" (PROPOSAL_AUDIT_FACTS keeps the rest).
 */

/** The columns the activity log keeps of proposals and their approval rounds when their inquiry is destroyed. */
export const PROPOSAL_AUDIT_FACTS = {
  proposal: [
    'id', 'inquiry_id', 'root_id', 'parent_id', 'version', 'proposed_by', 'status', 'unit_ids', 'valid_until', 'locale', 'created_by',
    'updated_by', 'submitted_by', 'submitted_at', 'sent_by', 'sent_at', 'answered_at',
  ],
  proposal_approval: ['id', 'proposal_id', 'proposal_revision', 'rules', 'requested_by', 'requested_at', 'decision', 'approver_id', 'decided_at'],
} as const;

export async function destroyProposalData(target: DestroyTarget, trx: Trx): Promise<number> {
  const ofInquiry = sql<boolean>`proposal_id in (select id from proposals where inquiry_id = ${target.id})`;
  const responses = await trx
    .updateTable('proposalResponses')
    .set({ signerName: null, signerTitle: null, company: null, clientAddress: null, userAgent: null, recipient: null, message: null })
    .where(ofInquiry)
    .executeTakeFirst();
  await trx.deleteFrom('proposalLinkCodes').where(sql<boolean>`link_id in (select id from proposal_links where ${ofInquiry})`).execute();
  const links = await trx
    .updateTable('proposalLinks')
    .set({ recipient: null, revokedAt: sql`coalesce(revoked_at, case when decided_at is null then now() end)` })
    .where(ofInquiry)
    .executeTakeFirst();
  const approvals = await trx.updateTable('proposalApprovals').set({ comment: null }).where(ofInquiry).where('comment', 'is not', null).executeTakeFirst();
  const holds = await trx.updateTable('proposalHolds').set({ releaseNote: null }).where(ofInquiry).where('releaseNote', 'is not', null).executeTakeFirst();
  const proposals = await trx
    .updateTable('proposals')
    .set({ terms: sql`jsonb_set(terms, '{specialTerms}', '""')` })
    .where('inquiryId', '=', target.id)
    .where(sql<boolean>`coalesce(terms->>'specialTerms', '') <> ''`)
    .executeTakeFirst();
  return [responses, links, approvals, holds, proposals].reduce((sum, result) => sum + Number(result.numUpdatedRows ?? 0n), 0);
}

/** The proposals made to the visitor and their answers, as the access copy (열람) shows them in their language. */
export async function copyOfProposals(target: DestroyTarget, { db, t, locale }: CopyContext): Promise<CopyLine[]> {
  const rows = await db
    .selectFrom('proposals as p')
    .leftJoin('proposalResponses as r', 'r.proposalId', 'p.id')
    .select([
      'p.id', 'p.version', 'p.status', 'p.proposedBy', 'p.unitIds', 'p.terms', 'p.asking', 'p.sentAt',
      sql<string>`to_char(p.valid_until, 'YYYY-MM-DD')`.as('validUntil'),
      'r.decision', 'r.at', 'r.signerName', 'r.signerTitle', 'r.company', 'r.clientAddress', 'r.userAgent', 'r.recipient', 'r.message', 'r.counter', 'r.pdfSha256',
    ])
    .where('p.inquiryId', '=', target.id)
    .where((eb) => eb.or([eb('p.sentAt', 'is not', null), eb('p.proposedBy', '=', 'prospect')]))
    .orderBy('p.rootId')
    .orderBy('p.version')
    .execute();
  const recipients = rows.length
    ? await db.selectFrom('proposalLinks').select(['proposalId', 'recipient']).where('proposalId', 'in', rows.map((row) => row.id)).where('recipient', 'is not', null).execute()
    : [];
  const k = (key: string, params?: Record<string, string | number>) => t(`proposals.copy.${key}`, params);
  return rows.map((row) => {
    const terms = parsed<DealTerms>(row.terms);
    const asking = parsed<{ units: { floor: string; unitNumber: string }[] }>(row.asking);
    const counter = row.counter === null ? null : parsed<Counter>(row.counter);
    const sentTo = [...new Set(recipients.filter((link) => link.proposalId === row.id).map((link) => link.recipient))];
    return {
      label: `${k('version', { version: row.version })} — ${t(`proposals.proposedBy.${row.proposedBy}`)} (${t(`proposals.status.${row.status}`)})`,
      value: [
        `${k('spaces')}: ${asking.units.map((unit) => spaceName(unit.floor, unit.unitNumber, t)).join(', ')}`,
        ...(row.sentAt ? [`${k('sentAt')}: ${copyTime(row.sentAt, locale)}`] : []),
        ...(sentTo.length ? [`${k('sentTo')}: ${sentTo.join(', ')}`] : []),
        `${k('validUntil')}: ${copyDay(row.validUntil, locale)}`,
        ...(terms.specialTerms ? [`${t('deals.terms.specialTerms')}: ${terms.specialTerms}`] : []),
        ...(row.decision
          ? [
              `${k('answer')}: ${t(`proposals.certificate.${row.decision}`)} · ${copyTime(row.at!, locale)}`,
              ...(row.signerName ? [`${t('proposals.certificate.signer')}: ${row.signerName}`] : []),
              ...(row.signerTitle ? [`${t('proposals.certificate.signerTitle')}: ${row.signerTitle}`] : []),
              ...(row.company ? [`${t('proposals.certificate.company')}: ${row.company}`] : []),
              ...(row.recipient ? [`${t('proposals.certificate.recipient')}: ${row.recipient}`] : []),
              ...(row.clientAddress ? [`${t('proposals.certificate.clientAddress')}: ${row.clientAddress}`] : []),
              ...(row.userAgent ? [`${t('proposals.certificate.userAgent')}: ${row.userAgent}`] : []),
              ...(row.message ? [`${t('proposals.certificate.message')}: ${row.message}`] : []),
              ...(counter ? [`${t('proposals.certificate.counterTerms')}: ${counterText(counter, t)}`] : []),
              `${t('proposals.certificate.pdfSha256')}: ${row.pdfSha256}`,
            ]
          : []),
      ].join('\n'),
    };
  });
}

/** A counter's changes in the reader's words: "월 임대료: 33000, 렌트프리: 매 임대연도 2개월". */
function counterText(counter: Counter, t: CopyContext['t']): string {
  return Object.entries(counter)
    .filter(([, value]) => value !== undefined)
    .map(([field, value]) => {
      if (field === 'freeRent') {
        const free = value as NonNullable<Counter['freeRent']>;
        return `${t('deals.terms.freeRent')}: ${t(free.basis === 'perYear' ? 'deals.terms.freeRentPerYear' : 'deals.terms.freeRentUpFront', { months: free.months })}`;
      }
      return `${t(`deals.terms.${field}`)}: ${String(value)}`;
    })
    .join(', ');
}

/** The activity log's rows about an inquiry's proposals and their approval rounds (for the redaction and the copy's count). */
export const proposalAuditRows = (inquiryId: string) => sql<boolean>`
  (entity = 'proposal' and entity_id in (select id::text from proposals where inquiry_id = ${inquiryId}))
  or (entity = 'proposal_approval' and entity_id in (select a.id::text from proposal_approvals a join proposals p on p.id = a.proposal_id where p.inquiry_id = ${inquiryId}))`;
