import type { Unit } from '../../shared/units/unit.ts';
import type { Db } from '../db/index.ts';
import { findUnit, findUnitAt } from './queries.ts';

/**
 * What a space's address (/floors/<floor>/<unit>/) names now: the unit there; the unit that had it and
 * moved (renumbered, or put on another floor); a unit that is gone; or nothing ever. The database
 * remembers every address a unit had (schema.sql unit_addresses), so a link shared once keeps an answer.
 */
export type AddressAnswer =
  | { kind: 'here'; unit: Unit }
  | { kind: 'moved'; unit: Unit }
  | { kind: 'gone' }
  | { kind: 'unknown' };

export async function resolveUnitAddress(db: Db, floor: string, unitNumber: string): Promise<AddressAnswer> {
  const here = await findUnitAt(db, floor, unitNumber);
  if (here) return { kind: 'here', unit: here };
  const known = await db
    .selectFrom('unitAddresses')
    .select('unitId')
    .where('floor', '=', floor)
    .where('unitKey', '=', unitNumber.toLowerCase())
    .executeTakeFirst();
  if (!known) return { kind: 'unknown' };
  const unit = await findUnit(db, known.unitId);
  return unit ? { kind: 'moved', unit } : { kind: 'gone' };
}
