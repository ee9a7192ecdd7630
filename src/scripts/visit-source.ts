import { INQUIRY_LIMITS, UTM_KEYS, type UtmKey } from '../shared/inquiry-basics.ts';

/**
 * The landing page of a visit, kept on every page (the layout's script) for the inquiry form, which reads it
 * (src/client/kept-visit-source.ts). Only the keeping is here: this module is in the 'site' chunk every page loads.
 */

/** Where a visit came from, as an inquiry sends it (`source`): the landing path, an external referrer, utm_*. */
export interface VisitSource {
  path: string;
  referrer: string | null;
  utm: Partial<Record<UtmKey, string>>;
}

/** One entry per browser tab: the first page of a visit writes it, later pages leave it alone. */
export const VISIT_SOURCE_KEY = 'btower-visit-source';

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

/** Keeps the source of this visit unless an earlier page of the visit already did. Never throws. */
export function rememberVisitSource(): void {
  try {
    // Throws where the browser refuses storage (private mode, disabled storage): caught below.
    const store = window.sessionStorage;
    if (!store || store.getItem(VISIT_SOURCE_KEY) !== null) return;
    store.setItem(VISIT_SOURCE_KEY, JSON.stringify(visitSourceOf(location.href, document.referrer, location.host)));
  } catch {
    // Storage full or refused: the inquiry is simply sent without a source.
  }
}
