import { sql } from 'kysely';
import { amendedEndsOn, currentTerms, type TermChanges } from '../../shared/deals/amendments.ts';
import { askingSnapshot, prefillTerms, type AskingUnit } from '../../shared/deals/asking.ts';
import { DEFAULT_DEAL_RATES } from '../../shared/deals/rates.ts';
import type { DealTerms } from '../../shared/deals/terms.ts';
import { BRAND_CATEGORIES } from '../../shared/brand-basics.ts';
import { leaseStatusOn } from '../../shared/leases/dates.ts';
import type { DepositInstallment, Lease, LeaseAmendmentInput, LeaseContact, LeaseCreate, LeasePatch, LeaseSign, LeaseUnit, NewBrand } from '../../shared/leases/lease.ts';
import {
  amendmentProblems, dateProblems, defaultDepositSchedule, defaultLeaseDates, depositSumProblem, leaseDates, leaseSchedule, signProblems,
  type LeaseDateInput,
} from '../../shared/leases/schedule.ts';
import { can, type Role } from '../../shared/roles.ts';
import { recordEvent, withActor, type AuditActor, type Trx } from '../audit/actor.ts';
import type { Db } from '../db/index.ts';
import { HttpError } from '../http/errors.ts';
import { conflict } from '../http/versions.ts';
import { lockInquiryForProcessing } from '../privacy/processing-guard.ts';
import { endHoldsForLease, heldForAnotherInquiry, liveHoldsOn, type LiveHold } from '../proposals/holds.ts';
import { dealOwner, ownersToTell, queueProposalMail } from '../proposals/mail-queue.ts';
import { applyLeaseDates } from './by-date.ts';
import { amendmentsOf, changesOf, findLease, leaseNotFound, selectLeases, type LeaseReadOptions } from './records.ts';

/**
 * Writing leases (issue 40, decision 056): opening one from an inquiry's accepted proposal (or an owner's override),
 * editing a draft, signing, amending, discarding a draft. Each write is one transaction under its actor (the
 * activity log), starts with the privacy guard on the inquiry where it is processing of the inquiry (opening,
 * drafts, signing), checks the lease's version (If-Match), and rewrites the generated schedule with its terms.
 */

export interface LeaseEditor {
  id: string;
  role: Role;
  actor: AuditActor;
}

const invalid = (fields: Record<string, string>) => new HttpError(400, 'invalid_input', 'Some fields are missing or invalid', { fields });
const leaseSigned = () => new HttpError(409, 'lease_signed', 'A signed lease changes only by amendment (contacts stay editable)', { fields: { status: 'leases.errors.leaseSigned' } });
const unitLeased = () => new HttpError(409, 'unit_leased', 'Another signed lease holds one of these spaces on the same dates', { fields: { unitIds: 'leases.errors.unitLeased' } });

/** The database refused a second signed lease on a space (the leases_no_overlap trigger, schema.sql). */
function isOverlap(error: unknown): boolean {
  return (error as { code?: string } | null)?.code === '23P01';
}

/** Thrown in a write's transaction when the locked lease is not the version the write was based on. */
class StaleLease extends Error {}

/** Runs a write; a stale version answers 409 `conflict` with the lease as it is now, an overlap 409 `unit_leased`. */
async function guarded<T>(db: Db, id: string | null, options: LeaseReadOptions, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (error instanceof StaleLease && id) {
      const current = await findLease(db, id, options);
      throw current ? conflict(current) : leaseNotFound();
    }
    if (isOverlap(error)) throw unitLeased();
    throw error;
  }
}

/** The spaces as the lease keeps them (snapshot and areas); 400 `unitIds` when one does not exist. */
async function leaseUnits(trx: Trx, unitIds: readonly string[]): Promise<{ units: LeaseUnit[]; asking: AskingUnit[] }> {
  if (unitIds.length === 0) return { units: [], asking: [] };
  const rows = await trx
    .selectFrom('units')
    .select(['id', 'floor', 'unitNumber', 'supplyAreaM2', 'exclusiveAreaM2', 'monthlyRent', 'deposit', 'maintenanceFee'])
    .where(sql<boolean>`id = any(${unitIds}::uuid[])`)
    .execute();
  if (rows.length !== new Set(unitIds).size) throw invalid({ unitIds: 'leases.errors.unitUnknown' });
  const ordered = unitIds.map((id) => rows.find((row) => row.id === id)!);
  const price = (value: string | number | null) => (value === null ? null : Number(value));
  return {
    units: ordered.map((row) => ({ id: row.id, floor: row.floor, unitNumber: row.unitNumber, supplyAreaM2: Number(row.supplyAreaM2), exclusiveAreaM2: Number(row.exclusiveAreaM2) })),
    asking: ordered.map((row) => ({
      id: row.id, floor: row.floor, unitNumber: row.unitNumber, supplyAreaM2: Number(row.supplyAreaM2), exclusiveAreaM2: Number(row.exclusiveAreaM2),
      monthlyRent: price(row.monthlyRent), deposit: price(row.deposit), maintenanceFee: price(row.maintenanceFee),
    })),
  };
}

const areaOfUnits = (units: readonly LeaseUnit[]) => ({
  contractM2: Math.round(units.reduce((sum, unit) => sum + unit.supplyAreaM2, 0) * 100) / 100,
  exclusiveM2: Math.round(units.reduce((sum, unit) => sum + unit.exclusiveAreaM2, 0) * 100) / 100,
});

/** Every column that follows from the terms, the amendments and the spaces: derived dates and the current terms. */
function derivedColumns(terms: DealTerms, area: { contractM2: number; exclusiveM2: number }, amendments: { effectiveOn: string; changes: TermChanges }[], set: LeaseDateInput) {
  const facts = { terms, area, amendments };
  const dates = leaseDates(set, facts);
  return {
    commencementOn: dates.commencementOn,
    rentStartOn: dates.rentStartOn,
    expiresOn: dates.expiresOn,
    terminatesOn: dates.terminatesOn,
    endsOn: amendedEndsOn(terms, amendments),
    currentTerms: JSON.stringify(currentTerms(terms, amendments)),
  };
}

/** The generated schedule written again for a lease (never typed: decision 056). */
async function writeSchedule(trx: Trx, leaseId: string, terms: DealTerms, area: { contractM2: number; exclusiveM2: number }, amendments: { effectiveOn: string; changes: TermChanges }[]): Promise<void> {
  await trx.deleteFrom('leaseScheduleMonths').where('leaseId', '=', leaseId).execute();
  const rows = leaseSchedule({ terms, area, amendments });
  // The first term month's rent and the last month's, kept on the lease for the reports (no probe per lease).
  await trx.updateTable('leases').set({ firstRentKrw: rows.find((row) => row.phase === 'term')?.rentKrw ?? 0, lastRentKrw: rows.at(-1)?.rentKrw ?? 0 }).where('id', '=', leaseId).execute();
  for (let start = 0; start < rows.length; start += 200) {
    await trx
      .insertInto('leaseScheduleMonths')
      .values(rows.slice(start, start + 200).map((row) => ({
        leaseId, month: row.month, phase: row.phase, periodStart: row.periodStart, periodEnd: row.periodEnd, leaseYear: row.leaseYear, step: row.step,
        rentKrw: row.rentKrw, freeRent: row.freeRent, rentDueKrw: row.rentDueKrw, maintenanceKrw: row.maintenanceKrw, amendment: row.amendment, partial: row.partial,
      })))
      .execute();
  }
}

/** What a new lease starts from: the accepted proposal's terms and spaces, or (an owner's override) the inquiry's space at asking. */
interface LeaseSource {
  proposalId: string | null;
  unitIds: string[];
  terms: DealTerms | null;
  /** The lease a renewal proposal renews: the new lease continues its chain (the Act's 10 years). */
  renewalOf: string | null;
}

/**
 * The inquiry's accepted proposal (the named one, which must be accepted and the inquiry's), or null. Proposals are
 * deals' table (issue 39): read through SQL so a lease needs nothing of theirs but the accepted version's columns.
 */
async function acceptedProposal(trx: Trx, inquiryId: string, proposalId: string | undefined): Promise<LeaseSource | null> {
  const row = await trx
    .selectFrom('proposals')
    .select(['id', 'unitIds', 'terms', 'renewalOf'])
    .where('inquiryId', '=', inquiryId)
    .where('status', '=', 'accepted')
    .$if(proposalId !== undefined, (query) => query.where('id', '=', proposalId!))
    // A proposal signed into a lease already is done: its spaces are that lease's.
    .where(sql<boolean>`not exists (select 1 from leases l where l.proposal_id = proposals.id)`)
    .orderBy(sql`answered_at desc nulls last`)
    .orderBy('createdAt', 'desc')
    .executeTakeFirst();
  return row ? { proposalId: row.id, unitIds: row.unitIds, terms: row.terms as DealTerms, renewalOf: row.renewalOf } : null;
}

/**
 * POST /api/inquiries/{id}/lease: a draft prefilled from the accepted proposal — its spaces and terms, the tenant
 * from the inquiry (company as the legal name, the person who asked as the first contact, the business type as the
 * new brand's category), the default dates and deposit installments. Without an accepted proposal only an owner
 * may open one, giving a reason (409 `proposal_not_accepted` otherwise). One draft per inquiry (409 `lease_exists`).
 */
export async function openLease(db: Db, inquiryId: string, input: LeaseCreate, editor: LeaseEditor, today: string): Promise<Lease> {
  const options = { today, masked: false };
  const id = await guarded(db, null, options, () => withActor(editor.actor, async (trx) => {
    await lockInquiryForProcessing(trx, inquiryId);
    const draft = await trx.selectFrom('leases').select('id').where('inquiryId', '=', inquiryId).where('status', '=', 'draft').executeTakeFirst();
    if (draft) {
      throw new HttpError(409, 'lease_exists', 'This inquiry already has a lease being drafted', { fields: { inquiryId: 'leases.errors.leaseExists' }, details: { current: await findLease(trx, draft.id, options) } });
    }
    const inquiry = await trx
      .selectFrom('inquiries')
      .select(['name', 'email', 'phone', 'company', 'businessType', 'unitId', 'assigneeId'])
      .where('id', '=', inquiryId)
      .executeTakeFirstOrThrow();
    let source = await acceptedProposal(trx, inquiryId, input.proposalId);
    if (input.proposalId && !source) throw new HttpError(409, 'proposal_not_accepted', 'This proposal is not an accepted proposal of the inquiry', { fields: { proposalId: 'leases.errors.proposalNotAccepted' } });
    if (!source) {
      if (!input.overrideReason) throw new HttpError(409, 'proposal_not_accepted', 'A lease needs an accepted proposal, or an owner\'s override with a reason', { fields: { proposalId: 'leases.errors.proposalNotAccepted' } });
      if (!can(editor.role, 'leases.sign')) throw new HttpError(403, 'forbidden', 'Only an owner may open a lease without an accepted proposal', { fields: { overrideReason: 'leases.errors.overrideOwnerOnly' } });
      source = { proposalId: null, unitIds: inquiry.unitId ? [inquiry.unitId] : [], terms: null, renewalOf: null };
    }
    const { units, asking } = await leaseUnits(trx, source.unitIds.filter((unitId, i, all) => all.indexOf(unitId) === i));
    const terms = source.terms ?? prefillTerms(askingSnapshot(asking, DEFAULT_DEAL_RATES.askingEscalationPct, new Date()), today);
    const set = defaultLeaseDates(terms, today);
    const area = areaOfUnits(units);
    const contacts: LeaseContact[] = inquiry.name ? [{ name: inquiry.name, title: '', phone: inquiry.phone ?? '', email: inquiry.email ?? '' }] : [];
    const category = (BRAND_CATEGORIES as readonly string[]).includes(inquiry.businessType ?? '') ? inquiry.businessType! : BRAND_CATEGORIES[0];
    const newBrand: NewBrand | null = inquiry.company ? { name: inquiry.company.slice(0, 100), category: category as NewBrand['category'] } : null;
    const row = await trx
      .insertInto('leases')
      .values({
        inquiryId,
        proposalId: source.proposalId,
        renewalOf: source.renewalOf,
        overrideReason: source.proposalId ? null : input.overrideReason ?? null,
        legalName: inquiry.company ?? '',
        representative: '',
        contacts: JSON.stringify(contacts),
        newBrand: newBrand ? JSON.stringify(newBrand) : null,
        unitIds: units.map((unit) => unit.id),
        units: JSON.stringify(units),
        contractAreaM2: area.contractM2,
        exclusiveAreaM2: area.exclusiveM2,
        contractOn: set.contractOn,
        handoverOn: set.handoverOn,
        openingOn: set.openingOn,
        ...derivedColumns(terms, area, [], set),
        terms: JSON.stringify(terms),
        depositSchedule: JSON.stringify(defaultDepositSchedule(terms, set)),
        agentId: inquiry.assigneeId ?? editor.id,
        createdBy: editor.id,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await writeSchedule(trx, row.id, terms, area, []);
    return row.id;
  }, { db }));
  return (await findLease(db, id, options))!;
}

/** The lease row a write locks (after the inquiry when the write is processing of the inquiry). */
async function lockLease(trx: Trx, id: string, expected: number | null) {
  const row = await selectLeases(trx).where('l.id', '=', id).forUpdate('l').executeTakeFirst();
  if (!row) throw leaseNotFound();
  if (expected !== null && row.version !== expected) throw new StaleLease();
  return row;
}

async function leaseInquiry(db: Db, id: string): Promise<{ inquiryId: string; status: string }> {
  const row = await db.selectFrom('leases').select(['inquiryId', 'status']).where('id', '=', id).executeTakeFirst();
  if (!row) throw leaseNotFound();
  return row;
}

/** The keys of a patch that are not the contacts: what a signed lease refuses. */
const beyondContacts = (patch: LeasePatch) =>
  Object.entries(patch).some(([key, value]) => value !== undefined && (key !== 'tenant' || Object.entries(value as object).some(([field, inner]) => inner !== undefined && field !== 'contacts')));

/**
 * PATCH /api/leases/{id}. A draft takes its tenant, brand, spaces, dates, deposit installments and terms; given
 * dates and installments must fit (400 naming the field). A signed lease takes only the contacts (409 `lease_signed`
 * for anything else); an ended lease whose people were destroyed takes nothing.
 */
export async function patchLease(db: Db, id: string, patch: LeasePatch, editor: LeaseEditor, expected: number | null, today: string): Promise<Lease> {
  const options = { today, masked: false };
  const before = await leaseInquiry(db, id);
  await guarded(db, id, options, () => withActor(editor.actor, async (trx) => {
    // A draft is still the inquiry's processing; a signed lease is the contract's, kept past the inquiry's period.
    if (before.status === 'draft') await lockInquiryForProcessing(trx, before.inquiryId);
    const row = await lockLease(trx, id, expected);
    if (row.status !== 'draft') {
      if (beyondContacts(patch)) throw leaseSigned();
      if (row.personalDestroyedAt) throw new HttpError(409, 'lease_ended', 'This lease ended and its people\'s data was destroyed', { fields: { status: 'leases.errors.leaseEnded' } });
      if (patch.tenant?.contacts) await trx.updateTable('leases').set({ contacts: JSON.stringify(patch.tenant.contacts), updatedAt: sql`now()` }).where('id', '=', id).execute();
      return;
    }
    const tenant = patch.tenant ?? {};
    let units = (row.units ?? []) as LeaseUnit[];
    if (patch.unitIds) units = (await leaseUnits(trx, [...new Set(patch.unitIds)])).units;
    if (patch.brandId) {
      const brand = await trx.selectFrom('brands').select('id').where('id', '=', patch.brandId).executeTakeFirst();
      if (!brand) throw invalid({ brandId: 'leases.errors.brandInvalid' });
    }
    const terms = patch.terms ?? (row.terms as DealTerms);
    const set: LeaseDateInput = {
      contractOn: patch.dates?.contractOn ?? row.contractOn,
      handoverOn: patch.dates?.handoverOn ?? row.handoverOn,
      openingOn: patch.dates?.openingOn !== undefined ? patch.dates.openingOn : row.openingOn,
    };
    // Dates a person gave (or terms that move the commencement) must fit; a draft may still miss what signing asks.
    if (patch.dates || patch.terms) {
      const problems = dateProblems(set, terms);
      if (Object.keys(problems).length > 0) throw invalid(problems);
    }
    let schedule = (row.depositSchedule ?? []) as DepositInstallment[];
    if (patch.depositSchedule) {
      const problem = depositSumProblem(patch.depositSchedule, terms.depositKrw);
      if (problem) throw invalid({ depositSchedule: problem });
      schedule = patch.depositSchedule;
    } else if (sameAsDefault(schedule, row.terms as DealTerms, row) || depositSumProblem(schedule, terms.depositKrw)) {
      // Installments nobody typed follow the deposit and the dates; typed ones stay unless they no longer add up.
      schedule = defaultDepositSchedule(terms, set);
    }
    const area = areaOfUnits(units);
    await trx
      .updateTable('leases')
      .set({
        ...(tenant.legalName !== undefined ? { legalName: tenant.legalName } : {}),
        ...(tenant.businessNumber !== undefined ? { businessNumber: tenant.businessNumber } : {}),
        ...(tenant.representative !== undefined ? { representative: tenant.representative } : {}),
        ...(tenant.contacts !== undefined ? { contacts: JSON.stringify(tenant.contacts) } : {}),
        ...(patch.brandId !== undefined ? { brandId: patch.brandId, ...(patch.brandId ? { newBrand: null } : {}) } : {}),
        ...(patch.newBrand !== undefined ? { newBrand: patch.newBrand ? JSON.stringify(patch.newBrand) : null, ...(patch.newBrand ? { brandId: null } : {}) } : {}),
        unitIds: units.map((unit) => unit.id),
        units: JSON.stringify(units),
        contractAreaM2: area.contractM2,
        exclusiveAreaM2: area.exclusiveM2,
        contractOn: set.contractOn,
        handoverOn: set.handoverOn,
        openingOn: set.openingOn,
        terms: JSON.stringify(terms),
        ...derivedColumns(terms, area, [], set),
        depositSchedule: JSON.stringify(schedule),
        updatedAt: sql`now()`,
      })
      .where('id', '=', id)
      .execute();
    if (patch.terms || patch.unitIds) await writeSchedule(trx, id, terms, area, []);
  }, { db }));
  return (await findLease(db, id, options))!;
}

/**
 * Whether the installments are still the defaults of the stored terms and dates (nobody typed their own). Compared
 * field by field: jsonb hands the stored ones back with their keys in its own order, so their JSON text never
 * matched the defaults' and a draft's installments stayed at the old days when its dates moved.
 */
function sameAsDefault(schedule: readonly DepositInstallment[], terms: DealTerms, row: { contractOn: string; handoverOn: string }): boolean {
  const defaults = defaultDepositSchedule(terms, row);
  return schedule.length === defaults.length && schedule.every((item, i) => item.kind === defaults[i]!.kind && Number(item.amountKrw) === defaults[i]!.amountKrw && item.dueOn === defaults[i]!.dueOn);
}

/** DELETE /api/leases/{id}: a draft opened by mistake goes; a signed lease never (409 `lease_signed`). */
export async function discardLease(db: Db, id: string, editor: LeaseEditor, expected: number | null, today: string): Promise<void> {
  const before = await leaseInquiry(db, id);
  await guarded(db, id, { today, masked: false }, () => withActor(editor.actor, async (trx) => {
    if (before.status === 'draft') await lockInquiryForProcessing(trx, before.inquiryId);
    const row = await lockLease(trx, id, expected);
    if (row.status !== 'draft') throw leaseSigned();
    await trx.deleteFrom('leases').where('id', '=', id).execute();
  }, { db, action: 'delete' }));
}

/**
 * Links the lease's brand, or creates the new draft brand (hidden, incomplete until a person fills it in): a closed
 * brand coming back is hidden again; the brand's opening day is the lease's unless it is already open.
 */
async function linkBrand(trx: Trx, row: { brandId: string | null; newBrand: unknown; openingOn: string | null; units: unknown; exclusiveAreaM2: number }): Promise<string | null> {
  const units = (row.units ?? []) as LeaseUnit[];
  const first = units[0];
  if (row.brandId) {
    const brand = await trx.selectFrom('brands').select(['id', 'directoryState']).where('id', '=', row.brandId).forUpdate().executeTakeFirst();
    if (!brand) throw invalid({ brandId: 'leases.errors.brandInvalid' });
    if (brand.directoryState !== 'open') {
      await trx.updateTable('brands').set({ directoryState: brand.directoryState === 'closed' ? 'hidden' : brand.directoryState, openingOn: row.openingOn }).where('id', '=', brand.id).execute();
    }
    return brand.id;
  }
  const fresh = row.newBrand as NewBrand | null;
  if (!fresh || !first) return null;
  const created = await trx
    .insertInto('brands')
    .values({
      name: fresh.name,
      description: null,
      category: fresh.category,
      floor: first.floor,
      unit: units.map((unit) => unit.unitNumber).join(', ').slice(0, 20),
      area: `${Math.round(row.exclusiveAreaM2 * 100) / 100}㎡`,
      isAvailable: true,
      thumbnail: null,
      contactInfo: JSON.stringify({}),
      directoryState: 'hidden',
      openingOn: row.openingOn,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return created.id;
}

/**
 * POST /api/leases/{id}/sign: the signing day and the signed PDF make the draft signed — everything signing needs
 * is checked (400 naming each field), the brand is linked or created, the inquiry is won (in its history, by the
 * signer), and the dates apply at once: its spaces leased from the contract date, its status (409 `unit_leased`
 * when another signed lease holds a space on a common day; of two at once, one wins).
 */
export async function signLease(db: Db, id: string, input: LeaseSign, editor: LeaseEditor, expected: number | null, today: string): Promise<Lease> {
  if (input.signedOn > today) throw invalid({ signedOn: 'leases.errors.signedOnFuture' });
  const options = { today, masked: false };
  const before = await leaseInquiry(db, id);
  await guarded(db, id, options, () => withActor(editor.actor, async (trx) => {
    const inquiry = await lockInquiryForProcessing(trx, before.inquiryId);
    const row = await lockLease(trx, id, expected);
    if (row.status !== 'draft') throw leaseSigned();
    const tenant = { legalName: row.legalName, businessNumber: row.businessNumber, representative: row.representative ?? '', contacts: (row.contacts ?? []) as LeaseContact[] };
    const problems = signProblems({
      tenant, unitIds: row.unitIds, terms: row.terms as DealTerms, depositSchedule: (row.depositSchedule ?? []) as DepositInstallment[],
      dates: { contractOn: row.contractOn, handoverOn: row.handoverOn, openingOn: row.openingOn },
    });
    if (Object.keys(problems).length > 0) throw invalid(problems);
    // The spaces first, in id order (as the leases_no_overlap trigger locks them): a second signing of a space waits
    // here for the first, then finds it, before it creates anything (a brand) of its own.
    await sql`select 1 from units where id = any(${row.unitIds}::uuid[]) order by id for no key update`.execute(trx);
    const clash = await trx
      .selectFrom('leases')
      .select('id')
      .where('id', '!=', id)
      .where('status', '!=', 'draft')
      .where(sql<boolean>`unit_ids && ${row.unitIds}::uuid[]`)
      .where('handoverOn', '<=', row.endsOn)
      .where('endsOn', '>=', row.handoverOn)
      .executeTakeFirst();
    if (clash) throw unitLeased();
    // The spaces' live holds (decision 058): this inquiry's own accepted proposal's ends as the lease is signed from
    // it; another inquiry's accepted proposal keeps its spaces unless the owner releases its hold, saying why — that
    // prospect accepted online, and nobody may displace them unseen (409 unit_reserved naming whose hold it is).
    const holds = await liveHoldsOn(trx, row.unitIds);
    const others = holds.filter((hold) => hold.inquiryId !== row.inquiryId);
    if (others.length > 0 && !input.releaseHolds) throw heldForAnotherInquiry(others);
    await endHoldsForLease(trx, holds.filter((hold) => hold.inquiryId === row.inquiryId), id, null);
    if (others.length > 0 && input.releaseHolds) await releaseOthersHolds(trx, others, id, editor, input.releaseHolds.reason);
    const brandId = await linkBrand(trx, row);
    const status = leaseStatusOn({ signedOn: input.signedOn, handoverOn: row.handoverOn, commencementOn: row.commencementOn, expiresOn: row.expiresOn, terminatesOn: row.terminatesOn }, today);
    await trx
      .updateTable('leases')
      .set({ status, signedOn: input.signedOn, signedAt: sql`now()`, signedBy: editor.id, documentPath: input.documentPath, brandId, newBrand: null, updatedAt: sql`now()` })
      .where('id', '=', id)
      .execute();
    if (inquiry.status !== 'won') {
      await trx.updateTable('inquiries').set({ status: 'won', firstStatusChangeAt: sql`coalesce(first_status_change_at, clock_timestamp())`, touchedAt: sql`coalesce(touched_at, clock_timestamp())` }).where('id', '=', inquiry.id).execute();
      await trx.insertInto('inquiryHistory').values({ inquiryId: inquiry.id, actorId: editor.id, status: 'won', note: null, lostReason: null }).execute();
    }
    await applyLeaseDates(trx, [id], today);
  }, { db, action: 'sign' }));
  return (await findLease(db, id, options))!;
}

/**
 * An owner's release of other inquiries' holds for the lease `leaseId`: each hold keeps who and why, the holding
 * proposal's activity log says so, and its inquiry's deal owner and the other owners are mailed (staff-mail rule).
 */
async function releaseOthersHolds(trx: Trx, holds: LiveHold[], leaseId: string, editor: LeaseEditor, reason: string): Promise<void> {
  await endHoldsForLease(trx, holds, leaseId, { by: editor.id, reason });
  const byProposal = new Map<string, LiveHold[]>();
  for (const hold of holds) byProposal.set(hold.proposalId, [...(byProposal.get(hold.proposalId) ?? []), hold]);
  for (const [proposalId, released] of byProposal) {
    const { inquiryId } = released[0]!;
    await recordEvent(trx, editor.actor, {
      action: 'hold_released',
      entity: 'proposal',
      entityId: proposalId,
      changes: { hold_release_note: [null, reason] },
    });
    const people = new Set([await dealOwner(trx, proposalId), ...(await ownersToTell(trx, editor.id))].filter((person): person is string => person !== null));
    for (const userId of people) await queueProposalMail(trx, inquiryId, { kind: 'hold-released', proposalId, userId, leaseId });
  }
}

/**
 * POST /api/leases/{id}/amendments: changes a signed lease's terms from a date (the months before stay, the schedule
 * is made again from the changed terms), keeping the values it replaced; its dates apply at once (an extension that
 * would collide with a later lease of a space is 409 `unit_leased`).
 */
export async function amendLease(db: Db, id: string, input: LeaseAmendmentInput, editor: LeaseEditor, expected: number | null, today: string): Promise<Lease> {
  const options = { today, masked: false };
  await guarded(db, id, options, () => withActor(editor.actor, async (trx) => {
    const row = await lockLease(trx, id, expected);
    if (row.status === 'draft') throw new HttpError(409, 'lease_not_signed', 'Only a signed lease takes amendments; edit the draft', { fields: { status: 'leases.errors.leaseNotSigned' } });
    if (row.status === 'ended') throw new HttpError(409, 'lease_ended', 'An ended lease cannot be changed', { fields: { status: 'leases.errors.leaseEnded' } });
    const terms = row.terms as DealTerms;
    const area = { contractM2: Number(row.contractAreaM2), exclusiveM2: Number(row.exclusiveAreaM2) };
    const amendments = changesOf((await amendmentsOf(trx, [id])).get(id) ?? []);
    const problems = amendmentProblems({ terms, area, amendments }, input.effectiveOn, input.changes);
    if (Object.keys(problems).length > 0) throw invalid(problems);
    const now = currentTerms(terms, amendments);
    const before: Record<string, unknown> = {};
    for (const key of Object.keys(input.changes) as (keyof TermChanges)[]) {
      if (input.changes[key] === undefined) continue;
      before[key] = key === 'terminatesOn' ? amendedEndsOn(terms, amendments) : now[key as keyof DealTerms];
    }
    await trx
      .insertInto('leaseAmendments')
      .values({ leaseId: id, number: amendments.length + 1, effectiveOn: input.effectiveOn, changes: JSON.stringify(input.changes), before: JSON.stringify(before), reason: input.reason, createdBy: editor.id })
      .execute();
    const all = [...amendments, { effectiveOn: input.effectiveOn, changes: input.changes }];
    await trx
      .updateTable('leases')
      .set({ ...derivedColumns(terms, area, all, { contractOn: row.contractOn, handoverOn: row.handoverOn, openingOn: row.openingOn }), updatedAt: sql`now()` })
      .where('id', '=', id)
      .execute();
    await writeSchedule(trx, id, terms, area, all);
    await applyLeaseDates(trx, [id], today);
  }, { db, action: 'amend' }));
  return (await findLease(db, id, options))!;
}
