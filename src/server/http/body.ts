import { HttpError } from './errors.ts';
import { requireJsonType } from './json.ts';
import { requireSameSite } from './same-site.ts';

/**
 * A request body as bytes, refusing it as soon as it passes `maxBytes` (413) — a declared
 * Content-Length is checked first, the streamed count guards against a missing or false one.
 */
export async function readBytes(req: Request, maxBytes: number): Promise<Uint8Array> {
  const tooLarge = () => new HttpError(413, 'payload_too_large', `Request body exceeds ${maxBytes} bytes`);
  const declared = Number(req.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > maxBytes) throw tooLarge();
  if (!req.body) return new Uint8Array(0);
  const chunks: Uint8Array[] = [];
  let total = 0;
  const reader = req.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      await reader.cancel().catch(() => undefined);
      throw tooLarge();
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}

/** A JSON body that may be absent (`POST /api/objects/upload` is sent with no body): empty → undefined. */
export async function readOptionalJson(req: Request, maxBytes = 16 * 1024): Promise<unknown> {
  requireSameSite(req);
  const text = new TextDecoder().decode(await readBytes(req, maxBytes));
  if (text.trim() === '') return undefined;
  requireJsonType(req);
  try {
    return JSON.parse(text);
  } catch {
    throw new HttpError(400, 'invalid_json', 'Request body is not valid JSON');
  }
}
