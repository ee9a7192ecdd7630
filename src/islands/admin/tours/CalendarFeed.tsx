import { useState } from 'react';
import type { Translate } from '~/i18n/translate';
import { endSessionIfUnauthorized } from '~/client/admin-session';
import { showToast } from '~/client/stores';
import { useQuery } from '~/client/hooks/use-query';
import { rotateCalendarFeed } from '~/client/tours-api';

/** My private calendar feed: the address to subscribe to, copied in one click, and a new one on demand. */
export default function CalendarFeed({ t }: { t: Translate }) {
  const { data } = useQuery<{ url: string }>(['/api/admin/me/calendar-feed']);
  const [rotated, setRotated] = useState<string | null>(null);
  const url = rotated ?? data?.url ?? '';
  async function copy() {
    await navigator.clipboard?.writeText(url).catch(() => undefined);
    showToast({ title: t('tours.panel.copied') });
  }
  async function rotate() {
    try {
      setRotated((await rotateCalendarFeed()).url);
      showToast({ title: t('tours.panel.rotated') });
    } catch (error) {
      endSessionIfUnauthorized(error);
    }
  }
  return (
    <section aria-labelledby="calendar-feed-title" className="grid content-start gap-3" data-testid="calendar-feed">
      <h2 id="calendar-feed-title" className="text-xl font-bold text-ink">{t('tours.panel.feed')}</h2>
      <p id="calendar-feed-help" className="text-sm text-muted">{t('tours.panel.feedHelp')}</p>
      <label className="grid gap-1 text-sm">
        <span className="font-semibold">{t('tours.panel.feed')}</span>
        <input readOnly value={url} aria-describedby="calendar-feed-help" onFocus={(e) => e.target.select()} className="min-h-11 rounded-md border border-muted px-3 text-base" />
      </label>
      <div className="flex flex-wrap gap-2">
        <button type="button" disabled={!url} onClick={() => void copy()} className="btn min-h-11 bg-ink text-white">{t('tours.panel.copy')}</button>
        <button type="button" onClick={() => void rotate()} className="btn min-h-11 border border-ink text-ink">{t('tours.panel.rotate')}</button>
      </div>
    </section>
  );
}
