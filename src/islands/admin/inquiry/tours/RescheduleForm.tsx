import { useState, type SubmitEvent } from 'react';
import type { Translate } from '~/i18n/translate';
import { endSessionIfUnauthorized } from '~/client/admin-session';
import { patchTour } from '~/client/tours-api';
import { seoulInstant, type Tour } from '~/shared/tours';
import { seoulParts } from '../../tours/tour-format';
import { NextFree, refusalOf, WhenFields, type Refusal } from './tour-form-parts';
import { useTourSave } from './use-tour-save';

export default function RescheduleForm({ tour, lang, onDone, t }: { tour: Tour; lang: string; onDone: () => void; t: Translate }) {
  const start = seoulParts(tour.startsAt);
  const [day, setDay] = useState(start.day);
  const [time, setTime] = useState(start.time);
  const [duration, setDuration] = useState(tour.durationMinutes);
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const { save, dialog } = useTourSave(tour, lang, onDone, t);
  async function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    setRefusal(null);
    try {
      await save(
        { startsAt: seoulInstant(day, time).toISOString(), durationMinutes: duration },
        (value, version) => (value.status === 'scheduled' ? patchTour(tour.id, { startsAt: value.startsAt, durationMinutes: value.durationMinutes }, version) : Promise.resolve(null)),
        'tours.panel.rescheduled',
      );
    } catch (error) {
      if (!endSessionIfUnauthorized(error)) setRefusal(refusalOf(error));
    }
  }
  return (
    <form onSubmit={(e) => void submit(e)} className="grid gap-3" aria-label={t('tours.panel.reschedule')}>
      <WhenFields prefix={`tour-${tour.id}`} day={day} time={time} duration={duration} setDay={setDay} setTime={setTime} setDuration={setDuration} t={t} />
      {refusal && <NextFree refusal={refusal} lang={lang} t={t} onPick={(d, tm) => { setDay(d); setTime(tm); setRefusal(null); }} />}
      <button type="submit" className="btn min-h-11 justify-self-start bg-ink text-white">{t('tours.panel.saveChanges')}</button>
      {dialog}
    </form>
  );
}
