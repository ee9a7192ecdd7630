import type { Locale } from '../../i18n/locales.ts';
import { publicPageHeaders, type CacheTag } from '../http/cdn-cache.ts';
import { pageCsp, siteFileText } from './shell.ts';

/**
 * A share page's response: HTML with its own CSP (netlify.toml's headers never reach functions), cached
 * at the CDN under the tags of the data it shows until a write purges them (decision 017).
 */
export function htmlPage(page: string, status: number, tags: readonly CacheTag[], readsQuery: readonly string[] = []): Response {
  return new Response(page, { status, headers: { ...pageHeaders(page), ...publicPageHeaders(tags, readsQuery) } });
}

/** A page made without the data it usually shows (the database was away): its CSP, and nothing kept at the CDN. */
export function uncachedHtmlPage(page: string): Response {
  return new Response(page, { headers: { ...pageHeaders(page), 'Cache-Control': 'public, max-age=0, must-revalidate' } });
}

function pageHeaders(page: string): Record<string, string> {
  return { 'Content-Type': 'text/html; charset=utf-8', 'Content-Security-Policy': pageCsp(page) };
}

/** A permanent redirect (a renamed brand, a renumbered space, the address without its final slash), cached like the page. */
export function movedTo(location: string, tags: readonly CacheTag[]): Response {
  return new Response(null, { status: 301, headers: { Location: location, ...publicPageHeaders(tags) } });
}

/** The site's own not-found page of `locale` (what any unknown path shows), with status 404. */
export async function notFoundPage(locale: Locale, tags: readonly CacheTag[]): Promise<Response> {
  return htmlPage(await siteFileText(locale === 'ko' ? '404.html' : `${locale}/404/index.html`), 404, tags);
}
