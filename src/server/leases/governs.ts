import { sql } from 'kysely';
import type { Unit } from '../../shared/units/unit.ts';
import type { Trx } from '../audit/actor.ts';
import type { Db } from '../db/index.ts';
import { HttpError } from '../http/errors.ts';

/**
 * Which signed lease governs a space (decision 056): from signing to its last day its status and "available from"
 * follow the lease, and nobody writes them by hand (409 `lease_governs`). The unit form says which lease it is.
 */
export interface GoverningLease {
  id: string;
  legalName: string;
  status: string;
  endsOn: string;
}

/** The lease that governs each of `unitIds` on `today` (the one that runs the longest). */
export async function governingLeases(db: Db | Trx, unitIds: readonly string[], today: string): Promise<Map<string, GoverningLease>> {
  const found = new Map<string, GoverningLease>();
  if (unitIds.length === 0) return found;
  const rows = await db
    .selectFrom('leases')
    .select(['id', 'legalName', 'status', 'unitIds', sql<string>`to_char(ends_on, 'YYYY-MM-DD')`.as('endsOn')])
    .where('status', '!=', 'draft')
    .where('endsOn', '>=', today)
    .where(sql<boolean>`unit_ids && ${unitIds}::uuid[]`)
    .orderBy('endsOn', 'desc')
    .execute();
  for (const row of rows) {
    for (const unitId of row.unitIds) {
      if (unitIds.includes(unitId) && !found.has(unitId)) found.set(unitId, { id: row.id, legalName: row.legalName, status: row.status, endsOn: row.endsOn });
    }
  }
  return found;
}

/** The units as the team reads them: each with the lease that governs it, or null. */
export async function withGoverningLeases<T extends Unit>(db: Db, units: T[], today: string): Promise<(T & { lease: GoverningLease | null })[]> {
  const leases = await governingLeases(db, units.map((unit) => unit.id), today);
  return units.map((unit) => ({ ...unit, lease: leases.get(unit.id) ?? null }));
}

export function leaseGoverns(lease: GoverningLease): HttpError {
  return new HttpError(409, 'lease_governs', `This space follows its lease (${lease.legalName}); its status cannot be set by hand`, {
    fields: { status: 'leases.errors.leaseGoverns' },
    details: { lease },
  });
}

/**
 * Inside a unit write's transaction: locks the unit and refuses a change of its status or "available from" (or its
 * deletion, `next` null) while a lease governs it. Other fields (prices, notes, the plan) stay the team's to edit.
 */
export async function refuseGovernedChange(trx: Db | Trx, unitId: string, next: { status: string; availableFrom: string | null } | null, today: string): Promise<void> {
  const current = await trx
    .selectFrom('units')
    .select(['status', sql<string | null>`to_char(available_from, 'YYYY-MM-DD')`.as('availableFrom')])
    .where('id', '=', unitId)
    .forUpdate()
    .executeTakeFirst();
  if (!current) return;
  if (next && next.status === current.status && next.availableFrom === current.availableFrom) return;
  const lease = (await governingLeases(trx, [unitId], today)).get(unitId);
  if (lease) throw leaseGoverns(lease);
}
