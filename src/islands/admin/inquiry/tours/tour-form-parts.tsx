import type { Translate } from '~/i18n/translate';
import { ApiError } from '~/client/api';
import { TOUR_DURATIONS } from '~/shared/tours';
import { dayLabel, seoulParts, START_TIMES } from '../../tours/tour-format';

/** The class of a tour form's one-line fields. */
export const field = 'min-h-11 rounded-md border border-muted px-3 text-base';

/** What a refused write says: the field's message and, for a refused slot, the next free starts. */
export interface Refusal {
  message: string;
  nextFree: string[];
}
export function refusalOf(error: unknown): Refusal {
  if (error instanceof ApiError && error.fields) return { message: Object.values(error.fields)[0] ?? 'tours.errors.invalid', nextFree: error.nextFree ?? [] };
  return { message: 'tours.panel.loadFailed', nextFree: [] };
}

export function NextFree({ refusal, lang, onPick, t }: { refusal: Refusal; lang: string; onPick: (day: string, time: string) => void; t: Translate }) {
  return (
    <div role="alert" className="grid gap-2 text-sm">
      <p className="text-danger">{t(refusal.message)}</p>
      {refusal.nextFree.length > 0 && (
        <div className="flex flex-wrap items-center gap-2">
          <span>{t('tours.panel.nextFree')}</span>
          {refusal.nextFree.map((iso) => {
            const { day, time } = seoulParts(iso);
            return (
              <button key={iso} type="button" className="btn min-h-11 border border-ink text-ink" onClick={() => onPick(day, time)} data-testid="next-free">
                {dayLabel(day, lang)} {time}
              </button>
            );
          })}
        </div>
      )}
    </div>
  );
}

export function WhenFields({ prefix, day, time, duration, setDay, setTime, setDuration, t }: {
  prefix: string; day: string; time: string; duration: number;
  setDay: (v: string) => void; setTime: (v: string) => void; setDuration: (v: number) => void; t: Translate;
}) {
  return (
    <div className="grid gap-3 sm:grid-cols-3">
      <label className="grid gap-1 text-sm">
        <span className="font-semibold">{t('tours.panel.date')}</span>
        <input id={`${prefix}-date`} type="date" required value={day} onChange={(e) => setDay(e.target.value)} className="min-h-11 rounded-md border border-muted px-3 text-base" />
      </label>
      <label className="grid gap-1 text-sm">
        <span className="font-semibold">{t('tours.panel.start')}</span>
        <select required value={time} onChange={(e) => setTime(e.target.value)} className="min-h-11 rounded-md border border-muted px-3 text-base">
          {START_TIMES.map((option) => <option key={option} value={option}>{option}</option>)}
        </select>
      </label>
      <label className="grid gap-1 text-sm">
        <span className="font-semibold">{t('tours.panel.duration')}</span>
        <select value={duration} onChange={(e) => setDuration(Number(e.target.value))} className="min-h-11 rounded-md border border-muted px-3 text-base">
          {TOUR_DURATIONS.map((minutes) => <option key={minutes} value={minutes}>{t('tours.panel.minutes', { n: minutes })}</option>)}
        </select>
      </label>
    </div>
  );
}
