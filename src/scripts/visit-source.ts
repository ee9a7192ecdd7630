import { INQUIRY_LIMITS, UTM_KEYS, type UtmKey } from '../shared/inquiry-basics.ts';

/** Where a visit came from, as an inquiry sends it (`source`): the landing path, an external referrer, utm_*. */
export interface VisitSource {
  path: string;
  referrer: string | null;
  utm: Partial<Record<UtmKey, string>>;
}

/** One entry per browser tab: the first page of a visit writes it, later pages leave it alone. */
const STORAGE_KEY = 'btower-visit-source';

/** `www.example.com` and `example.com` are the same site. */
const siteOf = (host: string) => host.toLowerCase().replace(/^www\./, '');

/**
 * The source of a visit landing on `url`: its path, the referrer unless it is this site (moving between
 * our own pages is not a source), and the known utm_* parameters, trimmed to what the server stores.
 * @example visitSourceOf('https://btower.kr/en/?utm_source=naver', 'https://search.naver.com/', 'btower.kr')
 *   // { path: '/en/', referrer: 'https://search.naver.com/', utm: { utm_source: 'naver' } }
 */
export function visitSourceOf(url: string, referrer: string, host: string): VisitSource {
  const landing = new URL(url);
  const utm: VisitSource['utm'] = {};
  for (const key of UTM_KEYS) {
    const value = landing.searchParams.get(key)?.trim().slice(0, INQUIRY_LIMITS.utmValue);
    if (value) utm[key] = value;
  }
  return { path: landing.pathname.slice(0, INQUIRY_LIMITS.sourcePath), referrer: externalReferrer(referrer, host), utm };
}

function externalReferrer(referrer: string, host: string): string | null {
  let from: URL;
  try {
    from = new URL(referrer);
  } catch {
    return null;
  }
  if (!/^https?:$/.test(from.protocol) || siteOf(from.host) === siteOf(host)) return null;
  return referrer.slice(0, INQUIRY_LIMITS.referrer);
}

/** Session storage, or null where the browser refuses it (private mode, disabled storage). */
function storage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

/** Keeps the source of this visit unless an earlier page of the visit already did. Never throws. */
export function rememberVisitSource(): void {
  try {
    const store = storage();
    if (!store || store.getItem(STORAGE_KEY) !== null) return;
    store.setItem(STORAGE_KEY, JSON.stringify(visitSourceOf(location.href, document.referrer, location.host)));
  } catch {
    // Storage full or refused: the inquiry is simply sent without a source.
  }
}

/** The source this visit began with, or null when none was kept or what was kept is not one. */
export function readVisitSource(): VisitSource | null {
  try {
    const kept: unknown = JSON.parse(storage()?.getItem(STORAGE_KEY) ?? 'null');
    if (!kept || typeof kept !== 'object') return null;
    const { path, referrer, utm } = kept as Record<string, unknown>;
    if (typeof path !== 'string' || (referrer !== null && typeof referrer !== 'string') || !utm || typeof utm !== 'object') return null;
    const known = Object.entries(utm).filter(([key, value]) => (UTM_KEYS as readonly string[]).includes(key) && typeof value === 'string');
    return { path, referrer, utm: Object.fromEntries(known) };
  } catch {
    return null;
  }
}
