import { crc32 } from 'node:zlib';

/**
 * PNG text entries (iTXt, UTF-8) and size. The share images carry the words drawn on them, so a test
 * can tell when content changed and an image was not redrawn. A PNG is an 8-byte signature, then
 * chunks of length (4 bytes), type (4), data, CRC (4); IHDR comes first and IEND (12 bytes) last.
 */
const SIGNATURE_LENGTH = 8;
const IEND_LENGTH = 12;

function chunk(type: string, data: Buffer): Buffer {
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/**
 * The PNG with uncompressed UTF-8 text entries added before its end.
 * @example withPngText(png, { Title: '층별 안내' })
 */
export function withPngText(png: Buffer, entries: Record<string, string>): Buffer {
  const end = png.length - IEND_LENGTH;
  if (png.toString('latin1', end + 4, end + 8) !== 'IEND') throw new Error('not a complete PNG: it must end with IEND');
  // keyword, NUL, compression flag 0, method 0, empty language tag + NUL, empty translated keyword + NUL, text
  const texts = Object.entries(entries).map(([keyword, text]) =>
    chunk('iTXt', Buffer.concat([Buffer.from(`${keyword}\0\0\0\0\0`, 'latin1'), Buffer.from(text, 'utf8')])),
  );
  return Buffer.concat([png.subarray(0, end), ...texts, png.subarray(end)]);
}

export interface PngInfo {
  width: number;
  height: number;
  /** The uncompressed iTXt entries by keyword. */
  text: Record<string, string>;
}

/** Reads a PNG's size (from IHDR) and its uncompressed iTXt entries. */
export function readPng(png: Buffer): PngInfo {
  if (png.toString('latin1', 12, 16) !== 'IHDR') throw new Error('not a PNG');
  const text: Record<string, string> = {};
  for (let at = SIGNATURE_LENGTH; at + 8 <= png.length; ) {
    const length = png.readUInt32BE(at);
    const type = png.toString('latin1', at + 4, at + 8);
    const data = png.subarray(at + 8, at + 8 + length);
    if (type === 'iTXt' && data[data.indexOf(0) + 1] === 0) {
      const keyword = data.toString('latin1', 0, data.indexOf(0));
      const language = data.indexOf(0, keyword.length + 3);
      const translated = data.indexOf(0, language + 1);
      text[keyword] = data.toString('utf8', translated + 1);
    }
    at += 12 + length;
  }
  return { width: png.readUInt32BE(16), height: png.readUInt32BE(20), text };
}
