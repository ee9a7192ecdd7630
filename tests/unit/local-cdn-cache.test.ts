import { describe, expect, it } from 'vitest';
import { CACHE_STATUS, LocalCdnCache } from '../../netlify-local/cdn-cache.ts';

/** A function's answer as the share pages and public lists send it (src/server/http/cdn-cache.ts). */
function answer(body: string, headers: Record<string, string> = {}): Response {
  return new Response(body, {
    headers: {
      'Netlify-CDN-Cache-Control': 'public, durable, max-age=3600, stale-while-revalidate=86400',
      'Netlify-Cache-Tag': 'units',
      'Netlify-Vary': 'query=page-cache-key',
      ...headers,
    },
  });
}

/** A GET through the cache: a kept answer, else the function's (counted), kept if it says so. */
async function get(cache: LocalCdnCache, href: string, fn: () => Response, headers = new Headers()) {
  const url = new URL(href);
  const { response, ticket } = cache.lookup(url, headers);
  if (response) return response;
  return cache.keep(url, headers, fn(), ticket);
}

describe('the local CDN cache (Netlify-CDN-Cache-Control, cache tags, purge)', () => {
  it('serves a kept page without invoking the function again, for any query it does not vary on, until a purge of its tag', async () => {
    let now = 0;
    const cache = new LocalCdnCache(() => now);
    let calls = 0;
    const fn = () => answer(`version ${++calls}`);
    const first = await get(cache, 'http://site/floors/8f/801/', fn);
    expect(first.headers.get('Cache-Status')).toBe(CACHE_STATUS.miss);
    expect(await first.text()).toBe('version 1');
    now += 60_000;
    const second = await get(cache, 'http://site/floors/8f/801/?utm_source=kakao', fn);
    expect(second.headers.get('Cache-Status')).toBe(CACHE_STATUS.hit);
    expect(await second.text()).toBe('version 1');
    expect(calls).toBe(1);

    expect(cache.purge(['brands'])).toBe(0);
    expect(await (await get(cache, 'http://site/floors/8f/801/', fn)).text()).toBe('version 1');
    expect(cache.purge(['units'])).toBe(1);
    expect(await (await get(cache, 'http://site/floors/8f/801/', fn)).text()).toBe('version 2');
    expect(calls).toBe(2);
  });

  it('keeps an answer for its max-age only', async () => {
    let now = 0;
    const cache = new LocalCdnCache(() => now);
    let calls = 0;
    const fn = () => answer(`v${++calls}`);
    await get(cache, 'http://site/sitemap.xml', fn);
    now += 3_599_000;
    expect(await (await get(cache, 'http://site/sitemap.xml', fn)).text()).toBe('v1');
    now += 1_000;
    expect(await (await get(cache, 'http://site/sitemap.xml', fn)).text()).toBe('v2');
  });

  it('never keeps what is not for the CDN, and keys on the headers an answer varies on', async () => {
    const cache = new LocalCdnCache(() => 0);
    let calls = 0;
    const plain = () => new Response(`private ${++calls}`, { headers: { 'Cache-Control': 'no-store' } });
    await get(cache, 'http://site/api/inquiries', plain);
    expect(await (await get(cache, 'http://site/api/inquiries', plain)).text()).toBe('private 2');

    const list = () => answer(`list ${++calls}`, { 'Netlify-Vary': 'query=floor,header=authorization' });
    const admin = new Headers({ Authorization: 'Bearer a' });
    expect(await (await get(cache, 'http://site/api/units?floor=3F', list)).text()).toBe('list 3');
    expect(await (await get(cache, 'http://site/api/units?floor=3F', list, admin)).text()).toBe('list 4');
    expect(await (await get(cache, 'http://site/api/units?floor=3F&utm_medium=x', list)).text()).toBe('list 3');
    expect(await (await get(cache, 'http://site/api/units?floor=4F', list)).text()).toBe('list 5');
  });

  it('does not keep an answer made while a purge of its tag happened (it may predate the write)', async () => {
    const cache = new LocalCdnCache(() => 0);
    const url = new URL('http://site/floors/8f/801/');
    const { ticket } = cache.lookup(url, new Headers());
    cache.purge(['units']);
    const late = await cache.keep(url, new Headers(), answer('before the write'), ticket);
    expect(await late.text()).toBe('before the write');
    expect(cache.lookup(url, new Headers()).response).toBeNull();
  });
});
