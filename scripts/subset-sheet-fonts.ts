/**
 * `npx node scripts/subset-sheet-fonts.ts`: cuts the spec sheets' fonts (decision 018) out of Debian's
 * Noto Sans CJK (`apt-get install fonts-noto-cjk fonttools`): one face per script (Korean, which
 * also serves English, Simplified Chinese, Japanese), keeping only the characters the sheets can print:
 * every character of that language's dictionaries and content files, Latin, digits and punctuation, the
 * 2,350 Hangul syllables of KS X 1001 (unit numbers, names), all kana. Run it after content gains a
 * character the fonts lack: tests/unit/spec-sheet.test.ts names any such character.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { SHEET_FONT_DIR } from '../src/server/spec-sheets/fonts.ts';
import { sheetCharacters, SHEET_FACES } from './lib/sheet-characters.ts';

const SOURCE = process.env.NOTO_CJK_TTC ?? '/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc';

/** Every string in every JSON file under `dir` whose name passes `keep`. */
function jsonText(dir: string, keep: (file: string) => boolean): string {
  let text = '';
  for (const entry of readdirSync(dir)) {
    const file = path.join(dir, entry);
    if (statSync(file).isDirectory()) text += jsonText(file, keep);
    else if (entry.endsWith('.json') && keep(file)) text += readFileSync(file, 'utf8');
  }
  return text;
}

const work = mkdtempSync(path.join(tmpdir(), 'sheet-fonts-'));
try {
  for (const face of SHEET_FACES) {
    const languageText = face.locales.map((locale) => jsonText('content', (file) => path.basename(file, '.json') === locale || file.includes(`/i18n/${locale}/`))).join('');
    const characters = sheetCharacters(face, languageText);
    const textFile = path.join(work, `${face.file}.txt`);
    writeFileSync(textFile, characters);
    const output = path.join(SHEET_FONT_DIR, face.file);
    execFileSync('pyftsubset', [SOURCE, `--font-number=${face.fontNumber}`, `--text-file=${textFile}`, `--output-file=${output}`, '--no-hinting', '--name-IDs=*'], { stdio: 'inherit' });
    console.log(`${output}: ${[...characters].length} characters, ${(statSync(output).size / 1024).toFixed(0)} KB`);
  }
} finally {
  rmSync(work, { recursive: true, force: true });
}
