import sharp from 'sharp';
import { negotiateFormat, parseImageRequest, type ImageRequest } from './params.ts';

/** Reads a same-site path (the server fetches itself, as Netlify's CDN fetches the origin). */
export type SourceFetch = (path: string) => Promise<Response>;

const CONTENT_TYPES = { avif: 'image/avif', webp: 'image/webp', jpg: 'image/jpeg', png: 'image/png', gif: 'image/gif' } as const;
/** Transformed images kept in memory: repeated page loads cost no re-encode, as on the CDN's cache. */
const CACHE_MAX_BYTES = 96 * 1024 * 1024;
const cache = new Map<string, { type: string; body: Buffer; cacheControl: string }>();
let cachedBytes = 0;

function problem(status: number, message: string): Response {
  return new Response(message, { status, headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' } });
}

async function transform(source: Buffer, request: ImageRequest, format: keyof typeof CONTENT_TYPES): Promise<Buffer> {
  // rotate() applies the EXIF orientation before the metadata is dropped (sharp keeps none by default),
  // so a phone photo stands the right way up and carries no GPS tags.
  let image = sharp(source, { failOn: 'none', limitInputPixels: 50_000_000 }).rotate();
  if (request.w || request.h) {
    const fit = request.fit === 'contain' ? 'inside' : request.fit;
    image = image.resize({ width: request.w, height: request.h, fit, position: request.position, withoutEnlargement: true });
  }
  const quality = request.q;
  if (format === 'avif') image = image.avif({ quality, effort: 2 });
  else if (format === 'webp') image = image.webp({ quality, effort: 3 });
  else if (format === 'png') image = image.png();
  else if (format === 'gif') image = image.gif();
  else image = image.jpeg({ quality, mozjpeg: true });
  return image.toBuffer();
}

/**
 * `GET /.netlify/images?url=…&w=…` as Netlify's Image CDN answers it: resize/crop with its parameters,
 * format by `fm` or by the Accept header, `Vary: Accept`, and the source's caching. A missing source
 * is the source's status; anything that is not an image is refused.
 */
export async function imageResponse(search: URLSearchParams, accept: string | undefined, fetchSource: SourceFetch): Promise<Response> {
  const parsed = parseImageRequest(search);
  if (!parsed.ok) return problem(400, parsed.message);
  const { request } = parsed;
  // Like the CDN, a transformation once made is served from the cache without asking the origin again:
  // uploaded objects never change under their id, and the built files not while the server runs.
  const key = `${JSON.stringify(request)}:${negotiateFormat(request, accept, '')}`;
  let entry = cache.get(key);
  if (!entry) {
    const source = await fetchSource(request.url);
    if (!source.ok) return problem(source.status === 404 ? 404 : 502, 'source image not available');
    const sourceType = (source.headers.get('content-type') ?? '').split(';')[0]!.trim();
    if (!/^image\/(jpeg|png|webp|avif|gif)$/.test(sourceType)) return problem(400, 'source is not an image');
    const format = negotiateFormat(request, accept, sourceType);
    const body = Buffer.from(await source.arrayBuffer());
    let out: Buffer;
    try {
      out = await transform(body, request, format);
    } catch {
      return problem(400, 'source image cannot be decoded');
    }
    entry = { type: CONTENT_TYPES[format], body: out, cacheControl: source.headers.get('cache-control') ?? 'public, max-age=0, must-revalidate' };
    cache.set(key, entry);
    cachedBytes += out.byteLength;
    while (cachedBytes > CACHE_MAX_BYTES) {
      const [oldest, value] = cache.entries().next().value!;
      cache.delete(oldest);
      cachedBytes -= value.body.byteLength;
    }
  }
  return new Response(new Uint8Array(entry.body), {
    status: 200,
    headers: {
      'Content-Type': entry.type,
      'Content-Length': String(entry.body.byteLength),
      'Cache-Control': entry.cacheControl,
      Vary: 'Accept',
      'X-Content-Type-Options': 'nosniff',
    },
  });
}
