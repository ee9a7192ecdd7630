import { useEffect, useState, type SubmitEvent } from 'react';
import { INQUIRY_FILTER_KEYS, INQUIRY_FLOORS, INQUIRY_STATUSES, type InquiryCounts } from '~/shared/inquiry';
import type { Translate } from '~/i18n/translate';
import type { InboxFilters as Filters } from '~/client/inbox/api';
import FoldingFilters from '../../FoldingFilters';
import DateRangeFields from '../DateRangeFields';

interface Props {
  filters: Filters;
  counts: InquiryCounts | null;
  onChange: (filters: Filters) => void;
  t: Translate;
}

const input = 'min-h-11 rounded-lg border border-line bg-white px-3 text-sm';

/**
 * Status tabs with their counts, then search, floor and dates; applied on submit (Enter) or change. On a
 * phone they sit behind a "Filters" button that says how many are applied, so the list is on the first
 * screen; from 640 px they are always shown.
 */
export default function InboxFilters({ filters, counts, onChange, t }: Props) {
  const activeCount = INQUIRY_FILTER_KEYS.filter((key) => filters[key]).length;
  const [search, setSearch] = useState(filters.search ?? '');
  useEffect(() => setSearch(filters.search ?? ''), [filters.search]);
  const set = (key: keyof Filters, value: string) => onChange({ ...filters, [key]: value || undefined });
  function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    set('search', search.trim());
  }
  return (
    <div className="grid gap-3">
      <FoldingFilters
        id="inbox-filters"
        label={<span>{t('inbox.filters.toggle')}{activeCount > 0 && <span className="ml-2 font-normal text-muted">{t('inbox.filters.active', { n: activeCount })}</span>}</span>}
        buttonClassName="btn min-h-11 justify-between border border-line text-ink"
        panelClassName="gap-3 sm:grid"
        panelTestId="inbox-filters"
      >
        <div role="group" aria-label={t('inbox.statusFilter')} className="flex flex-wrap gap-2">
          {(['', ...INQUIRY_STATUSES] as const).map((status) => {
            const active = (filters.status ?? '') === status;
            const count = counts ? counts[status === '' ? 'all' : status] : null;
            return (
              <button
                key={status || 'all'}
                type="button"
                aria-pressed={active}
                onClick={() => set('status', status)}
                className={`btn min-h-11 border text-sm ${active ? 'border-ink bg-ink text-white' : 'border-line text-ink hover:bg-mist'}`}
              >
                {t(status ? `inbox.status.${status}` : 'inbox.status.all')}
                {count !== null && <span className="ml-1 tabular-nums">({count})</span>}
              </button>
            );
          })}
        </div>
        <form role="search" onSubmit={submit} className="grid gap-2 sm:grid-cols-[minmax(0,2fr)_repeat(3,minmax(0,1fr))_auto] sm:items-end">
          <label className="grid gap-1 text-sm">
            <span className="font-semibold">{t('inbox.search')}</span>
            <input type="search" name="search" value={search} onChange={(e) => setSearch(e.target.value)} placeholder={t('inbox.searchPlaceholder')} className={input} />
          </label>
          <label className="grid gap-1 text-sm">
            <span className="font-semibold">{t('inbox.floor')}</span>
            <select value={filters.floor ?? ''} onChange={(e) => set('floor', e.target.value)} className={input}>
              <option value="">{t('inbox.anyFloor')}</option>
              {INQUIRY_FLOORS.map((floor) => <option key={floor} value={floor}>{t(`units.floor.${floor}`)}</option>)}
            </select>
          </label>
          <DateRangeFields from={filters.from} to={filters.to} onChange={set} t={t} />
          <button type="submit" className="btn min-h-11 bg-ink text-white">{t('inbox.apply')}</button>
        </form>
      </FoldingFilters>
    </div>
  );
}
