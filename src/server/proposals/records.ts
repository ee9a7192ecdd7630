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

/** A user's name as the panel shows it, as SQL (display name, else username). */
const personJson = (alias: string) => sql.raw(`case when ${alias}.id is null then null else json_build_object('id', ${alias}.id, 'name', coalesce(nullif(${alias}.display_name, ''), ${alias}.username)) end`);

/**
 * A version with everything that hangs from it, in ONE query: its approvals with the people named, its last link,
 * its answer, its holds, its spaces as they are now and its parent's terms, as JSON columns. On PGlite a query costs
 * about as much as the rows it hands over; the seven batched queries this replaced were most of a save's time
 * (scripts/bench/proposals.ts).
 */
function selectRows(db: Db | Trx) {
  return db
    .selectFrom('proposals as p')
    .leftJoin('users as cu', 'cu.id', 'p.createdBy')
    .leftJoin('users as uu', 'uu.id', 'p.updatedBy')
    .leftJoin('users as su', 'su.id', 'p.sentBy')
    .select([
      'p.id', 'p.inquiryId', 'p.rootId', 'p.parentId', 'p.renewalOf', 'p.version', 'p.proposedBy', 'p.status', 'p.unitIds', 'p.terms', 'p.asking', 'p.metrics',
      'p.locale', 'p.createdAt', 'p.updatedAt', 'p.submittedAt', 'p.sentAt', 'p.answeredAt', 'p.revision',
      sql<string>`to_char(p.valid_until, 'YYYY-MM-DD')`.as('validUntil'),
      sql<Person | null>`${personJson('cu')}`.as('createdByPerson'),
      sql<Person | null>`${personJson('uu')}`.as('updatedByPerson'),
      sql<Person | null>`${personJson('su')}`.as('sentByPerson'),
      sql<unknown>`(select p2.terms from proposals p2 where p2.id = p.parent_id)`.as('parentTerms'),
      sql<unknown[]>`(
        select coalesce(json_agg(json_build_object(
          'id', a.id, 'rules', a.rules, 'revision', a.proposal_revision, 'requestedBy', ${personJson('ra')}, 'requestedAt', a.requested_at,
          'decision', a.decision, 'approver', ${personJson('aa')}, 'decidedAt', a.decided_at, 'comment', a.comment
        ) order by a.requested_at, a.id), '[]'::json)
        from proposal_approvals a left join users ra on ra.id = a.requested_by left join users aa on aa.id = a.approver_id
        where a.proposal_id = p.id)`.as('approvalRows'),
      sql<Record<string, unknown> | null>`(
        select json_build_object('id', l.id, 'recipient', l.recipient, 'locale', l.locale, 'createdAt', l.created_at, 'expiresAt', l.expires_at,
          'firstViewedAt', l.first_viewed_at, 'lastViewedAt', l.last_viewed_at, 'revokedAt', l.revoked_at, 'decidedAt', l.decided_at)
        from proposal_links l where l.proposal_id = p.id order by l.created_at desc, l.id limit 1)`.as('linkRow'),
      sql<Record<string, unknown> | null>`(
        select json_build_object('id', r.id, 'decision', r.decision, 'at', r.at, 'atKst', r.at_kst, 'clientAddress', r.client_address,
          'userAgent', r.user_agent, 'pdfSha256', r.pdf_sha256, 'pdfLocale', r.pdf_locale, 'recipient', r.recipient, 'codeVerified', r.code_verified,
          'signerName', r.signer_name, 'signerTitle', r.signer_title, 'company', r.company, 'consentVersion', r.consent_version,
          'reasonCode', r.reason_code, 'message', r.message, 'counter', r.counter, 'counterProposalId', r.counter_proposal_id)
        from proposal_responses r where r.proposal_id = p.id)`.as('responseRow'),
      sql<Record<string, unknown>[] | null>`(
        select json_agg(json_build_object('unitId', h.unit_id, 'heldAt', h.held_at, 'until', h.until, 'releasedAt', h.released_at, 'releaseReason', h.release_reason,
          'releaseNote', h.release_note, 'releasedById', h.released_by, 'releasedByName', coalesce(nullif(rb.display_name, ''), rb.username)) order by h.unit_id)
        from proposal_holds h left join users rb on rb.id = h.released_by where h.proposal_id = p.id)`.as('holdRows'),
      sql<Record<string, unknown>[] | null>`(
        select json_agg(json_build_object('id', u.id, 'floor', u.floor, 'unitNumber', u.unit_number, 'status', u.status,
          'supplyAreaM2', u.supply_area_m2, 'exclusiveAreaM2', u.exclusive_area_m2, 'monthlyRent', u.monthly_rent, 'deposit', u.deposit,
          'maintenanceFee', u.maintenance_fee) order by array_position(p.unit_ids, u.id))
        from units u where u.id = any(p.unit_ids))`.as('unitRows'),
    ]);
}
type Row = Awaited<ReturnType<ReturnType<typeof selectRows>['execute']>>[number];

const iso = (value: Date | string) => new Date(value).toISOString();
const isoOrNull = (value: Date | string | null | undefined) => (value === null || value === undefined ? null : iso(value));
/** jsonb arrives parsed from pg and Neon, as text from some PGlite paths: one reader for both. */
export const parsed = <T>(value: unknown): T => (typeof value === 'string' ? (JSON.parse(value) as T) : (value as T));

type UnitNow = { id: string; floor: string; unitNumber: string; status: string; supplyAreaM2: number; exclusiveAreaM2: number; monthlyRent: string | number | null; deposit: string | number | null; maintenanceFee: string | number | null };

/** The frozen asking figures that differ from what the spaces ask now. */
function askingChangedSince(asking: AskingSnapshot, units: Map<string, UnitNow>): Proposal['askingChanged'] {
  const now = asking.units.map((unit) => units.get(unit.id));
  if (now.some((unit) => unit === undefined)) return [];
  const area = asking.contractAreaM2;
  const total = (pick: (unit: UnitNow) => string | number | null) => {
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

/** Turns rows into proposals (in the rows' order). */
export function toProposals(rows: Row[]): Proposal[] {
  return rows.map((row) => {
    const asking = parsed<AskingSnapshot>(row.asking);
    const terms = parsed<DealTerms>(row.terms);
    const parentTerms = row.parentTerms === null ? undefined : parsed<DealTerms>(row.parentTerms);
    const units = (parsed<UnitNow[] | null>(row.unitRows) ?? []).map((unit) => ({ ...unit, supplyAreaM2: Number(unit.supplyAreaM2), exclusiveAreaM2: Number(unit.exclusiveAreaM2) }));
    const approvals = parsed<Record<string, unknown>[]>(row.approvalRows) ?? [];
    const link = parsed<Record<string, unknown> | null>(row.linkRow);
    const response = parsed<Record<string, unknown> | null>(row.responseRow);
    const holds = parsed<Record<string, unknown>[] | null>(row.holdRows) ?? [];
    return {
      id: row.id,
      inquiryId: row.inquiryId,
      rootId: row.rootId,
      version: row.version,
      parentId: row.parentId,
      renewalOf: row.renewalOf,
      proposedBy: row.proposedBy as ProposedBy,
      status: row.status as ProposalStatus,
      unitIds: row.unitIds,
      units: units.map((unit): ProposalUnit => ({ id: unit.id, floor: unit.floor, unitNumber: unit.unitNumber, status: unit.status, supplyAreaM2: unit.supplyAreaM2, exclusiveAreaM2: unit.exclusiveAreaM2 })),
      terms,
      asking,
      metrics: parsed<DealMetrics>(row.metrics),
      askingChanged: askingChangedSince(asking, new Map(units.map((unit) => [unit.id, unit]))),
      changedFromParent: parentTerms ? changedTerms(parentTerms, terms) : null,
      validUntil: row.validUntil,
      locale: asLocale(row.locale) as Locale,
      approvals: approvals.map((approval): ProposalApproval => ({
        id: approval.id as string,
        rules: parsed<RuleResult[]>(approval.rules),
        revision: approval.revision as number,
        requestedBy: (approval.requestedBy as Person | null) ?? null,
        requestedAt: iso(approval.requestedAt as string),
        decision: approval.decision as ApprovalDecision | null,
        approver: (approval.approver as Person | null) ?? null,
        decidedAt: isoOrNull(approval.decidedAt as string | null),
        comment: approval.comment as string | null,
      })),
      link: link
        ? ({
            id: link.id as string, recipient: link.recipient as string | null, locale: asLocale(link.locale as string), createdAt: iso(link.createdAt as string),
            expiresAt: iso(link.expiresAt as string), firstViewedAt: isoOrNull(link.firstViewedAt as string | null), lastViewedAt: isoOrNull(link.lastViewedAt as string | null),
            revokedAt: isoOrNull(link.revokedAt as string | null), decidedAt: isoOrNull(link.decidedAt as string | null),
          } satisfies ProposalLinkInfo)
        : null,
      response: response
        ? ({
            id: response.id as string, decision: response.decision as AnswerDecision, at: iso(response.at as string), atKst: response.atKst as string,
            clientAddress: response.clientAddress as string | null, userAgent: response.userAgent as string | null, pdfSha256: response.pdfSha256 as string,
            pdfLocale: asLocale(response.pdfLocale as string), recipient: response.recipient as string | null, codeVerified: response.codeVerified as boolean,
            signerName: response.signerName as string | null, signerTitle: response.signerTitle as string | null, company: response.company as string | null,
            consentVersion: response.consentVersion as string | null, reasonCode: response.reasonCode as string | null, message: response.message as string | null,
            counter: response.counter === null ? null : parsed<Counter>(response.counter), counterProposalId: response.counterProposalId as string | null,
          } satisfies ProposalResponse)
        : null,
      hold: holds.length
        ? ({
            unitIds: holds.map((hold) => hold.unitId as string),
            heldAt: iso(holds[0]!.heldAt as string),
            until: iso(holds[0]!.until as string),
            releasedAt: isoOrNull(holds[0]!.releasedAt as string | null),
            releaseReason: holds[0]!.releaseReason as HoldReleaseReason | null,
            releasedBy: holds[0]!.releasedById ? { id: holds[0]!.releasedById as string, name: (holds[0]!.releasedByName as string | null) ?? '' } : null,
            releaseNote: (holds[0]!.releaseNote as string | null) ?? null,
          } satisfies ProposalHold)
        : null,
      createdBy: parsed<Person | null>(row.createdByPerson),
      createdAt: iso(row.createdAt),
      updatedBy: parsed<Person | null>(row.updatedByPerson),
      updatedAt: iso(row.updatedAt),
      submittedAt: isoOrNull(row.submittedAt),
      sentAt: isoOrNull(row.sentAt),
      sentBy: parsed<Person | null>(row.sentByPerson),
      answeredAt: isoOrNull(row.answeredAt),
      revision: row.revision,
    };
  });
}

export async function findProposal(db: Db | Trx, id: string): Promise<Proposal | null> {
  const row = await selectRows(db).where('p.id', '=', id).executeTakeFirst();
  return row ? toProposals([row])[0]! : null;
}

/** Every version of an inquiry's proposals: negotiation by negotiation (oldest first), each by version. */
export async function listInquiryProposals(db: Db | Trx, inquiryId: string): Promise<Proposal[]> {
  const rows = await selectRows(db)
    .where('p.inquiryId', '=', inquiryId)
    .orderBy(sql`(select r.created_at from proposals r where r.id = p.root_id)`)
    .orderBy('p.rootId')
    .orderBy('p.version')
    .execute();
  return toProposals(rows);
}

/** The versions waiting for an owner (the 결재 list), oldest request first. */
export async function listPendingApprovals(db: Db | Trx): Promise<Proposal[]> {
  const rows = await selectRows(db)
    .where('p.status', '=', 'pending_approval')
    .orderBy(sql`(select max(a.requested_at) from proposal_approvals a where a.proposal_id = p.id)`)
    .orderBy('p.id')
    .limit(500)
    .execute();
  return toProposals(rows);
}
