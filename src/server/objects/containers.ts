/**
 * The names inside the two container formats office documents come in, read just far enough to tell
 * which document a file is: a ZIP archive's central directory (DOCX, XLSX, PPTX, HWPX) and an OLE2
 * compound file's directory (DOC, XLS, PPT, HWP). Untrusted bytes: every offset is bounds-checked, a
 * malformed file yields what could be read (often nothing), never an exception.
 */

const ZIP_END_OF_CENTRAL_DIRECTORY = 0x06054b50;
const ZIP_CENTRAL_FILE_HEADER = 0x02014b50;
/** The end record is 22 bytes plus a comment of at most 65,535. */
const ZIP_END_SEARCH = 22 + 0xffff;

function view(bytes: Uint8Array): DataView {
  return new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

/** The entry names of a ZIP archive's central directory; [] when there is none to read. */
export function zipEntryNames(bytes: Uint8Array): string[] {
  const data = view(bytes);
  const decoder = new TextDecoder();
  for (let end = bytes.byteLength - 22; end >= Math.max(0, bytes.byteLength - ZIP_END_SEARCH); end--) {
    if (data.getUint32(end, true) !== ZIP_END_OF_CENTRAL_DIRECTORY) continue;
    const count = data.getUint16(end + 10, true);
    let offset = data.getUint32(end + 16, true);
    const names: string[] = [];
    for (let i = 0; i < count && offset + 46 <= bytes.byteLength; i++) {
      if (data.getUint32(offset, true) !== ZIP_CENTRAL_FILE_HEADER) break;
      const nameLength = data.getUint16(offset + 28, true);
      const skip = data.getUint16(offset + 30, true) + data.getUint16(offset + 32, true);
      if (offset + 46 + nameLength > bytes.byteLength) break;
      names.push(decoder.decode(bytes.subarray(offset + 46, offset + 46 + nameLength)));
      offset += 46 + nameLength + skip;
    }
    return names;
  }
  return [];
}

export const OLE2_SIGNATURE = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];
const OLE2_END_OF_CHAIN = 0xfffffffe;
const OLE2_HEADER_DIFAT_ENTRIES = 109;
const OLE2_DIRECTORY_ENTRY_BYTES = 128;
/** Enough for any directory an office document has; bounds a crafted cycle in the sector chain. */
const OLE2_MAX_DIRECTORY_SECTORS = 4096;

/**
 * The stream and storage names in an OLE2 compound file's directory (MS-CFB): the sectors of the FAT,
 * then the directory's chain through it. [] when it cannot be read.
 */
export function ole2EntryNames(bytes: Uint8Array): string[] {
  if (bytes.byteLength < 512 || !OLE2_SIGNATURE.every((byte, i) => bytes[i] === byte)) return [];
  const data = view(bytes);
  const sectorShift = data.getUint16(30, true);
  if (sectorShift !== 9 && sectorShift !== 12) return [];
  const sectorSize = 1 << sectorShift;
  const sectorOffset = (sector: number) => (sector + 1) * sectorSize;
  const inFile = (sector: number) => sector < OLE2_END_OF_CHAIN && sectorOffset(sector) + sectorSize <= bytes.byteLength;

  // The FAT's own sectors: 109 named in the header, the rest in the DIFAT chain.
  const fatSectors: number[] = [];
  const fatCount = data.getUint32(44, true);
  for (let i = 0; i < OLE2_HEADER_DIFAT_ENTRIES && fatSectors.length < fatCount; i++) fatSectors.push(data.getUint32(76 + i * 4, true));
  let difat = data.getUint32(68, true);
  for (let hops = 0; fatSectors.length < fatCount && inFile(difat) && hops < OLE2_MAX_DIRECTORY_SECTORS; hops++) {
    const base = sectorOffset(difat);
    for (let i = 0; i < sectorSize / 4 - 1 && fatSectors.length < fatCount; i++) fatSectors.push(data.getUint32(base + i * 4, true));
    difat = data.getUint32(base + sectorSize - 4, true);
  }
  const next = (sector: number): number => {
    const perSector = sectorSize / 4;
    const fatSector = fatSectors[Math.floor(sector / perSector)];
    if (fatSector === undefined || !inFile(fatSector)) return OLE2_END_OF_CHAIN;
    return data.getUint32(sectorOffset(fatSector) + (sector % perSector) * 4, true);
  };

  const names: string[] = [];
  const decoder = new TextDecoder('utf-16le');
  let sector = data.getUint32(48, true);
  for (let hops = 0; inFile(sector) && hops < OLE2_MAX_DIRECTORY_SECTORS; hops++) {
    for (let entry = sectorOffset(sector); entry < sectorOffset(sector) + sectorSize; entry += OLE2_DIRECTORY_ENTRY_BYTES) {
      const nameBytes = data.getUint16(entry + 64, true);
      // Empty entries have no name; a name is at most 31 UTF-16 characters and their terminator.
      if (nameBytes >= 2 && nameBytes <= 64) names.push(decoder.decode(bytes.subarray(entry, entry + nameBytes - 2)));
    }
    sector = next(sector);
  }
  return names;
}
