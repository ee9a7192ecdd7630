import type { ImageMetadata } from 'astro';

/** Every SVG drawn by scripts/draw-illustrations.ts, by name: 'floors/plan-b2' → its ImageMetadata. */
const files = import.meta.glob<ImageMetadata>('/src/assets/illustrations/**/*.svg', { eager: true, import: 'default' });

/**
 * The illustration a content file names, for astro:assets. A name without a file fails the build
 * with the expected path, so an editor's typo cannot ship a broken image.
 * @example illustration('floors/plan-b2')
 */
export function illustration(name: string): ImageMetadata {
  const image = files[`/src/assets/illustrations/${name}.svg`];
  if (!image) {
    throw new Error(
      `Illustration "${name}" not found: expected src/assets/illustrations/${name}.svg (run npx node scripts/draw-illustrations.ts)`,
    );
  }
  return image;
}
