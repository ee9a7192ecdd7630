import { atom } from 'nanostores';
import { $adminToken } from '../stores.ts';
import { readInboxPage, type InboxFilters, type InboxPage } from './api.ts';
import { readInboxLocation } from './url.ts';
import { tabInUrl } from '../admin-tab-url.ts';

/**
 * Whether the inbox's first page has arrived (or could not, or the inbox was left before it did) since
 * sign-in. The list is what the team waits for after signing in (issue 29: painted ≤ 150 ms), so what only
 * fills in around it — who I am (`/api/admin/me`) and the people to assign to — is asked for after it and
 * never queues in front of it on the server. Back to false when the session ends.
 */
export const $inboxFirstPage = atom(false);

export function inboxFirstPageDone(): void {
  if (!$inboxFirstPage.get()) $inboxFirstPage.set(true);
}

/**
 * The first page, asked for the moment a session starts (the sign-in answer, or a stored session when /admin
 * loads) when the inbox is the tab to show, so it travels while the panel renders instead of after.
 */
let early: { filters: string; page: Promise<InboxPage>; at: number } | null = null;
/** An early page older than this (a set-up screen showed first) is not shown: the list is read again. */
const EARLY_PAGE_KEEPS_MS = 10_000;

/** The inbox's first page for these filters: the one already asked for when the session started, else a new request. */
export function firstInboxPage(filters: InboxFilters): Promise<InboxPage> {
  const fresh = early && early.filters === JSON.stringify(filters) && Date.now() - early.at < EARLY_PAGE_KEEPS_MS;
  const taken = fresh ? early!.page : null;
  early = null;
  return taken ?? readInboxPage(filters);
}

function inboxIsFirstToShow(): boolean {
  const tab = tabInUrl();
  // A mailed link's card (#invitation=, #reset=) shows instead of the panel.
  // A lease's link (?lease=, the expiring mail) opens the leases tab.
  return (tab === null || tab === 'inquiries') && !new URLSearchParams(window.location.search).has('lease') && !/^#(invitation|reset)=/.test(window.location.hash);
}

let signedIn = false;
$adminToken.subscribe((token) => {
  const started = Boolean(token) && !signedIn;
  signedIn = Boolean(token);
  if (!token) {
    early = null;
    $inboxFirstPage.set(false);
  } else if (started && typeof window !== 'undefined' && inboxIsFirstToShow()) {
    const { filters } = readInboxLocation();
    const page = readInboxPage(filters);
    const asked = (early = { filters: JSON.stringify(filters), page, at: Date.now() });
    // A refused page (a set-up screen shows instead) is reported by the inbox's own request, not this one.
    page.catch(() => {
      if (early === asked) early = null;
    });
  }
});
