import type { AttachmentType, THUMBNAIL_TYPES } from '../../shared/uploads.ts';
import { ole2EntryNames, OLE2_SIGNATURE, zipEntryNames } from './containers.ts';

type ImageType = (typeof THUMBNAIL_TYPES)[number];

function startsWith(bytes: Uint8Array, signature: number[] | string, offset = 0): boolean {
  const expected = typeof signature === 'string' ? [...signature].map((c) => c.charCodeAt(0)) : signature;
  return expected.every((byte, index) => bytes[offset + index] === byte);
}

/**
 * The image type a file really is, from its first bytes — the name and the declared type are the
 * sender's word, these bytes are not. Anything but PNG, JPEG or WebP → null.
 */
export function sniffImageType(bytes: Uint8Array): ImageType | null {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  // RIFF????WEBP
  if (startsWith(bytes, [0x52, 0x49, 0x46, 0x46]) && startsWith(bytes, [0x57, 0x45, 0x42, 0x50], 8)) return 'image/webp';
  return null;
}

/** ISO base media brands of HEIC/HEIF still images (the `ftyp` box's major brand). */
const HEIF_BRANDS = ['heic', 'heix', 'heim', 'heis', 'hevc', 'hevx', 'hevm', 'hevs', 'mif1', 'msf1'];

/**
 * Which document inside a ZIP archive, by the entries each format must have: OOXML's
 * `[Content_Types].xml` and its main part, HWPX's package file (OWPML).
 */
function zipDocumentType(bytes: Uint8Array): AttachmentType | null {
  const names = new Set(zipEntryNames(bytes));
  if (names.has('[Content_Types].xml')) {
    if (names.has('word/document.xml')) return 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
    if (names.has('xl/workbook.xml')) return 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
    if (names.has('ppt/presentation.xml')) return 'application/vnd.openxmlformats-officedocument.presentationml.presentation';
  }
  if (names.has('mimetype') && names.has('Contents/content.hpf')) return 'application/hwp+zip';
  return null;
}

/** Which document inside an OLE2 compound file, by its main stream: HWP 5, Word, Excel, PowerPoint. */
function ole2DocumentType(bytes: Uint8Array): AttachmentType | null {
  const names = new Set(ole2EntryNames(bytes));
  if (names.has('FileHeader') && names.has('BodyText')) return 'application/x-hwp';
  if (names.has('WordDocument')) return 'application/msword';
  if (names.has('Workbook') || names.has('Book')) return 'application/vnd.ms-excel';
  if (names.has('PowerPoint Document')) return 'application/vnd.ms-powerpoint';
  return null;
}

/**
 * What an inquiry attachment really is, from its bytes: one of the documents and images a tenant sends
 * (ATTACHMENT_TYPES), or null — an executable, an installer (an .msi is OLE2 too), an archive, HTML or
 * SVG named `.pdf` is not one of them.
 */
export function sniffAttachmentType(bytes: Uint8Array): AttachmentType | null {
  const image = sniffImageType(bytes);
  if (image) return image;
  if (startsWith(bytes, '%PDF-')) return 'application/pdf';
  if (startsWith(bytes, 'ftyp', 4) && HEIF_BRANDS.some((brand) => startsWith(bytes, brand, 8))) return 'image/heic';
  // HWP 3.x, before HWP moved into OLE2.
  if (startsWith(bytes, 'HWP Document File')) return 'application/x-hwp';
  if (startsWith(bytes, [0x50, 0x4b, 0x03, 0x04])) return zipDocumentType(bytes);
  if (startsWith(bytes, OLE2_SIGNATURE)) return ole2DocumentType(bytes);
  return null;
}
