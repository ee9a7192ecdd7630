import { inflateRawSync } from 'node:zlib';

export interface ZipEntry {
  name: string;
  /** Bytes once extracted. */
  size: number;
  compressedSize: number;
  /** The entry's bytes, inflated. */
  read(): Buffer;
}

const END_OF_CENTRAL_DIRECTORY = 0x06054b50;
const CENTRAL_FILE_HEADER = 0x02014b50;
const LOCAL_FILE_HEADER = 0x04034b50;

/**
 * The files of a zip archive, read from its central directory (stored or deflated entries, no zip64:
 * function bundles stay far below 4 GB). Enough to measure and unpack a function bundle without a
 * dependency or an `unzip` binary.
 */
export function zipEntries(archive: Buffer): ZipEntry[] {
  const end = archive.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  if (end < 0 || archive.readUInt32LE(end) !== END_OF_CENTRAL_DIRECTORY) throw new Error('Not a zip archive');
  const count = archive.readUInt16LE(end + 10);
  let offset = archive.readUInt32LE(end + 16);
  const entries: ZipEntry[] = [];
  for (let i = 0; i < count; i += 1) {
    if (archive.readUInt32LE(offset) !== CENTRAL_FILE_HEADER) throw new Error(`Corrupt central directory at ${offset}`);
    const method = archive.readUInt16LE(offset + 10);
    const compressedSize = archive.readUInt32LE(offset + 20);
    const size = archive.readUInt32LE(offset + 24);
    const nameLength = archive.readUInt16LE(offset + 28);
    const extraLength = archive.readUInt16LE(offset + 30);
    const commentLength = archive.readUInt16LE(offset + 32);
    const localHeader = archive.readUInt32LE(offset + 42);
    const name = archive.toString('utf8', offset + 46, offset + 46 + nameLength);
    if (size === 0xffffffff || compressedSize === 0xffffffff) throw new Error(`${name}: zip64 entries are not supported`);
    entries.push({
      name,
      size,
      compressedSize,
      read() {
        if (archive.readUInt32LE(localHeader) !== LOCAL_FILE_HEADER) throw new Error(`${name}: corrupt local header`);
        const start = localHeader + 30 + archive.readUInt16LE(localHeader + 26) + archive.readUInt16LE(localHeader + 28);
        const data = archive.subarray(start, start + compressedSize);
        if (method === 0) return Buffer.from(data);
        if (method === 8) return inflateRawSync(data);
        throw new Error(`${name}: compression method ${method} is not supported`);
      },
    });
    offset += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}
