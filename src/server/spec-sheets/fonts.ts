import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Locale } from '../../i18n/locales.ts';

/**
 * The spec sheets' fonts (decision 018): Noto Sans CJK cut down by scripts/subset-sheet-fonts.ts to the
 * characters content/ and the dictionaries use (plus Latin and common Hangul), one per script so Chinese
 * and Japanese get their own glyph forms. English uses the Korean one, which has Latin too.
 */
export const SHEET_FONT_DIR = 'src/server/spec-sheets/fonts';
export const SHEET_FONTS: Record<Locale, string> = {
  ko: 'sheet-kr.otf',
  en: 'sheet-kr.otf',
  zh: 'sheet-sc.otf',
  ja: 'sheet-jp.otf',
};

const loaded = new Map<string, Promise<Uint8Array>>();

/**
 * The font's bytes: beside this module (local runs, tests), else under the working directory, where
 * Netlify puts a function's included_files (netlify.toml).
 */
export function sheetFont(locale: Locale): Promise<Uint8Array> {
  const file = SHEET_FONTS[locale];
  let font = loaded.get(file);
  if (!font) {
    const candidates = [fileURLToPath(new URL(`./fonts/${file}`, import.meta.url)), path.resolve(SHEET_FONT_DIR, file)];
    font = (async () => {
      for (const candidate of candidates) {
        const bytes = await readFile(candidate).catch(() => null);
        if (bytes) return new Uint8Array(bytes);
      }
      loaded.delete(file);
      throw new Error(`${file} not found (looked in ${candidates.join(', ')}); deploys must ship it as an included file`);
    })();
    loaded.set(file, font);
  }
  return font;
}
