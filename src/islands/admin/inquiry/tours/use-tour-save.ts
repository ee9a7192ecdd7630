import type { Translate } from '~/i18n/translate';
import { showToast } from '~/client/stores';
import { saveVersioned } from '~/client/conflict';
import type { Tour } from '~/shared/tours';
import { useConflictDialog } from '../../ConflictDialog';
import { TOUR_VERSIONED_FIELDS, tourFields, tourValueFormat, type TourFields } from '../../tours/tour-versions';

/**
 * Saves a form's change to a tour on the version the list showed (decision 033): when someone changed the
 * tour since, the conflict dialog shows what they changed and the person keeps theirs, takes the saved one or
 * merges. `send` writes the (possibly merged) value, or answers null when it no longer asks for this form's
 * action (the person took the other status): then nothing is sent.
 */
export function useTourSave(tour: Tour, lang: string, onDone: () => void, t: Translate) {
  const { ask, dialog } = useConflictDialog(t, 'tour', tourValueFormat(t, lang));
  async function save(change: Partial<TourFields>, send: (value: TourFields, version: number | undefined) => Promise<Tour | null>, done: string): Promise<void> {
    const base = tourFields(tour);
    const outcome = await saveVersioned({
      base,
      mine: { ...base, ...change },
      version: tour.version,
      fields: TOUR_VERSIONED_FIELDS,
      project: (stored) => tourFields(stored as unknown as Tour),
      send,
      ask,
    });
    if (outcome.kind === 'cancelled') return;
    showToast({ title: t(outcome.kind === 'took' || outcome.result === null ? 'conflict.took' : done) });
    onDone();
  }
  return { save, dialog };
}
