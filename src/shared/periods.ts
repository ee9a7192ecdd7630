import * as v from 'valibot';
import { isCalendarDay } from './inquiry-rules.ts';

/**
 * The one rule for a period of Korean calendar days asked for in a query (`from`/`to`): the inbox's and the
 * activity log's filters and exports, the tours list, the reports. Checked before any work, so a day that
 * does not exist, a year no record can have (0001, 9999: walking their weeks or their office days cost
 * seconds, a gigabyte, or never ended) or a span longer than the surface allows is a 400 with `fields`,
 * never a failing query or a blocked server.
 */

/** The years a period may name: the building's records start after 2000, its leases end before 2100. */
export const PERIOD_YEARS = { first: 2000, last: 2099 } as const;

/** What can be wrong with a period, as the last part of a dictionary key (`<namespace>.errors.<problem>`). */
export const PERIOD_PROBLEMS = ['dateInvalid', 'yearOutOfRange', 'rangeReversed', 'rangeTooLong'] as const;
export type PeriodProblem = (typeof PERIOD_PROBLEMS)[number];
/** A surface's messages: the keys of its own dictionary (reports.errors.…, inbox.errors.…, tours.errors.…). */
export type PeriodMessages = Record<PeriodProblem, string>;

/** The messages of a dictionary namespace that holds every period problem under `errors`. */
export const periodMessages = (namespace: string): PeriodMessages =>
  Object.fromEntries(PERIOD_PROBLEMS.map((problem) => [problem, `${namespace}.errors.${problem}`])) as PeriodMessages;

/**
 * What is wrong with one day of a period, or null.
 * @example dayProblem('2026-02-31') // 'dateInvalid'
 * @example dayProblem('9999-12-25') // 'yearOutOfRange'
 */
export function dayProblem(text: string): 'dateInvalid' | 'yearOutOfRange' | null {
  if (!isCalendarDay(text)) return 'dateInvalid';
  const year = Number(text.slice(0, 4));
  return year < PERIOD_YEARS.first || year > PERIOD_YEARS.last ? 'yearOutOfRange' : null;
}

/** The days from `from` to `to`, both counted (two valid days). */
export function daysInclusive(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;
}

/**
 * What is wrong with a span of two valid days, or null: `to` before `from`, or more than `maxDays` days.
 * @example spanProblem('2026-03-31', '2026-03-01') // 'rangeReversed'
 */
export function spanProblem(from: string, to: string, maxDays = Infinity): 'rangeReversed' | 'rangeTooLong' | null {
  if (from > to) return 'rangeReversed';
  return daysInclusive(from, to) > maxDays ? 'rangeTooLong' : null;
}

/** A query's day (`from`, `to`): a real calendar day within PERIOD_YEARS. */
export function daySchema(messages: PeriodMessages) {
  return v.pipe(
    v.string(messages.dateInvalid),
    v.check((text) => dayProblem(text) !== 'dateInvalid', messages.dateInvalid),
    v.check((text) => dayProblem(text) !== 'yearOutOfRange', messages.yearOutOfRange),
  );
}

/** What a query with a period holds once its days are read. */
type WithDays = { from?: string | undefined; to?: string | undefined };

/**
 * An object schema with optional or required `from` and `to` days, and the span's checks after it (reported
 * on `to`; nothing to say while one of them is missing): `withSpanRule(v.object({...}), messages, 62)`.
 */
export function withSpanRule<TSchema extends v.GenericSchema<unknown, WithDays>>(schema: TSchema, messages: PeriodMessages, maxDays = Infinity) {
  type Query = v.InferOutput<TSchema> & WithDays;
  const problem = (query: Query) => (query.from === undefined || query.to === undefined ? null : spanProblem(query.from, query.to, maxDays));
  const check = (kind: 'rangeReversed' | 'rangeTooLong') =>
    v.forward<Query, v.CheckIssue<Query>, ['to']>(v.check<Query, string>((query) => problem(query) !== kind, messages[kind]), ['to'] as never);
  return v.pipe(schema, check('rangeReversed'), check('rangeTooLong'));
}
