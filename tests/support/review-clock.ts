import { koreanDay } from '../../src/shared/business-hours.ts';
import { isFirstOfficeDayOfMonth } from '../../src/server/audit/review.ts';
import { officeHolidays } from '../../src/server/inquiries/response-time.ts';

/** 09:00 KST on the first working day of the month after the one `now` is in: when this month's review is mailed. */
export function nextReviewMorning(now = new Date()): Date {
  const [year, month] = koreanDay(now).split('-').map(Number) as [number, number];
  const next = month === 12 ? `${year + 1}-01` : `${year}-${String(month + 1).padStart(2, '0')}`;
  for (let d = 1; d <= 31; d++) {
    const day = `${next}-${String(d).padStart(2, '0')}`;
    if (isFirstOfficeDayOfMonth(day, officeHolidays())) return new Date(`${day}T09:00:00+09:00`);
  }
  throw new Error(`no working day in ${next}`);
}
