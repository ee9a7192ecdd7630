import { sql } from 'kysely';
import { addDays, AREA_BANDS, areaBandOf, isVacantStatus, OCCUPIED_STATUS, type AreaBand, type SpacesReport, type VacancyCounts } from '../../shared/reports.ts';
import { UNIT_FLOORS } from '../../shared/units/basics.ts';
import type { Db } from '../db/index.ts';
import { OFFICE_ZONE, within, type Period } from './period.ts';
import { toursBySpace } from './tours.ts';

const zero = (): VacancyCounts => ({ units: 0, vacant: 0, areaM2: 0, vacantAreaM2: 0 });
const byFloorOrder = (a: { floor: string }, b: { floor: string }) => UNIT_FLOORS.indexOf(a.floor) - UNIT_FLOORS.indexOf(b.floor) || a.floor.localeCompare(b.floor);
const rounded = (counts: VacancyCounts): VacancyCounts => ({ ...counts, areaM2: Math.round(counts.areaM2 * 100) / 100, vacantAreaM2: Math.round(counts.vacantAreaM2 * 100) / 100 });

function add(counts: VacancyCounts, row: VacancyCounts) {
  counts.units += row.units;
  counts.vacant += row.vacant;
  counts.areaM2 += row.areaM2;
  counts.vacantAreaM2 += row.vacantAreaM2;
}

/** The exclusive-area band of a column, from AREA_BANDS (the one definition the charts read too). */
const bandSql = (column: ReturnType<typeof sql.ref>) =>
  sql<AreaBand>`case ${sql.join([...AREA_BANDS].reverse().map((band) => sql`when ${column} >= ${sql.lit(band.min)} then ${sql.lit(band.key)}`), sql` `)} end`;

/**
 * Spaces: those vacant today with their days on market (since the day after they were last recorded
 * leased, or since they were first known), vacancy per period as the spaces stood on its last recorded day
 * (from unit_status_days, by floor and by area band), today's vacancy by floor and area band, and the
 * inquiries (and, once tours exist, tours) per space in the period.
 */
export async function spacesReport(db: Db, period: Period): Promise<SpacesReport> {
  const last = period.to < period.today ? period.to : period.today;
  const leased = sql.lit(OCCUPIED_STATUS);
  // The days each period covers within the report (the first week may start before it) up to the last recorded day.
  const bounds = period.starts
    .map((start, n) => ({ start, first: start < period.from ? period.from : start, last: addDays(period.starts[n + 1] ?? addDays(period.to, 1), -1) }))
    .map((bound) => ({ ...bound, last: bound.last < last ? bound.last : last }))
    .filter((bound) => bound.first <= bound.last);
  const [snapshots, units, asked, tours] = await Promise.all([
    // Each period's last recorded day by one probe of the day index (not a pass over the period's rows),
    // then the spaces as they stood that day (materialized: inlined, the probe ran again for every row).
    sql<{ start: string; day: string; floor: string; band: AreaBand } & VacancyCounts>`
      with snapshot as materialized (
        select b.start, (select max(d.day) from unit_status_days d where d.day >= b.first and d.day <= b.last) as day
        from unnest(${bounds.map((bound) => bound.start)}::text[], ${bounds.map((bound) => bound.first)}::date[], ${bounds.map((bound) => bound.last)}::date[]) b(start, first, last)
      )
      select s.start, to_char(s.day, 'YYYY-MM-DD') as day, d.floor, ${bandSql(sql.ref('d.exclusive_area_m2'))} as band,
        count(*)::int as units, count(*) filter (where d.status <> ${leased})::int as vacant,
        sum(d.exclusive_area_m2)::float8 as area_m2, coalesce(sum(d.exclusive_area_m2) filter (where d.status <> ${leased}), 0)::float8 as vacant_area_m2
      from snapshot s join unit_status_days d on d.day = s.day
      group by 1, 2, 3, 4`.execute(db),
    // Days on market count only for vacant spaces; the day after the last leased one is one probe of the
    // partial index unit_status_days_leased_idx (schema.sql).
    sql<{ id: string; floor: string; unitNumber: string; status: string; areaM2: number; since: string }>`
      select u.id, u.floor, u.unit_number, u.status, u.exclusive_area_m2 as area_m2,
        case when u.status <> ${leased} then to_char(coalesce(
          (select max(d.day) + 1 from unit_status_days d where d.unit_id = u.id and d.status = ${leased} and d.day <= ${period.today}::date),
          least((select min(d.day) from unit_status_days d where d.unit_id = u.id), (u.created_at at time zone ${sql.lit(OFFICE_ZONE)})::date)
        ), 'YYYY-MM-DD') end as since
      from units u`.execute(db),
    sql<{ unitId: string; floor: string; unitNumber: string; n: number }>`
      select i.unit_id, max(i.unit_floor) as floor, max(i.unit_number) as unit_number, count(*)::int as n
      from inquiries i where i.unit_id is not null and ${within(sql.ref('i.created_at'), period)}
      group by i.unit_id`.execute(db),
    toursBySpace(db, period),
  ]);

  const periods = new Map<string, { day: string; totals: VacancyCounts; floors: Map<string, VacancyCounts>; bands: Map<AreaBand, VacancyCounts> }>();
  for (const row of snapshots.rows) {
    const entry = periods.get(row.start) ?? { day: row.day, totals: zero(), floors: new Map(), bands: new Map() };
    add(entry.totals, row);
    if (!entry.floors.has(row.floor)) entry.floors.set(row.floor, zero());
    add(entry.floors.get(row.floor)!, row);
    if (!entry.bands.has(row.band)) entry.bands.set(row.band, zero());
    add(entry.bands.get(row.band)!, row);
    periods.set(row.start, entry);
  }
  const vacancyByPeriod = period.starts.map((start) => {
    const entry = periods.get(start);
    return {
      start,
      day: entry?.day ?? null,
      ...rounded(entry?.totals ?? zero()),
      floors: [...(entry?.floors ?? [])].map(([floor, counts]) => ({ floor, ...rounded(counts) })).sort(byFloorOrder),
      bands: AREA_BANDS.map(({ key }) => ({ band: key, ...rounded(entry?.bands.get(key) ?? zero()) })),
    };
  });

  const inquiries = new Map(asked.rows.map((row) => [row.unitId, row.n]));
  const floors = new Map<string, VacancyCounts>();
  const bands = new Map<AreaBand, VacancyCounts>(AREA_BANDS.map(({ key }) => [key, zero()]));
  for (const unit of units.rows) {
    const counts = { units: 1, vacant: isVacantStatus(unit.status) ? 1 : 0, areaM2: unit.areaM2, vacantAreaM2: isVacantStatus(unit.status) ? unit.areaM2 : 0 };
    if (!floors.has(unit.floor)) floors.set(unit.floor, zero());
    add(floors.get(unit.floor)!, counts);
    add(bands.get(areaBandOf(unit.areaM2))!, counts);
  }
  const daysSince = (day: string) => Math.round((Date.parse(`${period.today}T00:00:00Z`) - Date.parse(`${day}T00:00:00Z`)) / 86_400_000);
  return {
    asOf: period.today,
    vacant: units.rows
      .filter((unit) => isVacantStatus(unit.status))
      .map((unit) => ({
        unitId: unit.id, floor: unit.floor, unitNumber: unit.unitNumber, status: unit.status, areaM2: unit.areaM2,
        daysOnMarket: Math.max(0, daysSince(unit.since)), inquiries: inquiries.get(unit.id) ?? 0, tours: tours ? tours.get(unit.id) ?? 0 : null,
      }))
      .sort((a, b) => b.daysOnMarket - a.daysOnMarket || byFloorOrder(a, b) || a.unitNumber.localeCompare(b.unitNumber, 'en', { numeric: true })),
    vacancyByPeriod,
    byFloor: [...floors].map(([floor, counts]) => ({ floor, ...rounded(counts) })).sort(byFloorOrder),
    byAreaBand: AREA_BANDS.map(({ key }) => ({ band: key, ...rounded(bands.get(key)!) })),
    inquiriesBySpace: asked.rows
      .map((row) => ({ unitId: row.unitId, floor: row.floor, unitNumber: row.unitNumber, inquiries: row.n, tours: tours ? tours.get(row.unitId) ?? 0 : null }))
      .sort((a, b) => b.inquiries - a.inquiries || byFloorOrder(a, b)),
    toursRecorded: tours !== null,
  };
}

/**
 * The nightly record (functions/unit-status-days.ts): every space's status on the Korean day `today`.
 * A change made earlier that day already wrote its row (the units trigger), and stays.
 */
export async function recordUnitStatusDay(db: Db, today: string): Promise<number> {
  const result = await sql`
    insert into unit_status_days (day, unit_id, floor, unit_number, status, exclusive_area_m2)
    select ${today}::date, id, floor, unit_number, status, exclusive_area_m2 from units
    on conflict (unit_id, day) do nothing`.execute(db);
  return Number(result.numAffectedRows ?? 0);
}
