import { useEffect, useState } from 'react';
import { SEARCH_DEBOUNCE_MS } from '~/shared/brand-basics';
import type { Brand } from '~/shared/brand';
import { LOCALE_TAGS, type Locale } from '~/i18n/locales';
import { plural } from '~/i18n/plural';
import type { Messages } from '~/i18n/translate';
import { useQuery } from '~/client/hooks/use-query';
import { useBuiltInBatches } from '~/client/hooks/use-built-in-batches';
import { readUrl } from '~/client/api';
import { useTranslator } from '~/client/hooks/use-translator';
import { useTenantsJsonLd } from '~/seo/use-tenants-json-ld';
import { DIRECTORY_LIST_URL, EMPTY_FILTER, filterFromSearch, filterQuery, filterSearchString, type DirectoryFilter } from '~/client/directory-filter';
import type { DirectoryListLink, DirectoryListLinkId, FirstPictureId } from '~/scripts/directory-list';
import BrandCard, { BrandCardSkeleton, type ImagePriority } from './BrandCard';
import DirectoryFilters from './DirectoryFilters';

interface Props {
  locale: Locale;
  messages: Messages;
}

const SKELETON_COUNT = 6;
const FIRST_PICTURE_ID: FirstPictureId = 'directory-first-picture';
/** The widest layout's first row (3 columns): its pictures load at once, the first one first (LCP). */
const FIRST_ROW = 3;
/** Cards below the first row are laid out and painted only when near the screen: 40 cards at once blocked the main thread. */
const OFFSCREEN_CARD = '[content-visibility:auto] [contain-intrinsic-block-size:auto_30rem]';
/**
 * Cards built in the list's first pass: the first row, all the first screen shows of the cards (the filters
 * and titles take the rest). The others follow BATCH at a time, each batch a task of its own
 * (useBuiltInBatches): building all 40 cards in one task held the first pictures back and blocked taps for
 * ~600 ms on a mid-range phone.
 */
const FIRST_PASS = FIRST_ROW;
const BATCH = 2;
const priorityOf = (index: number): ImagePriority => (index === 0 ? 'high' : index < FIRST_ROW ? 'eager' : 'lazy');

/** The list the page script read from the page's preload, taken once (later reads fetch). */
function takePageList(): Promise<Brand[]> | undefined {
  if (typeof document === 'undefined') return undefined; // pre-rendering
  const link = document.getElementById('directory-list' satisfies DirectoryListLinkId) as DirectoryListLink | null;
  const list = link?.directoryList;
  if (link) delete link.directoryList;
  return list;
}

/**
 * A visitor who types and at once follows a brand's link is leaving: a search settling meanwhile must not
 * rewrite the address, which in Chromium cancels the page load the click started (they would stay here).
 */
let leftAt = -Infinity;
if (typeof window !== 'undefined') addEventListener('beforeunload', () => (leftAt = Date.now()));
const leavingPage = () => Date.now() - leftAt < 5_000;

/** /brands: search and filters, kept in the URL so a view can be shared, reloaded and returned to. */
export default function BrandDirectory({ locale, messages }: Props) {
  const t = useTranslator(locale, messages);
  // null until the URL has been read: the pre-rendered HTML cannot know it, and we fetch once, filtered.
  const [filter, setFilter] = useState<DirectoryFilter | null>(null);
  // The search the list and the URL follow: the box's text once it has rested SEARCH_DEBOUNCE_MS.
  const [settledSearch, setSettledSearch] = useState('');
  // Text typed into the pre-rendered search box before this island woke up: kept, not replaced by the URL's.
  const [typedEarly] = useState(() => (typeof document === 'undefined' ? '' : document.querySelector<HTMLInputElement>('form[role="search"] input[name="search"]')?.value ?? ''));

  // The unfiltered list the page script already read (it started the first picture with it).
  const [pageList, setPageList] = useState<Promise<Brand[]>>();
  useEffect(() => {
    const fromUrl = () => {
      const next = filterFromSearch(location.search);
      setFilter(next);
      setSettledSearch(next.search);
    };
    // The page script is a module, so it runs once the page is parsed, and the island's code, preloaded, can
    // wake up before that: the list is asked for only then, or it would be fetched a second time.
    const start = () => {
      setPageList(takePageList());
      fromUrl();
      if (typedEarly) setFilter((current) => ({ ...(current ?? EMPTY_FILTER), search: typedEarly }));
    };
    if (document.readyState === 'loading') addEventListener('DOMContentLoaded', start, { once: true });
    else start();
    addEventListener('popstate', fromUrl);
    return () => {
      removeEventListener('DOMContentLoaded', start);
      removeEventListener('popstate', fromUrl);
    };
  }, []);

  const typed = filter?.search;
  useEffect(() => {
    if (typed === undefined) return;
    const timer = setTimeout(() => setSettledSearch(typed), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [typed]);

  // The selects apply at once; the search once settled.
  const applied = filter && { ...filter, search: settledSearch };
  const appliedSearch = applied ? filterSearchString(applied) : null;
  useEffect(() => {
    if (appliedSearch !== null && appliedSearch !== location.search && !leavingPage()) {
      history.replaceState(history.state, '', `${location.pathname}${appliedSearch}${location.hash}`);
    }
  }, [appliedSearch]);

  const [pageRead, setPageRead] = useState<{ data?: Brand[]; error?: Error }>({});
  useEffect(() => {
    pageList?.then((list) => setPageRead({ data: list }), (failed: Error) => setPageRead({ error: failed }));
  }, [pageList]);
  const key = applied ? (['/api/brands', filterQuery(applied)] as const) : null;
  const fromPage = pageList !== undefined && key !== null && readUrl(key) === DIRECTORY_LIST_URL;
  const query = useQuery<Brand[]>(fromPage ? null : key);
  const { data, error } = fromPage ? pageRead : query;
  const loading = !data && !error;
  useTenantsJsonLd(data);
  const built = useBuiltInBatches(data, FIRST_PASS, BATCH);

  const reset = () => {
    setFilter(EMPTY_FILTER);
    setSettledSearch('');
  };

  return (
    <div>
      <DirectoryFilters filter={filter ?? EMPTY_FILTER} onChange={setFilter} onReset={reset} localeTag={LOCALE_TAGS[locale]} t={t} />
      {/* Busy until every card is built, so a screen reader announces the list once, whole. At least a screen
          tall (decision 042): the loading cards, then no brands or a few, never pull the footer up into view
          (an empty building's answer did, CLS 0.17, whenever the loading cards had been painted). */}
      <div aria-live="polite" aria-busy={loading || (data !== undefined && built < data.length)} className="mt-10 min-h-svh" data-testid="brand-results">
        {error && <p className="py-16 text-center text-muted">{t('brands.loadFailed')}</p>}
        {loading && (
          <>
            {/* The result count's line, kept so the first picture does not move when the cards come. */}
            <div className="mb-6 h-6" aria-hidden="true" />
            <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
              {Array.from({ length: SKELETON_COUNT }, (_, i) => <BrandCardSkeleton key={i} pictureId={i === 0 ? FIRST_PICTURE_ID : undefined} />)}
              <span className="sr-only">{t('brands.loading')}</span>
            </div>
          </>
        )}
        {data && data.length === 0 && <p className="py-16 text-center text-muted" data-testid="no-brands">{t('brands.empty')}</p>}
        {data && data.length > 0 && (
          <>
            {/* A heading between the page's h1 and the cards' h3, so the outline has no gap. */}
            <h2 className="mb-6 text-base font-semibold text-ink" data-testid="result-count">{plural(t, LOCALE_TAGS[locale], 'brands.resultCount', data.length)}</h2>
            <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
              {data.slice(0, built).map((brand, index) => (
                <li key={brand.id} className={index < FIRST_ROW ? undefined : OFFSCREEN_CARD}>
                  <BrandCard brand={brand} t={t} imagePriority={priorityOf(index)} />
                </li>
              ))}
            </ul>
          </>
        )}
      </div>
    </div>
  );
}
