import { sql } from 'kysely';
import { leaseStatusOn, type LeaseStatus } from '../../shared/leases/dates.ts';
import { directoryStateOn, type DirectoryState } from '../../shared/leases/directory.ts';
import { spaceStateOn, type SpaceLease } from '../../shared/leases/spaces.ts';
import type { Trx } from '../audit/actor.ts';
import type { Db } from '../db/index.ts';
import { queueLeaseExpiringMails } from './mails.ts';

/**
 * What the dates move (decision 056), in one place for the daily job and for the writes that change dates
 * (signing, amending): each lease's status, its spaces' status and "available from", its brand's directory state,
 * and the expiring mail, once. Every step reads the pure rules of src/shared/leases and is idempotent: run twice on
 * one day it changes nothing the second time. `today` is Seoul's calendar day (YYYY-MM-DD).
 */

export interface DateChanges {
  /** Leases whose status moved. */
  statuses: number;
  /** Spaces whose status or "available from" changed. */
  spaces: number;
  /** Brands whose directory state changed. */
  brands: number;
  /** Expiring mails queued. */
  mails: number;
}

const text = (column: string) => sql<string>`to_char(${sql.ref(column)}, 'YYYY-MM-DD')`;
const nullableText = (column: string) => sql<string | null>`to_char(${sql.ref(column)}, 'YYYY-MM-DD')`;

/** The signed leases (of `ids`, or every one the dates may still move) with the dates the rules read. */
async function signedLeases(db: Db | Trx, ids: readonly string[] | null) {
  let query = db
    .selectFrom('leases')
    .select([
      'id', 'status', 'unitIds', 'brandId', 'expiringNotifiedAt', 'spacesReleasedAt',
      nullableText('signed_on').as('signedOn'), text('contract_on').as('contractOn'), text('handover_on').as('handoverOn'),
      text('commencement_on').as('commencementOn'), text('expires_on').as('expiresOn'), nullableText('terminates_on').as('terminatesOn'),
      text('ends_on').as('endsOn'),
    ])
    .where('status', '!=', 'draft');
  if (ids) query = query.where(sql<boolean>`id = any(${ids}::uuid[])`);
  else query = query.where((eb) => eb.or([eb('status', '!=', 'ended'), eb('spacesReleasedAt', 'is', null)]));
  return query.orderBy('id').execute();
}
type SignedLease = Awaited<ReturnType<typeof signedLeases>>[number];

/** Each lease's status by date; a lease entering "expiring" queues its mail once (owners and its agent). */
async function moveStatuses(trx: Trx, leases: SignedLease[], today: string, changes: DateChanges): Promise<void> {
  for (const lease of leases) {
    const status: LeaseStatus = leaseStatusOn(lease, today);
    if (status !== lease.status) {
      await trx.updateTable('leases').set({ status }).where('id', '=', lease.id).execute();
      lease.status = status;
      changes.statuses++;
    }
    // Once: a lease that passed through expiring while nobody ran the job (signed late) is not mailed after its end.
    if (status === 'expiring' && lease.expiringNotifiedAt === null) {
      changes.mails += await queueLeaseExpiringMails(trx, lease.id);
      await trx.updateTable('leases').set({ expiringNotifiedAt: sql`now()` }).where('id', '=', lease.id).execute();
    }
  }
}

/**
 * The spaces of `leases`: governed ones leased from the contract date and "available from" once the end is known;
 * after a lease's end, its spaces no other lease governs become available — or reserved, when an accepted proposal's
 * hold waits for them (once per lease: spaces_released_at).
 */
async function moveSpaces(trx: Trx, leases: SignedLease[], today: string, changes: DateChanges): Promise<void> {
  const unitIds = [...new Set(leases.flatMap((lease) => lease.unitIds))];
  if (unitIds.length === 0) return;
  // Every signed lease of these spaces, not only the ones asked about: a space's state is all its leases'.
  const all = await trx
    .selectFrom('leases')
    .select(['id', 'unitIds', text('contract_on').as('contractOn'), text('expires_on').as('expiresOn'), nullableText('terminates_on').as('terminatesOn')])
    .where('status', '!=', 'draft')
    .where(sql<boolean>`unit_ids && ${unitIds}::uuid[]`)
    .execute();
  const units = await trx
    .selectFrom('units')
    .select(['id', 'status', sql<string | null>`to_char(available_from, 'YYYY-MM-DD')`.as('availableFrom')])
    .where(sql<boolean>`id = any(${unitIds}::uuid[])`)
    .orderBy('id')
    .forUpdate()
    .execute();
  const released = new Set(leases.filter((lease) => today > lease.endsOn && lease.spacesReleasedAt === null).flatMap((lease) => lease.unitIds));
  // An accepted proposal let ahead of the lease's end holds the space (decision 058's amendment): reserved, not free.
  const held = released.size > 0
    ? new Set((await trx.selectFrom('proposalHolds').select('unitId').where(sql<boolean>`unit_id = any(${[...released]}::uuid[])`).where('releasedAt', 'is', null).execute()).map((hold) => hold.unitId))
    : new Set<string>();
  for (const unit of units) {
    const spaceLeases: SpaceLease[] = all.filter((lease) => lease.unitIds.includes(unit.id));
    const state = spaceStateOn(spaceLeases, today);
    let next: { status: string; availableFrom: string | null } | null = null;
    if (state) {
      next = { status: state.status ?? unit.status, availableFrom: state.availableFrom };
    } else if (released.has(unit.id) && unit.status === 'leased') {
      next = { status: held.has(unit.id) ? 'reserved' : 'available', availableFrom: null };
    }
    if (next && (next.status !== unit.status || next.availableFrom !== unit.availableFrom)) {
      await trx.updateTable('units').set({ status: next.status, availableFrom: next.availableFrom, updatedAt: sql`now()` }).where('id', '=', unit.id).execute();
      changes.spaces++;
    }
  }
  const done = leases.filter((lease) => today > lease.endsOn && lease.spacesReleasedAt === null).map((lease) => lease.id);
  if (done.length > 0) await trx.updateTable('leases').set({ spacesReleasedAt: sql`now()` }).where(sql<boolean>`id = any(${done}::uuid[])`).execute();
}

/** The brands of `leases` (or, with none given, every brand a date may move): their directory state by date. */
async function moveBrands(trx: Trx, brandIds: readonly string[] | null, today: string, changes: DateChanges): Promise<void> {
  let query = trx.selectFrom('brands').select(['id', 'directoryState', sql<string | null>`to_char(opening_on, 'YYYY-MM-DD')`.as('openingOn')]);
  if (brandIds) {
    if (brandIds.length === 0) return;
    query = query.where(sql<boolean>`id = any(${brandIds}::uuid[])`);
  } else {
    // A coming-soon brand whose day came, or a shown brand with a lease (its end may close it).
    query = query.where((eb) => eb.or([
      eb.and([eb('directoryState', '=', 'coming_soon'), eb('openingOn', '<=', today)]),
      eb.and([eb('directoryState', '!=', 'closed'), sql<boolean>`exists (select 1 from leases l where l.brand_id = brands.id and l.status <> 'draft')`]),
    ]));
  }
  const brands = await query.orderBy('id').forUpdate().execute();
  if (brands.length === 0) return;
  const leases = await trx
    .selectFrom('leases')
    .select(['brandId', text('expires_on').as('expiresOn'), nullableText('terminates_on').as('terminatesOn')])
    .where('status', '!=', 'draft')
    .where(sql<boolean>`brand_id = any(${brands.map((brand) => brand.id)}::uuid[])`)
    .execute();
  for (const brand of brands) {
    const state = directoryStateOn({ state: brand.directoryState as DirectoryState, openingOn: brand.openingOn, leases: leases.filter((lease) => lease.brandId === brand.id) }, today);
    if (state !== brand.directoryState) {
      await trx.updateTable('brands').set({ directoryState: state }).where('id', '=', brand.id).execute();
      changes.brands++;
    }
  }
}

/**
 * Applies the dates to `leaseIds` (a signing, an amendment) or, with null, to every lease and brand a date may still
 * move (the daily job). Runs in the caller's transaction.
 */
export async function applyLeaseDates(trx: Trx, leaseIds: readonly string[] | null, today: string): Promise<DateChanges> {
  const changes: DateChanges = { statuses: 0, spaces: 0, brands: 0, mails: 0 };
  const leases = await signedLeases(trx, leaseIds);
  await moveStatuses(trx, leases, today, changes);
  await moveSpaces(trx, leases, today, changes);
  const brandIds = leaseIds ? [...new Set(leases.map((lease) => lease.brandId).filter((id): id is string => id !== null))] : null;
  await moveBrands(trx, brandIds, today, changes);
  return changes;
}
