import { HttpError } from '../http/errors.ts';
import { stripImageMetadata } from './image-metadata.ts';
import { checkSignature } from './signing.ts';
import { readObject } from './storage.ts';
import { printableFilename } from '../http/storable-text.ts';

const YEAR_SECONDS = 365 * 24 * 60 * 60;

/** `filename="ascii"; filename*=UTF-8''…` so Korean and other names survive every browser. */
export function contentDisposition(kind: 'attachment' | 'inline', name: string): string {
  // Names stored before uploads were cleaned may still carry bidi overrides: never offer them.
  const filename = printableFilename(name) || 'file';
  const ascii = filename.replace(/[^\x20-\x7e]|["\\;]/g, '_');
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(filename)}`;
}

/**
 * `GET /objects/uploads/{id}`: a public object to anyone, with a long immutable cache (its bytes
 * never change under the same id); a private one only with a valid, unexpired read signature.
 * Everything else — unknown id, no or bad signature — is the same 404, revealing nothing.
 */
export async function objectResponse(objectPath: string, params: URLSearchParams, headOnly: boolean): Promise<Response> {
  const found = await readObject(objectPath);
  const notFound = new HttpError(404, 'object_not_found', 'Not found');
  if (!found) throw notFound;
  const { metadata } = found;
  // What anyone downloads — the original or, through the Image CDN, a resized copy — carries no EXIF
  // location: the stored bytes stay as uploaded, the metadata goes on the way out (decision 006).
  const data = metadata.contentType.startsWith('image/') ? stripImageMetadata(new Uint8Array(found.data)) : new Uint8Array(found.data);
  const headers = new Headers({
    'Content-Type': metadata.contentType,
    'Content-Length': String(data.byteLength),
    'X-Content-Type-Options': 'nosniff',
  });
  if (metadata.public) {
    headers.set('Cache-Control', `public, max-age=${YEAR_SECONDS}, immutable`);
    // Netlify's CDN may keep it too: the bytes under an id never change. (404s are no-store.)
    headers.set('Netlify-CDN-Cache-Control', `public, durable, max-age=${YEAR_SECONDS}, immutable`);
    headers.set('Content-Disposition', contentDisposition('inline', metadata.filename));
  } else {
    if ((await checkSignature('get', objectPath, params)) !== 'valid') throw notFound;
    headers.set('Cache-Control', 'private, no-store');
    const kind = metadata.purpose === 'attachment' ? 'attachment' : 'inline';
    headers.set('Content-Disposition', contentDisposition(kind, metadata.filename));
  }
  // Public thumbnails are shown by our own pages; anything served stays inert if opened directly.
  headers.set('Content-Security-Policy', "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox");
  headers.set('Cross-Origin-Resource-Policy', 'same-origin');
  return new Response(headOnly ? null : (data as Uint8Array<ArrayBuffer>), { status: 200, headers });
}
