import { sql } from 'kysely';
import type { Db } from '../db/index.ts';
import type { Period } from './period.ts';

/**
 * The two figures the reports take from tours (issue 27: "tours held" per person, "tours per space"),
 * kept in this one file for the tours work (being built beside this) to own. The `tours` table is
 * expected as: inquiry_id, host_id, starts_at, ends_at, status scheduled|completed|no_show|cancelled.
 * Until it exists both answer null, and the panel shows a dash instead of a zero.
 */
async function toursTableExists(db: Db): Promise<boolean> {
  const { rows } = await sql<{ found: boolean }>`select to_regclass('tours') is not null as found`.execute(db);
  return rows[0]?.found ?? false;
}

/** Tours held (completed) per host whose start falls in the period; null without a tours table. */
export async function toursHeldByHost(db: Db, period: Period): Promise<Map<string, number> | null> {
  if (!(await toursTableExists(db))) return null;
  const { rows } = await sql<{ hostId: string; n: number }>`
    select t.host_id, count(*)::int as n from tours t
    where t.status = 'completed' and t.starts_at >= ${period.start}::timestamptz and t.starts_at < ${period.end}::timestamptz
    group by t.host_id`.execute(db);
  return new Map(rows.map((row) => [row.hostId, row.n]));
}

/** Tours (not cancelled) per space asked about, starting in the period; null without a tours table. */
export async function toursBySpace(db: Db, period: Period): Promise<Map<string, number> | null> {
  if (!(await toursTableExists(db))) return null;
  const { rows } = await sql<{ unitId: string; n: number }>`
    select i.unit_id, count(*)::int as n from tours t join inquiries i on i.id = t.inquiry_id
    where i.unit_id is not null and t.status <> 'cancelled' and t.starts_at >= ${period.start}::timestamptz and t.starts_at < ${period.end}::timestamptz
    group by i.unit_id`.execute(db);
  return new Map(rows.map((row) => [row.unitId, row.n]));
}
