import holidaysFile from '../../../content/holidays.json' with { type: 'json' };
import { addBusinessHours } from '../../shared/business-hours.ts';
import type { Inquiry } from '../../shared/inquiry.ts';
import { parseContent } from '../../content/validate.ts';
import { HolidaysSchema } from '../../content/schemas/holidays.ts';
import type { Db } from '../db/index.ts';
import { readSettings } from '../settings/queries.ts';

let holidays: ReadonlySet<string> | undefined;

/**
 * The office's holidays (content/holidays.json, bundled into each function), checked against its schema
 * on first use: a mistyped day stops the function with the file and field named, like a build would.
 */
export function officeHolidays(): ReadonlySet<string> {
  holidays ??= new Set(parseContent('content/holidays.json', HolidaysSchema, holidaysFile).holidays.map((day) => day.date));
  return holidays;
}

/** The owner's setting: office hours a new inquiry may wait untouched. */
export async function reminderHours(db: Db): Promise<number> {
  return (await readSettings(db)).reminderBusinessHours;
}

/** When a new inquiry's response falls due, or null once it is touched or no longer new. */
export function responseDueAt(inquiry: Pick<Inquiry, 'status' | 'touchedAt' | 'createdAt'>, hours: number): Date | null {
  if (inquiry.status !== 'new' || inquiry.touchedAt) return null;
  return addBusinessHours(new Date(inquiry.createdAt), hours, officeHolidays());
}

/** The inquiries with their response deadline and whether it has passed (the inbox marks those overdue). */
export function withResponseTimes<T extends Inquiry>(items: T[], hours: number, now = new Date()): T[] {
  return items.map((inquiry) => {
    const due = responseDueAt(inquiry, hours);
    return due ? { ...inquiry, responseDueAt: due.toISOString(), overdue: due.getTime() <= now.getTime() } : inquiry;
  });
}
