import { sql } from 'kysely';
import { roundPct } from '../../shared/deals/money.ts';
import type { ApprovalFigures, ConversionCounts, DiscountGroup, ProposalsReport, RoundFigures } from '../../shared/proposals/report.ts';
import { UNIT_FLOORS } from '../../shared/units/basics.ts';
import type { Db } from '../db/index.ts';
import { everyPeriod, percentile, periodNumber, within, type Period } from './period.ts';

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;
const oneDecimal = (value: number | null) => (value === null ? null : Math.round(value * 10) / 10);

const noConversion = (): ConversionCounts => ({ sent: 0, accepted: 0, declined: 0, open: 0, lapsed: 0 });

/**
 * The proposals report (issue 39). Every figure reads the rows as staff and prospects make them through the API:
 * - conversion: the negotiations (version 1 and what followed) whose first version was sent in the period, by the
 *   period of that sending, and whether any version was accepted, the last answer was a decline, it is still open
 *   (a version out, or a counter unanswered) or it lapsed (expired, withdrawn);
 * - rounds and days: the negotiations accepted in the period — versions sent either way up to the accepted one, and
 *   days from the first sending to the acceptance;
 * - approval turnaround: rounds an owner decided in the period (not the rules' own, not an owner's own submission),
 *   hours from request to decision;
 * - discount vs asking: the last version of each negotiation we sent in the period, by NER, weighted by contract
 *   area, by the floor of its (first) space and by its use.
 * Only figures and ids are read: a destroyed inquiry's proposals still count.
 */
export async function proposalsReport(db: Db, period: Period): Promise<ProposalsReport> {
  const [negotiations, accepted, approvals, offers] = await Promise.all([
    sql<{ period: number; accepted: boolean; declined: boolean; open: boolean }>`
      select ${periodNumber(sql.ref('first_sent'), period)} as period, accepted, declined, open
      from (
        select root_id, min(sent_at) as first_sent,
          bool_or(status = 'accepted') as accepted,
          bool_or(status in ('sent', 'draft', 'pending_approval', 'changes_requested', 'approved')) as open,
          (array_agg(status order by version desc) filter (where answered_at is not null))[1] = 'declined' as declined
        from proposals
        group by root_id
      ) n
      where ${within(sql.ref('first_sent'), period)}`.execute(db),
    sql<{ period: number; rounds: number; firstSent: Date; answeredAt: Date }>`
      select ${periodNumber(sql.ref('a.answered_at'), period)} as period, a.answered_at,
        (select count(*)::int from proposals v where v.root_id = a.root_id and v.version <= a.version and v.sent_at is not null) as rounds,
        (select min(v.sent_at) from proposals v where v.root_id = a.root_id) as first_sent
      from proposals a
      where a.status = 'accepted' and ${within(sql.ref('a.answered_at'), period)}`.execute(db),
    sql<{ period: number; decision: string; requestedAt: Date; decidedAt: Date }>`
      select ${periodNumber(sql.ref('decided_at'), period)} as period, decision, requested_at, decided_at
      from proposal_approvals
      where decision in ('approved', 'rejected', 'changes_requested') and approver_id is distinct from requested_by
        and ${within(sql.ref('decided_at'), period)}`.execute(db),
    sql<{ discount: number | null; ner: number; area: number; floor: string | null; use: string | null }>`
      select distinct on (root_id)
        (metrics->>'discountVsAskingPct')::float8 as discount, (metrics->>'nerPerM2')::float8 as ner,
        (asking->>'contractAreaM2')::float8 as area, asking->'units'->0->>'floor' as floor, terms->>'use' as use
      from proposals
      where proposed_by = 'landlord' and sent_at is not null and ${within(sql.ref('sent_at'), period)}
      order by root_id, version desc`.execute(db),
  ]);

  const conversionRows = new Map<string, ConversionCounts>();
  for (const row of negotiations.rows) {
    const start = period.starts[row.period - 1]!;
    const counts = conversionRows.get(start) ?? noConversion();
    counts.sent += 1;
    if (row.accepted) counts.accepted += 1;
    else if (row.open) counts.open += 1;
    else if (row.declined) counts.declined += 1;
    else counts.lapsed += 1;
    conversionRows.set(start, counts);
  }
  const conversion = everyPeriod(period, conversionRows, noConversion);
  const conversionTotal = conversion.reduce((sum, row) => {
    for (const key of Object.keys(sum) as (keyof ConversionCounts)[]) sum[key] += row[key];
    return sum;
  }, noConversion());

  const roundsOf = (rows: typeof accepted.rows): RoundFigures => {
    const days = rows.map((row) => (new Date(row.answeredAt).getTime() - new Date(row.firstSent).getTime()) / DAY_MS).sort((a, b) => a - b);
    return {
      accepted: rows.length,
      averageRounds: rows.length ? oneDecimal(rows.reduce((sum, row) => sum + row.rounds, 0) / rows.length) : null,
      medianDays: oneDecimal(percentile(days, 0.5)),
      maxDays: days.length ? oneDecimal(days.at(-1)!) : null,
    };
  };
  const approvalsOf = (rows: typeof approvals.rows): ApprovalFigures => {
    const hours = rows.map((row) => (new Date(row.decidedAt).getTime() - new Date(row.requestedAt).getTime()) / HOUR_MS).sort((a, b) => a - b);
    return {
      decided: rows.length,
      approved: rows.filter((row) => row.decision === 'approved').length,
      rejected: rows.filter((row) => row.decision === 'rejected').length,
      changesRequested: rows.filter((row) => row.decision === 'changes_requested').length,
      medianHours: oneDecimal(percentile(hours, 0.5)),
      p90Hours: oneDecimal(percentile(hours, 0.9)),
    };
  };
  const byStart = <T extends { period: number }>(rows: T[]) => {
    const grouped = new Map<string, T[]>();
    for (const row of rows) grouped.set(period.starts[row.period - 1]!, [...(grouped.get(period.starts[row.period - 1]!) ?? []), row]);
    return grouped;
  };
  const acceptedByStart = byStart(accepted.rows);
  const approvalsByStart = byStart(approvals.rows);

  const group = <K extends string | null>(key: (row: (typeof offers.rows)[number]) => K) => {
    const groups = new Map<K, (typeof offers.rows)[number][]>();
    for (const row of offers.rows) groups.set(key(row), [...(groups.get(key(row)) ?? []), row]);
    return [...groups].map(([name, rows]): [K, DiscountGroup] => {
      const area = rows.reduce((sum, row) => sum + row.area, 0);
      const compared = rows.filter((row) => row.discount !== null);
      const comparedArea = compared.reduce((sum, row) => sum + row.area, 0);
      return [name, {
        proposals: rows.length,
        averageDiscountPct: comparedArea > 0 ? roundPct(compared.reduce((sum, row) => sum + row.discount! * row.area, 0) / comparedArea) : null,
        averageNerPerM2: area > 0 ? Math.round(rows.reduce((sum, row) => sum + row.ner * row.area, 0) / area) : null,
        contractAreaM2: Math.round(area * 100) / 100,
      }];
    });
  };

  return {
    conversion,
    conversionTotal,
    rounds: period.starts.map((start) => ({ start, ...roundsOf(acceptedByStart.get(start) ?? []) })),
    roundsTotal: roundsOf(accepted.rows),
    approvals: period.starts.map((start) => ({ start, ...approvalsOf(approvalsByStart.get(start) ?? []) })),
    approvalsTotal: approvalsOf(approvals.rows),
    byFloor: group((row) => row.floor ?? '')
      .sort(([a], [b]) => UNIT_FLOORS.indexOf(a) - UNIT_FLOORS.indexOf(b))
      .map(([floor, figures]) => ({ floor, ...figures })),
    byUse: group((row) => row.use)
      .sort(([a], [b]) => (a ?? '\uffff').localeCompare(b ?? '\uffff'))
      .map(([use, figures]) => ({ use, ...figures })),
  };
}
