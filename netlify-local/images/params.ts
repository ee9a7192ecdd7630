import { IMAGE_FITS, IMAGE_FORMATS, IMAGE_MAX_WIDTH, IMAGE_MIN_WIDTH, IMAGE_POSITIONS, IMAGE_QUALITY_RANGE } from '../../src/shared/image-url.ts';

/** What a `/.netlify/images` request asks for, after checking every parameter. */
export interface ImageRequest {
  /** A same-site path without query: a built file or a public uploaded object. */
  url: string;
  w?: number;
  h?: number;
  fit: (typeof IMAGE_FITS)[number];
  position: (typeof IMAGE_POSITIONS)[number];
  fm?: (typeof IMAGE_FORMATS)[number];
  q: number;
}

export type ParsedImageRequest = { ok: true; request: ImageRequest } | { ok: false; message: string };

const DEFAULT_QUALITY = 75;

function integerIn(value: string | null, [min, max]: readonly [number, number]): number | undefined | null {
  if (value === null || value === '') return undefined;
  if (!/^\d+$/.test(value)) return null;
  const n = Number(value);
  return n >= min && n <= max ? n : null;
}

function oneOf<T extends string>(value: string | null, allowed: readonly T[]): T | undefined | null {
  if (value === null || value === '') return undefined;
  return (allowed as readonly string[]).includes(value) ? (value as T) : null;
}

/**
 * Netlify's Image CDN parameters (url, w, h, fit, position, fm, q). The source is a path of this site:
 * no remote images are allowed (netlify.toml has no `remote_images`), so the route is no open proxy,
 * and a query in `url` is refused, so a signed (private) object link cannot be passed through.
 */
export function parseImageRequest(search: URLSearchParams): ParsedImageRequest {
  const url = search.get('url') ?? '';
  // A path that normalises to itself: no '..' (plain or %2e-encoded), no query, no other host.
  if (!url.startsWith('/') || url.startsWith('//') || /[\\?#]|%2f|%5c/i.test(url) || new URL(url, 'http://site.invalid').pathname !== url) {
    return { ok: false, message: 'url must be a path of this site (no remote images, no query)' };
  }
  const w = integerIn(search.get('w'), [IMAGE_MIN_WIDTH, IMAGE_MAX_WIDTH]);
  const h = integerIn(search.get('h'), [IMAGE_MIN_WIDTH, IMAGE_MAX_WIDTH]);
  const q = integerIn(search.get('q'), IMAGE_QUALITY_RANGE);
  const fit = oneOf(search.get('fit'), IMAGE_FITS);
  const position = oneOf(search.get('position'), IMAGE_POSITIONS);
  const fm = oneOf(search.get('fm') === 'jpeg' ? 'jpg' : search.get('fm'), IMAGE_FORMATS);
  if (w === null || h === null) return { ok: false, message: `w and h must be integers from ${IMAGE_MIN_WIDTH} to ${IMAGE_MAX_WIDTH}` };
  if (q === null) return { ok: false, message: 'q must be an integer from 1 to 100' };
  if (fit === null || position === null || fm === null) return { ok: false, message: 'unknown fit, position or fm' };
  return { ok: true, request: { url, w, h, q: q ?? DEFAULT_QUALITY, fit: fit ?? 'contain', position: position ?? 'center', fm } };
}

/**
 * The output format: `fm` when given, else what the browser accepts, WebP first then AVIF (as
 * Netlify negotiates), else the source's own kind (PNG keeps transparency).
 */
export function negotiateFormat(request: ImageRequest, accept: string | undefined, sourceType: string): (typeof IMAGE_FORMATS)[number] {
  if (request.fm) return request.fm;
  const accepted = (accept ?? '').toLowerCase();
  if (accepted.includes('image/webp')) return 'webp';
  if (accepted.includes('image/avif')) return 'avif';
  if (sourceType === 'image/png') return 'png';
  if (sourceType === 'image/gif') return 'gif';
  return 'jpg';
}
