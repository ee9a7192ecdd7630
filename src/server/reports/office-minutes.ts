import { sql, type RawBuilder } from 'kysely';
import { isOfficeDay, OFFICE } from '../../shared/business-hours.ts';
import { addDays } from '../../shared/reports.ts';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
const OFFSET_MS = OFFICE.utcOffsetHours * HOUR_MS;
const OPENS_MS = OFFICE.opens * HOUR_MS;
const OFFICE_DAY_MS = (OFFICE.closes - OFFICE.opens) * HOUR_MS;

/**
 * An instant where the office clock reads it: its Korean day (days since 1970-01-01) and the milliseconds
 * into that day, both int4. On PGlite (32-bit) every int8 and float8 value is allocated on its own and an int4
 * is not, so the per-row arithmetic stays in int4; the instant is cut to whole milliseconds, as a JavaScript
 * Date holds it.
 */
export interface OfficeInstant {
  day: RawBuilder<number>;
  ms: RawBuilder<number>;
}

/** The day and milliseconds of a timestamptz column: select them in a subquery kept apart (`offset 0`) and pass its columns on. */
export function officeInstantOf(column: RawBuilder<unknown>): OfficeInstant {
  // date_part answers a float8 (extract a numeric, several times slower), rounded to the stored microseconds.
  const wall = sql`(round(date_part('epoch', ${column}) * 1000000)::int8 / 1000 + ${sql.lit(OFFSET_MS)})`;
  return { day: sql<number>`(${wall} / ${sql.lit(DAY_MS)})::int4`, ms: sql<number>`(${wall} % ${sql.lit(DAY_MS)})::int4` };
}

/** The same for a JavaScript instant (a report's "now"), as literals. */
export function officeInstantAt(at: Date): OfficeInstant {
  const wall = at.getTime() + OFFSET_MS;
  const day = Math.floor(wall / DAY_MS);
  return { day: sql.lit(day), ms: sql.lit(wall - day * DAY_MS) };
}

/**
 * The office's days from `first` to `last` (Korean days) as the database reads them: `cumulative[k]` is how
 * many office days (isOfficeDay: OFFICE's weekdays without content/holidays.json) come before day first + k,
 * one entry more than there are days, so that `cumulative[k + 1] - cumulative[k]` is 1 on an office day.
 */
export interface OfficeCalendar {
  firstDay: number;
  cumulative: number[];
}

export function officeCalendar(first: string, last: string, holidays: ReadonlySet<string>): OfficeCalendar {
  const cumulative = [0];
  for (let day = first; day <= last; day = addDays(day, 1)) cumulative.push(cumulative.at(-1)! + (isOfficeDay(day, holidays) ? 1 : 0));
  return { firstDay: Date.parse(`${first}T00:00:00Z`) / DAY_MS, cumulative };
}

/** The calendar as one int4[] value, to select once (`cross join (select … as office_days)`) and name by its column. */
export const calendarArray = (calendar: OfficeCalendar) => sql`${sql.lit(`{${calendar.cumulative.join(',')}}`)}::int4[]`;

/**
 * Office minutes between two instants (float8), businessMinutesBetween's answer (0 when `to` is not after
 * `from`) as a few int4 operations per row instead of a walk day by day, so a report takes its medians and
 * percentiles in the database: office time up to an instant is 9 hours for each office day before its day
 * plus the office part of its own day, and the minutes between two instants are the difference. `days` is
 * the column holding calendarArray(calendar); days outside the calendar count as its first or last day.
 */
export function officeMinutesBetween(from: OfficeInstant, to: OfficeInstant, calendar: OfficeCalendar, days: RawBuilder<unknown>): RawBuilder<number> {
  const lastDay = calendar.firstDay + calendar.cumulative.length - 2;
  // Outside the calendar an instant counts as the start of its first day or the end of its last: the count
  // stays monotonic, so an answer dated before its inquiry still takes 0 minutes.
  const index = (at: OfficeInstant) => sql`least(greatest(${at.day}, ${sql.lit(calendar.firstDay)}), ${sql.lit(lastDay)}) - ${sql.lit(calendar.firstDay - 1)}`;
  const ms = (at: OfficeInstant) => sql`case when ${at.day} < ${sql.lit(calendar.firstDay)} then 0 when ${at.day} > ${sql.lit(lastDay)} then ${sql.lit(DAY_MS)} else ${at.ms} end`;
  const before = (at: OfficeInstant) => sql`${days}[${index(at)}]`;
  const intoDay = (at: OfficeInstant) =>
    sql`(${days}[${index(at)} + 1] - ${days}[${index(at)}]) * least(greatest(${ms(at)} - ${sql.lit(OPENS_MS)}, 0), ${sql.lit(OFFICE_DAY_MS)})`;
  // One float8 sum of whole milliseconds (exact), one division: the same rounding as the JavaScript.
  return sql<number>`greatest((${before(to)} - ${before(from)})::float8 * ${sql.lit(OFFICE_DAY_MS)} + (${intoDay(to)} - ${intoDay(from)}), 0) / 60000`;
}
