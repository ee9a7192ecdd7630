import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEFAULT_LOCALE, LOCALES, type Locale } from '../i18n/locales.ts';
import { getDb } from './db/index.ts';
import { HttpError } from './http/errors.ts';
import { takeHit } from './http/throttle.ts';
import { BROCHURE_COUNT_WINDOW_MS } from '../shared/abuse.ts';

const BROCHURE_DIR = 'content/brochures';

/** `?lang=` → a site locale; absent or empty → ko; anything else → 400 (a typo should not silently get Korean). */
export function brochureLocale(lang: string | null): Locale {
  if (lang === null || lang === '') return DEFAULT_LOCALE;
  if ((LOCALES as readonly string[]).includes(lang)) return lang as Locale;
  throw new HttpError(400, 'invalid_lang', `lang must be one of ${LOCALES.join(', ')}`);
}

export function brochureFilename(locale: Locale): string {
  return `b-tower-${locale}.pdf`;
}

/**
 * The PDF's bytes. Netlify ships content/brochures as included files next to the bundle (the
 * function's working directory); locally the repository root is the working directory. The path
 * relative to this module is the fallback for runs from elsewhere.
 */
export async function readBrochure(locale: Locale): Promise<Uint8Array<ArrayBuffer>> {
  const name = brochureFilename(locale);
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
