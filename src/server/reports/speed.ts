import { sql } from 'kysely';
import { addBusinessHours, businessMinutesBetween, koreanDay } from '../../shared/business-hours.ts';
import { periodStart, type SpeedFigures, type SpeedReport } from '../../shared/reports.ts';
import type { Db } from '../db/index.ts';
import { officeHolidays, reminderHours } from '../inquiries/response-time.ts';
import { percentile, share, within, type Period } from './period.ts';

/** One inquiry of the period as the speed figures read it: when it came, when and by whom it was first answered. */
export interface FirstResponse {
  createdAt: Date;
  touchedAt: Date | null;
  responderId: string | null;
  responderName: string | null;
}

/**
 * Time to first response (a status change or a note: the inbox's "touched") in office minutes, for the
 * inquiries that arrived in the period, with the person who answered first. One grouped join (the first
 * history entry of each answered inquiry by DISTINCT ON, not a lookup per inquiry), answered as one row per
 * responder with the times packed as milliseconds: thousands of single rows cost PGlite more to hand over
 * than the query itself.
 */
export async function responsesIn(db: Db, period: Period): Promise<FirstResponse[]> {
  const ms = (column: ReturnType<typeof sql.ref>) => sql`floor(extract(epoch from ${column}) * 1000)::int8`;
  const { rows } = await sql<{ responderId: string | null; responderName: string | null; times: [number, number | null][] }>`
    with first as (
      select distinct on (h.inquiry_id) h.inquiry_id, h.actor_id
      from inquiry_history h join inquiries c on c.id = h.inquiry_id
      where (h.status is not null or h.note is not null) and c.touched_at is not null and ${within(sql.ref('c.created_at'), period)}
      order by h.inquiry_id, h.at, h.seq
    )
    select f.actor_id as responder_id, max(coalesce(nullif(u.display_name, ''), u.username)) as responder_name,
      json_agg(json_build_array(${ms(sql.ref('i.created_at'))}, ${ms(sql.ref('i.touched_at'))})) as times
    from inquiries i
    left join first f on f.inquiry_id = i.id
    left join users u on u.id = f.actor_id
    where ${within(sql.ref('i.created_at'), period)}
    group by f.actor_id`.execute(db);
  return rows.flatMap(({ responderId, responderName, times }) =>
    times.map(([created, touched]) => ({ createdAt: new Date(Number(created)), touchedAt: touched === null ? null : new Date(Number(touched)), responderId, responderName })),
  );
}

/**
 * Office minutes each response took (or, unanswered, the office-hours deadline for a target), worked out once
 * per response: the report reads each response up to three times (the period's total, its week or month,
 * the person who answered).
 */
const taken = new WeakMap<FirstResponse, number>();
const deadlines = new WeakMap<FirstResponse, { targetHours: number; at: number }>();

function minutesTaken(response: FirstResponse & { touchedAt: Date }, holidays: ReadonlySet<string>): number {
  let minutes = taken.get(response);
  if (minutes === undefined) taken.set(response, (minutes = businessMinutesBetween(response.createdAt, response.touchedAt, holidays)));
  return minutes;
}

function deadline(response: FirstResponse, targetHours: number, holidays: ReadonlySet<string>): number {
  const known = deadlines.get(response);
  if (known?.targetHours === targetHours) return known.at;
  const at = addBusinessHours(response.createdAt, targetHours, holidays).getTime();
  deadlines.set(response, { targetHours, at });
  return at;
}

/** Median and 90th percentile (as percentile_cont), within-target share and overdue count of some responses. */
export function speedFigures(responses: readonly FirstResponse[], targetHours: number, now: Date): SpeedFigures {
  const holidays = officeHolidays();
  const minutes: number[] = [];
  let within = 0;
  let overdue = 0;
  for (const response of responses) {
    if (response.touchedAt) {
      const took = minutesTaken(response as FirstResponse & { touchedAt: Date }, holidays);
      minutes.push(took);
      if (took <= targetHours * 60) within += 1;
    } else if (deadline(response, targetHours, holidays) <= now.getTime()) {
      overdue += 1;
    }
  }
  minutes.sort((a, b) => a - b);
  const round = (value: number | null) => (value === null ? null : Math.round(value));
  return {
    answered: minutes.length,
    medianFirstResponseMinutes: round(percentile(minutes, 0.5)),
    p90FirstResponseMinutes: round(percentile(minutes, 0.9)),
    withinTargetShare: share(within, minutes.length + overdue),
    overdue,
  };
}

/**
 * How fast the team answers (issue 27): office minutes to the first response, median and 90th percentile,
 * the share answered within the owner's reminder hours (of those answered or past them), how many wait past
 * them now; per Seoul week or month of arrival and, for those who may see it, per person who answered first.
 */
export async function speedReport(db: Db, period: Period, perPerson: boolean): Promise<SpeedReport> {
  const [responses, targetHours] = await Promise.all([responsesIn(db, period), reminderHours(db)]);
  const byStart = new Map<string, FirstResponse[]>(period.starts.map((start) => [start, []]));
  for (const response of responses) byStart.get(periodStart(koreanDay(response.createdAt), period.interval))?.push(response);
  const report: SpeedReport = {
    ...speedFigures(responses, targetHours, period.now),
    targetHours,
    periods: [...byStart].map(([start, some]) => ({ start, ...speedFigures(some, targetHours, period.now) })),
  };
  if (perPerson) report.byPerson = byResponder(responses, targetHours, period.now);
  return report;
}

/** Figures per person who answered first (unanswered inquiries belong to nobody, so they are left out). */
export function byResponder(responses: readonly FirstResponse[], targetHours: number, now: Date) {
  const people = new Map<string, { name: string | null; responses: FirstResponse[] }>();
  for (const response of responses) {
    if (!response.touchedAt) continue;
    const key = response.responderId ?? '';
    const person = people.get(key) ?? { name: response.responderName, responses: [] };
    person.responses.push(response);
    people.set(key, person);
  }
  return [...people]
    .map(([userId, person]) => ({ userId: userId || null, name: person.name, ...speedFigures(person.responses, targetHours, now) }))
    .sort((a, b) => b.answered - a.answered || (a.name ?? '').localeCompare(b.name ?? ''));
}
