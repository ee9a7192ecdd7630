import { sql } from 'kysely';
import { FUNNEL_STAGES, type FunnelCounts, type FunnelReport } from '../../shared/reports.ts';
import { isLostReason, LOST_REASON_OTHER, LOST_REASONS, type LostReason } from '../../shared/lost-reasons.ts';
import type { Db } from '../db/index.ts';
import { everyPeriod, periodNumber, within, type Period } from './period.ts';

/** The stage a status stands for, 0 for new and lost: `contacted` 1 … `won` 4 (FUNNEL_STAGES' order). */
function stageRank(column: ReturnType<typeof sql.ref>) {
  return sql<number>`coalesce(array_position(${sql.lit(`{${FUNNEL_STAGES.join(',')}}`)}::text[], ${column}), 0)`;
}

const zero = (): FunnelCounts => ({ inquiries: 0, contacted: 0, toured: 0, proposal: 0, won: 0, lost: 0 });

/**
 * The funnel as a cohort: the inquiries that arrived in each period (Seoul weeks or months), and how many
 * of them ever reached each stage — from the history, so an inquiry lost and then reopened still counts for
 * the stages it reached before and after. Reaching a later stage counts the earlier ones (a tour without a
 * recorded "contacted" was still a contact), so the funnel never widens. `lost` is those lost now (a reopened
 * one is not), with their reasons. Only anonymous columns are read: destroyed inquiries still count; the
 * words of "other" reasons only for `readsPersonal` (agents and owners).
 */
export async function funnelReport(db: Db, period: Period, readsPersonal: boolean): Promise<FunnelReport> {
  // One grouped join (not a subquery per inquiry): the period's inquiries, each with the highest stage its
  // history ever recorded, then counted per period. Only history rows that are a stage take part.
  const { rows } = await sql<{ period: number } & FunnelCounts>`
    select period, count(*)::int as inquiries,
      count(*) filter (where reached >= 1)::int as contacted,
      count(*) filter (where reached >= 2)::int as toured,
      count(*) filter (where reached >= 3)::int as proposal,
      count(*) filter (where reached >= 4)::int as won,
      count(*) filter (where status = 'lost')::int as lost
    from (
      select ${periodNumber(sql.ref('i.created_at'), period)} as period, i.status,
        greatest(${stageRank(sql.ref('i.status'))}, coalesce(max(${stageRank(sql.ref('h.status'))}), 0)) as reached
      from inquiries i
      left join inquiry_history h on h.inquiry_id = i.id and h.status in (${sql.join(FUNNEL_STAGES.map((stage) => sql.lit(stage)))})
      where ${within(sql.ref('i.created_at'), period)}
      group by i.id
    ) cohort
    group by period`.execute(db);
  const byPeriod = new Map(rows.map(({ period: n, ...counts }) => [period.starts[n - 1]!, counts]));
  const periods = everyPeriod(period, byPeriod, zero);
  const totals = periods.reduce((sum, row) => {
    for (const key of Object.keys(sum) as (keyof FunnelCounts)[]) sum[key] += row[key];
    return sum;
  }, zero());
  // Why they were lost, by the fixed list's code (src/shared/lost-reasons.ts): every reason in the list's
  // order, zeros too, so two periods read side by side; inquiries lost without a code (destroyed before the
  // list) last, when there are any.
  const reasons = await sql<{ reason: string | null; count: number }>`
    select i.lost_reason as reason, count(*)::int as count from inquiries i
    where i.status = 'lost' and ${within(sql.ref('i.created_at'), period)}
    group by 1`.execute(db);
  const counted = new Map<LostReason | null, number>();
  for (const row of reasons.rows) {
    const reason = isLostReason(row.reason) ? row.reason : null;
    counted.set(reason, (counted.get(reason) ?? 0) + row.count);
  }
  const lostReasons: FunnelReport['lostReasons'] = LOST_REASONS.map((reason) => ({ reason, count: counted.get(reason) ?? 0 }));
  if (counted.get(null)) lostReasons.push({ reason: null, count: counted.get(null)! });
  const report: FunnelReport = { periods, totals, lostReasons };
  // The words given for "other" are free text (a name or a number can be in them): only for readers who see
  // inquiries unmasked, as the inbox shows them.
  if (readsPersonal) {
    const other = await sql<{ text: string; count: number }>`
      select btrim(i.lost_reason_text) as text, count(*)::int as count from inquiries i
      where i.status = 'lost' and i.lost_reason = ${LOST_REASON_OTHER} and i.lost_reason_text is not null and ${within(sql.ref('i.created_at'), period)}
      group by 1 order by count desc, text`.execute(db);
    report.otherReasons = other.rows;
  }
  return report;
}
