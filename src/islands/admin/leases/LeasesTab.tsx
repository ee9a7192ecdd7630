import { useEffect, useRef, useState } from 'react';
import { useStore } from '@nanostores/react';
import type { Translate } from '~/i18n/translate';
import { plural } from '~/i18n/plural';
import { LEASE_STATUSES } from '~/shared/leases/dates';
import type { LeaseListItem } from '~/shared/leases/lease';
import { UNIT_FLOORS } from '~/shared/units/basics';
import { $language } from '~/client/stores';
import { $me, endSessionIfUnauthorized } from '~/client/admin-session';
import { useQuery } from '~/client/hooks/use-query';
import { adminDateFormat } from '~/client/inbox/format';
import { LEASES_PATH } from '~/client/leases/api';
import { leaseInUrl, writeLeaseToUrl } from '~/client/leases/url';
import LeasePage from './LeasePage';
import LeaseTable from './LeaseTable';

/** The list's filters as the API reads them (GET /api/leases); '' is no filter. */
interface Filters {
  status: string;
  floor: string;
  expiresBefore: string;
  search: string;
}

/**
 * Every lease (issue 40): tenant, spaces, area, this month's rent, deposit, status and expiry, the live ones first
 * by their last day; filtered by status, floor, expiry and a search; each opens its lease page (`?lease=<id>`, the
 * link the expiring mail carries). Viewers read the tenant's people masked (the server does it).
 */
export default function LeasesTab({ t }: { t: Translate }) {
  const lang = useStore($language);
  const role = useStore($me)?.role ?? null;
  const dateFormat = adminDateFormat(lang);
  const [filters, setFilters] = useState<Filters>({ status: '', floor: '', expiresBefore: '', search: '' });
  const [search, setSearch] = useState('');
  const [open, setOpen] = useState<string | null>(() => leaseInUrl());
  const lastOpened = useRef<string | null>(null);
  const query = Object.fromEntries(Object.entries(filters).filter(([, value]) => value !== ''));
  const { data, error, refetch } = useQuery<LeaseListItem[]>(open ? null : [LEASES_PATH, query]);
  useEffect(() => {
    if (error) endSessionIfUnauthorized(error);
  }, [error]);
  // The search is asked for when typing pauses, not at every keystroke.
  useEffect(() => {
    const timer = setTimeout(() => setFilters((old) => (old.search === search.trim() ? old : { ...old, search: search.trim() })), 300);
    return () => clearTimeout(timer);
  }, [search]);

  const show = (id: string | null) => {
    if (id === null) lastOpened.current = open;
    setOpen(id);
    writeLeaseToUrl(id);
  };
  const set = (key: keyof Filters, value: string) => setFilters((old) => ({ ...old, [key]: value }));

  if (open) {
    return <LeasePage id={open} role={role} lang={lang} dateFormat={dateFormat} t={t} onBack={() => { show(null); refetch(); }} />;
  }
  return (
    <section aria-labelledby="leases-title" className="grid min-w-0 gap-4" data-testid="leases-tab">
      <div>
        <h2 id="leases-title" className="text-xl font-bold text-ink">{t('leasePanel.tab.title')}</h2>
        <p className="mt-1 text-sm text-muted">{t('leasePanel.tab.intro')}</p>
      </div>
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:flex lg:flex-wrap lg:items-end" role="group" aria-label={t('leasePanel.tab.filters')}>
        <label className="grid min-w-0 gap-1 text-sm">
          <span className="font-semibold">{t('leasePanel.fields.status')}</span>
          <select value={filters.status} onChange={(event) => set('status', event.target.value)} className="min-h-11 w-full min-w-0 rounded-md border border-muted px-3 text-base">
            <option value="">{t('leasePanel.tab.allStatuses')}</option>
            <option value="live">{t('leasePanel.tab.live')}</option>
            {LEASE_STATUSES.map((status) => <option key={status} value={status}>{t(`leases.status.${status}`)}</option>)}
          </select>
        </label>
        <label className="grid min-w-0 gap-1 text-sm">
          <span className="font-semibold">{t('leasePanel.tab.floor')}</span>
          <select value={filters.floor} onChange={(event) => set('floor', event.target.value)} className="min-h-11 w-full min-w-0 rounded-md border border-muted px-3 text-base">
            <option value="">{t('leasePanel.tab.allFloors')}</option>
            {UNIT_FLOORS.map((floor) => <option key={floor} value={floor}>{t(`units.floor.${floor}`)}</option>)}
          </select>
        </label>
        <label className="grid min-w-0 gap-1 text-sm">
          <span className="font-semibold">{t('leasePanel.tab.expiresBefore')}</span>
          <input type="date" value={filters.expiresBefore} onChange={(event) => set('expiresBefore', event.target.value)} className="min-h-11 w-full min-w-0 rounded-md border border-muted px-3 text-base" />
        </label>
        <label className="grid min-w-0 gap-1 text-sm lg:w-80">
          <span className="font-semibold">{t('leasePanel.tab.search')}</span>
          <input type="search" value={search} placeholder={t('leasePanel.tab.searchPlaceholder')} onChange={(event) => setSearch(event.target.value)} className="min-h-11 w-full min-w-0 rounded-md border border-muted px-3 text-base" />
        </label>
      </div>
      {error && <p role="alert" className="text-danger">{t('leasePanel.tab.loadFailed')}</p>}
      {!data && !error && <p className="text-muted">{t('leasePanel.section.loading')}</p>}
      {data && (
        <p role="status" className="text-sm text-muted" data-testid="leases-count">{plural(t, lang, 'leasePanel.tab.count', data.length)}</p>
      )}
      {data && data.length > 0 && <LeaseTable leases={data} focusId={lastOpened.current} lang={lang} onOpen={show} t={t} />}
    </section>
  );
}
