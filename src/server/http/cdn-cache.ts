import { purgeCache } from '@netlify/functions';

/**
 * Public lists cached at Netlify's CDN, and the purge that keeps them right (design: CDN cache for
 * public reads). Between writes a page view costs no function invocation and no database query; every
 * write purges its list's tag before it answers, so the next request sees it.
 */
export const CACHE_TAGS = { brands: 'brands', units: 'units', privacy: 'privacy' } as const;
export type CacheTag = (typeof CACHE_TAGS)[keyof typeof CACHE_TAGS];

/** An hour at the CDN (the bound on staleness if every purge attempt failed), then a day served stale while refreshed. */
export const CDN_MAX_AGE_SECONDS = 3600;
export const CDN_STALE_SECONDS = 86_400;
export const PURGE_ATTEMPTS = 3;
const PURGE_TIMEOUT_MS = 5000;

/**
 * Headers of a public GET list. The browser always revalidates (a write shows at once); the CDN keeps
 * it, shared across edge nodes (`durable`), keyed only by the query parameters the list reads, so
 * `utm_*` variants share one entry. A list that answers differently to an admin's bearer varies on
 * `Authorization` too, so a cached public answer is never served to the admin (nor the reverse).
 * @example new Response(body, { headers: publicListHeaders(CACHE_TAGS.brands, ['category', 'limit']) })
 */
export function publicListHeaders(tag: CacheTag, varyQuery: readonly string[] = [], varyHeaders: readonly string[] = []): Record<string, string> {
  const vary = [
    ...(varyQuery.length > 0 ? [`query=${varyQuery.join('|')}`] : []),
    ...(varyHeaders.length > 0 ? [`header=${varyHeaders.map((name) => name.toLowerCase()).join('|')}`] : []),
  ];
  return {
    'Cache-Control': 'public, max-age=0, must-revalidate',
    'Netlify-CDN-Cache-Control': `public, durable, max-age=${CDN_MAX_AGE_SECONDS}, stale-while-revalidate=${CDN_STALE_SECONDS}`,
    'Netlify-Cache-Tag': tag,
    ...(vary.length > 0 ? { 'Netlify-Vary': vary.join(',') } : {}),
  };
}

/**
 * Headers of a public page a function renders (a space's or a brand's page, a spec sheet, the sitemap):
 * cached like the lists, under every tag whose data it shows, so a write to any of them purges it. A
 * page keys its entry on the query parameters it reads (`readsQuery`, none for most) and on one nobody
 * sends: `?utm_source=…` and every other variant of a shared link are one entry, not one function call each.
 * @example publicPageHeaders([CACHE_TAGS.brands, CACHE_TAGS.units])
 */
export function publicPageHeaders(tags: readonly CacheTag[], readsQuery: readonly string[] = []): Record<string, string> {
  return { ...publicListHeaders(tags[0]!, [PAGE_CACHE_KEY_PARAM, ...readsQuery]), 'Netlify-Cache-Tag': tags.join(',') };
}
/** The one query parameter page responses vary on, which no link carries. */
export const PAGE_CACHE_KEY_PARAM = 'page-cache-key';

let warnedLocal = false;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Purges the CDN entries of `tags`, retrying with backoff; every failure is logged, and a final one
 * says for how long the list may be stale. Resolves true when purged (or when there is no CDN:
 * without `NETLIFY_PURGE_API_TOKEN`, i.e. locally), false when every attempt failed. Never throws:
 * the write itself has succeeded. `NETLIFY_PURGE_API_URL` points it at a stand-in API (tests).
 */
export async function purgeTags(tags: readonly CacheTag[]): Promise<boolean> {
  if (!process.env.NETLIFY_PURGE_API_TOKEN) {
    if (!warnedLocal) console.info(`[cdn-cache] no NETLIFY_PURGE_API_TOKEN: no CDN to purge (local server), skipped for ${tags.join(', ')}`);
    warnedLocal = true;
    return true;
  }
  for (let attempt = 1; attempt <= PURGE_ATTEMPTS; attempt++) {
    try {
      const purge = purgeCache({ tags: [...tags], apiURL: process.env.NETLIFY_PURGE_API_URL || undefined });
      await Promise.race([purge, pause(PURGE_TIMEOUT_MS).then(() => Promise.reject(new Error(`no answer in ${PURGE_TIMEOUT_MS} ms`)))]);
      return true;
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      console.error(`[cdn-cache] purge of ${tags.join(', ')} failed (attempt ${attempt}/${PURGE_ATTEMPTS}): ${message}`);
      if (attempt < PURGE_ATTEMPTS) await pause(100 * 2 ** attempt);
    }
  }
  console.error(`[cdn-cache] purge of ${tags.join(', ')} gave up: the CDN may serve the old list for up to ${CDN_MAX_AGE_SECONDS} s`);
  return false;
}
