import type { Translate } from '~/i18n/translate';
import type { Tour } from '~/shared/tours';
import { dayLabel, seoulParts } from './tour-format';

/**
 * A tour as its three forms (reschedule, cancel, outcome) change it, and as the conflict dialog compares it
 * with what is stored (decision 033): each form starts from `tourFields(tour)` and changes its own fields.
 */
export interface TourFields {
  startsAt: string;
  durationMinutes: number;
  host: string;
  status: Tour['status'];
  cancelReason: string | null;
  interest: number | null;
  feedback: string | null;
  nextStep: string | null;
  nextStepOn: string | null;
}

export const TOUR_VERSIONED_FIELDS = ['startsAt', 'durationMinutes', 'host', 'status', 'cancelReason', 'interest', 'feedback', 'nextStep', 'nextStepOn'] as const satisfies readonly (keyof TourFields)[];

export function tourFields(tour: Tour): TourFields {
  return {
    startsAt: new Date(tour.startsAt).toISOString(),
    durationMinutes: tour.durationMinutes,
    host: tour.host.name,
    status: tour.status,
    cancelReason: tour.cancelReason,
    interest: tour.interest,
    feedback: tour.feedback,
    nextStep: tour.nextStep,
    nextStepOn: tour.nextStepOn,
  };
}

/** How the conflict dialog shows a tour's value: the start in Seoul's day and time, the status in the panel's language. */
export function tourValueFormat(t: Translate, lang: string) {
  return (field: string, value: unknown): string | null => {
    if (field === 'startsAt' && typeof value === 'string') {
      const { day, time } = seoulParts(value);
      return `${dayLabel(day, lang)} ${time}`;
    }
    if (field === 'status' && typeof value === 'string') return t(`tours.status.${value}`);
    if (field === 'durationMinutes' && typeof value === 'number') return t('tours.panel.minutes', { n: value });
    return null;
  };
}
