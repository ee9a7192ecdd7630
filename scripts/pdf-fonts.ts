/**
 * `npx node scripts/pdf-fonts.ts`: writes the font the server's PDFs print with (src/server/pdf/fonts.ts, decision
 * 055) from Debian's Noto Sans CJK (`apt-get install fonts-noto-cjk fonttools`): the Korean, Simplified Chinese
 * and Japanese faces of NotoSansCJK-Regular.ttc, whole, as one collection. The faces share their glyphs, so three
 * cost little more than one; the Traditional, Hong Kong and monospaced faces are left out. Nothing is cut from a
 * face: every character Noto Sans CJK has stays printable. Also writes the font's licence (SIL OFL 1.1) beside it.
 * Run it only to move to a newer Noto Sans CJK; content changes need nothing.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { PDF_FACES, PDF_FONT_FILE } from '../src/server/pdf/fonts.ts';

const SOURCE = process.env.NOTO_CJK_TTC ?? '/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc';
const COPYRIGHT = '/usr/share/doc/fonts-noto-cjk/copyright';
const faces = [...new Set(Object.values(PDF_FACES))];

// fontTools (Debian's `fonttools`) stores the tables the faces share once. Prints the font's copyright notice.
const notice = execFileSync('/usr/bin/python3', ['-c', `
import json, sys
from fontTools.ttLib import TTCollection
source, target, keep = sys.argv[1], sys.argv[2], json.loads(sys.argv[3])
collection = TTCollection(source)
faces = {font['name'].getDebugName(6): font for font in collection.fonts}
missing = [name for name in keep if name not in faces]
if missing: sys.exit('not in ' + source + ': ' + ', '.join(missing))
collection.fonts = [faces[name] for name in keep]
for font in collection.fonts: font.recalcTimestamp = False  # the same bytes every run
collection.save(target, shareTables=True)
print(collection.fonts[0]['name'].getDebugName(0))
`, SOURCE, PDF_FONT_FILE, JSON.stringify(faces)], { encoding: 'utf8' }).trim();

// The licence's text as Debian's copyright file carries it: indented, "." for an empty line.
const lines = readFileSync(COPYRIGHT, 'utf8').split('\n');
const start = lines.findIndex((line, i) => line === 'License: SIL-1.1' && lines[i + 1]?.startsWith(' ')) + 1;
const length = lines.slice(start).findIndex((line) => !line.startsWith(' '));
const licence = lines.slice(start, length < 0 ? undefined : start + length).map((line) => (line === ' .' ? '' : line.slice(1)));
writeFileSync(path.join(path.dirname(PDF_FONT_FILE), 'LICENSE.txt'), [
  `${path.basename(PDF_FONT_FILE)}: the faces ${faces.join(', ')} of ${path.basename(SOURCE)}, Noto Sans CJK`,
  '(https://github.com/notofonts/noto-cjk), as Debian packages it (fonts-noto-cjk); no glyph changed.',
  notice,
  '',
  ...licence,
].join('\n').trimEnd() + '\n');
console.log(`${PDF_FONT_FILE}: ${faces.length} faces, ${(statSync(PDF_FONT_FILE).size / 1024 / 1024).toFixed(1)} MB`);
