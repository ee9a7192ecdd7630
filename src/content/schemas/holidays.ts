import * as v from 'valibot';

/** A calendar day that exists, written YYYY-MM-DD. */
const Day = v.pipe(
  v.string(),
  v.regex(/^\d{4}-\d{2}-\d{2}$/, 'a day is written YYYY-MM-DD'),
  v.check((day) => !Number.isNaN(Date.parse(`${day}T00:00:00Z`)) && new Date(`${day}T00:00:00Z`).toISOString().startsWith(day), 'no such day'),
);

/**
 * content/holidays.json: the days the leasing office is closed besides weekends (Korean public holidays,
 * substitute holidays, election days), by Korean calendar day. The inbox's response-time clock does not
 * run on them, and no morning digest is sent.
 */
export const HolidaysSchema = v.pipe(
  v.object({
    holidays: v.array(v.object({ date: Day, name: v.pipe(v.string(), v.trim(), v.nonEmpty('name the holiday'), v.maxLength(60)) })),
  }),
  v.forward(
    v.check(({ holidays }) => new Set(holidays.map((day) => day.date)).size === holidays.length, 'a day is listed twice'),
    ['holidays'],
  ),
);
export type HolidaysContent = v.InferOutput<typeof HolidaysSchema>;
