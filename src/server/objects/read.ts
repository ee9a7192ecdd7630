import { HttpError } from '../http/errors.ts';
import { stripImageMetadata } from './image-metadata.ts';
import { checkSignature } from './signing.ts';
import { readObject } from './storage.ts';
import { sniffAttachmentType } from './magic-bytes.ts';
import { opensInline } from '../../shared/uploads.ts';
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
 * never change under the same id); a private one only with a valid, unexpired read signature. An
 * inquiry attachment opens in the tab when it is a PDF or an image, and downloads otherwise.
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
    if (metadata.purpose === 'attachment') {
      // Judged by the bytes, not the stored type (objects stored before types were checked carry the
      // sender's word): a PDF or an image opens in the tab, anything else is a download.
      const type = sniffAttachmentType(new Uint8Array(found.data));
      const inline = opensInline(type);
      headers.set('Content-Type', inline ? (type as string) : type ?? 'application/octet-stream');
      headers.set('Content-Disposition', contentDisposition(inline ? 'inline' : 'attachment', metadata.filename));
    } else {
      headers.set('Content-Disposition', contentDisposition('inline', metadata.filename));
    }
  }
  // Anything served stays inert when opened directly: no script, no plugin of its own, an opaque origin
  // (Chrome's own PDF viewer still shows a PDF under this policy).
  headers.set('Content-Security-Policy', "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox");
  headers.set('Cross-Origin-Resource-Policy', 'same-origin');
  return new Response(headOnly ? null : (data as Uint8Array<ArrayBuffer>), { status: 200, headers });
}
