import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEFAULT_LOCALE, LOCALES, type Locale } from '../i18n/locales.ts';
import { getDb } from './db/index.ts';
import { HttpError } from './http/errors.ts';
import { takeHit } from './http/throttle.ts';
import { BROCHURE_COUNT_WINDOW_MS } from '../shared/abuse.ts';

import ko from '../../content/brochures/ko.json' with { type: 'json' };
import en from '../../content/brochures/en.json' with { type: 'json' };
import zh from '../../content/brochures/zh.json' with { type: 'json' };
import ja from '../../content/brochures/ja.json' with { type: 'json' };

const BROCHURE_DIR = 'content/brochures';
/** Each language's PDF, as the brochure content names it (editors replace it through the CMS). */
const PDF_FILES: Record<Locale, string> = { ko: ko.pdf, en: en.pdf, zh: zh.pdf, ja: ja.pdf };
/** The file name in BROCHURE_DIR the content's `/content/brochures/<name>.pdf` names. */
const pdfName = (pdf: string) => pdf.replace(`/${BROCHURE_DIR}/`, '');

/** `?lang=` → a site locale; absent or empty → ko; anything else → 400 (a typo should not silently get Korean). */
export function brochureLocale(lang: string | null): Locale {
  if (lang === null || lang === '') return DEFAULT_LOCALE;
  if ((LOCALES as readonly string[]).includes(lang)) return lang as Locale;
  throw new HttpError(400, 'invalid_lang', `lang must be one of ${LOCALES.join(', ')}`);
}

/** The name the visitor's download gets, whatever the file is called in the repository. */
export function brochureFilename(locale: Locale): string {
  return `b-tower-${locale}.pdf`;
}

/**
 * The PDF's bytes. Netlify ships content/brochures as included files next to the bundle (the
 * function's working directory); locally the repository root is the working directory. The path
 * relative to this module is the fallback for runs from elsewhere.
 */
export async function readBrochure(locale: Locale): Promise<Uint8Array<ArrayBuffer>> {
  const name = pdfName(PDF_FILES[locale]);
  // The content schema allows a file directly in the folder only; this keeps a hand-edited path from leaving it.
  if (path.basename(name) !== name) throw new Error(`Brochure ${PDF_FILES[locale]} is not a file in /${BROCHURE_DIR}/`);
  const candidates = [
    path.resolve(process.cwd(), BROCHURE_DIR, name),
    fileURLToPath(new URL(`../../${BROCHURE_DIR}/${name}`, import.meta.url)),
  ];
  for (const file of candidates) {
    const bytes = await readFile(file).catch(() => null);
    if (bytes) return new Uint8Array(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer);
  }
  throw new Error(`Brochure ${name} is missing from the deploy`);
}

/**
 * One row per download, so leasing can see which languages are read; repeats from one client within
 * BROCHURE_COUNT_WINDOW_MS are not counted (an `<img>` on another site must not inflate it). Returns
 * whether this download was counted.
 */
export async function countDownload(locale: Locale, client: string): Promise<boolean> {
  const first = await takeHit(`brochure:${locale}`, client, [{ max: 1, windowMs: BROCHURE_COUNT_WINDOW_MS }]);
  if (!first.ok) return false;
  const db = await getDb();
  await db.insertInto('brochureDownloads').values({ lang: locale }).execute();
  return true;
}
