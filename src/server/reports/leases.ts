import { sql } from 'kysely';
import { expirySchedule, occupancyOn, wale, type PortfolioLease } from '../../shared/leases/portfolio.ts';
import type { DepositInstallment, LeaseUnit } from '../../shared/leases/lease.ts';
import type { ExpiriesReport, RentRollReport, RentRollRow } from '../../shared/reports.ts';
import type { Db } from '../db/index.ts';
import type { Period } from './period.ts';

/**
 * The lease reports (issue 40), as of the period's last day (today at the latest): the rent roll and the expiry
 * schedule with occupancy and WALE. One query reads every signed lease with its stored schedule's month of the day
 * (one index probe per lease) and the first and last rents kept on the lease (decision 056); the weighing is
 * src/shared/leases/portfolio.ts.
 */

/** The day a lease report is read as of: the period's last day, never after today (no lease is known beyond its signing). */
export const asOfDay = (period: Pick<Period, 'to' | 'today'>) => (period.to < period.today ? period.to : period.today);

const num = (value: string | number | bigint | null | undefined) => (value === null || value === undefined ? 0 : Number(value));

/**
 * Every lease signed by `asOf` (drafts never count), with the month's amounts (camelCased by the plugin). `whole`:
 * with what only the rent roll lists (tenant, brand, spaces, deposit); the expiries read dates and figures alone.
 */
async function signedLeases(db: Db, asOf: string, whole = true): Promise<SignedRow[]> {
  // Handed over as one JSON value: on PGlite handing 300 rows over one by one cost more than finding them (decision 037).
  const { rows } = await sql<{ leases: Record<string, unknown>[] }>`
    select coalesce(json_agg(x order by x.ends_on, x.id), '[]'::json) as leases from (
      select l.id, l.status, l.contract_area_m2, l.exclusive_area_m2,
        to_char(l.contract_on, 'YYYY-MM-DD') as contract_on, to_char(l.commencement_on, 'YYYY-MM-DD') as commencement_on,
        to_char(l.ends_on, 'YYYY-MM-DD') as ends_on, now_month.rent_krw, now_month.rent_due_krw, now_month.maintenance_krw, l.first_rent_krw, l.last_rent_krw
        ${whole ? sql`, l.legal_name, b.name as brand_name, l.units, l.current_terms->>'depositKrw' as deposit_krw, l.deposit_schedule` : sql``}
      from leases l
      ${whole ? sql`left join brands b on b.id = l.brand_id` : sql``}
      left join lateral (select m.rent_krw, m.rent_due_krw, m.maintenance_krw from lease_schedule_months m
        where m.lease_id = l.id and m.period_start <= ${asOf}::date order by m.period_start desc limit 1) now_month on true
      where l.status <> 'draft' and l.signed_on <= ${asOf}::date) x`.execute(db);
  return (rows[0]?.leases ?? []).map((row) => ({
    id: row.id as string,
    status: row.status as string,
    legalName: (row.legal_name as string | undefined) ?? '',
    brandName: (row.brand_name as string | null | undefined) ?? null,
    units: (row.units as LeaseUnit[] | undefined) ?? [],
    contractAreaM2: Number(row.contract_area_m2),
    exclusiveAreaM2: Number(row.exclusive_area_m2),
    contractOn: row.contract_on as string,
    commencementOn: row.commencement_on as string,
    endsOn: row.ends_on as string,
    depositKrw: num(row.deposit_krw as string | null),
    depositSchedule: (row.deposit_schedule as DepositInstallment[] | undefined) ?? [],
    rentKrw: num(row.rent_krw as number | null),
    rentDueKrw: num(row.rent_due_krw as number | null),
    maintenanceKrw: num(row.maintenance_krw as number | null),
    firstRentKrw: num(row.first_rent_krw as number | null),
    lastRentKrw: num(row.last_rent_krw as number | null),
  }));
}
interface SignedRow {
  id: string; status: string; legalName: string; brandName: string | null; units: LeaseUnit[]; contractAreaM2: number; exclusiveAreaM2: number;
  contractOn: string; commencementOn: string; endsOn: string; depositKrw: number; depositSchedule: DepositInstallment[];
  rentKrw: number; rentDueKrw: number; maintenanceKrw: number; firstRentKrw: number; lastRentKrw: number;
}


/** Before its term a lease weighs with its first term month's rent (what it will pay), then with the month's. */
const weighingRent = (row: SignedRow, asOf: string) => (asOf < row.commencementOn ? num(row.firstRentKrw) : num(row.rentKrw));

function portfolio(rows: SignedRow[], asOf: string): PortfolioLease[] {
  return rows.map((row) => ({
    areaM2: Number(row.contractAreaM2),
    monthlyRentKrw: weighingRent(row, asOf),
    lastMonthlyRentKrw: num(row.lastRentKrw),
    contractOn: row.contractOn,
    endsOn: row.endsOn,
  }));
}

/** The building's leasable contract area: every space's supply area. */
async function totalArea(db: Db): Promise<number> {
  const row = await db.selectFrom('units').select((eb) => eb.fn.sum<number>('supplyAreaM2').as('area')).executeTakeFirst();
  return Math.round(num(row?.area) * 100) / 100;
}

/** GET /api/reports/rent-roll: every lease in force on the day (from its contract day to its last), with the totals. */
export async function rentRollReport(db: Db, period: Period): Promise<RentRollReport> {
  const asOf = asOfDay(period);
  const rows = (await signedLeases(db, asOf)).filter((row) => row.contractOn <= asOf && asOf <= row.endsOn);
  const leases: RentRollRow[] = rows.map((row) => {
    const units = row.units ?? [];
    const inTerm = asOf >= row.commencementOn;
    return {
      leaseId: row.id,
      tenant: row.legalName,
      brand: row.brandName,
      spaces: units.map((unit) => `${unit.floor} ${unit.unitNumber}`).join(', '),
      units: units.map((unit) => ({ floor: unit.floor, unitNumber: unit.unitNumber })),
      status: row.status,
      contractAreaM2: Number(row.contractAreaM2),
      exclusiveAreaM2: Number(row.exclusiveAreaM2),
      // Before the term no rent is due; 관리비 of the fit-out months is (the schedule's row says so).
      rentKrw: inTerm ? num(row.rentKrw) : 0,
      rentDueKrw: inTerm ? num(row.rentDueKrw) : 0,
      maintenanceKrw: num(row.maintenanceKrw),
      depositKrw: num(row.depositKrw),
      depositHeldKrw: (row.depositSchedule ?? []).filter((item) => item.dueOn <= asOf).reduce((sum, item) => sum + item.amountKrw, 0),
      commencementOn: row.commencementOn,
      endsOn: row.endsOn,
    };
  });
  const sum = (pick: (row: RentRollRow) => number) => leases.reduce((total, row) => total + pick(row), 0);
  return {
    asOf,
    leases,
    totals: {
      leases: leases.length,
      contractAreaM2: Math.round(sum((row) => row.contractAreaM2) * 100) / 100,
      rentKrw: sum((row) => row.rentKrw),
      rentDueKrw: sum((row) => row.rentDueKrw),
      maintenanceKrw: sum((row) => row.maintenanceKrw),
      depositHeldKrw: sum((row) => row.depositHeldKrw),
    },
  };
}

/** GET /api/reports/expiries: per quarter for five years, what expires and how full the building stays; WALE now. */
export async function expiriesReport(db: Db, period: Period): Promise<ExpiriesReport> {
  const asOf = asOfDay(period);
  const [rows, total] = await Promise.all([signedLeases(db, asOf, false), totalArea(db)]);
  const leases = portfolio(rows, asOf);
  return {
    asOf,
    totalAreaM2: total,
    occupancy: occupancyOn(leases, total, asOf),
    wale: wale(leases, asOf),
    quarters: expirySchedule(leases, total, asOf).map(({ quarter, leases: count, areaM2, monthlyRentKrw, leasedAreaM2, occupancyShare }) => ({ quarter, leases: count, areaM2, monthlyRentKrw, leasedAreaM2, occupancyShare })),
  };
}
