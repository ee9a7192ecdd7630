import * as v from 'valibot';
import { HttpError } from './errors.ts';
import { requireSameSite } from './same-site.ts';

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

