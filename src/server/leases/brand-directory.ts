import { sql } from 'kysely';
import type { Brand } from '../../shared/brand.ts';
import { announceable, CHOSEN_DIRECTORY_STATES, directoryStateOn, type BrandDirectoryPatch, type DirectoryState } from '../../shared/leases/directory.ts';
import { withActor, type AuditActor } from '../audit/actor.ts';
import { findBrand } from '../brands/queries.ts';
import type { Db } from '../db/index.ts';
import { HttpError } from '../http/errors.ts';
import { conflict } from '../http/versions.ts';

const brandNotFound = () => new HttpError(404, 'brand_not_found', 'No brand with this id');

class StaleBrand extends Error {}

/**
 * PATCH /api/brands/{id} {directoryState?, openingOn?} (If-Match): whether the brand is announced and when it opens.
 * While a signed lease governs the brand a person chooses hidden or coming soon (open and closed follow the dates:
 * 409 `lease_governs`); a brand no lease governs takes any state. Showing a brand needs what its card shows (400
 * `fields.directoryState` = `leases.errors.brandIncomplete`); coming soon needs an opening day. The dates then
 * apply at once, as the daily job would (a coming-soon brand whose day has come is open).
 */
export async function patchBrandDirectory(db: Db, id: string, patch: BrandDirectoryPatch, actor: AuditActor, expected: number | null, today: string): Promise<Brand> {
  try {
    await withActor(actor, async (trx) => {
      const brand = await trx.selectFrom('brands').select(['id', 'version', 'directoryState', 'description', 'thumbnail', 'contactInfo', sql<string | null>`to_char(opening_on, 'YYYY-MM-DD')`.as('openingOn')])
        .where('id', '=', id).forUpdate().executeTakeFirst();
      if (!brand) throw brandNotFound();
      if (expected !== null && brand.version !== expected) throw new StaleBrand();
      const leases = await trx
        .selectFrom('leases')
        .select([sql<string>`to_char(expires_on, 'YYYY-MM-DD')`.as('expiresOn'), sql<string | null>`to_char(terminates_on, 'YYYY-MM-DD')`.as('terminatesOn'), sql<string>`to_char(ends_on, 'YYYY-MM-DD')`.as('endsOn')])
        .where('brandId', '=', id)
        .where('status', '!=', 'draft')
        .execute();
      const governed = leases.some((lease) => lease.endsOn >= today);
      const wanted = (patch.directoryState ?? brand.directoryState) as DirectoryState;
      const openingOn = patch.openingOn !== undefined ? patch.openingOn : brand.openingOn;
      if (patch.directoryState !== undefined && governed && !(CHOSEN_DIRECTORY_STATES as readonly string[]).includes(patch.directoryState)) {
        throw new HttpError(409, 'lease_governs', 'A brand a lease governs opens and closes by its dates', { fields: { directoryState: 'leases.errors.directoryByDates' } });
      }
      if (leases.length > 0 && !governed && (wanted === 'coming_soon' || wanted === 'open')) {
        throw new HttpError(409, 'lease_ended', 'The brand\'s leases have ended: it is not shown again without a new lease', { fields: { directoryState: 'leases.errors.directoryLeaseEnded' } });
      }
      if ((wanted === 'coming_soon' || wanted === 'open') && !announceable(brand)) {
        throw new HttpError(400, 'invalid_input', 'Fill in the brand before showing it', { fields: { directoryState: 'leases.errors.brandIncomplete' } });
      }
      if (wanted === 'coming_soon' && !openingOn) {
        throw new HttpError(400, 'invalid_input', 'A coming-soon brand needs its opening day', { fields: { openingOn: 'leases.errors.openingRequired' } });
      }
      const state = directoryStateOn({ state: wanted, openingOn, leases }, today);
      await trx.updateTable('brands').set({ directoryState: state, openingOn, updatedAt: sql`now()` }).where('id', '=', id).execute();
    }, { db });
  } catch (error) {
    if (error instanceof StaleBrand) {
      const current = await findBrand(db, id);
      throw current ? conflict(current as Brand & { version: number }) : brandNotFound();
    }
    throw error;
  }
  return (await findBrand(db, id))!;
}
