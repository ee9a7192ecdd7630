import { sql } from 'kysely';
import type { ScheduledChange, TermChanges } from '../../shared/deals/amendments.ts';
import type { DealTerms } from '../../shared/deals/terms.ts';
import { renewalFacts, type LeaseStatus } from '../../shared/leases/dates.ts';
import type { DirectoryState } from '../../shared/leases/directory.ts';
import type { DepositInstallment, Lease, LeaseAmendment, LeaseContact, LeaseFilter, LeaseListItem, LeaseUnit, NewBrand } from '../../shared/leases/lease.ts';
import { leaseSchedule, monthOf, signProblems } from '../../shared/leases/schedule.ts';
import { maskEmail, maskName, maskPhone } from '../../shared/masking.ts';
import type { Trx } from '../audit/actor.ts';
import type { Db } from '../db/index.ts';
import { likeContains } from '../db/sql-like.ts';
import { HttpError } from '../http/errors.ts';

/**
 * Reading leases: one lease whole (its amendments, brand, figures from the pure rules), the list with this month's
 * amounts from the stored schedule. Dates are read as text (to_char): pg reads a `date` as local midnight.
 */

export const leaseNotFound = () => new HttpError(404, 'lease_not_found', 'No lease with this id', { fields: { id: 'leases.errors.notFound' } });

const day = (column: string) => sql<string>`to_char(${sql.ref(column)}, 'YYYY-MM-DD')`;
const nullableDay = (column: string) => sql<string | null>`to_char(${sql.ref(column)}, 'YYYY-MM-DD')`;

/** Every column a lease answer needs, dates as text, with its brand. */
export function selectLeases(db: Db | Trx) {
  return db
    .selectFrom('leases as l')
    .leftJoin('brands as b', 'b.id', 'l.brandId')
    .leftJoin('users as s', 's.id', 'l.signedBy')
    .select([
      'l.id', 'l.inquiryId', 'l.proposalId', 'l.renewalOf', 'l.status', 'l.overrideReason', 'l.legalName', 'l.businessNumber', 'l.representative',
      'l.contacts', 'l.brandId', 'l.newBrand', 'l.unitIds', 'l.units', 'l.contractAreaM2', 'l.exclusiveAreaM2', 'l.terms', 'l.currentTerms',
      'l.depositSchedule', 'l.signedAt', 'l.signedBy', 'l.documentPath', 'l.agentId', 'l.personalDestroyedAt', 'l.createdAt', 'l.updatedAt', 'l.version',
      day('l.contract_on').as('contractOn'), day('l.handover_on').as('handoverOn'), nullableDay('l.opening_on').as('openingOn'),
      day('l.commencement_on').as('commencementOn'), nullableDay('l.rent_start_on').as('rentStartOn'), day('l.expires_on').as('expiresOn'),
      nullableDay('l.terminates_on').as('terminatesOn'), day('l.ends_on').as('endsOn'), nullableDay('l.signed_on').as('signedOn'),
      'b.name as brandName', 'b.directoryState as brandDirectoryState', nullableDay('b.opening_on').as('brandOpeningOn'),
      's.displayName as signerDisplayName', 's.username as signerUsername',
    ]);
}
export type LeaseRow = Awaited<ReturnType<ReturnType<typeof selectLeases>['execute']>>[number];

/** The amendments of `ids`, in the order made, by lease. */
export async function amendmentsOf(db: Db | Trx, ids: readonly string[]): Promise<Map<string, LeaseAmendment[]>> {
  const byLease = new Map<string, LeaseAmendment[]>();
  if (ids.length === 0) return byLease;
  const rows = await db
    .selectFrom('leaseAmendments as a')
    .leftJoin('users as u', 'u.id', 'a.createdBy')
    .select(['a.id', 'a.leaseId', 'a.number', 'a.changes', 'a.before', 'a.reason', 'a.createdBy', 'a.createdAt', day('a.effective_on').as('effectiveOn'), 'u.displayName', 'u.username'])
    .where(sql<boolean>`a.lease_id = any(${ids}::uuid[])`)
    .orderBy('a.leaseId')
    .orderBy('a.number')
    .execute();
  for (const row of rows) {
    const list = byLease.get(row.leaseId) ?? [];
    list.push({
      id: row.id,
      number: row.number,
      effectiveOn: row.effectiveOn,
      changes: row.changes as TermChanges,
      before: row.before as LeaseAmendment['before'],
      reason: row.reason,
      by: { id: row.createdBy, name: row.displayName || row.username || null },
      createdAt: new Date(row.createdAt).toISOString(),
    });
    byLease.set(row.leaseId, list);
  }
  return byLease;
}

/** The first commencement of a renewal chain (a lease renewing another counts the Act's 10 years from the first). */
export async function firstCommencement(db: Db | Trx, row: Pick<LeaseRow, 'renewalOf' | 'commencementOn'>): Promise<string> {
  if (!row.renewalOf) return row.commencementOn;
  const { rows } = await sql<{ first: string }>`
    with recursive chain(id, renewal_of, commencement_on, depth) as (
      select id, renewal_of, commencement_on, 0 from leases where id = ${row.renewalOf}
      union all
      select l.id, l.renewal_of, l.commencement_on, c.depth + 1 from leases l join chain c on l.id = c.renewal_of where c.depth < 50
    )
    select to_char(min(commencement_on), 'YYYY-MM-DD') as first from chain`.execute(db);
  const first = rows[0]?.first;
  return first && first < row.commencementOn ? first : row.commencementOn;
}

export const changesOf = (amendments: readonly LeaseAmendment[]): ScheduledChange[] => amendments.map((one) => ({ effectiveOn: one.effectiveOn, changes: one.changes }));

/** A viewer reads the tenant's people masked (issue 40: "viewers read masked"); the entity and the figures stay. */
function maskContacts(contacts: LeaseContact[]): LeaseContact[] {
  return contacts.map((contact) => ({
    name: maskName(contact.name),
    title: contact.title,
    phone: contact.phone ? maskPhone(contact.phone) : '',
    email: contact.email ? maskEmail(contact.email) : '',
  }));
}

export interface LeaseReadOptions {
  today: string;
  masked: boolean;
}

/** The whole lease from its row, its amendments and the chain's first commencement. */
export function toLease(row: LeaseRow, amendments: LeaseAmendment[], firstCommencementOn: string, { today, masked }: LeaseReadOptions): Lease & { problems: Record<string, string> } {
  const terms = row.terms as DealTerms;
  const currentTerms = row.currentTerms as DealTerms;
  const area = { contractM2: Number(row.contractAreaM2), exclusiveM2: Number(row.exclusiveAreaM2) };
  const rows = leaseSchedule({ terms, area, amendments: changesOf(amendments) });
  const contacts = (row.contacts ?? []) as LeaseContact[];
  const tenant = {
    legalName: row.legalName,
    businessNumber: row.businessNumber,
    representative: row.representative ?? '',
    contacts,
  };
  const depositSchedule = (row.depositSchedule ?? []) as DepositInstallment[];
  const dates = {
    contractOn: row.contractOn,
    handoverOn: row.handoverOn,
    fitoutEndsOn: addDay(row.commencementOn, -1),
    commencementOn: row.commencementOn,
    rentStartOn: row.rentStartOn,
    expiresOn: row.expiresOn,
    openingOn: row.openingOn,
    terminatesOn: row.terminatesOn,
  };
  const problems = row.status === 'draft'
    ? signProblems({ tenant, unitIds: row.unitIds, dates: { contractOn: row.contractOn, handoverOn: row.handoverOn, openingOn: row.openingOn }, terms, depositSchedule })
    : {};
  return {
    id: row.id,
    inquiryId: row.inquiryId,
    proposalId: row.proposalId,
    renewalOf: row.renewalOf,
    status: row.status as LeaseStatus,
    overrideReason: row.overrideReason,
    tenant: masked ? { ...tenant, representative: tenant.representative ? maskName(tenant.representative) : '', contacts: maskContacts(contacts) } : tenant,
    brandId: row.brandId,
    newBrand: (row.newBrand as NewBrand | null) ?? null,
    brand: row.brandId && row.brandName !== null ? { id: row.brandId, name: row.brandName, directoryState: row.brandDirectoryState as DirectoryState, openingOn: row.brandOpeningOn } : null,
    unitIds: row.unitIds,
    units: (row.units ?? []) as LeaseUnit[],
    area,
    dates,
    deposit: { amountKrw: currentTerms.depositKrw, schedule: depositSchedule },
    terms,
    currentTerms,
    amendments,
    signedOn: row.signedOn,
    signedBy: row.signedAt ? { id: row.signedBy, name: row.signerDisplayName || row.signerUsername || null } : null,
    document: row.documentPath ? { path: row.documentPath, filename: null, size: null } : null,
    agentId: row.agentId,
    personalDestroyedAt: row.personalDestroyedAt ? new Date(row.personalDestroyedAt).toISOString() : null,
    renewal: renewalFacts(row.expiresOn, firstCommencementOn),
    monthly: (({ rentKrw, rentDueKrw, maintenanceKrw }) => ({ rentKrw, rentDueKrw, maintenanceKrw }))(monthOf(rows, today)),
    createdAt: new Date(row.createdAt).toISOString(),
    updatedAt: new Date(row.updatedAt).toISOString(),
    version: row.version,
    problems,
  };
}

const addDay = (dayText: string, days: number) => new Date(Date.parse(`${dayText}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/** One lease, whole; null when there is none. */
export async function findLease(db: Db | Trx, id: string, options: LeaseReadOptions): Promise<(Lease & { problems: Record<string, string> }) | null> {
  const row = await selectLeases(db).where('l.id', '=', id).executeTakeFirst();
  if (!row) return null;
  const amendments = (await amendmentsOf(db, [id])).get(id) ?? [];
  return toLease(row, amendments, await firstCommencement(db, row), options);
}

/** The leases of an inquiry, newest first. */
export async function leasesOfInquiry(db: Db, inquiryId: string, options: LeaseReadOptions): Promise<Lease[]> {
  const rows = await selectLeases(db).where('l.inquiryId', '=', inquiryId).orderBy('l.createdAt', 'desc').execute();
  const amendments = await amendmentsOf(db, rows.map((row) => row.id));
  return Promise.all(rows.map(async (row) => toLease(row, amendments.get(row.id) ?? [], await firstCommencement(db, row), options)));
}

const toNumber = (value: string | number | bigint | null) => (value === null ? 0 : Number(value));

/**
 * GET /api/leases: every lease with tenant, spaces, area, this month's rent, deposit, status and expiry, the live
 * ones first by expiry, then drafts and ended ones. This month's amounts come from the stored schedule.
 */
export async function listLeases(db: Db, filter: LeaseFilter, { today, masked }: LeaseReadOptions): Promise<LeaseListItem[]> {
  let query = selectLeases(db)
    .leftJoin('leaseScheduleMonths as m', (join) =>
      join.onRef('m.leaseId', '=', 'l.id').on(sql<boolean>`m.period_start <= ${today}::date and m.period_end >= ${today}::date`))
    .select(['m.rentKrw as monthRent', 'm.rentDueKrw as monthRentDue', 'm.maintenanceKrw as monthMaintenance'])
    .select(sql<number>`(select s.maintenance_krw from lease_schedule_months s where s.lease_id = l.id order by s.month limit 1)`.as('firstMaintenance'))
    .select(sql<number>`(select s.rent_krw from lease_schedule_months s where s.lease_id = l.id and s.phase = 'term' order by s.month limit 1)`.as('firstRent'));
  if (filter.status === 'live') query = query.where('l.status', 'in', ['signed', 'fitout', 'active', 'expiring']);
  else if (filter.status) query = query.where('l.status', '=', filter.status);
  if (filter.floor) query = query.where(sql<boolean>`exists (select 1 from jsonb_array_elements(l.units) u where u->>'floor' = ${filter.floor})`);
  if (filter.expiresBefore) query = query.where('l.endsOn', '<=', filter.expiresBefore);
  if (filter.search) query = query.where(sql<boolean>`lower(l.legal_name || ' ' || coalesce(b.name, '') || ' ' || l.business_number) like lower(${likeContains(filter.search)})`);
  const rows = await query
    .orderBy(sql`case l.status when 'draft' then 1 when 'ended' then 2 else 0 end`)
    .orderBy('l.endsOn')
    .orderBy('l.id')
    .limit(2000)
    .execute();
  return rows.map((row) => {
    const currentTerms = row.currentTerms as DealTerms;
    const before = today < row.commencementOn;
    const contacts = (row.contacts ?? []) as LeaseContact[];
    return {
      id: row.id,
      inquiryId: row.inquiryId,
      status: row.status as LeaseStatus,
      tenant: {
        legalName: row.legalName,
        businessNumber: row.businessNumber,
        representative: masked && row.representative ? maskName(row.representative) : row.representative ?? '',
        contacts: masked ? maskContacts(contacts) : contacts,
      },
      brand: row.brandId && row.brandName !== null ? { id: row.brandId, name: row.brandName, directoryState: row.brandDirectoryState as DirectoryState, openingOn: row.brandOpeningOn } : null,
      units: (row.units ?? []) as LeaseUnit[],
      area: { contractM2: Number(row.contractAreaM2), exclusiveM2: Number(row.exclusiveAreaM2) },
      dates: {
        contractOn: row.contractOn, handoverOn: row.handoverOn, fitoutEndsOn: addDay(row.commencementOn, -1), commencementOn: row.commencementOn,
        rentStartOn: row.rentStartOn, expiresOn: row.expiresOn, openingOn: row.openingOn, terminatesOn: row.terminatesOn,
      },
      deposit: { amountKrw: currentTerms.depositKrw, schedule: (row.depositSchedule ?? []) as DepositInstallment[] },
      // Before the term, the first term month's rent (what the tenant will pay); in it, this month's.
      monthly: row.monthRent !== null && !before
        ? { rentKrw: toNumber(row.monthRent), rentDueKrw: toNumber(row.monthRentDue), maintenanceKrw: toNumber(row.monthMaintenance) }
        : { rentKrw: toNumber(row.firstRent), rentDueKrw: 0, maintenanceKrw: toNumber(row.firstMaintenance) },
      signedOn: row.signedOn,
      version: row.version,
    };
  });
}
