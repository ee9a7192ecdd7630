import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';

export const PHOTO_WIDTH = 3000;
export const PHOTO_HEIGHT = 2000;
/** Phone photos are 1.5–4 MB; one request body may carry at most 4 MiB (src/shared/uploads.ts). */
export const PHOTO_MIN_BYTES = 1_500_000;
export const PHOTO_MAX_BYTES = 4_000_000;

const PALETTES = [
  ['#c9a46a', '#1d2b3a'], ['#6b8f71', '#f2e8cf'], ['#a23e48', '#2b2d42'], ['#f4a259', '#5b8e7d'],
  ['#3d5a80', '#e0fbfc'], ['#8d6346', '#f1dac4'], ['#264653', '#e9c46a'], ['#7f5539', '#ddb892'],
];

/**
 * One photo-like JPEG, 3000×2000: a soft scene (gradients and shapes, like light on a storefront) under
 * sensor-like grain, so it compresses like a photo and not like a flat test card. The grain's strength
 * and the JPEG quality vary with `index`, spreading the sizes over 1.5–4 MB. Carries a phone's EXIF with GPS.
 */
async function makePhoto(index: number): Promise<Buffer> {
  const [a, b] = PALETTES[index % PALETTES.length]!;
  const shapes = Array.from({ length: 6 }, (_, i) => {
    const x = ((index * 37 + i * 53) % 100) * 3;
    const y = ((index * 19 + i * 31) % 100) * 2;
    return `<circle cx="${x}" cy="${y}" r="${20 + ((index + i) % 5) * 12}" fill="${i % 2 ? a : b}" opacity="0.45"/>`;
  }).join('');
  const scene = Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="300" height="200">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${a}"/><stop offset="1" stop-color="${b}"/></linearGradient></defs>
    <rect width="300" height="200" fill="url(#g)"/>${shapes}<rect x="40" y="120" width="220" height="60" fill="${b}" opacity="0.6"/></svg>`);
  const base = await sharp(scene).resize(PHOTO_WIDTH, PHOTO_HEIGHT).blur(3).raw().toBuffer({ resolveWithObject: true });
  const sigma = 12 + (index % 8) * 3.5;
  const grain = await sharp({ create: { width: PHOTO_WIDTH, height: PHOTO_HEIGHT, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma } } }).raw().toBuffer();
  const pixels = base.data;
  for (let i = 0; i < pixels.length; i++) pixels[i] = Math.max(0, Math.min(255, pixels[i]! + grain[i]! - 128));
  return sharp(pixels, { raw: { width: PHOTO_WIDTH, height: PHOTO_HEIGHT, channels: base.info.channels } })
    // Half saved at quality 95, as many phones do: with the grain, sizes spread over ~1.5–3.8 MB (under 4 MiB: one PUT each).
    .jpeg({ quality: index % 2 ? 95 : 90 })
    .withExif({ IFD0: { Make: 'BenchPhone', Model: 'BP-40' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '37/1 29/1 3000/100', GPSLongitudeRef: 'E', GPSLongitude: '126/1 55/1 4200/100' } })
    .toBuffer();
}

/** `count` photos, made once and kept in `dir` (they take a few seconds each). */
export async function benchPhotos(dir: string, count: number): Promise<Buffer[]> {
  await mkdir(dir, { recursive: true });
  const photos: Buffer[] = [];
  for (let i = 0; i < count; i++) {
    const file = path.join(dir, `photo-${i}.jpg`);
    let photo: Buffer;
    if (existsSync(file)) photo = await readFile(file);
    else {
      photo = await makePhoto(i);
      await writeFile(file, photo);
    }
    if (photo.length < PHOTO_MIN_BYTES || photo.length > PHOTO_MAX_BYTES) throw new Error(`${file} is ${photo.length} bytes, outside ${PHOTO_MIN_BYTES}–${PHOTO_MAX_BYTES}`);
    photos.push(photo);
  }
  return photos;
}
