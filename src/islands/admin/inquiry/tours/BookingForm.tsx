import { useState, type SubmitEvent } from 'react';
import type { Translate } from '~/i18n/translate';
import { LOCALES } from '~/i18n/locales';
import { endSessionIfUnauthorized } from '~/client/admin-session';
import { showToast } from '~/client/stores';
import { useQuery } from '~/client/hooks/use-query';
import { bookTour, type TourInput } from '~/client/tours-api';
import { seoulInstant } from '~/shared/tours';
import type { Unit } from '~/shared/units/unit';
import PersonSelect from '../../PersonSelect';
import { spaceLabel } from '../../space-label';
import { field, NextFree, refusalOf, WhenFields, type Refusal } from './tour-form-parts';

/** A new tour of the inquiry: spaces, time, host, language and what the invitation says. */
export default function BookingForm({ inquiryId, unitId, locale, assigneeId, lang, onDone, onCancel, t }: {
  inquiryId: string; unitId: string | null; locale: string | null; assigneeId: string | null; lang: string; onDone: () => void; onCancel: () => void; t: Translate;
}) {
  const { data: units } = useQuery<Unit[]>(['/api/units']);
  // The space the prospect asked about is ticked to begin with.
  const [unitIds, setUnitIds] = useState<string[]>(unitId ? [unitId] : []);
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
  const open = (units ?? []).filter((unit) => unit.status !== 'leased');
  const leased = (units ?? []).filter((unit) => unit.status === 'leased');

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
        {/* Spaces that can still be let come first; leased ones stand apart, below. */}
        {([['open', open], ['leased', leased]] as const).map(([group, list]) => list.length > 0 && (
          <div key={group} role="group" aria-label={t(group === 'open' ? 'tours.panel.availableSpaces' : 'tours.panel.leasedSpaces')} className="grid gap-1" data-testid={`tour-spaces-${group}`}>
            {group === 'leased' && <p className="text-xs font-semibold text-muted" aria-hidden="true">{t('tours.panel.leasedSpaces')}</p>}
            <div className="flex flex-wrap gap-2">
              {list.map((unit) => (
                <label key={unit.id} className="flex min-h-11 items-center gap-2 rounded-md border border-line px-3 text-sm">
                  <input
                    type="checkbox"
                    checked={unitIds.includes(unit.id)}
                    onChange={(e) => setUnitIds((ids) => (e.target.checked ? [...ids, unit.id] : ids.filter((id) => id !== unit.id)))}
                  />
                  {spaceLabel(unit, t)}
                  {unit.status !== 'available' && <span className={`text-xs ${unit.status === 'leased' ? 'text-danger' : 'text-muted'}`}>({t(`units.status.${unit.status}`)})</span>}
                </label>
              ))}
            </div>
          </div>
        ))}
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
            {LOCALES.map((code) => <option key={code} value={code}>{t(`inbox.locales.${code}`)}</option>)}
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
