/**
 * The admin panel's open tab lives in the page URL (`?tab=units`; none for the inbox, the first tab), beside the
 * inbox's own filters (src/client/inbox/url.ts): a reload, or a link, opens the same tab with the same filters.
 */
const KEY = 'tab';

/** The tab the URL names, if any (checked against the person's tabs by the panel). */
export function tabInUrl(): string | null {
  return typeof window === 'undefined' ? null : new URLSearchParams(window.location.search).get(KEY);
}

/**
 * Writes the open tab into the URL without a new history entry; the inbox's parameters stay, so going back to
 * the inbox finds its filters as they were.
 */
export function writeTabToUrl(tab: string, first: string): void {
  const params = new URLSearchParams(window.location.search);
  if (tab === first) params.delete(KEY);
  else params.set(KEY, tab);
  const search = params.toString();
  window.history.replaceState(window.history.state, '', `${window.location.pathname}${search ? `?${search}` : ''}${window.location.hash}`);
}
