import { isOfficeDay, koreanDay } from '../../src/shared/business-hours.ts';
import { officeHolidays } from '../../src/server/inquiries/response-time.ts';
import { addDays } from '../../src/shared/tours.ts';

/** The `n`th office day after `from` (Korean calendar, today by default): bookings stay in the future whatever day the suite runs. */
export function officeDayAhead(n: number, from = koreanDay(new Date())): string {
  let day = from;
  for (let count = 0; count < n;) {
    day = addDays(day, 1);
    if (isOfficeDay(day, officeHolidays())) count += 1;
  }
  return day;
}
