import { useState } from 'react';
import { useQuery } from '~/client/hooks/use-query';
import { can } from '~/shared/roles';
import type { Tour } from '~/shared/tours';
import type { InquirySectionProps } from '../section';
import BookingForm from './BookingForm';
import TourItem from './TourItem';

/** An inquiry's tours with the actions a host needs, and the booking form. */
export default function ToursSection({ inquiry, role, lang, refresh, t }: InquirySectionProps) {
  const { data: tours, refetch } = useQuery<Tour[]>(['/api/tours', { inquiryId: inquiry.id }]);
  const [booking, setBooking] = useState(false);
  // A destroyed or suspended inquiry takes no new processing (the server refuses it too): no booking, no tour action.
  const canWrite = can(role, 'tours.write') && !inquiry.destroyedAt && !inquiry.suspendedAt;
  const changed = () => {
    refetch();
    // A first tour moves the inquiry to touring: show it here and in the list.
    refresh().catch(() => undefined);
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
          inquiryId={inquiry.id}
          unitId={inquiry.unitId ?? null}
          locale={inquiry.locale ?? null}
          assigneeId={inquiry.assigneeId ?? null}
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
