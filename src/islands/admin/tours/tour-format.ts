import { OFFICE } from '~/shared/business-hours';
import type { Translate } from '~/i18n/translate';
import { TOUR_START_STEP_MINUTES, type Tour } from '~/shared/tours';
import { spaceLabel } from '../space-label';

/** Quarter-hour starts a form offers: opening to the last start a 30-minute tour still ends by closing. */
export const START_TIMES: string[] = (() => {
  const times: string[] = [];
  for (let minute = OFFICE.opens * 60; minute + 30 <= OFFICE.closes * 60; minute += TOUR_START_STEP_MINUTES) {
    times.push(`${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`);
  }
  return times;
})();

/** A moment as Seoul's day (YYYY-MM-DD) and time (HH:MM). */
export function seoulParts(iso: string): { day: string; time: string } {
  const wall = new Date(new Date(iso).getTime() + OFFICE.utcOffsetHours * 3_600_000).toISOString();
  return { day: wall.slice(0, 10), time: wall.slice(11, 16) };
}

/** "10:00–10:30" in Seoul time. */
export function timeRange(tour: Pick<Tour, 'startsAt' | 'endsAt'>): string {
  return `${seoulParts(tour.startsAt).time}–${seoulParts(tour.endsAt).time}`;
}

/** The tour's spaces in the panel's language ("3층 301호, 3층 302호"). */
export function spacesOf(tour: Pick<Tour, 'units'>, t: Translate): string {
  return tour.units.map((unit) => spaceLabel(unit, t)).join(', ');
}

/** Who the tour is for, as the agenda names them: the company, else the person (both masked for a viewer). */
export function prospectOf(tour: Pick<Tour, 'name' | 'company'>, t: Translate): string {
  return tour.company ?? tour.name ?? t('privacyRequests.destroyedLabel');
}

/** The long date of a Seoul day in the panel's language. */
export function dayLabel(day: string, lang: string): string {
  return new Intl.DateTimeFormat(lang, { weekday: 'long', month: 'long', day: 'numeric', timeZone: 'UTC' }).format(new Date(`${day}T00:00:00Z`));
}

export const STATUS_CLASS: Record<Tour['status'], string> = {
  scheduled: 'bg-ink text-white',
  completed: 'bg-success text-white',
  no_show: 'bg-danger text-white',
  cancelled: 'bg-line text-ink',
};
