import { createHash } from 'node:crypto';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

export type Encoding = 'br' | 'gzip';

/** Text a CDN compresses; images, fonts and PDFs are compressed formats already. */
const COMPRESSIBLE = /^(text\/|application\/(json|xml|manifest\+json)|image\/svg\+xml)/;
const MIN_BYTES = 1024;
const MAX_CACHED = 500;
const cache = new Map<string, Buffer>();

/** The encoding to answer with for an Accept-Encoding header: brotli first, as Netlify's CDN does. */
export function negotiateEncoding(acceptEncoding: string | undefined): Encoding | null {
  const accepted = (acceptEncoding ?? '')
    .split(',')
    .map((part) => part.trim().split(';'))
    .filter(([, q]) => !q || Number(q.trim().replace(/^q=/, '')) > 0)
    .map(([name]) => name!.toLowerCase());
  if (accepted.includes('br')) return 'br';
  if (accepted.includes('gzip')) return 'gzip';
  return null;
}

/**
 * The body compressed for the client, or null when it should go as it is. Netlify compresses static
 * text on the way out; serving it raw locally made Lighthouse measure a slower site than production.
 * Each distinct body is compressed once (the build does not change while the server runs).
 */
export function compressFor(body: Buffer, type: string, encoding: Encoding | null): Buffer | null {
  if (!encoding || body.byteLength < MIN_BYTES || !COMPRESSIBLE.test(type)) return null;
  const key = `${encoding}:${createHash('sha1').update(body).digest('hex')}`;
  let packed = cache.get(key);
  if (!packed) {
    packed =
      encoding === 'br'
        ? brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 9, [constants.BROTLI_PARAM_SIZE_HINT]: body.byteLength } })
        : gzipSync(body, { level: 9 });
    if (cache.size >= MAX_CACHED) cache.delete(cache.keys().next().value as string);
    cache.set(key, packed);
  }
  return packed;
}
