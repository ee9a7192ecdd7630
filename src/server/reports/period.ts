import { sql, type RawBuilder } from 'kysely';
import { koreanDay } from '../../shared/business-hours.ts';
import { shareOf } from '../../shared/report-tables.ts';
import { addDays, periodStarts, type ReportInterval, type ReportQuery } from '../../shared/reports.ts';

/** The leasing office's zone: Korea keeps UTC+9 all year, so wall-clock buckets never shift. */
export const OFFICE_ZONE = 'Asia/Seoul';

/** A report's period: Korean days (inclusive), the instants they span, the buckets it shows and "today". */
export interface Period {
  from: string;
  to: string;
  interval: ReportInterval;
  /** The first instant of `from` and the first instant after `to`, in Seoul. */
  start: string;
  end: string;
  starts: string[];
  now: Date;
  today: string;
}

export function periodOf(query: Pick<ReportQuery, 'from' | 'to' | 'interval'>, now = new Date()): Period {
  return {
    from: query.from,
    to: query.to,
    interval: query.interval,
    start: `${query.from}T00:00:00+09:00`,
    end: `${addDays(query.to, 1)}T00:00:00+09:00`,
    starts: periodStarts(query.from, query.to, query.interval),
    now,
    today: koreanDay(now),
  };
}

/**
 * The number (1 = the first) of the period's week or month an instant falls in, by Seoul's wall clock:
 * `width_bucket` against the periods' first instants, a binary search per row. Cheaper than converting
 * each row to Seoul time and truncating (on PGlite that conversion was most of a report's time), and the
 * same on PGlite, Neon and PostgreSQL 15. Read the number back with `period.starts[n - 1]`.
 */
export function periodNumber(column: RawBuilder<unknown>, period: Period): RawBuilder<number> {
  const firstInstants = period.starts.map((start) => `${start}T00:00:00+09:00`);
  return sql<number>`width_bucket(${column}, ${firstInstants}::timestamptz[])`;
}

/** `column` within the period's instants. */
export function within(column: RawBuilder<unknown>, period: Period): RawBuilder<boolean> {
  return sql<boolean>`${column} >= ${period.start}::timestamptz and ${column} < ${period.end}::timestamptz`;
}

/** Rows per period start, every period present: a period without rows gets `empty()`. */
export function everyPeriod<T>(period: Period, rows: Map<string, T>, empty: () => T): ({ start: string } & T)[] {
  return period.starts.map((start) => ({ start, ...(rows.get(start) ?? empty()) }));
}

/** percentile_cont: the value at fraction `p` of the sorted values, interpolated; null for none. */
export function percentile(sorted: readonly number[], p: number): number | null {
  if (sorted.length === 0) return null;
  const at = p * (sorted.length - 1);
  const low = Math.floor(at);
  const high = Math.ceil(at);
  return sorted[low]! + (sorted[high]! - sorted[low]!) * (at - low);
}

/** A share rounded to four places (0.8333), or null when there is nothing to divide: the tables' one rule. */
export const share = shareOf;
