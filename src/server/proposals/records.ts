import { sql } from 'kysely';
import type { Locale } from '../../i18n/locales.ts';
import type { AskingSnapshot } from '../../shared/deals/asking.ts';
import type { DealMetrics } from '../../shared/deals/economics.ts';
import { changedTerms, type DealTerms } from '../../shared/deals/terms.ts';
import { wholeWon } from '../../shared/deals/money.ts';
import type { RuleResult } from '../../shared/proposals/approval-rules.ts';
import type { Counter } from '../../shared/proposals/schemas.ts';
import type { AnswerDecision, ApprovalDecision, HoldReleaseReason, ProposalStatus, ProposedBy } from '../../shared/proposals/statuses.ts';
import type { Person, Proposal, ProposalApproval, ProposalHold, ProposalLinkInfo, ProposalResponse, ProposalUnit } from '../../shared/proposals/types.ts';
import { etagOf } from '../../shared/versions.ts';
import type { Trx } from '../audit/actor.ts';
import type { Db } from '../db/index.ts';
import { HttpError } from '../http/errors.ts';
import { asLocale } from '../i18n.ts';

/**
 * Proposals as the API answers them: a version's row with its approvals, its last link, its answer, its hold, its
 * spaces as they are now and the people named — read in one batch per kind for any number of versions.
 */

export const proposalNotFound = () => new HttpError(404, 'proposal_not_found', 'No proposal with this id');

/** The ETag of a proposal: its revision (the lost-update counter), not its version number (docs/api/proposals.md). */
export const proposalHeaders = (proposal: Pick<Proposal, 'revision'>): Record<string, string> => ({ ETag: etagOf(proposal.revision) });

/** 409 `conflict`: the proposal changed since the write's If-Match was read; the body carries it as it is now. */
export function proposalConflict(current: Proposal): HttpError {
  return new HttpError(409, 'conflict', 'Someone changed this proposal since you read it', { headers: proposalHeaders(current), details: { current } });
}

function selectRows(db: Db | Trx) {
  return db
    .selectFrom('proposals as p')
    .select([
      'p.id', 'p.inquiryId', 'p.rootId', 'p.parentId', 'p.version', 'p.proposedBy', 'p.status', 'p.unitIds', 'p.terms', 'p.asking', 'p.metrics',
      'p.locale', 'p.createdBy', 'p.createdAt', 'p.updatedBy', 'p.updatedAt', 'p.submittedAt', 'p.sentBy', 'p.sentAt', 'p.answeredAt', 'p.revision',
      sql<string>`to_char(p.valid_until, 'YYYY-MM-DD')`.as('validUntil'),
    ]);
}
type Row = Awaited<ReturnType<ReturnType<typeof selectRows>['execute']>>[number];

const iso = (value: Date | string) => new Date(value).toISOString();
const isoOrNull = (value: Date | string | null) => (value === null ? null : iso(value));
/** jsonb arrives parsed from pg and Neon, as text from some PGlite paths: one reader for both. */
export const parsed = <T>(value: unknown): T => (typeof value === 'string' ? (JSON.parse(value) as T) : (value as T));

async function people(db: Db | Trx, ids: (string | null)[]): Promise<Map<string, Person>> {
  const wanted = [...new Set(ids.filter((id): id is string => id !== null))];
  if (wanted.length === 0) return new Map();
  const rows = await db.selectFrom('users').select(['id', 'displayName', 'username']).where(sql<boolean>`id = any(${wanted}::uuid[])`).execute();
  return new Map(rows.map((row) => [row.id, { id: row.id, name: row.displayName || row.username }]));
}

/** The frozen asking figures that differ from what the spaces ask now. */
function askingChangedSince(asking: AskingSnapshot, units: Map<string, { monthlyRent: string | number | bigint | null; deposit: string | number | bigint | null; maintenanceFee: string | number | bigint | null; supplyAreaM2: number }>): Proposal['askingChanged'] {
  const now = asking.units.map((unit) => units.get(unit.id));
  if (now.some((unit) => unit === undefined)) return [];
  const area = asking.contractAreaM2;
  const total = (pick: (unit: NonNullable<(typeof now)[number]>) => string | number | bigint | null) => {
    const values = now.map((unit) => pick(unit!));
    return values.some((value) => value === null) ? null : values.reduce<number>((sum, value) => sum + Number(value), 0);
  };
  const perM2 = (value: number | null) => (value === null || area <= 0 ? null : wholeWon(value / area));
  const changed: Proposal['askingChanged'] = [];
  if (perM2(total((unit) => unit.monthlyRent)) !== asking.rentPerM2Krw) changed.push('rentPerM2Krw');
  if (perM2(total((unit) => unit.maintenanceFee)) !== asking.maintenancePerM2Krw) changed.push('maintenancePerM2Krw');
  if (total((unit) => unit.deposit) !== asking.depositKrw) changed.push('depositKrw');
  return changed;
}

/** Turns rows into proposals (in the rows' order), reading what hangs from them in one query per kind. */
export async function toProposals(db: Db | Trx, rows: Row[]): Promise<Proposal[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const unitIds = [...new Set(rows.flatMap((row) => row.unitIds))];
  const [approvals, links, responses, holds, units, parents] = await Promise.all([
    db.selectFrom('proposalApprovals').selectAll().where(sql<boolean>`proposal_id = any(${ids}::uuid[])`).orderBy('requestedAt').orderBy('id').execute(),
    db.selectFrom('proposalLinks').selectAll().where(sql<boolean>`proposal_id = any(${ids}::uuid[])`).orderBy('createdAt').execute(),
    db.selectFrom('proposalResponses').selectAll().where(sql<boolean>`proposal_id = any(${ids}::uuid[])`).execute(),
    db.selectFrom('proposalHolds').selectAll().where(sql<boolean>`proposal_id = any(${ids}::uuid[])`).execute(),
    unitIds.length
      ? db.selectFrom('units').select(['id', 'floor', 'unitNumber', 'status', 'supplyAreaM2', 'exclusiveAreaM2', 'monthlyRent', 'deposit', 'maintenanceFee']).where(sql<boolean>`id = any(${unitIds}::uuid[])`).execute()
      : Promise.resolve([]),
    (async () => {
      const parentIds = [...new Set(rows.map((row) => row.parentId).filter((id): id is string => id !== null && !ids.includes(id)))];
      return parentIds.length ? db.selectFrom('proposals').select(['id', 'terms']).where(sql<boolean>`id = any(${parentIds}::uuid[])`).execute() : [];
    })(),
  ]);
  const named = await people(db, [
    ...rows.flatMap((row) => [row.createdBy, row.updatedBy, row.sentBy]),
    ...approvals.flatMap((approval) => [approval.requestedBy, approval.approverId]),
  ]);
  const person = (id: string | null) => (id === null ? null : named.get(id) ?? null);
  const unitById = new Map(units.map((unit) => [unit.id, unit]));
  const termsById = new Map<string, DealTerms>([
    ...rows.map((row): [string, DealTerms] => [row.id, parsed<DealTerms>(row.terms)]),
    ...parents.map((parent): [string, DealTerms] => [parent.id, parsed<DealTerms>(parent.terms)]),
  ]);

  return rows.map((row) => {
    const asking = parsed<AskingSnapshot>(row.asking);
    const terms = termsById.get(row.id)!;
    const parentTerms = row.parentId ? termsById.get(row.parentId) : undefined;
    const link = links.filter((candidate) => candidate.proposalId === row.id).at(-1);
    const response = responses.find((candidate) => candidate.proposalId === row.id);
    const held = holds.filter((hold) => hold.proposalId === row.id);
    return {
      id: row.id,
      inquiryId: row.inquiryId,
      rootId: row.rootId,
      version: row.version,
      parentId: row.parentId,
      proposedBy: row.proposedBy as ProposedBy,
      status: row.status as ProposalStatus,
      unitIds: row.unitIds,
      units: row.unitIds.map((id) => unitById.get(id)).filter((unit) => unit !== undefined).map((unit): ProposalUnit => ({
        id: unit.id, floor: unit.floor, unitNumber: unit.unitNumber, status: unit.status, supplyAreaM2: Number(unit.supplyAreaM2), exclusiveAreaM2: Number(unit.exclusiveAreaM2),
      })),
      terms,
      asking,
      metrics: parsed<DealMetrics>(row.metrics),
      askingChanged: askingChangedSince(asking, new Map(units.map((unit) => [unit.id, { ...unit, supplyAreaM2: Number(unit.supplyAreaM2) }]))),
      changedFromParent: parentTerms ? changedTerms(parentTerms, terms) : null,
      validUntil: row.validUntil,
      locale: asLocale(row.locale) as Locale,
      approvals: approvals.filter((approval) => approval.proposalId === row.id).map((approval): ProposalApproval => ({
        id: approval.id,
        rules: parsed<RuleResult[]>(approval.rules),
        revision: approval.proposalRevision,
        requestedBy: person(approval.requestedBy),
        requestedAt: iso(approval.requestedAt),
        decision: approval.decision as ApprovalDecision | null,
        approver: person(approval.approverId),
        decidedAt: isoOrNull(approval.decidedAt),
        comment: approval.comment,
      })),
      link: link
        ? ({
            id: link.id, recipient: link.recipient, locale: asLocale(link.locale), createdAt: iso(link.createdAt), expiresAt: iso(link.expiresAt),
            firstViewedAt: isoOrNull(link.firstViewedAt), lastViewedAt: isoOrNull(link.lastViewedAt), revokedAt: isoOrNull(link.revokedAt), decidedAt: isoOrNull(link.decidedAt),
          } satisfies ProposalLinkInfo)
        : null,
      response: response
        ? ({
            id: response.id, decision: response.decision as AnswerDecision, at: iso(response.at), atKst: response.atKst, clientAddress: response.clientAddress,
            userAgent: response.userAgent, pdfSha256: response.pdfSha256, pdfLocale: asLocale(response.pdfLocale), recipient: response.recipient,
            codeVerified: response.codeVerified, signerName: response.signerName, signerTitle: response.signerTitle, company: response.company,
            consentVersion: response.consentVersion, reasonCode: response.reasonCode, message: response.message,
            counter: response.counter === null ? null : parsed<Counter>(response.counter), counterProposalId: response.counterProposalId,
          } satisfies ProposalResponse)
        : null,
      hold: held.length
        ? ({
            unitIds: held.map((hold) => hold.unitId),
            heldAt: iso(held[0]!.heldAt),
            until: iso(held[0]!.until),
            releasedAt: isoOrNull(held[0]!.releasedAt),
            releaseReason: held[0]!.releaseReason as HoldReleaseReason | null,
          } satisfies ProposalHold)
        : null,
      createdBy: person(row.createdBy),
      createdAt: iso(row.createdAt),
      updatedBy: person(row.updatedBy),
      updatedAt: iso(row.updatedAt),
      submittedAt: isoOrNull(row.submittedAt),
      sentAt: isoOrNull(row.sentAt),
      sentBy: person(row.sentBy),
      answeredAt: isoOrNull(row.answeredAt),
      revision: row.revision,
    };
  });
}

export async function findProposal(db: Db | Trx, id: string): Promise<Proposal | null> {
  const row = await selectRows(db).where('p.id', '=', id).executeTakeFirst();
  return row ? (await toProposals(db, [row]))[0]! : null;
}

/** Every version of an inquiry's proposals: negotiation by negotiation (oldest first), each by version. */
export async function listInquiryProposals(db: Db | Trx, inquiryId: string): Promise<Proposal[]> {
  const rows = await selectRows(db)
    .where('p.inquiryId', '=', inquiryId)
    .orderBy(sql`(select r.created_at from proposals r where r.id = p.root_id)`)
    .orderBy('p.rootId')
    .orderBy('p.version')
    .execute();
  return toProposals(db, rows);
}

/** The versions waiting for an owner (the 결재 list), oldest request first. */
export async function listPendingApprovals(db: Db | Trx): Promise<Proposal[]> {
  const rows = await selectRows(db)
    .where('p.status', '=', 'pending_approval')
    .orderBy(sql`(select max(a.requested_at) from proposal_approvals a where a.proposal_id = p.id)`)
    .orderBy('p.id')
    .limit(500)
    .execute();
  return toProposals(db, rows);
}
