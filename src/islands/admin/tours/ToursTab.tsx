import { useStore } from '@nanostores/react';
import { useMemo, useState } from 'react';
import type { Translate } from '~/i18n/translate';
import { $me } from '~/client/admin-session';
import PersonSelect from '../PersonSelect';
import { useQuery } from '~/client/hooks/use-query';
import { koreanDay } from '~/shared/business-hours';
import { addDays, TOUR_STATUSES, weekStart, type Tour } from '~/shared/tours';
import { dayLabel, prospectOf, seoulParts, spacesOf, STATUS_CLASS, timeRange } from './tour-format';

/**
 * The week's tours as an agenda: each day, its tours grouped by host (one column per day on a wide
 * screen, one list on a phone), filtered by host and status, or only mine.
 */
export default function ToursTab({ t }: { t: Translate }) {
  const me = useStore($me);
  const [week, setWeek] = useState(() => weekStart(koreanDay(new Date())));
  const [hostId, setHostId] = useState('');
  const [status, setStatus] = useState('');
  const [mine, setMine] = useState(false);
  const lang = document.documentElement.lang || 'ko';
  const query = { from: week, to: addDays(week, 6), ...(mine ? { hostId: 'me' } : hostId ? { hostId } : {}), ...(status ? { status } : {}) };
  const { data, error } = useQuery<Tour[]>(['/api/tours', query]);
  const days = useMemo(() => Array.from({ length: 7 }, (_, i) => addDays(week, i)), [week]);
  const byDay = useMemo(() => {
    const map = new Map<string, Map<string, Tour[]>>();
    for (const tour of data ?? []) {
      const day = seoulParts(tour.startsAt).day;
      const hosts = map.get(day) ?? new Map<string, Tour[]>();
      hosts.set(tour.host.name, [...(hosts.get(tour.host.name) ?? []), tour]);
      map.set(day, hosts);
    }
    return map;
  }, [data]);
  const today = koreanDay(new Date());

  return (
    <section aria-labelledby="tours-title" className="grid min-w-0 gap-4" data-testid="tours-tab">
      <h2 id="tours-title" className="text-xl font-bold text-ink">{t('tours.panel.heading')}</h2>
      <div className="flex flex-wrap items-end gap-3">
        <div className="flex flex-wrap gap-2" role="group" aria-label={t('tours.panel.week', { day: week })}>
          <button type="button" className="btn min-h-11 border border-ink text-ink" onClick={() => setWeek(addDays(week, -7))}>{t('tours.panel.previousWeek')}</button>
          <button type="button" className="btn min-h-11 border border-ink text-ink" onClick={() => setWeek(weekStart(today))}>{t('tours.panel.thisWeek')}</button>
          <button type="button" className="btn min-h-11 border border-ink text-ink" onClick={() => setWeek(addDays(week, 7))}>{t('tours.panel.nextWeek')}</button>
        </div>
        <PersonSelect label={t('tours.panel.host')} empty={t('tours.panel.allHosts')} value={hostId} disabled={mine} onChange={setHostId} />
        <label className="grid gap-1 text-sm">
          <span className="font-semibold">{t('tours.panel.status')}</span>
          <select value={status} onChange={(e) => setStatus(e.target.value)} className="min-h-11 rounded-md border border-muted px-3 text-base">
            <option value="">{t('tours.panel.allStatuses')}</option>
            {TOUR_STATUSES.map((value) => <option key={value} value={value}>{t(`tours.status.${value}`)}</option>)}
          </select>
        </label>
        {me && (
          <label className="flex min-h-11 items-center gap-2 text-sm font-semibold">
            <input type="checkbox" checked={mine} onChange={(e) => setMine(e.target.checked)} />
            {t('tours.panel.mine')}
          </label>
        )}
      </div>
      <p className="text-sm text-muted" aria-live="polite">{t('tours.panel.week', { day: dayLabel(week, lang) })}</p>
      {error && <p role="alert" className="text-danger">{t('tours.panel.loadFailed')}</p>}
      {data && data.length === 0 && <p className="text-sm text-muted">{t('tours.panel.empty')}</p>}
      <ol className="grid gap-4 lg:grid-cols-7">
        {days.map((day) => {
          const hosts = byDay.get(day);
          return (
            <li key={day} className={`grid content-start gap-2 rounded-lg border p-3 ${day === today ? 'border-brass-strong' : 'border-line'}`} data-testid="tour-day">
              <h3 className="text-sm font-bold text-ink">{dayLabel(day, lang)}</h3>
              {!hosts && <p className="text-xs text-muted">{t('tours.panel.none')}</p>}
              {[...(hosts ?? new Map<string, Tour[]>())].map(([host, tours]) => (
                <div key={host} className="grid gap-1">
                  <h4 className="text-xs font-semibold text-muted">{host}</h4>
                  <ul className="grid gap-2">
                    {tours.map((tour) => (
                      <li key={tour.id} className="grid gap-1 rounded-md bg-mist p-2 text-sm" data-testid="agenda-tour">
                        <span className="font-semibold text-ink">{timeRange(tour)}</span>
                        <a className="min-h-11 break-words text-ink underline" href={`?inquiry=${tour.inquiryId}`} data-testid="agenda-prospect">{prospectOf(tour, t)}</a>
                        <span className="text-xs text-ink-soft">{spacesOf(tour, t)}</span>
                        <span className={`justify-self-start rounded-full px-2 py-0.5 text-xs font-semibold ${STATUS_CLASS[tour.status]}`}>{t(`tours.status.${tour.status}`)}</span>
                      </li>
                    ))}
                  </ul>
                </div>
              ))}
            </li>
          );
        })}
      </ol>
    </section>
  );
}
