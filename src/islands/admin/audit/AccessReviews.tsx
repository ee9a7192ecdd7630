import { useState } from 'react';
import type { Translate } from '~/i18n/translate';
import type { AccessReviewState } from '~/shared/access';
import { endSessionIfUnauthorized } from '~/client/admin-session';
import { markReviewDone } from '~/client/staff-api';
import { showToast } from '~/client/stores';
import { useQuery } from '~/client/hooks/use-query';

/** The monthly access reviews (mailed on each month's first working day) and marking one done. */
export default function AccessReviews({ t, format, onMarked }: { t: Translate; format: Intl.DateTimeFormat; onMarked: () => void }) {
  const reviews = useQuery<AccessReviewState[]>(['/api/admin/access-reviews']);
  const [busy, setBusy] = useState<string | null>(null);

  async function mark(month: string) {
    setBusy(month);
    try {
      await markReviewDone(month);
      showToast({ title: t('access.review.marked', { month }) });
      reviews.refetch();
      onMarked();
    } catch (error) {
      if (!endSessionIfUnauthorized(error)) showToast({ title: t('team.errors.unavailable'), variant: 'destructive' });
    } finally {
      setBusy(null);
    }
  }

  return (
    <section aria-labelledby="access-reviews-title" className="grid gap-2" data-testid="access-reviews">
      <h2 id="access-reviews-title" className="text-lg font-bold text-ink">{t('access.review.title')}</h2>
      {reviews.data && reviews.data.length === 0 && <p className="text-sm text-muted">{t('access.review.none')}</p>}
      {reviews.data && reviews.data.length > 0 && (
        <ul className="grid gap-2 text-sm">
          {reviews.data.slice(0, 3).map((review) => (
            <li key={review.month} className="flex flex-wrap items-center gap-3 rounded-xl border border-line p-3">
              <strong className="text-ink">{review.month}</strong>
              <span className="text-muted">{t('access.review.mailed', { at: format.format(new Date(review.mailedAt)) })}</span>
              {review.doneAt ? (
                <span className="text-ink">{t('access.review.done', { at: format.format(new Date(review.doneAt)), name: review.doneBy?.name ?? '' })}</span>
              ) : (
                <button type="button" disabled={busy === review.month} className="btn min-h-11 bg-ink text-white" onClick={() => void mark(review.month)}>
                  {t('access.review.markDoneButton', { month: review.month })}
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
