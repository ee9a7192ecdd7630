/**
 * Removes what a phone writes about where and by whom a photo was taken (EXIF with GPS, XMP, IPTC,
 * comments) from JPEG, PNG and WebP bytes without decoding the image. Pure JS on purpose: it runs in
 * the objects function on Netlify, which must not depend on sharp (a devDependency, native, ~30 MB).
 * See docs/decisions/006-image-cdn.md. Bytes of any other kind are returned unchanged.
 */
export function stripImageMetadata(data: Uint8Array): Uint8Array {
  if (data[0] === 0xff && data[1] === 0xd8) return stripJpeg(data);
  if (startsWith(data, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return stripPng(data);
  if (ascii(data, 0, 4) === 'RIFF' && ascii(data, 8, 4) === 'WEBP') return stripWebp(data);
  return data;
}

function startsWith(data: Uint8Array, bytes: number[]): boolean {
  return bytes.every((byte, i) => data[i] === byte);
}

function ascii(data: Uint8Array, at: number, length: number): string {
  return String.fromCharCode(...data.subarray(at, at + length));
}

const view = (data: Uint8Array) => new DataView(data.buffer, data.byteOffset, data.byteLength);

/** APP1 (EXIF, XMP), APP13 (IPTC/Photoshop) and COM segments go; JFIF, ICC colour (APP2) and Adobe stay. */
const JPEG_DROPPED = new Set([0xe1, 0xed, 0xfe]);

function stripJpeg(data: Uint8Array): Uint8Array {
  const parts: Uint8Array[] = [data.subarray(0, 2)];
  const dv = view(data);
  let at = 2;
  let orientation: number | undefined;
  while (at + 4 <= data.length && data[at] === 0xff) {
    const marker = data[at + 1]!;
    // Start of scan: the rest is image data up to EOI, kept as it is.
    if (marker === 0xda) break;
    // Fill bytes and markers without a length.
    if (marker === 0xff) {
      at += 1;
      continue;
    }
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      parts.push(data.subarray(at, at + 2));
      at += 2;
      continue;
    }
    const length = dv.getUint16(at + 2);
    const end = at + 2 + length;
    if (length < 2 || end > data.length) break;
    if (JPEG_DROPPED.has(marker)) {
      if (marker === 0xe1 && orientation === undefined) orientation = exifOrientation(data.subarray(at + 4, end));
    } else {
      parts.push(data.subarray(at, end));
    }
    at = end;
  }
  // Keep which way is up: a minimal EXIF block with the orientation only, right after SOI.
  if (orientation !== undefined && orientation !== 1) parts.splice(1, 0, orientationSegment(orientation));
  parts.push(data.subarray(at));
  return concat(parts);
}

/** The Orientation tag (0x0112) of an EXIF APP1 payload ("Exif\0\0" + TIFF), if any. */
function exifOrientation(payload: Uint8Array): number | undefined {
  if (ascii(payload, 0, 6) !== 'Exif\0\0' || payload.length < 14) return undefined;
  const tiff = payload.subarray(6);
  const dv = view(tiff);
  const little = ascii(tiff, 0, 2) === 'II';
  const ifd = dv.getUint32(4, little);
  if (ifd + 2 > tiff.length) return undefined;
  const count = dv.getUint16(ifd, little);
  for (let i = 0; i < count; i++) {
    const entry = ifd + 2 + i * 12;
    if (entry + 12 > tiff.length) return undefined;
    if (dv.getUint16(entry, little) === 0x0112) {
      const value = dv.getUint16(entry + 8, little);
      return value >= 1 && value <= 8 ? value : undefined;
    }
  }
  return undefined;
}

function orientationSegment(orientation: number): Uint8Array {
  // APP1, length 34: "Exif\0\0", big-endian TIFF header, IFD0 with one SHORT entry, no next IFD.
  const bytes = new Uint8Array(36);
  const dv = view(bytes);
  dv.setUint16(0, 0xffe1);
  dv.setUint16(2, 34);
  bytes.set([0x45, 0x78, 0x69, 0x66, 0, 0, 0x4d, 0x4d, 0, 0x2a, 0, 0, 0, 8], 4);
  dv.setUint16(18, 1);
  dv.setUint16(20, 0x0112);
  dv.setUint16(22, 3);
  dv.setUint32(24, 1);
  dv.setUint16(28, orientation);
  dv.setUint32(32, 0);
  return bytes;
}

/** eXIf and the text chunks (tEXt, zTXt, iTXt: where XMP and comments live) go; the rest stays. */
const PNG_DROPPED = new Set(['eXIf', 'tEXt', 'zTXt', 'iTXt', 'tIME']);

function stripPng(data: Uint8Array): Uint8Array {
  const parts: Uint8Array[] = [data.subarray(0, 8)];
  const dv = view(data);
  let at = 8;
  while (at + 12 <= data.length) {
    const end = at + 12 + dv.getUint32(at);
    if (end > data.length) break;
    if (!PNG_DROPPED.has(ascii(data, at + 4, 4))) parts.push(data.subarray(at, end));
    at = end;
  }
  parts.push(data.subarray(at));
  return concat(parts);
}

/** EXIF and XMP chunks go, and VP8X's flags stop announcing them; the RIFF size follows. */
function stripWebp(data: Uint8Array): Uint8Array {
  const parts: Uint8Array[] = [];
  const dv = view(data);
  let at = 12;
  while (at + 8 <= data.length) {
    const size = dv.getUint32(at + 4, true);
    const end = Math.min(data.length, at + 8 + size + (size % 2));
    const fourcc = ascii(data, at, 4);
    if (fourcc === 'VP8X') {
      const chunk = data.slice(at, end);
      chunk[8] = chunk[8]! & ~0x0c; // EXIF (0x08) and XMP (0x04) flags
      parts.push(chunk);
    } else if (fourcc !== 'EXIF' && fourcc !== 'XMP ') {
      parts.push(data.subarray(at, end));
    }
    at = end;
  }
  const body = concat(parts);
  const header = new Uint8Array(12);
  header.set(data.subarray(0, 12));
  view(header).setUint32(4, body.length + 4, true);
  return concat([header, body]);
}

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}
