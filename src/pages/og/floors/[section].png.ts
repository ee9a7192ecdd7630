import type { APIRoute } from 'astro';
import { readFile } from 'node:fs/promises';
import sharp from 'sharp';
import { loadFloors } from '~/content/floors';
import { SHARE_IMAGE_SIZE } from '~/seo/pages';

/**
 * A floor's share card (the image a space page's link preview shows): the floor section's plan, drawn
 * from the same SVG as on /floors, centred on a 1200×630 card in the site's night blue. No words on it,
 * so one card serves every language (the preview's title says which space it is).
 */
export function getStaticPaths() {
  return loadFloors('ko').sections.map((section) => ({ params: { section: section.id }, props: { planFile: section.planImage.file } }));
}

const MARGIN = 40;

export const GET: APIRoute = async ({ props }) => {
  const { width, height } = SHARE_IMAGE_SIZE;
  // The plan's file as content names it, from the project's root: /src/assets/illustrations/floors/plan-8f.svg.
  const drawing = await readFile(`.${(props as { planFile: string }).planFile}`);
  const plan = await sharp(drawing, { density: 144 })
    .resize({ width: width - 2 * MARGIN, height: height - 2 * MARGIN, fit: 'inside' })
    .png()
    .toBuffer();
  const card = await sharp({ create: { width, height, channels: 3, background: '#0b1324' } })
    .composite([{ input: plan, gravity: 'center' }])
    .png({ compressionLevel: 9, palette: true })
    .toBuffer();
  return new Response(new Uint8Array(card), { headers: { 'Content-Type': 'image/png' } });
};
