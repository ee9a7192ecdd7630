import { lazy, useCallback, useEffect, useMemo, useState } from 'react';
import { useStore } from '@nanostores/react';
import type { InquiryCounts } from '~/shared/inquiry';
import type { Translate } from '~/i18n/translate';
import { $language, showToast } from '~/client/stores';
import { endSessionIfUnauthorized } from '~/client/admin-session';
import { ApiError } from '~/client/api';
import { downloadCsv, readCounts, readInboxPage, readStats, type InboxPage, type InboxStats } from '~/client/inbox/api';
import { adminDateFormat, formatDuration } from '~/client/inbox/format';
import { readInboxLocation, useInboxLocation } from '~/client/inbox/url';
import { revealAndFocus } from '~/client/reveal-and-focus';
import InboxFilters from './InboxFilters';
import AssigneeFilter from './AssigneeFilter';
import { $me } from '~/client/admin-session';
import { firstInboxPage, inboxFirstPageDone } from '~/client/inbox/first-page';
import { can } from '~/shared/roles';
import InquiryList from './InquiryList';
import ExportReasonForm from './ExportReasonForm';
import MineEmpty from './MineEmpty';
import ScreenBoundary from '../ScreenBoundary';

/**
 * An inquiry's detail comes with its first opening, not with the inbox (decision 053): its sections (the pipeline,
 * contact, privacy, tours, history; proposals and the lease come later still) were two fifths of what /admin loaded
 * before any click, against its 60 KB budget (npm run audit).
 */
const InquiryDetail = lazy(() => import('../inquiry/InquiryDetail'));

/** How often the inbox asks whether new inquiries arrived (one small count query). */
const NEW_CHECK_MS = 60_000;

/** The leasing team's inbox: filtered, paged list, detail with status and notes, export, new-inquiry count. */
export default function InboxTab({ t }: { t: Translate }) {
  const lang = useStore($language);
  const dateFormat = adminDateFormat(lang);
  const [{ filters, inquiry }, navigate] = useInboxLocation();
  const filterKey = JSON.stringify(filters);
  const [list, setList] = useState<InboxPage | null>(null);
  const [failed, setFailed] = useState(false);
  const [counts, setCounts] = useState<InquiryCounts | null>(null);
  const [newCount, setNewCount] = useState(0);
  const [stats, setStats] = useState<InboxStats | null>(null);
  const [version, setVersion] = useState(0);
  const [loadingMore, setLoadingMore] = useState(false);
  const me = useStore($me);
  // Agents see their own inquiries first; "all" and "unassigned" are one click away. Read from the URL, not this
  // render's copy: a view picked between "me" arriving and this effect running (a click React handles first) stays.
  useEffect(() => {
    const now = readInboxLocation();
    if (me?.role === 'agent' && now.filters.assignee === undefined) navigate({ filters: { ...now.filters, assignee: 'me' }, inquiry: now.inquiry });
  }, [me?.role]);

  const fail = useCallback((error: unknown) => {
    if (!endSessionIfUnauthorized(error)) setFailed(true);
  }, []);

  useEffect(() => {
    let live = true;
    setFailed(false);
    // The page first (asked for at sign-in when the inbox shows first): it is what the team waits for; counts
    // and stats fill in after it.
    firstInboxPage(filters).then((page) => {
      if (!live) return;
      setList(page);
      inboxFirstPageDone();
      readCounts(filters).then((loadedCounts) => {
        if (!live) return;
        setCounts(loadedCounts);
        setNewCount(0);
      }, () => undefined);
      readStats().then((s) => live && setStats(s), () => undefined);
    }, (error: unknown) => {
      inboxFirstPageDone();
      if (live) fail(error);
    });
    return () => {
      live = false;
    };
  }, [filterKey, version]);
  // Left before the first page came (another tab opened): what waits for it asks now.
  useEffect(() => inboxFirstPageDone, []);

  // Counts the inquiries that arrived since the list was loaded, for the refresh button.
  useEffect(() => {
    if (!counts) return;
    const timer = setInterval(() => {
      if (document.visibilityState !== 'visible') return;
      // A poll, not the person: it keeps no session alive (the idle timeout counts the person's own use).
      readCounts(filters, { background: true }).then((latest) => setNewCount(Math.max(0, latest.all - counts.all)), () => undefined);
    }, NEW_CHECK_MS);
    return () => clearInterval(timer);
  }, [counts, filterKey]);

  /** Back to the list, focus on the inquiry just read (or the list, when it is no longer on it). */
  function close(id: string) {
    navigate({ filters, inquiry: null });
    requestAnimationFrame(() => {
      const row = document.querySelector<HTMLElement>(`[data-inquiry-id="${CSS.escape(id)}"]`);
      if (row) revealAndFocus(row, row);
      else document.getElementById('inbox-list-title')?.focus();
    });
  }

  async function more() {
    if (!list?.next) return;
    setLoadingMore(true);
    try {
      const page = await readInboxPage(filters, list.next);
      setList({ items: [...list.items, ...page.items], total: page.total, next: page.next });
    } catch (error) {
      fail(error);
    } finally {
      setLoadingMore(false);
    }
  }

  const [askingReason, setAskingReason] = useState(false);
  /** The CSV, once a reason is given (the form shows the server's field errors; others end in a toast). */
  async function exportCsv(reason: string, reasonText: string) {
    try {
      await downloadCsv(filters, lang, { reason, reasonText });
      setAskingReason(false);
    } catch (error) {
      if (error instanceof ApiError && error.fields) throw error;
      if (!endSessionIfUnauthorized(error)) showToast({ title: t('inbox.exportFailed'), variant: 'destructive' });
    }
  }

  // Only "my inquiries", no other filter: an empty list says whether others' work is waiting.
  const mineOnly = filters.assignee === 'me' && Object.keys(filters).length === 1;
  const notificationsOff = stats && !stats.notifications.teamMail && !stats.notifications.webhook;
  const median = useMemo(
    () => (stats?.medianFirstResponseSeconds == null ? t('inbox.medianNone') : formatDuration(stats.medianFirstResponseSeconds, { h: t('inbox.hours'), m: t('inbox.minutes') })),
    [stats, t],
  );

  return (
    <div className="grid min-w-0 gap-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-muted" data-testid="inbox-median">{t('inbox.median', { value: median })}</p>
        <div className="flex flex-wrap gap-2">
          <button type="button" className="btn min-h-11 border border-line text-ink hover:bg-mist" onClick={() => setVersion((v) => v + 1)} data-testid="inbox-refresh">
            {newCount > 0 ? t('inbox.refreshNew', { n: newCount }) : t('inbox.refresh')}
          </button>
          {can(me?.role, 'inquiries.export') && (
            <button type="button" className="btn min-h-11 border border-line text-ink hover:bg-mist" aria-expanded={askingReason} onClick={() => setAskingReason((open) => !open)}>
              {t('inbox.export')}
            </button>
          )}
        </div>
      </div>
      {askingReason && <ExportReasonForm t={t} onExport={exportCsv} onCancel={() => setAskingReason(false)} />}
      {/* On a phone an open inquiry takes the whole screen; the filters come back with the list. */}
      <div className={inquiry ? 'hidden lg:block' : ''}>
        <AssigneeFilter value={filters.assignee} onChange={(assignee) => navigate({ filters: { ...filters, assignee }, inquiry: null })} t={t} />
        <div className="mt-3">
          <InboxFilters filters={filters} counts={counts} onChange={(next) => navigate({ filters: next, inquiry: null })} t={t} />
        </div>
      </div>
      <div className={`grid min-w-0 gap-6 ${inquiry ? 'lg:grid-cols-[minmax(0,1fr)_minmax(0,1.3fr)]' : ''}`}>
        <section aria-labelledby="inbox-list-title" className={`min-w-0 ${inquiry ? 'hidden lg:block' : ''}`}>
          <h2 id="inbox-list-title" tabIndex={-1} className="sr-only">{t('inbox.listLabel')}</h2>
          {failed && <p role="alert" className="text-danger">{t('inbox.loadFailed')}</p>}
          {!list && !failed && <p className="text-muted">{t('inbox.loading')}</p>}
          {list && list.items.length === 0 && (mineOnly
            ? <MineEmpty lang={lang} onShowUnassigned={() => navigate({ filters: { assignee: 'none' }, inquiry: null })} t={t} />
            : <p className="text-muted">{t('inbox.empty')}</p>)}
          {list && list.items.length > 0 && (
            <>
              <p className="mb-2 text-sm text-muted" aria-live="polite">{t('inbox.showing', { shown: list.items.length, total: list.total })}</p>
              <InquiryList items={list.items} selected={inquiry} onOpen={(id) => navigate({ filters, inquiry: id })} dateFormat={dateFormat} t={t} />
              {list.next && (
                <button type="button" className="btn mt-4 min-h-11 w-full border border-line text-ink hover:bg-mist" disabled={loadingMore} onClick={() => void more()}>
                  {t('inbox.more')}
                </button>
              )}
            </>
          )}
        </section>
        {inquiry && (
          <ScreenBoundary t={t}>
            <InquiryDetail
              id={inquiry}
              lang={lang}
              dateFormat={dateFormat}
              onClose={() => close(inquiry)}
              onChanged={() => setVersion((v) => v + 1)}
              t={t}
            />
          </ScreenBoundary>
        )}
      </div>
      {/* Under the list, not above the filters: it is known only once the stats arrive, after the list, and
          arriving above them it moved the buttons a person was already pressing. */}
      {notificationsOff && <p role="status" className="rounded-lg border border-line bg-mist p-3 text-sm text-ink">{t('inbox.notificationsOff')}</p>}
    </div>
  );
}
