import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import * as v from 'valibot';
import { localizePath, type Locale } from '../../i18n/locales.ts';
import { koreanDay } from '../../shared/business-hours.ts';
import { askingSnapshot } from '../../shared/deals/asking.ts';
import { addDays } from '../../shared/deals/schedule.ts';
import { DealTermsSchema, type DealTerms } from '../../shared/deals/terms.ts';
import { maskEmail } from '../../shared/masking.ts';
import { CURRENT_CONSENT_VERSION } from '../../shared/proposals/consent.ts';
import { ANSWER_LIMITS, CODE_REQUEST_LIMITS, PROPOSAL_LIMITS } from '../../shared/proposals/limits.ts';
import type { Answer } from '../../shared/proposals/schemas.ts';
import { STATUS_OF_ANSWER } from '../../shared/proposals/statuses.ts';
import type { Proposal, PublicProposal } from '../../shared/proposals/types.ts';
import { spacePath } from '../../shared/share-paths.ts';
import { withActor, type AuditActor, type Trx } from '../audit/actor.ts';
import type { Db } from '../db/index.ts';
import { HttpError } from '../http/errors.ts';
import { throttle } from '../http/throttle.ts';
import { lockInquiryForProcessing } from '../privacy/processing-guard.ts';
import { readSettings } from '../settings/queries.ts';
import { holdUnits, isHoldConflict, unitReserved } from './holds.ts';
import { countWrongCode, createAnswerCode, linkProblem, resolveLink, takeAnswerCode, WrongCode, type ResolvedLink } from './links.ts';
import { dealOwner, ownersToTell, queueProposalMail } from './mail-queue.ts';
import { pdfSha256, renderProposalPdf } from './pdf.ts';
import { economicsOf } from './queries.ts';
import { findProposal, proposalNotFound } from './records.ts';

/**
 * The prospect's side (issue 39): the link's token (Authorization: Bearer) opens the version it was sent for; a
 * mailed code confirms a decision; one decision spends the link. Every answer keeps its evidence (research/deals.md
 * §4.3) and is mailed back as a certificate; accepting reserves the spaces (holds.ts).
 */

/** Where a public request came from, as the evidence records it. */
export interface Client {
  address: string | null;
  userAgent: string | null;
}

/** Whom a proposal is addressed to: the inquiry's company, else its name. */
async function addresseeOf(db: Db | Trx, inquiryId: string): Promise<string> {
  const row = await db.selectFrom('inquiries').select(['company', 'name']).where('id', '=', inquiryId).executeTakeFirst();
  return row?.company || row?.name || '';
}

/**
 * The SHA-256 of a sent version's PDF in `locale`: a sent version never changes and its PDF is rendered
 * deterministically, so the hash is kept per process instead of printing the PDF again for every look.
 */
const hashes = new Map<string, string>();
export async function proposalPdf(db: Db | Trx, proposal: Proposal, locale: Locale): Promise<{ pdf: Buffer; sha256: string }> {
  const pdf = await renderProposalPdf({ proposal, addressee: await addresseeOf(db, proposal.inquiryId), locale });
  const sha256 = pdfSha256(pdf);
  if (hashes.size > 2000) hashes.clear();
  hashes.set(`${proposal.id}:${proposal.revision}:${locale}`, sha256);
  return { pdf, sha256 };
}
async function proposalPdfHash(db: Db | Trx, proposal: Proposal, locale: Locale): Promise<string> {
  return hashes.get(`${proposal.id}:${proposal.revision}:${locale}`) ?? (await proposalPdf(db, proposal, locale)).sha256;
}

/** The link a request names, still able to take a look or a decision; else its 401/410. */
async function workingLink(db: Db | Trx, req: Request, now: Date): Promise<ResolvedLink> {
  const link = await resolveLink(db, req);
  const problem = await linkProblem(db, link, now);
  if (problem) throw problem;
  return link;
}

/** GET /api/proposal-links/current: the version as the tenant reads it; the link is marked viewed. */
export async function currentProposal(db: Db, req: Request, now = new Date()): Promise<PublicProposal> {
  const link = await workingLink(db, req, now);
  await db
    .updateTable('proposalLinks')
    .set({ firstViewedAt: sql`coalesce(first_viewed_at, ${now})`, lastViewedAt: now })
    .where('id', '=', link.id)
    .execute();
  const proposal = (await findProposal(db, link.proposalId))!;
  const { brokerFeeKrw: _ownersCost, ...terms } = proposal.terms;
  const m = proposal.metrics;
  return {
    id: proposal.id,
    version: proposal.version,
    status: proposal.status,
    locale: link.locale,
    validUntil: proposal.validUntil,
    addressee: await addresseeOf(db, proposal.inquiryId),
    units: proposal.asking.units.map((unit) => ({
      id: unit.id, floor: unit.floor, unitNumber: unit.unitNumber, supplyAreaM2: unit.supplyAreaM2, exclusiveAreaM2: unit.exclusiveAreaM2,
      pagePath: localizePath(link.locale, spacePath(unit)),
    })),
    terms,
    figures: {
      contractAreaM2: proposal.asking.contractAreaM2,
      exclusiveAreaM2: proposal.asking.exclusiveAreaM2,
      monthlyRentKrw: m.monthlyRentKrw,
      monthlyMaintenanceKrw: m.monthlyMaintenanceKrw,
      freeRentMonths: m.freeRentMonths,
      freeRentKrw: m.freeRentKrw,
      totalRentKrw: m.totalRentKrw,
      totalMaintenanceKrw: m.totalMaintenanceKrw,
      nocPerExclusiveM2: m.nocPerExclusiveM2,
      depositYieldPct: m.depositYieldPct,
      convertedDepositKrw: m.convertedDepositKrw,
      protectedByAct: m.protectedByAct,
      escalationOverCap: m.escalationOverCap,
    },
    recipient: link.recipient ? maskEmail(link.recipient) : '',
    pdfPath: '/api/proposal-links/pdf',
    pdfSha256: await proposalPdfHash(db, proposal, link.locale),
    consentVersion: CURRENT_CONSENT_VERSION,
    privacyPolicyPath: localizePath(link.locale, '/privacy'),
  };
}

/** GET /api/proposal-links/pdf: the PDF of the link's version in the link's language (what `pdfSha256` names). */
export async function linkPdf(db: Db, req: Request, now = new Date()): Promise<{ pdf: Buffer; sha256: string; proposal: Proposal; locale: Locale }> {
  const link = await workingLink(db, req, now);
  const proposal = (await findProposal(db, link.proposalId))!;
  return { ...(await proposalPdf(db, proposal, link.locale)), proposal, locale: link.locale };
}

/** POST /api/proposal-links/code: a 6-digit code to the link's recipient (5 minutes; the newest one counts). */
export async function requestAnswerCode(db: Db, req: Request, now = new Date()): Promise<{ sentTo: string; expiresAt: string }> {
  const link = await workingLink(db, req, now);
  if (!link.recipient) throw new HttpError(409, 'no_recipient', 'This link has no address to send a code to', { fields: { to: 'proposals.errors.noRecipient' } });
  await throttle('proposal-code', link.id, CODE_REQUEST_LIMITS);
  const code = await withActor(null, async (trx) => {
    await lockInquiryForProcessing(trx, link.inquiryId);
    const made = await createAnswerCode(trx, link.id, now);
    await queueProposalMail(trx, link.inquiryId, { kind: 'code', linkId: link.id, codeId: made.id });
    return made;
  }, { db });
  return { sentTo: maskEmail(link.recipient), expiresAt: code.expiresAt.toISOString() };
}

/** "2026-12-07 10:02:03 KST": the answer's time as the certificate prints it in Korea. */
export function kstText(at: Date): string {
  return `${new Date(at.getTime() + 9 * 3_600_000).toISOString().slice(0, 19).replace('T', ' ')} KST`;
}

/** The answered version's terms with the prospect's changes; 400 `fields["counter.…"]` when they do not hold together. */
function counterTerms(base: DealTerms, answer: Extract<Answer, { decision: 'counter' }>): DealTerms {
  const { rentPerM2Krw, freeRent, fitoutMonths, termMonths, startDate } = answer.counter;
  const result = v.safeParse(DealTermsSchema, {
    ...base,
    ...(rentPerM2Krw !== undefined ? { rentPerM2Krw } : {}),
    ...(freeRent ? { freeRent } : {}),
    ...(fitoutMonths !== undefined ? { fitoutMonths } : {}),
    ...(termMonths !== undefined ? { termMonths } : {}),
    ...(startDate !== undefined ? { startDate } : {}),
  });
  if (result.success) return result.output;
  const fields: Record<string, string> = {};
  for (const issue of result.issues) fields[`counter.${v.getDotPath(issue) ?? '_'}`] ??= issue.message;
  throw new HttpError(400, 'invalid_input', 'The changes do not make terms that hold together', { fields });
}

export interface AnswerReceipt {
  decision: Answer['decision'];
  at: string;
  atKst: string;
  pdfSha256: string;
  counterVersion?: number;
}

/**
 * POST /api/proposal-links/answer: the link's one decision. In one transaction under the inquiry's lock (the privacy
 * guard), the proposal's and the link's: the code is taken (accept, counter), the spaces held (accept; 409
 * unit_reserved when another accepted proposal holds one — the team is told), the counter's version made, the answer
 * and its evidence stored, the link spent, the certificate and the team's notice queued. Each try is counted per link
 * (429 past the limit); a wrong code counts against the code's own five tries.
 */
export async function answerProposal(db: Db, req: Request, answer: Answer, client: Client, now = new Date()): Promise<AnswerReceipt> {
  const link = await workingLink(db, req, now);
  await throttle('proposal-answer', link.id, ANSWER_LIMITS);
  const proposal = await findProposal(db, link.proposalId);
  if (!proposal) throw proposalNotFound();
  // Rendered before the transaction (a sent version never changes): the hash of what the prospect was shown.
  const sha256 = await proposalPdfHash(db, proposal, link.locale);
  const settings = await readSettings(db);
  // The activity log names nobody for the prospect's answer and keeps no address: the evidence (with the address) is
  // the response row, which the destruction clears; the log's client address is never cleared.
  const actor: AuditActor = { id: null, name: null, address: null };
  try {
    return await withActor(actor, async (trx) => {
      await lockInquiryForProcessing(trx, link.inquiryId);
      await trx.selectFrom('proposals').select('id').where('id', '=', proposal.id).forUpdate().executeTakeFirstOrThrow();
      const locked = await resolveLink(trx, req, true);
      const problem = await linkProblem(trx, locked, now);
      if (problem) throw problem;
      if (answer.decision !== 'decline') await takeAnswerCode(trx, locked.id, answer.code, now);
      let counterProposalId: string | null = null;
      let counterVersion: number | undefined;
      // A renewal holds no space: the lease it renews governs them until the renewed lease follows on (issue 40).
      if (answer.decision === 'accept' && !proposal.renewalOf) {
        await holdUnits(trx, proposal.id, proposal.unitIds, new Date(now.getTime() + settings.proposalHoldDays * 86_400_000), proposal.terms, now);
      }
      if (answer.decision === 'counter') {
        const terms = counterTerms(proposal.terms, answer);
        const last = await trx.selectFrom('proposals').select(sql<number>`max(version)`.as('version')).where('rootId', '=', proposal.rootId).executeTakeFirstOrThrow();
        counterVersion = Number(last.version) + 1;
        counterProposalId = randomUUID();
        const units = proposal.asking.units;
        const current = await trx.selectFrom('units').select(['id', 'floor', 'unitNumber', 'supplyAreaM2', 'exclusiveAreaM2', 'monthlyRent', 'deposit', 'maintenanceFee']).where('id', 'in', units.map((unit) => unit.id)).execute();
        const price = (value: string | number | null) => (value === null ? null : Number(value));
        const asking = current.length === units.length
          ? askingSnapshot(units.map((unit) => current.find((row) => row.id === unit.id)!).map((row) => ({
              id: row.id, floor: row.floor, unitNumber: row.unitNumber, supplyAreaM2: Number(row.supplyAreaM2), exclusiveAreaM2: Number(row.exclusiveAreaM2),
              monthlyRent: price(row.monthlyRent), deposit: price(row.deposit), maintenanceFee: price(row.maintenanceFee),
            })), settings.askingEscalationPct, now)
          : proposal.asking;
        const today = koreanDay(now);
        await trx
          .insertInto('proposals')
          .values({
            id: counterProposalId,
            inquiryId: proposal.inquiryId,
            rootId: proposal.rootId,
            parentId: proposal.id,
            renewalOf: proposal.renewalOf,
            version: counterVersion,
            proposedBy: 'prospect',
            status: 'sent',
            unitIds: proposal.unitIds,
            terms: JSON.stringify(terms),
            asking: JSON.stringify(asking),
            metrics: JSON.stringify(economicsOf(terms, asking, settings)),
            validUntil: proposal.validUntil > today ? proposal.validUntil : addDays(today, PROPOSAL_LIMITS.defaultValidDays),
            locale: proposal.locale,
            sentAt: now,
          })
          .execute();
      }
      const signed = answer.decision === 'decline' ? { signerName: answer.signerName || null, signerTitle: null, company: null } : { signerName: answer.signerName, signerTitle: answer.signerTitle || null, company: answer.company || null };
      const response = await trx
        .insertInto('proposalResponses')
        .values({
          proposalId: proposal.id,
          linkId: locked.id,
          decision: answer.decision,
          at: now,
          atKst: kstText(now),
          clientAddress: client.address,
          userAgent: client.userAgent,
          pdfSha256: sha256,
          pdfLocale: locked.locale,
          recipient: locked.recipient,
          codeVerified: answer.decision !== 'decline',
          ...signed,
          consentVersion: answer.decision === 'accept' ? answer.consentVersion : null,
          reasonCode: answer.decision === 'decline' ? answer.reasonCode : null,
          message: answer.decision === 'accept' ? null : answer.message || null,
          counter: answer.decision === 'counter' ? JSON.stringify(answer.counter) : null,
          counterProposalId,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await trx.updateTable('proposals').set({ status: STATUS_OF_ANSWER[answer.decision], answeredAt: now }).where('id', '=', proposal.id).execute();
      await trx.updateTable('proposalLinks').set({ decidedAt: now }).where('id', '=', locked.id).execute();
      await queueProposalMail(trx, proposal.inquiryId, { kind: 'certificate', proposalId: proposal.id, responseId: response.id });
      const owner = await dealOwner(trx, proposal.id);
      if (owner) await queueProposalMail(trx, proposal.inquiryId, { kind: 'answer', proposalId: proposal.id, responseId: response.id, userId: owner });
      return { decision: answer.decision, at: now.toISOString(), atKst: kstText(now), pdfSha256: sha256, ...(counterVersion ? { counterVersion } : {}) };
    }, { db, action: 'answer' });
  } catch (error) {
    if (error instanceof WrongCode) throw await countWrongCode(db, error.codeId);
    const refused = error instanceof HttpError && error.code === 'unit_reserved' ? error : isHoldConflict(error) ? unitReserved(proposal.unitIds) : null;
    if (refused) {
      await tellTeamOfRefusal(db, proposal, now);
      throw refused;
    }
    throw error;
  }
}

/** A refused acceptance of a reserved space: the deal's owner and the owners hear of it (the link stays usable). */
async function tellTeamOfRefusal(db: Db, proposal: Proposal, now: Date): Promise<void> {
  const people = new Set([await dealOwner(db, proposal.id), ...(await ownersToTell(db))].filter((id): id is string => id !== null));
  for (const userId of people) {
    await queueProposalMail(db, proposal.inquiryId, { kind: 'acceptance-refused', proposalId: proposal.id, userId, at: now.toISOString() });
  }
}
