import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { create, type Font } from 'fontkit';
import type { Locale } from '../../i18n/locales.ts';

/**
 * The fonts of every PDF the server prints (spec sheets, proposals): Noto Sans CJK's Korean, Simplified Chinese and
 * Japanese faces, whole, in one collection (decision 055). Whole, because a sheet prints what staff typed (a
 * space's number, its note, a proposal's terms): a font cut to the characters content uses printed any other one
 * as a blank box. pdfkit embeds in each PDF only the glyphs that PDF uses, so a sheet stays small.
 *
 * Use: `doc.registerFont('body', await pdfFont(locale))`, then set every text that did not come from our own
 * content through `printable()` (a character no face has is printed as 〓, never as a blank).
 */
export const PDF_FONT_FILE = 'src/server/pdf/fonts/noto-sans-cjk-kr-sc-jp.ttc';

/** Each language's face, for its region's glyph forms; English is set in the Korean face, whose Latin is the same. */
export const PDF_FACES: Record<Locale, string> = {
  ko: 'NotoSansCJKkr-Regular',
  en: 'NotoSansCJKkr-Regular',
  zh: 'NotoSansCJKsc-Regular',
  ja: 'NotoSansCJKjp-Regular',
};

/** What stands for a character no face can draw: the geta mark, Japanese typesetting's sign for exactly that. */
export const UNPRINTABLE_MARK = '〓';

let collection: Promise<Uint8Array> | undefined;
const faces = new Map<string, Font>();

/**
 * The collection's bytes: beside this module (local runs, tests), else under the working directory, where Netlify
 * puts a function's included_files (netlify.toml: every function that prints a PDF lists PDF_FONT_FILE).
 */
function fontFile(): Promise<Uint8Array> {
  collection ??= (async () => {
    const candidates = [fileURLToPath(new URL(`./fonts/${path.basename(PDF_FONT_FILE)}`, import.meta.url)), path.resolve(PDF_FONT_FILE)];
    for (const candidate of candidates) {
      const bytes = await readFile(candidate).catch(() => null);
      if (bytes) return new Uint8Array(bytes);
    }
    collection = undefined;
    throw new Error(`${PDF_FONT_FILE} not found (looked in ${candidates.join(', ')}); a function that prints PDFs must ship it as an included file`);
  })();
  return collection;
}

/**
 * The face `locale`'s text is set in, parsed once per process and shared by every PDF after (parsing the
 * collection's tables is most of a first PDF's time). pdfkit takes it in place of a font file.
 */
export async function pdfFont(locale: Locale): Promise<Font> {
  const name = PDF_FACES[locale];
  let face = faces.get(name);
  if (!face) {
    face = create(await fontFile(), name);
    faces.set(name, face);
  }
  return face;
}

/** Characters that print nothing by design (controls, joiners, variation selectors): never a missing glyph. */
const INVISIBLE = /[\p{Cc}\p{Default_Ignorable_Code_Point}]/u;

/** The characters of `text` `font` has no glyph for, each once. */
export function missingCharacters(font: Font, text: string): string[] {
  return [...new Set(text)].filter((ch) => !INVISIBLE.test(ch) && !font.hasGlyphForCodePoint(ch.codePointAt(0)!));
}

/**
 * `text` as `font` can print it: a character it has no glyph for (an emoji, a script Noto Sans CJK lacks, a
 * code point no font has yet) becomes UNPRINTABLE_MARK, so a reader sees that something is there. The function
 * log names the code points (never the text, which may be a person's).
 */
export function printable(font: Font, text: string): string {
  const missing = missingCharacters(font, text);
  if (missing.length === 0) return text;
  console.warn(`[pdf] ${font.postscriptName} has no glyph for ${missing.map((ch) => `U+${ch.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`).join(', ')}: printed as ${UNPRINTABLE_MARK}`);
  return [...text].map((ch) => (missing.includes(ch) ? UNPRINTABLE_MARK : ch)).join('');
}

/**
 * Makes `font` usable as `name` in `doc`. pdfkit accepts a parsed fontkit font wherever it takes a font file (it
 * checks for `layout`), though its types list only files; the parsed face is what saves each PDF the parsing.
 */
export function registerPdfFont(doc: PDFKit.PDFDocument, name: string, font: Font): void {
  doc.registerFont(name, font as unknown as Uint8Array);
}
