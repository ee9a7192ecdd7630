import { useState } from 'react';
import type { Translate } from '~/i18n/translate';
import type { Tour } from '~/shared/tours';
import { dayLabel, seoulParts, spacesOf, STATUS_CLASS, timeRange } from '../../tours/tour-format';
import CancelForm from './CancelForm';
import OutcomeForm from './OutcomeForm';
import RescheduleForm from './RescheduleForm';

type Action = 'reschedule' | 'cancel' | 'outcome' | null;

/** One tour of the inquiry, with what its host may do next (reschedule, cancel, record how it went). */
export default function TourItem({ tour, canWrite, lang, onChanged, t }: { tour: Tour; canWrite: boolean; lang: string; onChanged: () => void; t: Translate }) {
  const [action, setAction] = useState<Action>(null);
  const ended = Date.now() >= new Date(tour.endsAt).getTime();
  const { day } = seoulParts(tour.startsAt);
  return (
    <li className="grid gap-2 rounded-lg border border-line p-3" data-testid="tour-item">
      <div className="flex flex-wrap items-center gap-2 text-sm">
        <span className="font-semibold text-ink">{dayLabel(day, lang)} {timeRange(tour)}</span>
        <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${STATUS_CLASS[tour.status]}`} data-testid="tour-status">{t(`tours.status.${tour.status}`)}</span>
      </div>
      <p className="text-sm text-muted">{t('tours.panel.host')}: {tour.host.name} · {t('tours.panel.spaces')}: {spacesOf(tour, t)}</p>
      {tour.internalNotes && <p className="text-sm">{t('tours.panel.notes')}: {tour.internalNotes}</p>}
      {tour.cancelReason && <p className="text-sm">{t('tours.mail.reason')}: {tour.cancelReason}</p>}
      {tour.feedback && <p className="text-sm">{t('tours.panel.feedback')}: {tour.feedback}</p>}
      <OutcomeFacts tour={tour} lang={lang} t={t} />
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

/** What the host recorded after the tour: how interested the prospect was and the next step, with its day. */
function OutcomeFacts({ tour, lang, t }: { tour: Tour; lang: string; t: Translate }) {
  const facts: [string, string][] = [
    ...(tour.interest !== null ? [['tours.panel.interestShown', t('tours.panel.interestOf', { n: tour.interest })] as [string, string]] : []),
    ...(tour.nextStep ? [['tours.panel.nextStep', tour.nextStep] as [string, string]] : []),
    ...(tour.nextStepOn ? [['tours.panel.nextStepOn', dayLabel(tour.nextStepOn, lang)] as [string, string]] : []),
  ];
  if (facts.length === 0) return null;
  return (
    <dl className="grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[8rem_minmax(0,1fr)]" data-testid="tour-outcome">
      {facts.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="font-semibold text-ink">{t(label)}</dt>
          <dd className="min-w-0 break-words">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
