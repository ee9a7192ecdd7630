import { deflateRawSync } from 'node:zlib';

/**
 * Small but well-formed samples of the files a tenant sends and of those they must not: built here so
 * the tests name what each one is, instead of shipping binary fixtures. Each sample carries only what
 * tells its type apart (a container's marker entries), which is all the server reads.
 */

/** A ZIP archive with these entries (deflated), as an office suite writes it: local headers, central directory, end record. */
export function zipOf(entries: Record<string, string | Buffer>): Buffer {
  const locals: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const [name, text] of Object.entries(entries)) {
    const nameBytes = Buffer.from(name, 'utf8');
    const data = typeof text === 'string' ? Buffer.from(text, 'utf8') : text;
    const packed = deflateRawSync(data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(packed.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(nameBytes.length, 26);
    locals.push(local, nameBytes, packed);
    const header = Buffer.alloc(46);
    header.writeUInt32LE(0x02014b50, 0);
    header.writeUInt16LE(20, 4);
    header.writeUInt16LE(20, 6);
    header.writeUInt16LE(8, 10);
    header.writeUInt32LE(packed.length, 20);
    header.writeUInt32LE(data.length, 24);
    header.writeUInt16LE(nameBytes.length, 28);
    header.writeUInt32LE(offset, 42);
    central.push(header, nameBytes);
    offset += 30 + nameBytes.length + packed.length;
  }
  const directory = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(Object.keys(entries).length, 8);
  end.writeUInt16LE(Object.keys(entries).length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

const END_OF_CHAIN = 0xfffffffe;
const FREE = 0xffffffff;

/**
 * An OLE2 compound file (MS-CFB, 512-byte sectors) whose directory holds the root and these streams,
 * spread over as many directory sectors as they need (four entries a sector), chained through the FAT.
 */
export function ole2Of(streams: string[]): Buffer {
  const names = ['Root Entry', ...streams];
  const directorySectors = Math.ceil(names.length / 4);
  const header = Buffer.alloc(512);
  Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]).copy(header, 0);
  header.writeUInt16LE(0x3e, 24);
  header.writeUInt16LE(3, 26);
  header.writeUInt16LE(0xfffe, 28);
  header.writeUInt16LE(9, 30);
  header.writeUInt16LE(6, 32);
  header.writeUInt32LE(1, 44); // one FAT sector…
  header.writeUInt32LE(1, 48); // …then the directory from sector 1
  header.writeUInt32LE(4096, 56);
  header.writeUInt32LE(END_OF_CHAIN, 60);
  header.writeUInt32LE(END_OF_CHAIN, 68);
  for (let i = 0; i < 109; i++) header.writeUInt32LE(i === 0 ? 0 : FREE, 76 + i * 4);
  const fat = Buffer.alloc(512, 0xff);
  fat.writeUInt32LE(0xfffffffd, 0);
  for (let i = 1; i <= directorySectors; i++) fat.writeUInt32LE(i === directorySectors ? END_OF_CHAIN : i + 1, i * 4);
  const directory = Buffer.alloc(512 * directorySectors);
  names.forEach((name, i) => {
    const entry = i * 128;
    directory.write(name, entry, 'utf16le');
    directory.writeUInt16LE((name.length + 1) * 2, entry + 64);
    directory[entry + 66] = i === 0 ? 5 : 2;
  });
  return Buffer.concat([header, fat, directory]);
}

export const CONTENT_TYPES = '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"/>';

/** One sample of every accepted attachment type, by file name. */
export const ACCEPTED_DOCUMENTS: Record<string, { bytes: Buffer; type: string }> = {
  'floor-plan.pdf': { bytes: Buffer.from('%PDF-1.7\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n'), type: 'application/pdf' },
  'site.jpg': { bytes: Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46]), type: 'image/jpeg' },
  'logo.png': { bytes: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]), type: 'image/png' },
  'shop.webp': { bytes: Buffer.concat([Buffer.from('RIFF'), Buffer.alloc(4), Buffer.from('WEBPVP8 ')]), type: 'image/webp' },
  'iphone.heic': { bytes: Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypheic'), Buffer.alloc(4), Buffer.from('mif1heic')]), type: 'image/heic' },
  '사업계획서.hwp': { bytes: ole2Of(['FileHeader', 'DocInfo', 'BodyText', 'Section0', 'PrvText', '\u0005HwpSummaryInformation']), type: 'application/x-hwp' },
  '사업계획서.hwpx': { bytes: zipOf({ mimetype: 'application/hwp+zip', 'Contents/content.hpf': '<opf:package/>', 'Contents/section0.xml': '<hs:sec/>' }), type: 'application/hwp+zip' },
  'company.doc': { bytes: ole2Of(['WordDocument', '1Table', '\u0005SummaryInformation']), type: 'application/msword' },
  'company.docx': { bytes: zipOf({ '[Content_Types].xml': CONTENT_TYPES, '_rels/.rels': '<Relationships/>', 'word/document.xml': '<w:document/>' }), type: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document' },
  'finance.xls': { bytes: ole2Of(['Workbook', '\u0005SummaryInformation']), type: 'application/vnd.ms-excel' },
  'finance.xlsx': { bytes: zipOf({ '[Content_Types].xml': CONTENT_TYPES, 'xl/workbook.xml': '<workbook/>', 'xl/worksheets/sheet1.xml': '<worksheet/>' }), type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' },
  'deck.ppt': { bytes: ole2Of(['PowerPoint Document', 'Current User']), type: 'application/vnd.ms-powerpoint' },
  'deck.pptx': { bytes: zipOf({ '[Content_Types].xml': CONTENT_TYPES, 'ppt/presentation.xml': '<p:presentation/>' }), type: 'application/vnd.openxmlformats-officedocument.presentationml.presentation' },
};

/** Files that are not documents a tenant sends, some wearing a document's name. */
export const REFUSED_FILES: Record<string, Buffer> = {
  'setup.exe': Buffer.concat([Buffer.from('MZ\x90\x00\x03\x00\x00\x00'), Buffer.alloc(56), Buffer.from('PE\0\0')]),
  'setup.pdf (an .exe renamed)': Buffer.concat([Buffer.from('MZ\x90\x00'), Buffer.alloc(60)]),
  'installer.msi (OLE2, not a document)': ole2Of(['\u4840\u3f3f\u4577', '\u0005SummaryInformation']),
  'photos.zip': zipOf({ 'a.txt': 'hello', 'b.txt': 'world' }),
  'tool.jar (a ZIP with a manifest)': zipOf({ 'META-INF/MANIFEST.MF': 'Main-Class: X' }),
  'page.html': Buffer.from('<!doctype html><script>alert(1)</script>'),
  'logo.svg': Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'),
  'notes.txt': Buffer.from('plain text'),
  'truncated.docx': zipOf({ '[Content_Types].xml': CONTENT_TYPES, 'word/document.xml': '<w:document/>' }).subarray(0, 40),
};
