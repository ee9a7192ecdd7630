import { readFileSync } from 'node:fs';
import { isOfficeDay, OFFICE } from '../../src/shared/business-hours.ts';
import { addDays, addMonths } from '../../src/shared/deals/schedule.ts';

/**
 * The demo's days, relative to the day it is seeded (Seoul's calendar, YYYY-MM-DD): a lease "signed 30 months ago"
 * or a tour "on the second office day from now" reads the same whenever someone first runs the demo.
 */

export { addDays, addMonths };

/**
 * The first day of the month `offset` months from `today`'s.
 * @example monthStart('2026-12-06', -30) // '2024-06-01'
 */
export function monthStart(today: string, offset: number): string {
  return addMonths(`${today.slice(0, 7)}-01`, offset);
}

const holidays: ReadonlySet<string> = new Set(
  (JSON.parse(readFileSync(new URL('../../content/holidays.json', import.meta.url), 'utf8')) as { holidays: { date: string }[] }).holidays.map((day) => day.date),
);

/**
 * The instant at `hour`:`minute` Korean time on the `n`th office day after `today` (n = 1: the next one), as the
 * API takes it (UTC ISO).
 * @example officeTime('2026-12-04', 1, 14) // '2026-12-07T05:00:00.000Z' (Friday → Monday 14:00 KST)
 */
export function officeTime(today: string, n: number, hour: number, minute = 0): string {
  let day = today;
  for (let found = 0; found < n; ) {
    day = addDays(day, 1);
    if (isOfficeDay(day, holidays)) found++;
  }
  return new Date(Date.parse(`${day}T00:00:00Z`) + ((hour - OFFICE.utcOffsetHours) * 60 + minute) * 60_000).toISOString();
}
