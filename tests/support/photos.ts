import sharp from 'sharp';

/** EXIF a phone writes: camera, and where the photo was taken (Seoul, near the building). */
export const PHONE_EXIF = {
  IFD0: { Make: 'TestPhone', Model: 'TP-1' },
  IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '37/1 29/1 3000/100', GPSLongitudeRef: 'E', GPSLongitude: '126/1 55/1 4200/100' },
} as const;

/** A small JPEG with a phone's EXIF, GPS included, like an upload from a phone's camera roll. */
export function jpegWithGps(width = 300, height = 200): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 120, g: 140, b: 160 } } })
    .jpeg({ quality: 80 })
    // Held sideways, as phones store portrait shots: orientation 6 (rotate 90° to show).
    .withMetadata({ orientation: 6 })
    .withExif(PHONE_EXIF as unknown as Record<string, Record<string, string>>)
    .toBuffer();
}

/** True when the bytes carry GPS tags anywhere in their EXIF. */
export async function hasGps(bytes: Uint8Array): Promise<boolean> {
  const { exif } = await sharp(bytes).metadata();
  return exif !== undefined && (exif.includes(Buffer.from('GPS')) || /* GPS IFD pointer tag 0x8825 */ exif.includes(Buffer.from([0x88, 0x25])) || exif.includes(Buffer.from([0x25, 0x88])));
}
