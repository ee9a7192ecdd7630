import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { stripImageMetadata } from '../../src/server/objects/image-metadata.ts';
import { hasGps, jpegWithGps } from '../support/photos.ts';

describe('stripImageMetadata: nothing a visitor downloads says where a photo was taken', () => {
  it('removes EXIF (GPS, camera) from a phone JPEG but keeps which way is up, and the picture itself', async () => {
    const photo = await jpegWithGps();
    expect(await hasGps(photo)).toBe(true);
    const stripped = stripImageMetadata(photo);
    expect(await hasGps(stripped)).toBe(false);
    expect(Buffer.from(stripped).includes(Buffer.from('TestPhone'))).toBe(false);
    const meta = await sharp(stripped).metadata();
    expect(meta.orientation).toBe(6);
    expect([meta.width, meta.height]).toEqual([300, 200]);
    // The pixels are the same: only metadata segments went.
    const [a, b] = await Promise.all([sharp(photo).raw().toBuffer(), sharp(stripped).raw().toBuffer()]);
    expect(a.equals(b)).toBe(true);
  });

  it('removes XMP and comments from JPEG, text chunks from PNG, EXIF/XMP chunks from WebP', async () => {
    const xmp = '<x:xmpmeta xmlns:x="adobe:ns:meta/"><exif:GPSLatitude>37,29.5N</exif:GPSLatitude></x:xmpmeta>';
    const base = sharp({ create: { width: 40, height: 30, channels: 3, background: '#888' } }).withExif({ IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '37/1 29/1 0/1' } }).withXmp(xmp);
    for (const bytes of [await base.clone().jpeg().toBuffer(), await base.clone().png().toBuffer(), await base.clone().webp().toBuffer()]) {
      const stripped = Buffer.from(stripImageMetadata(bytes));
      expect(stripped.includes(Buffer.from('GPSLatitude'))).toBe(false);
      expect(await hasGps(stripped)).toBe(false);
      const meta = await sharp(stripped).metadata();
      expect([meta.width, meta.height]).toEqual([40, 30]);
      expect(meta.xmp).toBeUndefined();
    }
  });

  it('leaves anything that is not a JPEG, PNG or WebP as it is', () => {
    const pdf = new TextEncoder().encode('%PDF-1.4 Exif GPS');
    expect(stripImageMetadata(pdf)).toBe(pdf);
  });
});
