import * as v from 'valibot';
import type { ApiErrorBody } from '../../shared/api.ts';

/**
 * An error that becomes a JSON response `{ error: { code, message, fields? } }` with its status.
 * Throw it anywhere below a handler; `handle()` turns it into the response.
 */
export class HttpError extends Error {
  readonly status: number;
  readonly code: string;
  readonly fields: Record<string, string> | undefined;
  readonly headers: Record<string, string> | undefined;

  constructor(
    status: number,
    code: string,
    message: string,
    options: { fields?: Record<string, string>; headers?: Record<string, string> } = {},
  ) {
    super(message);
    this.name = 'HttpError';
    this.status = status;
    this.code = code;
    this.fields = options.fields;
    this.headers = options.headers;
  }
}

/**
 * Headers every function response carries. netlify.toml's [[headers]] do not reach functions, so they
 * are set here. A JSON API never needs to run script or be framed.
 */
export const SECURITY_HEADERS: Record<string, string> = {
  'Content-Security-Policy': "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'",
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'X-Frame-Options': 'DENY',
  'Cross-Origin-Resource-Policy': 'same-origin',
};

function withSecurityHeaders(response: Response): Response {
  for (const [name, value] of Object.entries(SECURITY_HEADERS)) {
    if (!response.headers.has(name)) response.headers.set(name, value);
  }
  return response;
}

/** A JSON response with no-store caching (API answers are per request). */
export function json(data: unknown, init: ResponseInit = {}): Response {
  return new Response(JSON.stringify(data), { ...init, headers: jsonHeaders(init.headers) });
}

function jsonHeaders(init?: HeadersInit): Headers {
  const headers = new Headers(init);
  headers.set('Content-Type', 'application/json; charset=utf-8');
  if (!headers.has('Cache-Control')) headers.set('Cache-Control', 'no-store');
  return headers;
}

/**
 * A JSON response whose body is already-encoded bytes shared between requests (a cache). Streamed as one
 * chunk instead of `new Response(bytes)`, which copies them: half a megabyte copied per request made the
 * garbage collector run a full mark-compact every few requests and set the tail latency.
 */
export function sharedJsonBytes(bytes: Uint8Array<ArrayBuffer>): Response {
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(bytes);
      controller.close();
    },
  });
  return new Response(body, { headers: jsonHeaders({ 'Content-Length': String(bytes.byteLength) }) });
}

export function errorResponse(error: HttpError): Response {
  const body: ApiErrorBody = { error: { code: error.code, message: error.message } };
  if (error.fields) body.error.fields = error.fields;
  return json(body, { status: error.status, headers: error.headers });
}

/** Loopback names are one host: the dev server's pages may say localhost while the functions say 127.0.0.1. */
const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]']);
const sameHost = (a: string, b: string) => a === b || (LOOPBACK.has(a) && LOOPBACK.has(b));

/**
 * Refuses (403 `cross_site_request`) a write sent from another site: a form or `fetch` on a foreign page
 * carries its `Origin`, and browsers mark it `Sec-Fetch-Site: cross-site`. Requests without either
 * (curl, server-to-server) are not a browser's cross-site post and pass.
 */
export function requireSameSite(req: Request): void {
  const refuse = () => new HttpError(403, 'cross_site_request', 'Requests from other sites are refused');
  if (req.headers.get('sec-fetch-site') === 'cross-site') throw refuse();
  const origin = req.headers.get('origin');
  if (origin === null) return;
  let host: string;
  try {
    host = new URL(origin).hostname;
  } catch {
    throw refuse();
  }
  if (!sameHost(host, new URL(req.url).hostname)) throw refuse();
}

/** 415 `unsupported_media_type` unless the body is declared `application/json` (a form post cannot be). */
export function requireJsonType(req: Request): void {
  const type = req.headers.get('content-type')?.split(';')[0]?.trim().toLowerCase();
  if (type !== 'application/json') {
    throw new HttpError(415, 'unsupported_media_type', 'Send the body as application/json');
  }
}

/**
 * Reads a JSON body of a write: another site → 403, not `application/json` → 415 (both before anything
 * is counted or stored), malformed JSON → 400, a body over `maxBytes` → 413.
 */
export async function readJson(req: Request, maxBytes = 64 * 1024): Promise<unknown> {
  requireSameSite(req);
  requireJsonType(req);
  const text = await req.text();
  if (new TextEncoder().encode(text).byteLength > maxBytes) {
    throw new HttpError(413, 'payload_too_large', `Request body exceeds ${maxBytes} bytes`);
  }
  if (text.trim() === '') throw new HttpError(400, 'invalid_json', 'Request body must be JSON');
  try {
    return JSON.parse(text);
  } catch {
    throw new HttpError(400, 'invalid_json', 'Request body is not valid JSON');
  }
}

/**
 * Validates with a shared valibot schema. Failures → 400 with `fields`: field path → dictionary key of
 * the message, the same keys the form shows.
 */
export function parseInput<TSchema extends v.GenericSchema>(schema: TSchema, data: unknown): v.InferOutput<TSchema> {
  const result = v.safeParse(schema, data);
  if (result.success) return result.output;
  const fields: Record<string, string> = {};
  for (const issue of result.issues) {
    const path = v.getDotPath(issue) ?? '_';
    fields[path] ??= issue.message;
  }
  throw new HttpError(400, 'invalid_input', 'Some fields are missing or invalid', { fields });
}

/** Answers 405 with an Allow header unless the method is one of `allowed`. */
export function allowMethods(req: Request, allowed: readonly string[]): void {
  if (!allowed.includes(req.method)) {
    throw new HttpError(405, 'method_not_allowed', `Use ${allowed.join(', ')}`, {
      headers: { Allow: allowed.join(', ') },
    });
  }
}

/**
 * Wraps a function handler: HttpErrors become their JSON response, a database outage becomes 503,
 * anything else 500 without internals; every response gets the security headers.
 */
export function handle<TContext>(
  handler: (req: Request, context: TContext) => Promise<Response>,
): (req: Request, context: TContext) => Promise<Response> {
  return async (req, context) => {
    try {
      return withSecurityHeaders(await handler(req, context));
    } catch (error) {
      if (error instanceof HttpError) return withSecurityHeaders(errorResponse(error));
      if (isUnavailable(error)) {
        // The visitor gets a generic 503; the operator's function log says which dependency and why.
        console.error(`503: ${error instanceof Error ? error.message : String(error)}`);
        return withSecurityHeaders(
          errorResponse(new HttpError(503, 'service_unavailable', 'A service is temporarily unavailable', { headers: { 'Retry-After': '5' } })),
        );
      }
      console.error(error);
      return withSecurityHeaders(errorResponse(new HttpError(500, 'internal_error', 'Unexpected server error')));
    }
  };
}

/** Connection failures of pg, Neon, PGlite or the blob store: the dependency is down, not the request wrong. */
export function isUnavailable(error: unknown): boolean {
  if (error instanceof UnavailableError) return true;
  const code = (error as { code?: string } | null)?.code;
  return typeof code === 'string' && /^(ECONNREFUSED|ECONNRESET|ETIMEDOUT|ENOTFOUND|EHOSTUNREACH|EPIPE|57P0[1-3]|08\d{3})$/.test(code);
}

/** Thrown by the db and storage modules when their backend cannot be reached. */
export class UnavailableError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'UnavailableError';
  }
}
