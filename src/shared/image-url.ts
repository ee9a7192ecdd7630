import { OBJECT_PATH_PATTERN } from './uploads.ts';

/**
 * Uploaded images are never shown as stored (a phone photo is 3000×2000 and several MB): every <img>
 * asks Netlify's Image CDN for the size it draws, and the local server answers the same route
 * (docs/decisions/006-image-cdn.md). The format is left to the CDN's Accept negotiation (AVIF/WebP).
 */
export const IMAGE_ROUTE = '/.netlify/images';

/** Widths the route accepts; ours never ask for more than the largest card at 2×. */
export const IMAGE_MIN_WIDTH = 16;
export const IMAGE_MAX_WIDTH = 2048;
export const IMAGE_QUALITY_RANGE = [1, 100] as const;
export const IMAGE_FITS = ['contain', 'cover', 'fill'] as const;
export const IMAGE_POSITIONS = ['center', 'top', 'bottom', 'left', 'right'] as const;
export const IMAGE_FORMATS = ['avif', 'webp', 'jpg', 'png', 'gif'] as const;

/**
 * A brand card's picture: 4:3, at most ~480 CSS px wide, so these cover 1× and 2× of every layout.
 * Quality 50 rather than the CDN's default 75: browsers get AVIF, whose encoder reaches at 50 what JPEG
 * does at ~80 (sharp's own defaults), and a phone photo at card size is 2–4× smaller than at 75 with no
 * difference to see. The first card's picture is the page's largest paint, so its bytes are its speed.
 */
export const CARD_IMAGE = {
  widths: [360, 540, 720, 960],
  ratio: [4, 3],
  quality: 50,
  // Grid of the directory and the home strip: 1 column (page padding 16 px), 2 from 640 px, 3 from 1024 px
  // (max-w-7xl = 1280 px with 32 px padding and 24 px gaps).
  sizes: '(min-width: 1280px) 384px, (min-width: 1024px) calc((100vw - 112px) / 3), (min-width: 640px) calc((100vw - 72px) / 2), calc(100vw - 32px)',
} as const;

export interface ImageOptions {
  w: number;
  h?: number;
  fit?: (typeof IMAGE_FITS)[number];
  /** 1–100; the CDN's default (75) when absent. */
  q?: number;
}

/** True for what the image route may transform: our own uploaded objects, nothing remote. */
export function isTransformable(path: string | null | undefined): path is string {
  return typeof path === 'string' && OBJECT_PATH_PATTERN.test(path);
}

/**
 * The Image CDN URL of an uploaded object at a size.
 * @example imageUrl('/objects/uploads/0b6c…', { w: 720, h: 540, fit: 'cover' })
 *   // '/.netlify/images?url=%2Fobjects%2Fuploads%2F0b6c…&w=720&h=540&fit=cover'
 */
export function imageUrl(path: string, { w, h, fit, q }: ImageOptions): string {
  const params = new URLSearchParams({ url: path, w: String(w) });
  if (h !== undefined) params.set('h', String(h));
  if (fit) params.set('fit', fit);
  if (q !== undefined) params.set('q', String(q));
  return `${IMAGE_ROUTE}?${params}`;
}

export interface ResponsiveImage {
  src: string;
  srcSet: string;
  sizes: string;
  width: number;
  height: number;
}

/**
 * src/srcset/sizes and the intrinsic size (no layout shift) of an uploaded image drawn in a box of
 * `ratio`, cropped to fill it. A path that is not one of our objects is shown as it is, without srcset.
 */
export function responsiveImage(path: string, spec: { widths: readonly number[]; ratio: readonly [number, number]; sizes: string; quality?: number } = CARD_IMAGE): ResponsiveImage {
  const [rw, rh] = spec.ratio;
  const heightOf = (w: number) => Math.round((w * rh) / rw);
  const largest = spec.widths[spec.widths.length - 1]!;
  if (!isTransformable(path)) return { src: path, srcSet: '', sizes: '', width: largest, height: heightOf(largest) };
  const at = (w: number) => imageUrl(path, { w, h: heightOf(w), fit: 'cover', q: spec.quality });
  return {
    src: at(spec.widths[1] ?? largest),
    srcSet: spec.widths.map((w) => `${at(w)} ${w}w`).join(', '),
    sizes: spec.sizes,
    width: largest,
    height: heightOf(largest),
  };
}
