import { sql } from 'kysely';
import { koreanDay } from '../../shared/business-hours.ts';
import { addMonths } from '../../shared/deals/schedule.ts';
import type { LeaseContact, LeaseUnit } from '../../shared/leases/lease.ts';
import type { Trx } from '../audit/actor.ts';
import type { Db } from '../db/index.ts';
import { deleteObject } from '../objects/storage.ts';
import { copyDay, spaceName, type CopyContext, type CopyLine, type DestroyTarget } from '../privacy/copy-values.ts';

/**
 * A tenant's people in the leases (issue 40), for privacy's one map (src/server/privacy/personal-data.ts): the
 * representative's name, the contacts (name, title, phone, e-mail) and the signed PDF (signatures). The legal name,
 * the 사업자등록번호, the figures and the dates are the business's and stay.
 * - A draft is the inquiry's processing: its tenant (people, and the company it took over) goes with the inquiry's
 *   destruction.
 * - A signed lease is the contract's (PIPA Art. 15(1)4, and the books rule of 국세기본법 §85-3): kept for the lease and
 *   five years after it ends, then destroyed by the daily retention run (LEASE_PEOPLE_YEARS).
 * The activity log records the representative and contacts as "changed", never their values (schema.sql).
 */

/** Years a signed lease's people are kept after its last day: how long books and their evidence are kept. */
export const LEASE_PEOPLE_YEARS = 5;

/** The inquiry's draft leases lose their people with the inquiry; signed leases keep theirs for their own period. */
export async function destroyLeaseDrafts(target: DestroyTarget, trx: Trx): Promise<number> {
  const result = await trx
    .updateTable('leases')
    // Everything of the tenant a draft took over from the inquiry: its people, the company as legal name and brand.
    .set({ representative: null, contacts: '[]', legalName: '', businessNumber: '', newBrand: null })
    .where('inquiryId', '=', target.id)
    .where('status', '=', 'draft')
    .executeTakeFirst();
  return Number(result.numUpdatedRows ?? 0n);
}

/** The leases opened on the visitor's inquiry, as the access copy (열람) shows them: who signs, who is reached, which spaces. */
export async function copyOfLeases(target: DestroyTarget, { db, t, locale }: CopyContext): Promise<CopyLine[]> {
  const rows = await db
    .selectFrom('leases')
    .select(['legalName', 'representative', 'contacts', 'units', 'status', sql<string>`to_char(commencement_on, 'YYYY-MM-DD')`.as('commencementOn'), sql<string>`to_char(ends_on, 'YYYY-MM-DD')`.as('endsOn')])
    .where('inquiryId', '=', target.id)
    .orderBy('createdAt')
    .execute();
  const f = (key: string) => t(`privacyRequests.copy.fields.${key}`);
  const lines: CopyLine[] = [];
  for (const row of rows) {
    const units = (row.units ?? []) as LeaseUnit[];
    lines.push({ label: f('leaseTenant'), value: row.legalName || '—' });
    if (units.length > 0) lines.push({ label: f('leaseSpaces'), value: units.map((unit) => spaceName(unit.floor, unit.unitNumber, t)).join(', ') });
    lines.push({ label: f('leasePeriod'), value: `${copyDay(row.commencementOn, locale)} – ${copyDay(row.endsOn, locale)}` });
    if (row.representative) lines.push({ label: f('leaseRepresentative'), value: row.representative });
    for (const contact of (row.contacts ?? []) as LeaseContact[]) {
      lines.push({ label: f('leaseContact'), value: [contact.name, contact.title, contact.phone, contact.email].filter(Boolean).join(' · ') });
    }
  }
  return lines;
}

/**
 * The daily retention run's step for signed leases: five years after a lease's last day, its people go — the
 * representative, the contacts and the signed PDF (deleted from the blob store first: a failed deletion leaves the
 * lease as it was, for the next run) — and `personal_destroyed_at` says so.
 */
export async function expireLeasePeople(db: Db, now: Date): Promise<number> {
  const endedBefore = addMonths(koreanDay(now), -LEASE_PEOPLE_YEARS * 12);
  const due = await db
    .selectFrom('leases')
    .select(['id', 'documentPath'])
    .where('status', '!=', 'draft')
    .where('personalDestroyedAt', 'is', null)
    .where('endsOn', '<', endedBefore)
    .execute();
  let done = 0;
  for (const lease of due) {
    if (lease.documentPath) await deleteObject(lease.documentPath);
    const result = await db
      .updateTable('leases')
      .set({ representative: null, contacts: '[]', documentPath: null, personalDestroyedAt: sql`now()` })
      .where('id', '=', lease.id)
      .where('personalDestroyedAt', 'is', null)
      .executeTakeFirst();
    done += Number(result.numUpdatedRows ?? 0n);
  }
  return done;
}
