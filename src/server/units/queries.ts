import { sql, type Selectable } from 'kysely';
import { transact } from '../db/transact.ts';
import { FILTER_ALL } from '../../shared/brand.ts';
import {
  byFloorThenUnit, inputFromUnit, type Unit, type UnitFilter, type UnitInput, type UnitSnapshot, type UnitStatus, type UnitUse,
} from '../../shared/units/unit.ts';
import { isKeptDeleted, keepDeleted, takeDeleted } from '../undo.ts';
import type { Db } from '../db/index.ts';
import type { UnitsTable } from '../db/types.ts';
import { HttpError } from '../http/errors.ts';
import { staleOrMissing } from '../http/versions.ts';
import { koreanDay } from '../../shared/business-hours.ts';
import { governingLeases, refuseGovernedChange } from '../leases/governs.ts';
import { inquirable, pricesHidden, visitorsStatus } from '../../shared/units/facts.ts';

type UnitRow = Omit<Selectable<UnitsTable>, 'availableFrom'> & { availableFrom: string | null };

/** Every column, the date as text: pg reads a `date` as local midnight, which shifts the day by the server's zone. */
function selectUnit(db: Db) {
  return db.selectFrom('units').selectAll().select(sql<string | null>`to_char(available_from, 'YYYY-MM-DD')`.as('availableFrom'));
}

/** bigint arrives as a string (pg, Neon) or a bigint (PGlite). */
const toPrice = (value: string | number | bigint | null): number | null => (value === null ? null : Number(value));

function toUnit(row: UnitRow): Unit {
  return {
    id: row.id,
    floor: row.floor,
    unitNumber: row.unitNumber,
    exclusiveAreaM2: Number(row.exclusiveAreaM2),
    supplyAreaM2: Number(row.supplyAreaM2),
    uses: (row.uses ?? []) as UnitUse[],
    status: row.status as UnitStatus,
    availableFrom: row.availableFrom,
    monthlyRent: toPrice(row.monthlyRent),
    deposit: toPrice(row.deposit),
    maintenanceFee: toPrice(row.maintenanceFee),
    pricePublic: row.pricePublic,
    plan: row.plan,
    note: row.note ?? {},
    createdAt: new Date(row.createdAt).toISOString(),
    updatedAt: new Date(row.updatedAt).toISOString(),
    version: row.version,
  };
}

function toColumns(input: UnitInput) {
  return {
    floor: input.floor,
    unitNumber: input.unitNumber,
    exclusiveAreaM2: input.exclusiveAreaM2,
    supplyAreaM2: input.supplyAreaM2,
    uses: input.uses,
    status: input.status,
    availableFrom: input.availableFrom,
    monthlyRent: input.monthlyRent,
    deposit: input.deposit,
    maintenanceFee: input.maintenanceFee,
    pricePublic: input.pricePublic,
    plan: input.plan,
    note: JSON.stringify(input.note),
  };
}

/**
 * What a visitor may see: prices only when published and the unit is not leased (a leased unit's
 * terms are the tenant's business) nor reserved (not on offer: src/shared/units/facts.ts pricesHidden).
 * @example forVisitors({ ...unit, pricePublic: false }).monthlyRent // null
 */
export function forVisitors(unit: Unit, governed = false, heldAfterLease = false): Unit {
  // A leased space's "available from" is its lease's end, written by the daily job (decision 056); a date a person
  // left on a space leased by hand is no end anyone knows, so visitors never read it.
  const dated = unit.status === 'leased' && !governed && unit.availableFrom !== null ? { ...unit, availableFrom: null } : unit;
  const shown = visitorsStatus(dated, heldAfterLease);
  if (shown.pricePublic && !pricesHidden(shown.status)) return shown;
  return { ...shown, monthlyRent: null, deposit: null, maintenanceFee: null };
}

/**
 * The units as visitors read them (forVisitors), a leased space keeping its "available from" only while a signed
 * lease governs it: the day after that lease's known end — and reading as reserved while an accepted proposal's hold
 * waits for that day (facts.ts visitorsStatus).
 */
export async function forVisitorsAll(db: Db, units: Unit[]): Promise<Unit[]> {
  const dated = units.filter((unit) => unit.status === 'leased' && unit.availableFrom !== null).map((unit) => unit.id);
  const governed = dated.length > 0 ? await governingLeases(db, dated, koreanDay(new Date())) : new Map<string, unknown>();
  const held = dated.length > 0
    ? new Set((await db.selectFrom('proposalHolds').select('unitId').where(sql<boolean>`unit_id = any(${dated}::uuid[])`).where('releasedAt', 'is', null).execute()).map((hold) => hold.unitId))
    : new Set<string>();
  return units.map((unit) => forVisitors(unit, governed.has(unit.id), held.has(unit.id)));
}

/** Units matching the filters (absent or 'all' = no filter; areas are exclusive m²), B2 first, then by unit number. */
export async function listUnits(db: Db, filter: UnitFilter = {}): Promise<Unit[]> {
  let query = selectUnit(db);
  if (filter.floor && filter.floor !== FILTER_ALL) query = query.where('floor', '=', filter.floor);
  if (filter.status && filter.status !== FILTER_ALL) query = query.where('status', '=', filter.status);
  if (filter.use && filter.use !== FILTER_ALL) query = query.where(sql<boolean>`${filter.use} = any(uses)`);
  if (filter.minArea !== undefined) query = query.where('exclusiveAreaM2', '>=', filter.minArea);
  if (filter.maxArea !== undefined) query = query.where('exclusiveAreaM2', '<=', filter.maxArea);
  const rows = (await query.execute()) as UnitRow[];
  // A building has tens of units: sorting here keeps the floor order defined once (src/shared).
  return rows.map(toUnit).sort(byFloorThenUnit);
}

/** The unit on `floor` numbered `unitNumber` (compared lower-cased, as the unique index does), or null. */
export async function findUnitAt(db: Db, floor: string, unitNumber: string): Promise<Unit | null> {
  const row = (await selectUnit(db).where('floor', '=', floor).where(sql<string>`lower(unit_number)`, '=', unitNumber.toLowerCase()).executeTakeFirst()) as
    | UnitRow
    | undefined;
  return row ? toUnit(row) : null;
}

export async function findUnit(db: Db, id: string): Promise<Unit | null> {
  const row = (await selectUnit(db).where('id', '=', id).executeTakeFirst()) as UnitRow | undefined;
  return row ? toUnit(row) : null;
}

/** A second unit with the same number on a floor is a field error, not a 500. */
function duplicateNumber(error: unknown): never {
  if ((error as { code?: string } | null)?.code === '23505') {
    throw new HttpError(409, 'unit_exists', 'This floor already has a unit with this number', {
      fields: { unitNumber: 'units.errors.unitNumberTaken' },
    });
  }
  throw error;
}

/**
 * `reserved` belongs to an accepted proposal's hold (issue 39): a hand edit may keep it but not set it, and may not
 * move a held space to another status while its hold lasts (the lease or the hold's lapse does that).
 */
async function checkHandStatus(db: Db, id: string | null, status: UnitStatus): Promise<void> {
  const current = id ? await db.selectFrom('units').select('status').where('id', '=', id).executeTakeFirst() : undefined;
  if (status === 'reserved' && current?.status !== 'reserved') {
    throw new HttpError(400, 'invalid_input', 'A space is reserved only by an accepted proposal', { fields: { status: 'units.errors.reservedByProposal' } });
  }
  if (id && current?.status === 'reserved' && status !== 'reserved') {
    const hold = await db.selectFrom('proposalHolds').select('proposalId').where('unitId', '=', id).where('releasedAt', 'is', null).executeTakeFirst();
    if (hold) {
      throw new HttpError(409, 'unit_held', 'An accepted proposal holds this space until a lease is signed or its hold lapses', {
        fields: { status: 'units.errors.heldByProposal' },
        details: { proposalId: hold.proposalId },
      });
    }
  }
}

export async function createUnit(db: Db, input: UnitInput): Promise<Unit> {
  await checkHandStatus(db, null, input.status);
  const row = await db.insertInto('units').values(toColumns(input)).returning('id').executeTakeFirstOrThrow().catch(duplicateNumber);
  return (await findUnit(db, row.id)) as Unit;
}

/**
 * Replaces a unit's fields and stamps updatedAt; null when no unit has that id. With `expected` (the
 * version the edit was based on) the UPDATE is conditional on it, so of two edits of one read only the
 * first lands; the second throws 409 `conflict` with the unit as it is now (decision 033).
 */
export async function updateUnit(db: Db, id: string, input: UnitInput, expected: number | null = null): Promise<Unit | null> {
  await checkHandStatus(db, id, input.status);
  // A space a signed lease governs takes no hand-written status (409 lease_governs, decision 056).
  await refuseGovernedChange(db, id, { status: input.status, availableFrom: input.availableFrom }, koreanDay(new Date()));
  const row = await db
    .updateTable('units')
    .set({ ...toColumns(input), updatedAt: sql<Date>`now()` })
    .where('id', '=', id)
    .$if(expected !== null, (query) => query.where('version', '=', expected!))
    .returning('id')
    .executeTakeFirst()
    .catch(duplicateNumber);
  if (!row && expected !== null) return staleOrMissing(() => findUnit(db, id), () => new HttpError(404, 'unit_not_found', 'No unit with this id'));
  return row ? findUnit(db, id) : null;
}

/** True when the unit is deleted, now or already within the undo window. Inquiries about it keep their snapshot (no foreign key). */
export async function deleteUnit(db: Db, id: string): Promise<boolean> {
  return transact(db, async (trx) => {
    const unit = await findUnit(trx, id);
    // Deleted already within the undo window: the same answer as the first delete (see deleteBrand).
    if (!unit) return isKeptDeleted(trx, 'unit', id);
    await refuseGovernedChange(trx, id, null, koreanDay(new Date()));
    await trx.deleteFrom('units').where('id', '=', id).execute();
    await keepDeleted(trx, 'unit', id, unit);
    return true;
  });
}

/** The unit deleted within the undo window, back with its id and dates; null when there is nothing to restore. */
export async function restoreUnit(db: Db, id: string): Promise<Unit | null> {
  const restored = await transact(db, async (trx) => {
    const kept = await takeDeleted<Unit>(trx, 'unit', id);
    if (!kept) return null;
    return trx
      .insertInto('units')
      .values({ ...toColumns(inputFromUnit(kept)), id: kept.id, createdAt: kept.createdAt, updatedAt: kept.updatedAt, ...(kept.version ? { version: kept.version } : {}) })
      .onConflict((conflict) => conflict.column('id').doNothing())
      .returning('id')
      .executeTakeFirst()
      .catch(duplicateNumber);
  });
  return restored ? findUnit(db, restored.id) : null;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The unit an inquiry asks about, as the snapshot the inquiry keeps. It must exist and not be leased or reserved,
 * else 400 with the field error `unitId` (a dictionary key, so the form speaks the visitor's language).
 */
export async function inquirableUnit(db: Db, unitId: string): Promise<UnitSnapshot & { id: string }> {
  const found = UUID.test(unitId) ? await findUnit(db, unitId.toLowerCase()) : null;
  // A leased space may be asked about once its lease's end is known (it shows "available from", issue 40).
  const unit = found ? (await forVisitorsAll(db, [found]))[0]! : null;
  if (!unit || !inquirable(unit, koreanDay(new Date()))) {
    throw new HttpError(400, 'invalid_input', 'This space cannot be inquired about', {
      // A reserved space is held for another prospect (issue 39): say so, not "leased".
      fields: { unitId: !unit ? 'units.errors.unitNotFound' : unit.status === 'reserved' ? 'units.errors.unitReserved' : 'units.errors.unitLeased' },
    });
  }
  return { id: unit.id, floor: unit.floor, unitNumber: unit.unitNumber };
}
