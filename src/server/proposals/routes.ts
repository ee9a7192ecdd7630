import { ApprovalCommentSchema, ApprovalReasonSchema, ProposalCreateSchema, ProposalPatchSchema, ProposalSendSchema } from '../../shared/proposals/schemas.ts';
import { isLocale } from '../../i18n/locales.ts';
import { maskName } from '../../shared/masking.ts';
import { maskProposal } from '../../shared/proposals/masking.ts';
import type { Proposal } from '../../shared/proposals/types.ts';
import { can } from '../../shared/roles.ts';
import { requireAccess, type Staff } from '../auth/access.ts';
import { getDb } from '../db/index.ts';
import { HttpError } from '../http/errors.ts';
import { json, parseInput, readJson } from '../http/json.ts';
import { uuidParam, type RouteContext } from '../http/routes.ts';
import { assertStorableText } from '../http/storable-text.ts';
import { expectedVersion } from '../http/versions.ts';
import { drainSoon } from '../notify/outbox.ts';
import { recordProposalDownload, recordProposalReads } from './access.ts';
import { decideProposal, submitProposal } from './approval.ts';
import { createProposal, patchProposal, type ProposalEditor } from './queries.ts';
import { findProposal, listInquiryProposals, listPendingApprovals, proposalHeaders, proposalNotFound } from './records.ts';
import { proposalFilename, renderProposalPdf } from './pdf.ts';
import { sendProposal, withdrawProposal } from './send.ts';

/** The admin routes of proposals (issue 39): thin — parse, guard, src/server/proposals, respond. */

export const editorOf = (staff: Staff): ProposalEditor => ({ id: staff.id, role: staff.role, actor: staff.actor });

/** What a role reads: a viewer's answer masked (src/shared/proposals/masking.ts). */
export const asSeenBy = (staff: Staff) => (proposal: Proposal): Proposal => (can(staff.role, 'inquiries.personal') ? proposal : maskProposal(proposal));

export function proposalId(context: RouteContext): string {
  const id = uuidParam(context);
  if (!id) throw proposalNotFound();
  return id;
}

/** One proposal with its ETag (the revision, for the next write's If-Match). */
export const oneProposal = (staff: Staff, proposal: Proposal, status = 200) =>
  json(asSeenBy(staff)(proposal), { status, headers: proposalHeaders(proposal) });

/** POST /api/inquiries/{id}/proposals: a draft (version 1, or the next version of `parentId`). */
export async function createProposalRoute(req: Request, context: RouteContext): Promise<Response> {
  const staff = await requireAccess(req, 'proposals.write', context);
  const inquiryId = uuidParam(context);
  if (!inquiryId) throw new HttpError(404, 'inquiry_not_found', 'No inquiry with this id');
  const input = parseInput(ProposalCreateSchema, await readJson(req));
  assertStorableText(input);
  const proposal = await createProposal(await getDb(), inquiryId, input, editorOf(staff));
  return oneProposal(staff, proposal, 201);
}

/** GET /api/inquiries/{id}/proposals: every version, negotiation by negotiation. */
export async function listProposalsRoute(req: Request, context: RouteContext): Promise<Response> {
  const staff = await requireAccess(req, 'proposals.read', context);
  const inquiryId = uuidParam(context);
  if (!inquiryId) throw new HttpError(404, 'inquiry_not_found', 'No inquiry with this id');
  const db = await getDb();
  const inquiry = await db.selectFrom('inquiries').select('id').where('id', '=', inquiryId).executeTakeFirst();
  if (!inquiry) throw new HttpError(404, 'inquiry_not_found', 'No inquiry with this id');
  const proposals = await listInquiryProposals(db, inquiryId);
  await recordProposalReads(db, staff.actor, proposals);
  return json(proposals.map(asSeenBy(staff)));
}

/** GET /api/proposals/{id}. */
export async function proposalRoute(req: Request, context: RouteContext): Promise<Response> {
  const staff = await requireAccess(req, 'proposals.read', context);
  const db = await getDb();
  const proposal = await findProposal(db, proposalId(context));
  if (!proposal) throw proposalNotFound();
  await recordProposalReads(db, staff.actor, [proposal]);
  return oneProposal(staff, proposal);
}

/** PATCH /api/proposals/{id} (If-Match: the revision): an unsent version's change; any change sends it back to draft. */
export async function patchProposalRoute(req: Request, context: RouteContext): Promise<Response> {
  const staff = await requireAccess(req, 'proposals.write', context);
  const id = proposalId(context);
  const expected = expectedVersion(req);
  const patch = parseInput(ProposalPatchSchema, await readJson(req));
  assertStorableText(patch);
  return oneProposal(staff, await patchProposal(await getDb(), id, patch, editorOf(staff), expected));
}

/** POST /api/proposals/{id}/submit (If-Match): approved by the rules (or an owner's own submission), or pending. */
export async function submitProposalRoute(req: Request, context: RouteContext): Promise<Response> {
  const staff = await requireAccess(req, 'proposals.write', context);
  const id = proposalId(context);
  const expected = expectedVersion(req);
  const db = await getDb();
  const proposal = await submitProposal(db, id, editorOf(staff), expected);
  drainSoon(db, context);
  return oneProposal(staff, proposal);
}

/** POST /api/proposals/{id}/approve | reject | request-changes (owners; If-Match: stale → 409 conflict). */
export function decisionRoute(decision: 'approved' | 'rejected' | 'changes_requested') {
  return async (req: Request, context: RouteContext): Promise<Response> => {
    const staff = await requireAccess(req, 'proposals.approve', context);
    const id = proposalId(context);
    const expected = expectedVersion(req);
    const { comment } = parseInput(decision === 'approved' ? ApprovalCommentSchema : ApprovalReasonSchema, await readJson(req));
    assertStorableText(comment);
    const db = await getDb();
    const proposal = await decideProposal(db, id, decision, comment, editorOf(staff), expected);
    drainSoon(db, context);
    return oneProposal(staff, proposal);
  };
}

/** GET /api/proposals?status=pending_approval: the owners' 결재 list (every role reads it; viewers masked). */
export async function pendingProposalsRoute(req: Request, context: RouteContext): Promise<Response> {
  const staff = await requireAccess(req, 'proposals.read', context);
  const status = new URL(req.url).searchParams.get('status') ?? 'pending_approval';
  if (status !== 'pending_approval') throw new HttpError(400, 'invalid_input', 'Some fields are missing or invalid', { fields: { status: 'proposals.errors.listStatusInvalid' } });
  const db = await getDb();
  const proposals = await listPendingApprovals(db);
  await recordProposalReads(db, staff.actor, proposals);
  return json(proposals.map(asSeenBy(staff)));
}

/** POST /api/proposals/{id}/send {to?, locale?} (If-Match): → sent; the answer adds `delivery` (mail queued, or the link when mail is off). */
export async function sendProposalRoute(req: Request, context: RouteContext): Promise<Response> {
  const staff = await requireAccess(req, 'proposals.write', context);
  const id = proposalId(context);
  const expected = expectedVersion(req);
  const input = parseInput(ProposalSendSchema, await readJson(req));
  const db = await getDb();
  const { proposal, delivery } = await sendProposal(db, id, input, editorOf(staff), expected);
  drainSoon(db, context);
  return json({ ...asSeenBy(staff)(proposal), delivery }, { headers: { ...proposalHeaders(proposal), 'Cache-Control': 'no-store' } });
}

/** POST /api/proposals/{id}/withdraw (If-Match). */
export async function withdrawProposalRoute(req: Request, context: RouteContext): Promise<Response> {
  const staff = await requireAccess(req, 'proposals.write', context);
  const id = proposalId(context);
  const expected = expectedVersion(req);
  return oneProposal(staff, await withdrawProposal(await getDb(), id, editorOf(staff), expected));
}

const pdfResponse = (pdf: Buffer, filename: string) =>
  new Response(new Uint8Array(pdf), {
    headers: { 'Content-Type': 'application/pdf', 'Content-Disposition': `inline; filename="${filename}"`, 'Cache-Control': 'private, no-store', 'X-Robots-Tag': 'noindex' },
  });

/** GET /api/proposals/{id}/pdf?lang=: the version's PDF (a viewer's with the addressee masked). */
export async function proposalPdfRoute(req: Request, context: RouteContext): Promise<Response> {
  const staff = await requireAccess(req, 'proposals.read', context);
  const db = await getDb();
  const proposal = await findProposal(db, proposalId(context));
  if (!proposal) throw proposalNotFound();
  const lang = new URL(req.url).searchParams.get('lang');
  if (lang !== null && !isLocale(lang)) throw new HttpError(400, 'invalid_input', 'Some fields are missing or invalid', { fields: { lang: 'proposals.errors.localeInvalid' } });
  const locale = lang ?? proposal.locale;
  const inquiry = await db.selectFrom('inquiries').select(['company', 'name']).where('id', '=', proposal.inquiryId).executeTakeFirst();
  const addressee = inquiry?.company || inquiry?.name || '';
  const pdf = await renderProposalPdf({ proposal, addressee: can(staff.role, 'inquiries.personal') ? addressee : maskName(addressee), locale });
  await recordProposalDownload(db, staff.actor, proposal, 'pdf');
  return pdfResponse(pdf, proposalFilename(proposal, locale));
}

/** GET /api/proposals/{id}/certificate.pdf: the answered version with its certificate page, as mailed (names the signer: no viewers). */
export async function certificatePdfRoute(req: Request, context: RouteContext): Promise<Response> {
  const staff = await requireAccess(req, 'inquiries.personal', context);
  const db = await getDb();
  const proposal = await findProposal(db, proposalId(context));
  if (!proposal) throw proposalNotFound();
  if (!proposal.response) throw new HttpError(404, 'response_not_found', 'This proposal has no answer yet');
  const inquiry = await db.selectFrom('inquiries').select(['company', 'name']).where('id', '=', proposal.inquiryId).executeTakeFirst();
  const counter = proposal.response.counterProposalId ? await findProposal(db, proposal.response.counterProposalId) : null;
  const locale = proposal.response.pdfLocale;
  const pdf = await renderProposalPdf({ proposal, addressee: inquiry?.company || inquiry?.name || '', locale }, { response: proposal.response, counterVersion: counter?.version ?? null });
  await recordProposalDownload(db, staff.actor, proposal, 'certificate');
  return pdfResponse(pdf, proposalFilename(proposal, locale, true));
}
