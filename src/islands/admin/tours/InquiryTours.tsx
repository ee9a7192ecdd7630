import { useState, type SubmitEvent } from 'react';
import type { Translate } from '~/i18n/translate';
import { LOCALES } from '~/i18n/locales';
import { ApiError } from '~/client/api';
import { endSessionIfUnauthorized } from '~/client/admin-session';
import { showToast } from '~/client/stores';
import PersonSelect from '../PersonSelect';
import { useQuery } from '~/client/hooks/use-query';
import { saveVersioned } from '~/client/conflict';
import { bookTour, cancelTour, patchTour, recordOutcome, type TourInput } from '~/client/tours-api';
import { seoulInstant, TOUR_DURATIONS, type Tour } from '~/shared/tours';
import type { Unit } from '~/shared/units/unit';
import { useConflictDialog } from '../ConflictDialog';
import { seoulParts, spacesOf, START_TIMES, STATUS_CLASS, timeRange, dayLabel } from './tour-format';
import { TOUR_VERSIONED_FIELDS, tourFields, tourValueFormat, type TourFields } from './tour-versions';

interface Props {
  inquiryId: string;
  inquiryLocale: string | null;
  assigneeId: string | null;
  canWrite: boolean;
  lang: string;
  /** After a booking (the inquiry may have moved to touring). */
  onChanged: () => void;
  t: Translate;
}

/** What a refused write says: the field's message and, for a refused slot, the next free starts. */
interface Refusal {
  message: string;
  nextFree: string[];
}
function refusalOf(error: unknown): Refusal {
  if (error instanceof ApiError && error.fields) return { message: Object.values(error.fields)[0] ?? 'tours.errors.invalid', nextFree: error.nextFree ?? [] };
  return { message: 'tours.panel.loadFailed', nextFree: [] };
}

/** An inquiry's tours with the actions a host needs, and the booking form. */
export default function InquiryTours({ inquiryId, inquiryLocale, assigneeId, canWrite, lang, onChanged, t }: Props) {
  const { data: tours, refetch } = useQuery<Tour[]>(['/api/tours', { inquiryId }]);
  const [booking, setBooking] = useState(false);
  const changed = () => {
    refetch();
    onChanged();
  };
  return (
    <section aria-labelledby="inquiry-tours-title" className="grid gap-3" data-testid="inquiry-tours">
      <h3 id="inquiry-tours-title" className="text-sm font-semibold text-ink">{t('tours.panel.tours')}</h3>
      {tours && tours.length === 0 && <p className="text-sm text-muted">{t('tours.panel.noTours')}</p>}
      <ul className="grid gap-3">
        {(tours ?? []).map((tour) => (
          <TourItem key={`${tour.id}-${tour.sequence}-${tour.status}`} tour={tour} canWrite={canWrite} lang={lang} onChanged={changed} t={t} />
        ))}
      </ul>
      {canWrite && !booking && (
        <button type="button" className="btn min-h-11 justify-self-start bg-ink text-white" onClick={() => setBooking(true)}>{t('tours.panel.book')}</button>
      )}
      {canWrite && booking && (
        <BookingForm
          inquiryId={inquiryId}
          locale={inquiryLocale}
          assigneeId={assigneeId}
          t={t}
          lang={lang}
          onDone={() => {
            setBooking(false);
            changed();
          }}
          onCancel={() => setBooking(false)}
        />
      )}
    </section>
  );
}

function NextFree({ refusal, lang, onPick, t }: { refusal: Refusal; lang: string; onPick: (day: string, time: string) => void; t: Translate }) {
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

function WhenFields({ prefix, day, time, duration, setDay, setTime, setDuration, t }: {
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

const field = 'min-h-11 rounded-md border border-muted px-3 text-base';

function BookingForm({ inquiryId, locale, assigneeId, lang, onDone, onCancel, t }: {
  inquiryId: string; locale: string | null; assigneeId: string | null; lang: string; onDone: () => void; onCancel: () => void; t: Translate;
}) {
  const { data: units } = useQuery<Unit[]>(['/api/units']);
  const [unitIds, setUnitIds] = useState<string[]>([]);
  const [day, setDay] = useState('');
  const [time, setTime] = useState('10:00');
  const [duration, setDuration] = useState(30);
  const [hostId, setHostId] = useState(assigneeId ?? '');
  const [meetingPoint, setMeetingPoint] = useState('');
  const [message, setMessage] = useState('');
  const [notes, setNotes] = useState('');
  const [language, setLanguage] = useState((LOCALES as readonly string[]).includes(locale ?? '') ? locale! : 'ko');
  const [allowLeased, setAllowLeased] = useState(false);
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const [saving, setSaving] = useState(false);
  const leasedChosen = (units ?? []).some((unit) => unit.status === 'leased' && unitIds.includes(unit.id));

  async function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    setRefusal(null);
    if (unitIds.length === 0) return setRefusal({ message: 'tours.errors.unitsRequired', nextFree: [] });
    setSaving(true);
    const input: TourInput = {
      startsAt: seoulInstant(day, time).toISOString(),
      durationMinutes: duration,
      unitIds,
      ...(hostId ? { hostId } : {}),
      ...(meetingPoint.trim() ? { meetingPoint } : {}),
      ...(message.trim() ? { messageToProspect: message } : {}),
      ...(notes.trim() ? { internalNotes: notes } : {}),
      locale: language,
      ...(leasedChosen ? { allowLeased } : {}),
    };
    try {
      await bookTour(inquiryId, input);
      showToast({ title: t('tours.panel.booked') });
      onDone();
    } catch (error) {
      if (!endSessionIfUnauthorized(error)) setRefusal(refusalOf(error));
    } finally {
      setSaving(false);
    }
  }

  return (
    <form onSubmit={(e) => void submit(e)} className="grid gap-4 rounded-lg border border-line p-4" aria-labelledby="tour-book-title" data-testid="tour-form">
      <h4 id="tour-book-title" className="text-base font-bold text-ink">{t('tours.panel.book')}</h4>
      <fieldset className="grid gap-2">
        <legend className="text-sm font-semibold">{t('tours.panel.spaces')}</legend>
        <div className="flex flex-wrap gap-2">
          {(units ?? []).map((unit) => (
            <label key={unit.id} className="flex min-h-11 items-center gap-2 rounded-md border border-line px-3 text-sm">
              <input
                type="checkbox"
                checked={unitIds.includes(unit.id)}
                onChange={(e) => setUnitIds((ids) => (e.target.checked ? [...ids, unit.id] : ids.filter((id) => id !== unit.id)))}
              />
              {unit.floor} {unit.unitNumber}
              {unit.status === 'leased' && <span className="text-xs text-danger">({t('tours.panel.leased')})</span>}
            </label>
          ))}
        </div>
        {leasedChosen && (
          <label className="flex min-h-11 items-center gap-2 text-sm text-danger">
            <input type="checkbox" required checked={allowLeased} onChange={(e) => setAllowLeased(e.target.checked)} />
            {t('tours.panel.leasedWarning')}
          </label>
        )}
      </fieldset>
      <WhenFields prefix="tour-book" day={day} time={time} duration={duration} setDay={setDay} setTime={setTime} setDuration={setDuration} t={t} />
      {refusal && <NextFree refusal={refusal} lang={lang} t={t} onPick={(d, tm) => { setDay(d); setTime(tm); setRefusal(null); }} />}
      <div className="grid gap-3 sm:grid-cols-2">
        <PersonSelect label={t('tours.panel.host')} empty="—" value={hostId} onChange={setHostId} />
        <label className="grid gap-1 text-sm">
          <span className="font-semibold">{t('tours.panel.language')}</span>
          <select value={language} onChange={(e) => setLanguage(e.target.value)} className={field}>
            {LOCALES.map((code) => <option key={code} value={code}>{t(`lang.${code}`)}</option>)}
          </select>
        </label>
      </div>
      <label className="grid gap-1 text-sm">
        <span className="font-semibold">{t('tours.panel.meetingPoint')}</span>
        <input value={meetingPoint} placeholder={t('tours.content.meetingPoint')} onChange={(e) => setMeetingPoint(e.target.value)} className={field} />
      </label>
      <label className="grid gap-1 text-sm">
        <span className="font-semibold">{t('tours.panel.message')}</span>
        <textarea value={message} rows={3} onChange={(e) => setMessage(e.target.value)} className="rounded-md border border-muted px-3 py-2 text-base" />
      </label>
      <label className="grid gap-1 text-sm">
        <span className="font-semibold">{t('tours.panel.notes')}</span>
        <textarea value={notes} rows={2} onChange={(e) => setNotes(e.target.value)} className="rounded-md border border-muted px-3 py-2 text-base" />
      </label>
      <div className="flex flex-wrap gap-2">
        <button type="submit" disabled={saving} className="btn min-h-11 bg-ink text-white">{t(saving ? 'tours.panel.saving' : 'tours.panel.save')}</button>
        <button type="button" onClick={onCancel} className="btn min-h-11 border border-ink text-ink">{t('tours.panel.close')}</button>
      </div>
    </form>
  );
}

type Action = 'reschedule' | 'cancel' | 'outcome' | null;

/**
 * Saves a form's change to a tour on the version the list showed (decision 033): when someone changed the
 * tour since, the conflict dialog shows what they changed and the person keeps theirs, takes the saved one or
 * merges. `send` writes the (possibly merged) value, or answers null when it no longer asks for this form's
 * action (the person took the other status): then nothing is sent.
 */
function useTourSave(tour: Tour, lang: string, onDone: () => void, t: Translate) {
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

function TourItem({ tour, canWrite, lang, onChanged, t }: { tour: Tour; canWrite: boolean; lang: string; onChanged: () => void; t: Translate }) {
  const [action, setAction] = useState<Action>(null);
  const ended = Date.now() >= new Date(tour.endsAt).getTime();
  const { day } = seoulParts(tour.startsAt);
  return (
    <li className="grid gap-2 rounded-lg border border-line p-3" data-testid="tour-item">
      <div className="flex flex-wrap items-center gap-2 text-sm">
        <span className="font-semibold text-ink">{dayLabel(day, lang)} {timeRange(tour)}</span>
        <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${STATUS_CLASS[tour.status]}`} data-testid="tour-status">{t(`tours.status.${tour.status}`)}</span>
      </div>
      <p className="text-sm text-muted">{t('tours.panel.host')}: {tour.host.name} · {t('tours.panel.spaces')}: {spacesOf(tour)}</p>
      {tour.internalNotes && <p className="text-sm">{t('tours.panel.notes')}: {tour.internalNotes}</p>}
      {tour.cancelReason && <p className="text-sm">{t('tours.mail.reason')}: {tour.cancelReason}</p>}
      {tour.feedback && <p className="text-sm">{t('tours.panel.feedback')}: {tour.feedback}</p>}
      {canWrite && tour.status === 'scheduled' && (
        <div className="flex flex-wrap gap-2">
          {!ended && <button type="button" aria-expanded={action === 'reschedule'} onClick={() => setAction(action === 'reschedule' ? null : 'reschedule')} className="btn min-h-11 border border-ink text-ink">{t('tours.panel.reschedule')}</button>}
          <button type="button" aria-expanded={action === 'cancel'} onClick={() => setAction(action === 'cancel' ? null : 'cancel')} className="btn min-h-11 border border-ink text-ink">{t('tours.panel.cancel')}</button>
          {ended && <button type="button" aria-expanded={action === 'outcome'} onClick={() => setAction(action === 'outcome' ? null : 'outcome')} className="btn min-h-11 bg-ink text-white">{t('tours.panel.outcome')}</button>}
        </div>
      )}
      {action === 'reschedule' && <RescheduleForm tour={tour} lang={lang} onDone={onChanged} t={t} />}
      {action === 'cancel' && <CancelForm tour={tour} lang={lang} onDone={onChanged} t={t} />}
      {action === 'outcome' && <OutcomeForm tour={tour} lang={lang} onDone={onChanged} t={t} />}
    </li>
  );
}

function RescheduleForm({ tour, lang, onDone, t }: { tour: Tour; lang: string; onDone: () => void; t: Translate }) {
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

function CancelForm({ tour, lang, onDone, t }: { tour: Tour; lang: string; onDone: () => void; t: Translate }) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const { save, dialog } = useTourSave(tour, lang, onDone, t);
  async function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    setError(null);
    try {
      await save(
        { status: 'cancelled', cancelReason: reason },
        (value, version) => (value.status === 'cancelled' ? cancelTour(tour.id, value.cancelReason || reason, version) : Promise.resolve(null)),
        'tours.panel.cancelled',
      );
    } catch (err) {
      if (!endSessionIfUnauthorized(err)) setError(refusalOf(err).message);
    }
  }
  return (
    <form onSubmit={(e) => void submit(e)} className="grid gap-3" aria-label={t('tours.panel.cancel')}>
      <label className="grid gap-1 text-sm">
        <span className="font-semibold">{t('tours.panel.cancelReason')}</span>
        <input required value={reason} onChange={(e) => setReason(e.target.value)} aria-invalid={error ? true : undefined} className={field} />
      </label>
      {error && <p role="alert" className="text-sm text-danger">{t(error)}</p>}
      <button type="submit" className="btn min-h-11 justify-self-start bg-danger text-white">{t('tours.panel.confirmCancel')}</button>
      {dialog}
    </form>
  );
}

function OutcomeForm({ tour, lang, onDone, t }: { tour: Tour; lang: string; onDone: () => void; t: Translate }) {
  const [outcome, setOutcome] = useState<'completed' | 'no_show'>('completed');
  const [interest, setInterest] = useState('');
  const [feedback, setFeedback] = useState('');
  const [nextStep, setNextStep] = useState('');
  const [nextStepOn, setNextStepOn] = useState('');
  const [error, setError] = useState<string | null>(null);
  const { save, dialog } = useTourSave(tour, lang, onDone, t);
  async function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    setError(null);
    const completed = outcome === 'completed';
    try {
      await save(
        {
          status: outcome,
          interest: completed && interest ? Number(interest) : null,
          feedback: feedback.trim() || null,
          nextStep: completed && nextStep.trim() ? nextStep : null,
          nextStepOn: completed && nextStepOn ? nextStepOn : null,
        },
        (value, version) =>
          value.status === 'completed' || value.status === 'no_show'
            ? recordOutcome(tour.id, {
              outcome: value.status,
              ...(value.interest !== null ? { interest: value.interest } : {}),
              ...(value.feedback ? { feedback: value.feedback } : {}),
              ...(value.nextStep ? { nextStep: value.nextStep } : {}),
              ...(value.nextStepOn ? { nextStepOn: value.nextStepOn } : {}),
            }, version)
            : Promise.resolve(null),
        'tours.panel.outcomeSaved',
      );
    } catch (err) {
      if (!endSessionIfUnauthorized(err)) setError(refusalOf(err).message);
    }
  }
  return (
    <form onSubmit={(e) => void submit(e)} className="grid gap-3" aria-label={t('tours.panel.outcome')} data-testid="outcome-form">
      <fieldset className="flex flex-wrap gap-4">
        <legend className="text-sm font-semibold">{t('tours.panel.outcome')}</legend>
        {(['completed', 'no_show'] as const).map((value) => (
          <label key={value} className="flex min-h-11 items-center gap-2 text-sm">
            <input type="radio" name={`outcome-${tour.id}`} value={value} checked={outcome === value} onChange={() => setOutcome(value)} />
            {t(value === 'completed' ? 'tours.panel.outcomeCompleted' : 'tours.panel.outcomeNoShow')}
          </label>
        ))}
      </fieldset>
      {outcome === 'completed' && (
        <div className="grid gap-3 sm:grid-cols-3">
          <label className="grid gap-1 text-sm">
            <span className="font-semibold">{t('tours.panel.interest')}</span>
            <select value={interest} onChange={(e) => setInterest(e.target.value)} className={field}>
              <option value="">—</option>
              {[1, 2, 3, 4, 5].map((n) => <option key={n} value={n}>{n}</option>)}
            </select>
          </label>
          <label className="grid gap-1 text-sm">
            <span className="font-semibold">{t('tours.panel.nextStep')}</span>
            <input value={nextStep} onChange={(e) => setNextStep(e.target.value)} className={field} />
          </label>
          <label className="grid gap-1 text-sm">
            <span className="font-semibold">{t('tours.panel.nextStepOn')}</span>
            <input type="date" value={nextStepOn} onChange={(e) => setNextStepOn(e.target.value)} className={field} />
          </label>
        </div>
      )}
      <label className="grid gap-1 text-sm">
        <span className="font-semibold">{t('tours.panel.feedback')}</span>
        <textarea value={feedback} rows={2} onChange={(e) => setFeedback(e.target.value)} className="rounded-md border border-muted px-3 py-2 text-base" />
      </label>
      {error && <p role="alert" className="text-sm text-danger">{t(error)}</p>}
      <button type="submit" className="btn min-h-11 justify-self-start bg-ink text-white">{t('tours.panel.saveOutcome')}</button>
      {dialog}
    </form>
  );
}


