import { sql } from 'kysely';
import { addMonths, termEndsOn } from '../../shared/deals/schedule.ts';
import type { DealTerms } from '../../shared/deals/terms.ts';
import type { HoldReleaseReason } from '../../shared/proposals/statuses.ts';
import type { Trx } from '../audit/actor.ts';
import { HttpError } from '../http/errors.ts';
import { inquiryReference } from '../../shared/inquiry-basics.ts';
import { koreanDay } from '../../shared/business-hours.ts';

/**
 * One accepted proposal per space (issue 39): accepting reserves the proposal's spaces until a lease is signed from it
 * or the hold lapses (`proposalHoldDays`). Two acceptances of one space at once: the spaces' rows are locked in one
 * order (by id, so two acceptances never wait on each other crosswise) and the second finds the first's hold; and
 * should any writer skip the locks, the database's unique index on live holds per space lets exactly one commit.
 */

export const unitReserved = (unitIds: string[]) =>
  new HttpError(409, 'unit_reserved', 'Another accepted proposal already holds a space of this proposal', { fields: { unitIds: 'proposals.errors.unitReserved' }, details: { unitIds } });
const unitLeased = (unitIds: string[]) =>
  new HttpError(409, 'unit_leased', 'A space of this proposal is leased', { fields: { unitIds: 'proposals.errors.unitLeased' }, details: { unitIds } });

/** The database refused a second live hold of a space (proposal_holds_live_unit_idx). */
export function isHoldConflict(error: unknown): boolean {
  const { code, constraint } = (error ?? {}) as { code?: string; constraint?: string };
  return code === '23505' && (constraint === undefined || constraint === 'proposal_holds_live_unit_idx');
}

type PossessionTerms = Pick<DealTerms, 'startDate' | 'termMonths' | 'fitoutMonths'>;

/** The days a proposal's tenant would hold its spaces: from the fit-out's first day to the term's last. */
export const possessionOf = (terms: PossessionTerms) => ({ from: addMonths(terms.startDate, -terms.fitoutMonths), to: termEndsOn(terms) });

/**
 * Holds `unitIds` for `proposalId` until `until` in the caller's transaction: each space becomes `reserved`, keeping
 * the status it had for the hold's end. 409 `unit_reserved` when another live hold has one, `unit_leased` when a
 * signed lease takes it on a day of the proposal's `terms` (fit-out to the term's last day), or it is leased with no
 * signed lease to say until when. A space a signed lease holds until before the proposal's possession is held too
 * (decision 058's amendment): the lease keeps governing its status (`leased`) until its end, visitors read it as
 * reserved meanwhile, and the day after the end the daily job makes it `reserved` while the hold lives
 * (src/server/leases/by-date.ts). A space deleted since is left out (its proposal still stands, the lease will say).
 */
export async function holdUnits(trx: Trx, proposalId: string, unitIds: string[], until: Date, terms?: PossessionTerms, now = new Date()): Promise<void> {
  const ordered = [...unitIds].sort();
  const units = await trx
    .selectFrom('units')
    .select(['id', 'status'])
    .where(sql<boolean>`id = any(${ordered}::uuid[])`)
    .orderBy('id')
    .forUpdate()
    .execute();
  const held = await trx
    .selectFrom('proposalHolds')
    .select('unitId')
    .where(sql<boolean>`unit_id = any(${ordered}::uuid[])`)
    .where('releasedAt', 'is', null)
    .where('proposalId', '!=', proposalId)
    .execute();
  if (held.length > 0) throw unitReserved(held.map((row) => row.unitId));
  // A leased space is let ahead only when a signed lease says until when (its end); one leased by hand is leased.
  const leasedUnits = units.filter((unit) => unit.status === 'leased').map((unit) => unit.id);
  const governed = terms && leasedUnits.length > 0
    ? await trx
      .selectFrom('leases')
      .select('unitIds')
      .where('status', '!=', 'draft')
      .where(sql<boolean>`unit_ids && ${leasedUnits}::uuid[]`)
      .where('endsOn', '>=', koreanDay(now))
      .execute()
    : [];
  const leased = leasedUnits.filter((id) => !governed.some((lease) => (lease.unitIds as string[]).includes(id)));
  if (leased.length > 0) throw unitLeased(leased);
  // A signed lease takes its spaces from handover to its last day, whatever their status reads today (one signed for
  // a later contract day leaves it as it was until then, issue 40): a proposal whose tenant would hold one on a common
  // day cannot be accepted; one whose possession starts after the lease's end can.
  if (terms) {
    const { from, to } = possessionOf(terms);
    const taken = await trx
      .selectFrom('leases')
      .select('unitIds')
      .where('status', '!=', 'draft')
      .where(sql<boolean>`unit_ids && ${ordered}::uuid[]`)
      .where('handoverOn', '<=', to)
      .where('endsOn', '>=', from)
      .execute();
    const clashing = ordered.filter((id) => taken.some((lease) => (lease.unitIds as string[]).includes(id)));
    if (clashing.length > 0) throw unitLeased(clashing);
  }
  for (const unit of units) {
    // A leased space's lease keeps its status; when the hold lapses after the lease's end the space is free.
    const statusBefore = unit.status === 'reserved' || unit.status === 'leased' ? 'available' : unit.status;
    await trx.insertInto('proposalHolds').values({ proposalId, unitId: unit.id, statusBefore, until }).execute();
    if (unit.status !== 'leased') await trx.updateTable('units').set({ status: 'reserved', updatedAt: sql`now()` }).where('id', '=', unit.id).execute();
  }
}

/**
 * Ends `proposalId`'s live holds for `reason` in the caller's transaction. A space still `reserved` goes back to the
 * status it had before (`lapsed`, `withdrawn`); with `lease_signed` the lease sets the space's status itself, so the
 * space is left as the caller made it. Returns the spaces released.
 */
export async function releaseHolds(trx: Trx, proposalId: string, reason: HoldReleaseReason, now = new Date()): Promise<string[]> {
  const released = await trx
    .updateTable('proposalHolds')
    .set({ releasedAt: now, releaseReason: reason })
    .where('proposalId', '=', proposalId)
    .where('releasedAt', 'is', null)
    .returning(['unitId', 'statusBefore'])
    .execute();
  if (reason !== 'lease_signed') {
    for (const hold of released) {
      await trx.updateTable('units').set({ status: hold.statusBefore, updatedAt: sql`now()` }).where('id', '=', hold.unitId).where('status', '=', 'reserved').execute();
    }
  }
  return released.map((hold) => hold.unitId);
}

/** A live hold on a space a lease is about to take: whose it is, as the sign form names it. */
export interface LiveHold {
  unitId: string;
  floor: string;
  unitNumber: string;
  proposalId: string;
  version: number;
  inquiryId: string;
  /** The holding inquiry's reference number ("0B6C2F1E"), what the panel and the staff mails name it by. */
  reference: string;
  until: string;
}

/** The live holds on `unitIds` (in the caller's transaction, after the spaces are locked), by space. */
export async function liveHoldsOn(trx: Trx, unitIds: readonly string[]): Promise<LiveHold[]> {
  if (unitIds.length === 0) return [];
  const rows = await trx
    .selectFrom('proposalHolds as h')
    .innerJoin('proposals as p', 'p.id', 'h.proposalId')
    .innerJoin('units as u', 'u.id', 'h.unitId')
    .select(['h.unitId', 'u.floor', 'u.unitNumber', 'h.proposalId', 'p.version', 'p.inquiryId', 'h.until'])
    .where(sql<boolean>`h.unit_id = any(${unitIds}::uuid[])`)
    .where('h.releasedAt', 'is', null)
    .orderBy('h.unitId')
    .execute();
  return rows.map((row) => ({ ...row, reference: inquiryReference(row.inquiryId), until: new Date(row.until).toISOString() }));
}

/**
 * Signing a lease over another inquiry's accepted proposal's hold (decision 058's amendment): refused unless the owner
 * releases it. The error names the spaces and the holding inquiries (`holds`) so the sign form can say which.
 */
export const heldForAnotherInquiry = (holds: LiveHold[]) =>
  new HttpError(409, 'unit_reserved', 'Another inquiry\'s accepted proposal holds a space of this lease; an owner may release the hold, giving a reason', {
    fields: { releaseHolds: 'leases.errors.unitReserved' },
    details: { unitIds: holds.map((hold) => hold.unitId), holds },
  });

/**
 * Ends `holds` for the lease `leaseId` in the caller's transaction: `lease_signed` for the lease's own inquiry's, or
 * (`release` given) `released` by the owner with their reason. The lease sets the spaces' status itself.
 */
export async function endHoldsForLease(trx: Trx, holds: readonly LiveHold[], leaseId: string, release: { by: string; reason: string } | null): Promise<void> {
  for (const hold of holds) {
    await trx
      .updateTable('proposalHolds')
      .set(release
        ? { releasedAt: sql`now()`, releaseReason: 'released', releasedBy: release.by, releaseNote: release.reason, releasedFor: leaseId }
        : { releasedAt: sql`now()`, releaseReason: 'lease_signed', releasedFor: leaseId })
      .where('proposalId', '=', hold.proposalId)
      .where('unitId', '=', hold.unitId)
      .where('releasedAt', 'is', null)
      .execute();
  }
}
