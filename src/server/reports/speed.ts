import { sql } from 'kysely';
import { addDays, type SpeedFigures, type SpeedReport } from '../../shared/reports.ts';
import type { Db } from '../db/index.ts';
import { officeHolidays, reminderHours } from '../inquiries/response-time.ts';
import { calendarArray, officeCalendar, officeInstantAt, officeInstantOf, officeMinutesBetween, type OfficeInstant } from './office-minutes.ts';
import { everyPeriod, periodNumber, share, within, type Period } from './period.ts';

/** What the figures are taken over: the whole period, each of its weeks or months, each person who answered first. */
export type ResponseGrouping = 'total' | 'period' | 'person';

/** A person's figures: `userId` null for answers whose author is no longer known (a deleted account). */
export type PersonFigures = { userId: string | null; name: string | null } & SpeedFigures;

export interface ResponseFigures {
  total: SpeedFigures;
  periods: ({ start: string } & SpeedFigures)[];
  people: PersonFigures[];
}

const GROUPING_SETS: Record<ResponseGrouping, string> = { total: '()', period: '(period)', person: '(answered, who)' };

const empty = (): SpeedFigures => ({ answered: 0, medianFirstResponseMinutes: null, p90FirstResponseMinutes: null, withinTargetShare: null, overdue: 0 });

interface Row {
  byPeriod: boolean;
  byPerson: boolean;
  period: number | null;
  answeredGroup: boolean | null;
  who: string | null;
  name: string | null;
  answered: number;
  /** Median and 90th percentile in office minutes; null without answers. */
  percentiles: [number, number] | null;
  within: number;
  overdue: number;
}

const figures = (row: Row): SpeedFigures => {
  const round = (value: number | null) => (value === null ? null : Math.round(Number(value)));
  return {
    answered: row.answered,
    medianFirstResponseMinutes: round(row.percentiles?.[0] ?? null),
    p90FirstResponseMinutes: round(row.percentiles?.[1] ?? null),
    withinTargetShare: share(row.within, row.answered + row.overdue),
    overdue: row.overdue,
  };
};

/**
 * Time to first response (a status change or a note: the inbox's "touched") in office minutes, for the
 * inquiries that arrived in the period: median and 90th percentile (percentile_cont), how many were answered
 * within `targetHours` office hours, how many wait past them now — in one grouped pass in the database, over
 * the period and/or its weeks or months and/or the person who answered first (inquiry_first_responses).
 * Office minutes are worked out per row by officeMinutesBetween (the office's days as one array), so no row
 * leaves the database: the answer is a handful of rows whatever the number of inquiries (decision 044).
 */
export async function responseFigures(db: Db, period: Period, targetHours: number, groupings: readonly ResponseGrouping[]): Promise<ResponseFigures> {
  // The period's inquiries were answered between their first day and now (a month more for a clock that runs ahead).
  const calendar = officeCalendar(period.from, addDays(period.today > period.to ? period.today : period.to, 31), officeHolidays());
  const days = sql.ref('c.office_days');
  const instant = (name: string): OfficeInstant => ({ day: sql.ref(`r.${name}_day`), ms: sql.ref(`r.${name}_ms`) });
  const created = officeInstantOf(sql.ref('i.created_at'));
  const touched = officeInstantOf(sql.ref('i.touched_at'));
  const targetMinutes = targetHours * 60;
  // Only what some grouping set groups by may be selected (or named by GROUPING()).
  const grouped = (grouping: ResponseGrouping, column: string) => (groupings.includes(grouping) ? sql`grouping(${sql.ref(column)}) = 0` : sql`false`);
  const groupedBy = (grouping: ResponseGrouping, column: string, type: 'int4' | 'bool' | 'uuid') =>
    groupings.includes(grouping) ? sql.ref(column) : sql`null::${sql.raw(type)}`;
  // Per person only (the team report): unanswered inquiries belong to nobody and need not be read.
  const answeredOnly = groupings.every((grouping) => grouping === 'person');
  const { rows } = await sql<Row>`
    select a.*, coalesce(nullif(u.display_name, ''), u.username) as name
    from (
      select ${grouped('period', 'g.period')} as by_period, ${grouped('person', 'g.who')} as by_person,
        ${groupedBy('period', 'g.period', 'int4')} as period, ${groupedBy('person', 'g.answered', 'bool')} as answered_group,
        ${groupedBy('person', 'g.who', 'uuid')} as who,
        count(g.took)::int as answered,
        -- Both percentiles from one sort of each group's minutes.
        percentile_cont(array[0.5, 0.9]) within group (order by g.took) as percentiles,
        count(*) filter (where g.took <= ${targetMinutes})::int as within,
        count(*) filter (where g.overdue)::int as overdue
      from (
        select r.period, r.answered, r.who,
          case when r.touched_day is not null then ${officeMinutesBetween(instant('created'), instant('touched'), calendar, days)} end as took,
          case when r.touched_day is null then ${officeMinutesBetween(instant('created'), officeInstantAt(period.now), calendar, days)} >= ${targetMinutes} else false end as overdue
        from (
          -- offset 0 keeps this apart: the expressions above name each column many times, computed once here.
          select ${periodNumber(sql.ref('i.created_at'), period)} as period,
            ${created.day} as created_day, ${created.ms} as created_ms, ${touched.day} as touched_day, ${touched.ms} as touched_ms,
            i.touched_at is not null as answered, f.actor_id as who
          from inquiries i left join inquiry_first_responses f on f.inquiry_id = i.id
          where ${within(sql.ref('i.created_at'), period)}${answeredOnly ? sql` and i.touched_at is not null` : sql``}
          offset 0
        ) r
        cross join (select ${calendarArray(calendar)} as office_days) c
      ) g
      group by grouping sets (${sql.raw(groupings.map((grouping) => GROUPING_SETS[grouping]).join(', '))})
    ) a
    left join users u on u.id = a.who`.execute(db);

  const total = rows.find((row) => !row.byPeriod && !row.byPerson);
  const byStart = new Map(rows.filter((row) => row.byPeriod).map((row) => [period.starts[row.period! - 1]!, figures(row)]));
  const people = rows
    // Unanswered inquiries belong to nobody: their group is left out. A null author is an answer whose account is gone.
    .filter((row) => row.byPerson && row.answeredGroup)
    .map((row) => ({ userId: row.who, name: row.name, ...figures(row) }))
    .sort((a, b) => b.answered - a.answered || (a.name ?? '').localeCompare(b.name ?? ''));
  return { total: total ? figures(total) : empty(), periods: everyPeriod(period, byStart, empty), people };
}

/**
 * How fast the team answers (issue 27): office minutes to the first response, median and 90th percentile,
 * the share answered within the owner's reminder hours (of those answered or past them), how many wait past
 * them now; per Seoul week or month of arrival and, for those who may see it, per person who answered first.
 */
export async function speedReport(db: Db, period: Period, perPerson: boolean): Promise<SpeedReport> {
  const targetHours = await reminderHours(db);
  const { total, periods, people } = await responseFigures(db, period, targetHours, perPerson ? ['total', 'period', 'person'] : ['total', 'period']);
  const report: SpeedReport = { ...total, targetHours, periods };
  if (perPerson) report.byPerson = people;
  return report;
}
