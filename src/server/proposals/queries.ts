import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { askingSnapshot, askingTerms, areaOf, type AskingSnapshot, type AskingUnit } from '../../shared/deals/asking.ts';
import { dealMetrics, type DealMetrics } from '../../shared/deals/economics.ts';
import { LIVE_LEASE_STATUSES } from '../../shared/leases/dates.ts';
import { addDays } from '../../shared/deals/schedule.ts';
import type { DealTerms } from '../../shared/deals/terms.ts';
import { koreanDay } from '../../shared/business-hours.ts';
import { PROPOSAL_LIMITS } from '../../shared/proposals/limits.ts';
import type { ProposalCreate, ProposalPatch } from '../../shared/proposals/schemas.ts';
import { EDITABLE_STATUSES, isEditable, REVISABLE_STATUSES, type ProposalStatus } from '../../shared/proposals/statuses.ts';
import type { Proposal } from '../../shared/proposals/types.ts';
import type { Settings } from '../../shared/settings.ts';
import { sameValue } from '../../shared/versions.ts';
import { withActor, type AuditActor, type Trx } from '../audit/actor.ts';
import type { Db } from '../db/index.ts';
import { HttpError } from '../http/errors.ts';
import { asLocale } from '../i18n.ts';
import { lockInquiryForProcessing } from '../privacy/processing-guard.ts';
import { readSettings } from '../settings/queries.ts';
import { findProposal, parsed, proposalConflict, proposalNotFound } from './records.ts';

/** Who writes a proposal: their account, role and how the activity log names them. */
export interface ProposalEditor {
  id: string;
  role: 'owner' | 'agent' | 'viewer';
  actor: AuditActor;
}

const invalid = (field: string, key: string) => new HttpError(400, 'invalid_input', 'Some fields are missing or invalid', { fields: { [field]: key } });

/** 409 `proposal_sent`: a sent version never changes; its next version is made with POST …/proposals {parentId}. */
export const proposalSent = (proposal: { id: string; inquiryId: string }) =>
  new HttpError(409, 'proposal_sent', 'A sent proposal cannot be changed: make its next version instead', {
    fields: { status: 'proposals.errors.sent' },
    details: { revise: { method: 'POST', path: `/api/inquiries/${proposal.inquiryId}/proposals`, parentId: proposal.id } },
  });
export const proposalClosed = (status: ProposalStatus) =>
  new HttpError(409, 'proposal_closed', `This proposal is ${status}: nothing more can be done with it`, { fields: { status: 'proposals.errors.closed' }, details: { status } });

/** Thrown inside a write's transaction when the locked proposal is not the revision the write was based on. */
export class StaleProposal extends Error {}

/** A write on one proposal, with the lost-update check's stale answer made after the rollback (decision 033). */
export async function versioned<T>(db: Db, id: string, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (!(error instanceof StaleProposal)) throw error;
    const current = await findProposal(db, id);
    throw current ? proposalConflict(current) : proposalNotFound();
  }
}

export function checkRevision(row: { revision: number }, expected: number | null): void {
  if (expected !== null && row.revision !== expected) throw new StaleProposal();
}

/**
 * Locks a proposal for a write, its inquiry first (the privacy guard: a destroyed or suspended inquiry takes no
 * new processing, 409) — the lock order of every write on an inquiry's children.
 */
export async function lockProposal(trx: Trx, id: string) {
  const owner = await trx.selectFrom('proposals').select('inquiryId').where('id', '=', id).executeTakeFirst();
  if (!owner) throw proposalNotFound();
  const inquiry = await lockInquiryForProcessing(trx, owner.inquiryId);
  const row = await trx
    .selectFrom('proposals')
    .select(['id', 'inquiryId', 'rootId', 'version', 'parentId', 'proposedBy', 'status', 'unitIds', 'terms', 'asking', 'metrics', 'locale', 'revision', 'submittedBy', 'createdBy', 'updatedBy',
      sql<string>`to_char(valid_until, 'YYYY-MM-DD')`.as('validUntil')])
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirstOrThrow();
  return {
    ...row,
    status: row.status as ProposalStatus,
    terms: parsed<DealTerms>(row.terms),
    asking: parsed<AskingSnapshot>(row.asking),
    metrics: parsed<DealMetrics>(row.metrics),
    inquiry,
  };
}
export type LockedProposal = Awaited<ReturnType<typeof lockProposal>>;

/** The spaces' asking terms as a proposal freezes them; 400 when one does not exist (any more). */
async function askingUnits(trx: Trx, unitIds: string[]): Promise<AskingUnit[]> {
  const rows = await trx
    .selectFrom('units')
    .select(['id', 'floor', 'unitNumber', 'supplyAreaM2', 'exclusiveAreaM2', 'monthlyRent', 'deposit', 'maintenanceFee'])
    .where(sql<boolean>`id = any(${unitIds}::uuid[])`)
    .execute();
  if (rows.length !== unitIds.length) throw invalid('unitIds', 'proposals.errors.unitUnknown');
  const price = (value: string | number | null) => (value === null ? null : Number(value));
  return unitIds.map((id) => rows.find((row) => row.id === id)!).map((row) => ({
    id: row.id,
    floor: row.floor,
    unitNumber: row.unitNumber,
    supplyAreaM2: Number(row.supplyAreaM2),
    exclusiveAreaM2: Number(row.exclusiveAreaM2),
    monthlyRent: price(row.monthlyRent),
    deposit: price(row.deposit),
    maintenanceFee: price(row.maintenanceFee),
  }));
}

/** The economics of `terms` against `asking` at the owner's rates now (decision 054: stored, never recomputed under it). */
export function economicsOf(terms: DealTerms, asking: AskingSnapshot, settings: Settings): DealMetrics {
  return dealMetrics(terms, areaOf(asking), settings, askingTerms(asking, terms));
}

/** Checks the validity against today (Seoul): from today to 90 days on (the start date's years are the terms' rule). */
function checkValidity(validUntil: string, today: string): void {
  if (validUntil < today) throw invalid('validUntil', 'proposals.errors.validUntilPast');
  if (validUntil > addDays(today, PROPOSAL_LIMITS.maxValidDays)) throw invalid('validUntil', 'proposals.errors.validUntilTooFar');
}

/**
 * POST /api/inquiries/{id}/proposals: a draft. Without `parentId`, version 1 of a new negotiation; with it, the next
 * version of a sent or answered one (409 when the parent is still being written, or a next version is already open).
 * The spaces' asking terms are frozen into it and its economics computed and stored, all in one transaction under
 * the inquiry's lock (the privacy guard).
 */
export async function createProposal(db: Db, inquiryId: string, input: ProposalCreate, editor: ProposalEditor, now = new Date()): Promise<Proposal> {
  const settings = await readSettings(db);
  const today = koreanDay(now);
  const validUntil = input.validUntil ?? addDays(today, PROPOSAL_LIMITS.defaultValidDays);
  checkValidity(validUntil, today);
  const id = randomUUID();
  await withActor(editor.actor, async (trx) => {
    const inquiry = await lockInquiryForProcessing(trx, inquiryId);
    let lineage: { rootId: string; parentId: string | null; version: number } = { rootId: id, parentId: null, version: 1 };
    let renewalOf: string | null = null;
    if (input.parentId) {
      const parent = await trx.selectFrom('proposals').select(['id', 'inquiryId', 'rootId', 'status', 'renewalOf']).where('id', '=', input.parentId).executeTakeFirst();
      if (!parent || parent.inquiryId !== inquiryId) throw invalid('parentId', 'proposals.errors.parentUnknown');
      const status = parent.status as ProposalStatus;
      if (!REVISABLE_STATUSES.includes(status)) {
        throw isEditable(status)
          ? new HttpError(409, 'proposal_not_sent', 'This version was not sent: change it instead of making a next one', { fields: { parentId: 'proposals.errors.parentNotSent' } })
          : proposalClosed(status);
      }
      const open = await trx.selectFrom('proposals').select('id').where('rootId', '=', parent.rootId).where('status', 'in', [...EDITABLE_STATUSES]).executeTakeFirst();
      if (open) throw new HttpError(409, 'proposal_open_version', 'This negotiation already has a version being written', { fields: { parentId: 'proposals.errors.openVersion' }, details: { openId: open.id } });
      const last = await trx.selectFrom('proposals').select(sql<number>`max(version)`.as('version')).where('rootId', '=', parent.rootId).executeTakeFirstOrThrow();
      lineage = { rootId: parent.rootId, parentId: parent.id, version: Number(last.version) + 1 };
      renewalOf = parent.renewalOf;
    } else if (input.renewalOf) {
      // A renewal is of a lease of this inquiry that is signed and not ended (the tenant's renewal, issue 40).
      const renewed = await trx.selectFrom('leases').select('id').where('id', '=', input.renewalOf).where('inquiryId', '=', inquiryId)
        .where('status', 'in', [...LIVE_LEASE_STATUSES]).executeTakeFirst();
      if (!renewed) throw invalid('renewalOf', 'proposals.errors.renewalOfUnknown');
      renewalOf = renewed.id;
    }
    const asking = askingSnapshot(await askingUnits(trx, input.unitIds), settings.askingEscalationPct, now);
    await trx
      .insertInto('proposals')
      .values({
        id,
        inquiryId,
        ...lineage,
        renewalOf,
        proposedBy: 'landlord',
        status: 'draft',
        unitIds: input.unitIds,
        terms: JSON.stringify(input.terms),
        asking: JSON.stringify(asking),
        metrics: JSON.stringify(economicsOf(input.terms, asking, settings)),
        validUntil,
        locale: input.locale ?? asLocale(inquiry.locale),
        createdBy: editor.id,
        updatedBy: editor.id,
      })
      .execute();
  }, { db });
  return (await findProposal(db, id))!;
}

/**
 * Ends a pending approval round because the version changed under it: an edit sends a version back to draft
 * ("any edit after approval sends it back"), and the owners' list no longer shows it.
 */
export async function voidOpenApproval(trx: Trx, proposalId: string, editor: ProposalEditor): Promise<void> {
  await trx
    .updateTable('proposalApprovals')
    .set({ decision: 'voided', decidedAt: sql`clock_timestamp()`, approverId: editor.id })
    .where('proposalId', '=', proposalId)
    .where('decision', 'is', null)
    .execute();
}

/**
 * PATCH /api/proposals/{id}: changes an unsent version (its spaces, whole terms, validity, language). Any change sends
 * it back to draft — an approval, granted or pending, was for other terms. A sent one is 409 `proposal_sent` (make
 * the next version); an answered, rejected or withdrawn one 409 `proposal_closed`. New spaces freeze their asking
 * terms anew; the economics are computed again at today's rates. A patch that changes nothing changes nothing.
 */
export async function patchProposal(db: Db, id: string, patch: ProposalPatch, editor: ProposalEditor, expected: number | null, now = new Date()): Promise<Proposal> {
  const settings = await readSettings(db);
  const today = koreanDay(now);
  await versioned(db, id, () => withActor(editor.actor, async (trx) => {
    const current = await lockProposal(trx, id);
    checkRevision(current, expected);
    if (current.status === 'sent' || current.proposedBy === 'prospect') throw proposalSent(current);
    if (!isEditable(current.status)) throw proposalClosed(current.status);
    const terms = patch.terms ?? current.terms;
    const unitIds = patch.unitIds ?? current.unitIds;
    const validUntil = patch.validUntil ?? current.validUntil;
    const locale = patch.locale ?? current.locale;
    const spacesChanged = !sameValue(unitIds, current.unitIds);
    const changed = spacesChanged || !sameValue(terms, current.terms) || validUntil !== current.validUntil || locale !== current.locale;
    if (!changed) return;
    checkValidity(validUntil, today);
    const asking = spacesChanged ? askingSnapshot(await askingUnits(trx, unitIds), settings.askingEscalationPct, now) : current.asking;
    if (current.status !== 'draft') await voidOpenApproval(trx, id, editor);
    await trx
      .updateTable('proposals')
      .set({
        unitIds,
        terms: JSON.stringify(terms),
        asking: JSON.stringify(asking),
        metrics: JSON.stringify(economicsOf(terms, asking, settings)),
        validUntil,
        locale,
        status: 'draft',
        updatedBy: editor.id,
        updatedAt: sql`now()`,
      })
      .where('id', '=', id)
      .execute();
  }, { db }));
  return (await findProposal(db, id))!;
}
