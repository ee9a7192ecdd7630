import { useState, type SubmitEvent } from 'react';
import type { Translate } from '~/i18n/translate';
import { endSessionIfUnauthorized } from '~/client/admin-session';
import { cancelTour } from '~/client/tours-api';
import type { Tour } from '~/shared/tours';
import { field, refusalOf } from './tour-form-parts';
import { useTourSave } from './use-tour-save';

export default function CancelForm({ tour, lang, onDone, t }: { tour: Tour; lang: string; onDone: () => void; t: Translate }) {
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
