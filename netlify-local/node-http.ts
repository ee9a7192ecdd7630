import type { IncomingMessage, ServerResponse } from 'node:http';
import { Readable } from 'node:stream';

/** A request body that passed the server's size limit. */
export class BodyTooLargeError extends Error {}

/**
 * Reads a Node request body, refusing it once it passes `maxBytes`. The rest is still drained (not
 * kept), so the client gets the 413 answer instead of a broken pipe mid-upload.
 */
export async function readNodeBody(req: IncomingMessage, maxBytes: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let total = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    total += chunk.byteLength;
    if (total <= maxBytes) chunks.push(chunk);
    else chunks.length = 0;
  }
  if (total > maxBytes) throw new BodyTooLargeError();
  return Buffer.concat(chunks);
}

/**
 * Whether a function receives the body of a request, as on Netlify: never for GET and HEAD, and never for a
 * request that declares no Content-Type — Netlify's function runtime drops such a body, so the function sees
 * an empty one (a browser sends none for a file whose type it does not know, an .hwp; issue 38). The blob
 * store's own emulation is not a function and keeps every body.
 */
export function functionGetsBody(method: string | undefined, contentType: string | undefined, body: Buffer | null): boolean {
  return body !== null && body.byteLength > 0 && method !== 'GET' && method !== 'HEAD' && Boolean(contentType?.trim());
}

/** The web `Request` a function sees for a Node request whose body has been read. */
export function toWebRequest(req: IncomingMessage, origin: string, body: Buffer | null): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined || name.startsWith(':')) continue;
    for (const item of Array.isArray(value) ? value : [value]) headers.append(name, item);
  }
  const hasBody = body !== null && body.byteLength > 0 && req.method !== 'GET' && req.method !== 'HEAD';
  return new Request(new URL(req.url ?? '/', origin), {
    method: req.method,
    headers,
    body: hasBody ? new Uint8Array(body) : undefined,
  });
}

/** Writes a web `Response` to a Node response, streaming its body. */
export async function sendWebResponse(res: ServerResponse, response: Response, headOnly = false): Promise<void> {
  const headers: Record<string, string | string[]> = {};
  response.headers.forEach((value, name) => {
    if (name === 'set-cookie') return;
    headers[name] = value;
  });
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) headers['set-cookie'] = cookies;
  res.writeHead(response.status, headers);
  if (!response.body || headOnly) {
    res.end();
    return;
  }
  await new Promise<void>((resolve, reject) => {
    Readable.fromWeb(response.body as import('node:stream/web').ReadableStream).on('error', reject).pipe(res).on('finish', resolve).on('error', reject);
  });
}
