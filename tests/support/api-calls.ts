import { randomUUID } from 'node:crypto';
import type { Context } from '@netlify/functions';

type Handler = (req: Request, context: Context) => Promise<Response>;

export interface CallOptions {
  body?: unknown;
  /** Sent as-is instead of JSON-encoding `body`. */
  rawBody?: string;
  token?: string;
  /** The client's address (Netlify's context.ip); a fresh one per call by default. */
  ip?: string;
  headers?: Record<string, string>;
}

/** Calls a function handler the way Netlify would, with a Request on http://127.0.0.1. */
export async function call(handler: Handler, method: string, path: string, options: CallOptions = {}) {
  const headers = new Headers(options.headers);
  if (options.token) headers.set('Authorization', `Bearer ${options.token}`);
  let body: string | undefined = options.rawBody;
  if (options.body !== undefined) body = JSON.stringify(options.body);
  // A body is sent as JSON unless the test names another type (the 415 cases).
  if (body !== undefined && !headers.has('Content-Type')) headers.set('Content-Type', 'application/json');
  const req = new Request(`http://127.0.0.1${path}`, { method, headers, body });
  // Each call is a client of its own unless `ip` names one, so one test's rate limits never reach another.
  const context = { ip: options.ip ?? `client-${randomUUID()}`, params: {} } as unknown as Context;
  const response = await handler(req, context);
  const text = await response.text();
  return { status: response.status, headers: response.headers, text, json: text ? JSON.parse(text) : null };
}
