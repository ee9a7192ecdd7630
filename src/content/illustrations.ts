import type { ImageMetadata } from 'astro';
import { IMAGE_DIR } from './schemas/shared.ts';

/**
 * Every image under src/assets/illustrations/ by its path there: the drawings scripts/ make (SVG) and the
 * photos editors upload (JPEG, PNG, WebP). astro:assets resizes and converts each to what the page shows.
 */
const files = import.meta.glob<ImageMetadata>('/src/assets/illustrations/**/*.{svg,jpg,jpeg,png,webp,SVG,JPG,JPEG,PNG,WEBP}', {
  eager: true,
  import: 'default',
});

/**
 * The image a content file names (its path from the repository root, with its extension), for astro:assets.
 * A path without a file fails the build naming it, so a typo or a photo that was never committed cannot
 * ship a broken image.
 * @example illustration('/src/assets/illustrations/floors/plan-b2.svg')
 */
export function illustration(file: string): ImageMetadata {
  const image = files[file];
  if (!image) {
    throw new Error(`Image "${file}" not found: it must be a file in /${IMAGE_DIR}/ (drawings: npx node scripts/draw-illustrations.ts)`);
  }
  return image;
}
