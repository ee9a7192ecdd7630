import { useState, type SubmitEvent } from 'react';
import type { Translate } from '~/i18n/translate';
import { endSessionIfUnauthorized } from '~/client/admin-session';
import { recordOutcome } from '~/client/tours-api';
import type { Tour } from '~/shared/tours';
import { field, refusalOf } from './tour-form-parts';
import { useTourSave } from './use-tour-save';

export default function OutcomeForm({ tour, lang, onDone, t }: { tour: Tour; lang: string; onDone: () => void; t: Translate }) {
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
