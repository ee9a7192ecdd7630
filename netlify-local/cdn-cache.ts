/**
 * Netlify's CDN cache of function responses, as far as this site relies on it (decision 017): a GET
 * answer that declares `Netlify-CDN-Cache-Control: public, …, max-age=N` is kept for N seconds under
 * the key Netlify would use (`Netlify-Vary: query=…|header=…`, else the whole query string) and its
 * `Netlify-Cache-Tag`s, and served again without invoking the function until a purge of one of its
 * tags. Each answer says which it was, as Netlify does: `Cache-Status: "Netlify Edge"; hit` or `fwd=miss`.
 * Not emulated: stale-while-revalidate (an expired entry is simply a miss), `durable`, edge nodes.
 */
interface Entry {
  status: number;
  headers: [string, string][];
  body: Uint8Array;
  tags: string[];
  storedAt: number;
  maxAgeMs: number;
}

export const CACHE_STATUS = { hit: '"Netlify Edge"; hit', miss: '"Netlify Edge"; fwd=miss' } as const;

/** max-age of a public CDN directive, or null when the answer is not for the CDN to keep. */
export function cdnMaxAge(directive: string | null): number | null {
  if (!directive) return null;
  const parts = directive.toLowerCase().split(',').map((part) => part.trim());
  if (!parts.includes('public') || parts.some((part) => part === 'no-store' || part === 'private')) return null;
  const maxAge = parts.find((part) => part.startsWith('max-age='))?.slice('max-age='.length);
  return maxAge && /^\d+$/.test(maxAge) && Number(maxAge) > 0 ? Number(maxAge) : null;
}

/** The Netlify-Vary instructions this emulation honours: which query parameters and request headers key the entry. */
function varyOf(header: string | null): { query: string[] | null; headers: string[] } {
  let query: string[] | null = null;
  const headers: string[] = [];
  for (const part of (header ?? '').split(',').map((item) => item.trim()).filter(Boolean)) {
    const [kind, list = ''] = part.split('=');
    const names = list.split('|').map((name) => name.trim()).filter(Boolean);
    if (kind === 'query') query = names;
    if (kind === 'header') headers.push(...names.map((name) => name.toLowerCase()));
  }
  return { query, headers };
}

export class LocalCdnCache {
  readonly #entries = new Map<string, Entry>();
  /** Per path, how each answer was keyed (the request alone cannot say until the function has answered once). */
  readonly #varies = new Map<string, { query: string[] | null; headers: string[] }>();
  /** Purges so far, per tag: an answer whose tag was purged while it was being made is not kept. */
  readonly #purges = new Map<string, number>();
  readonly #now: () => number;
  /** Counts purges; a request remembers it when it starts (its ticket). */
  #generation = 0;

  constructor(now: () => number = Date.now) {
    this.#now = now;
  }

  #key(url: URL, headers: Headers, vary: { query: string[] | null; headers: string[] }): string {
    const query = vary.query === null ? url.search : new URLSearchParams([...url.searchParams].filter(([name]) => vary.query!.includes(name)).sort()).toString();
    return JSON.stringify([url.pathname, query, ...vary.headers.map((name) => headers.get(name) ?? '')]);
  }

  /** A kept answer for this GET, or null (then call the function, and `keep` its answer with the `ticket`). */
  lookup(url: URL, headers: Headers): { response: Response | null; ticket: number } {
    const ticket = this.#generation;
    const vary = this.#varies.get(url.pathname);
    if (!vary) return { response: null, ticket };
    const entry = this.#entries.get(this.#key(url, headers, vary));
    if (!entry || this.#now() - entry.storedAt >= entry.maxAgeMs) return { response: null, ticket };
    const response = new Response(entry.status === 204 || entry.status === 304 ? null : entry.body.slice(), { status: entry.status, headers: entry.headers });
    response.headers.set('Cache-Status', CACHE_STATUS.hit);
    response.headers.set('Age', String(Math.floor((this.#now() - entry.storedAt) / 1000)));
    return { response, ticket };
  }

  /** The function's answer, kept when it asks the CDN to; returned ready to send (marked a miss). */
  async keep(url: URL, headers: Headers, response: Response, ticket: number): Promise<Response> {
    const maxAge = cdnMaxAge(response.headers.get('netlify-cdn-cache-control') ?? response.headers.get('cdn-cache-control'));
    if (maxAge === null) return response;
    const tags = (response.headers.get('netlify-cache-tag') ?? response.headers.get('cache-tag') ?? '').split(',').map((tag) => tag.trim()).filter(Boolean);
    const body = new Uint8Array(await response.arrayBuffer());
    const marked = new Response(body.byteLength === 0 && response.status !== 200 ? null : body.slice(), { status: response.status, headers: response.headers });
    marked.headers.set('Cache-Status', CACHE_STATUS.miss);
    // A purge of one of its tags since the request began: this answer may predate the write. Do not keep it.
    if (this.#lastPurge(tags) > ticket) return marked;
    const vary = varyOf(response.headers.get('netlify-vary'));
    this.#varies.set(url.pathname, vary);
    this.#entries.set(this.#key(url, headers, vary), { status: response.status, headers: [...response.headers], body, tags, storedAt: this.#now(), maxAgeMs: maxAge * 1000 });
    return marked;
  }

  /** Drops every entry with one of `tags` (Netlify's purge by cache tag); no tags drops everything (a site purge). */
  purge(tags: readonly string[]): number {
    this.#generation++;
    for (const tag of tags.length ? tags : ['*']) this.#purges.set(tag, this.#generation);
    let dropped = 0;
    for (const [key, entry] of this.#entries) {
      if (tags.length === 0 || entry.tags.some((tag) => tags.includes(tag))) {
        this.#entries.delete(key);
        dropped++;
      }
    }
    return dropped;
  }

  /** The purge generation of the last purge of any of `tags` or of the whole site. */
  #lastPurge(tags: readonly string[]): number {
    return Math.max(0, this.#purges.get('*') ?? 0, ...tags.map((tag) => this.#purges.get(tag) ?? 0));
  }
}
