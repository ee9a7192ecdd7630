import { UPLOAD_ENDPOINTS, type CreateUploadResponse } from '../../src/shared/upload-protocol.ts';
import type { UploadPurpose } from '../../src/shared/uploads.ts';

/** An answer other than 2xx, with the API's error body (`{error: {code, fields, …}}`) for callers that handle one. */
export class ApiError extends Error {
  readonly status: number;
  readonly body: { error?: { code?: string; nextFree?: string[]; fields?: Record<string, string> } } | null;

  constructor(status: number, body: ApiError['body'], message: string) {
    super(message);
    this.status = status;
    this.body = body;
  }

  get code(): string | undefined {
    return this.body?.error?.code;
  }
}

export interface CallOptions {
  token?: string;
  /** The record version the write is based on (decision 033), sent as If-Match, as the panel sends it. */
  ifMatch?: number;
  /** The visitor's address as Netlify's edge names it (the local server honours it, as production does). */
  clientAddress?: string;
  userAgent?: string;
}

export type Api = <T>(method: string, path: string, body?: unknown, options?: CallOptions | string) => Promise<T>;

/**
 * The server's API as the admin panel (and a visitor's browser) calls it: JSON in and out, an ApiError for any
 * answer but 2xx. `options` may be just the bearer token.
 */
export function apiOf(origin: string): Api {
  return async <T>(method: string, path: string, body?: unknown, options: CallOptions | string = {}): Promise<T> => {
    const { token, ifMatch, clientAddress, userAgent } = typeof options === 'string' ? { token: options } : options;
    const headers: Record<string, string> = { Accept: 'application/json' };
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    if (token) headers.Authorization = `Bearer ${token}`;
    if (ifMatch !== undefined) headers['If-Match'] = `"${ifMatch}"`;
    if (clientAddress) headers['x-nf-client-connection-ip'] = clientAddress;
    if (userAgent) headers['User-Agent'] = userAgent;
    const response = await fetch(`${origin}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
    const text = await response.text();
    if (!response.ok) {
      let parsed: ApiError['body'] = null;
      try {
        parsed = JSON.parse(text) as ApiError['body'];
      } catch {
        // Not JSON: the message says what came.
      }
      throw new ApiError(response.status, parsed, `${method} ${path}: ${response.status} ${text.slice(0, 500)}`);
    }
    return (text ? JSON.parse(text) : null) as T;
  };
}

/**
 * Uploads `bytes` as the panel's upload dialog does (ticket, then one PUT) and returns the object's path. Images
 * for the public site are then made public; anything else (a signed lease) stays private.
 */
export async function uploadObject(origin: string, token: string, file: { purpose: UploadPurpose; filename: string; type: string; bytes: Uint8Array; public: boolean }): Promise<string> {
  const api = apiOf(origin);
  const ticket = await api<CreateUploadResponse>('POST', UPLOAD_ENDPOINTS.createUpload, { purpose: file.purpose, filename: file.filename, size: file.bytes.byteLength, type: file.type }, token);
  const put = await fetch(`${origin}${ticket.uploadURL}`, { method: 'PUT', headers: { 'Content-Type': file.type }, body: new Blob([file.bytes as Uint8Array<ArrayBuffer>], { type: file.type }) });
  if (!put.ok) throw new Error(`PUT ${file.filename}: ${put.status} ${await put.text()}`);
  if (file.public) await api('POST', UPLOAD_ENDPOINTS.setPublic, { objectPath: ticket.objectPath }, token);
  return ticket.objectPath;
}
