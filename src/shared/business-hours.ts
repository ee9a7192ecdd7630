/**
 * The leasing office's clock (issue 17, response time): Monday to Friday, 09:00–18:00 Korean time, not
 * on the holidays of content/holidays.json. Korea keeps UTC+9 all year (no daylight saving), so a
 * Korean wall-clock time is the UTC time shifted by nine hours.
 */
export const OFFICE = { utcOffsetHours: 9, opens: 9, closes: 18, days: [1, 2, 3, 4, 5] } as const;
/** Default of the response-time reminder: a new inquiry untouched this long reminds the team. */
export const DEFAULT_REMINDER_BUSINESS_HOURS = 4;
export const REMINDER_BUSINESS_HOURS_RANGE = { min: 1, max: 45 } as const;

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
const OFFSET_MS = OFFICE.utcOffsetHours * HOUR_MS;

/**
 * The Korean calendar day of an instant, YYYY-MM-DD.
 * @example koreanDay(new Date('2026-03-01T15:30:00Z')) // '2026-03-02' (00:30 in Seoul)
 */
export function koreanDay(at: Date): string {
  return new Date(at.getTime() + OFFSET_MS).toISOString().slice(0, 10);
}

/** Whether the office opens on a Korean calendar day. */
export function isOfficeDay(day: string, holidays: ReadonlySet<string>): boolean {
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
  return (OFFICE.days as readonly number[]).includes(weekday) && !holidays.has(day);
}

/**
 * The instant `hours` office hours after `start`. Time outside office hours does not count: an inquiry
 * at 17:30 on a Friday with 4 hours is due at 12:30 on Monday (or Tuesday after a Monday holiday); one
 * that arrives on a Saturday starts counting at Monday 09:00.
 */
export function addBusinessHours(start: Date, hours: number, holidays: ReadonlySet<string>): Date {
  let remaining = Math.max(0, hours) * HOUR_MS;
  // Wall-clock milliseconds: UTC getters on this value read Korean time.
  let wall = start.getTime() + OFFSET_MS;
  for (let days = 0; days < 3 * 366; days += 1) {
    const midnight = Math.floor(wall / DAY_MS) * DAY_MS;
    const opens = midnight + OFFICE.opens * HOUR_MS;
    const closes = midnight + OFFICE.closes * HOUR_MS;
    const day = new Date(midnight).toISOString().slice(0, 10);
    if (isOfficeDay(day, holidays) && wall < closes) {
      const from = Math.max(wall, opens);
      if (from + remaining <= closes) return new Date(from + remaining - OFFSET_MS);
      remaining -= closes - from;
    }
    wall = midnight + DAY_MS;
  }
  throw new Error('No office day within three years: check content/holidays.json');
}

/**
 * Office minutes between two instants (reports: time to first response). Time outside office hours
 * does not count: Friday 17:30 → Monday 09:30 is 60 minutes; an answer before the office opens is 0.
 */
export function businessMinutesBetween(start: Date, end: Date, holidays: ReadonlySet<string>): number {
  let wall = start.getTime() + OFFSET_MS;
  const until = end.getTime() + OFFSET_MS;
  let total = 0;
  while (wall < until) {
    const midnight = Math.floor(wall / DAY_MS) * DAY_MS;
    const day = new Date(midnight).toISOString().slice(0, 10);
    if (isOfficeDay(day, holidays)) {
      const from = Math.max(wall, midnight + OFFICE.opens * HOUR_MS);
      const to = Math.min(until, midnight + OFFICE.closes * HOUR_MS);
      if (to > from) total += to - from;
    }
    wall = midnight + DAY_MS;
  }
  return total / 60_000;
}
