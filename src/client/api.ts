import { $adminToken } from './stores.ts';
import { noteIdleMinutes, noteSessionUse } from './session-use.ts';
import { BACKGROUND_HEADER, IDEMPOTENCY_KEY_HEADER, IDLE_TIMEOUT_HEADER } from '../shared/api.ts';
import { etagOf, IF_MATCH_HEADER } from '../shared/versions.ts';

/** Query parameters of a read; null and undefined values are left out (spec §7). */
export type Query = Record<string, string | number | boolean | null | undefined>;

/** A read key: the path, then an optional query object. */
export type ReadKey = readonly [path: string, query?: Query];

/** A non-2xx answer. Its message is `"<status>: <body text or status text>"` (spec §8). */
export class ApiError extends Error {
  status: number;
  /** The `{error:{code,fields}}` body of our functions, when the body was one. */
  code: string | undefined;
  fields: Record<string, string> | undefined;
  /** A refused tour slot's next free starts (ISO), when the answer offered them. */
  nextFree: string[] | undefined;
  /** A 409 `conflict`'s record as it is now (src/shared/versions.ts). */
  current: unknown;
  /** Seconds from the answer's Retry-After (a 429 or 503), when it gave one. */
  retryAfter: number | undefined;
  /** The whole JSON body, when it was one (a 401 `second_factor_required` carries its `challenge` there). */
  data: unknown;

  constructor(status: number, statusText: string, bodyText: string, retryAfter?: string | null) {
    super(`${status}: ${bodyText || statusText}`);
    this.name = 'ApiError';
    this.status = status;
    const seconds = Number(retryAfter);
    this.retryAfter = retryAfter && Number.isFinite(seconds) && seconds >= 0 ? seconds : undefined;
    this.data = parseJson(bodyText);
    const parsed = (this.data as { error?: { code?: string; fields?: Record<string, string>; nextFree?: string[]; current?: unknown } } | undefined)?.error;
    this.code = parsed?.code;
    this.fields = parsed?.fields;
    this.nextFree = parsed?.nextFree;
    this.current = parsed?.current;
  }
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/**
 * The URL of a read key.
 * @example readUrl(['/api/brands', { floor: '1F', search: null }]) // '/api/brands?floor=1F'
 */
export function readUrl([path, query]: ReadKey): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value !== null && value !== undefined) params.append(name, String(value));
  }
  const search = params.toString();
  return search ? `${path}?${search}` : path;
}

function headers(json: boolean, extra: Record<string, string> = {}): Headers {
  const out = new Headers({ ...extra, Accept: 'application/json' });
  if (json) out.set('Content-Type', 'application/json');
  const token = $adminToken.get();
  if (token) out.set('Authorization', `Bearer ${token}`);
  return out;
}

async function send<T>(method: string, url: string, body?: unknown, signal?: AbortSignal, extraHeaders?: Record<string, string>): Promise<T> {
  const background = extraHeaders?.[BACKGROUND_HEADER] === '1';
  const hasBody = body !== undefined;
  const sentAt = Date.now();
  const response = await fetch(url, {
    method,
    headers: headers(hasBody, extraHeaders),
    body: hasBody ? JSON.stringify(body) : undefined,
    credentials: 'include',
    signal,
  });
  const text = await response.text();
  if (response.status !== 401 && !background && $adminToken.get()) noteSessionUse(sentAt);
  noteIdleMinutes(response.headers.get(IDLE_TIMEOUT_HEADER));
  if (!response.ok) throw new ApiError(response.status, response.statusText, text, response.headers.get('Retry-After'));
  return (text ? JSON.parse(text) : null) as T;
}

/**
 * A read the panel makes on its own (a poll for new inquiries), not the person: the server does not count
 * it as a use of the session, nor does the panel's idle clock (docs/decisions/026-sessions-that-end.md).
 */
export function apiReadInBackground<T>(key: ReadKey): Promise<T> {
  return send<T>('GET', readUrl(key), undefined, undefined, { [BACKGROUND_HEADER]: '1' });
}

/** A GET of a read key; once, no retries. */
export function apiRead<T>(key: ReadKey, signal?: AbortSignal): Promise<T> {
  return send<T>('GET', readUrl(key), undefined, signal);
}

/**
 * A write: method, path and an optional JSON body. With `version`, the write is checked against the
 * version it was based on (If-Match). With `idempotencyKey`, a resend after a lost answer
 * cannot store twice (the server answers with what it stored the first time).
 */
export function apiWrite<T>(
  method: 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  path: string,
  body?: unknown,
  options: { idempotencyKey?: string; version?: number } = {},
): Promise<T> {
  const extra: Record<string, string> = {};
  if (options.idempotencyKey) extra[IDEMPOTENCY_KEY_HEADER] = options.idempotencyKey;
  // The version the edit was based on: a stale write answers 409 `conflict` instead of overwriting (decision 033).
  if (options.version !== undefined) extra[IF_MATCH_HEADER] = etagOf(options.version);
  return send<T>(method, path, body, undefined, extra);
}
