import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { BrochureDataSchema, BrochureTextSchema } from '../src/content/schemas/brochures.ts';
import { parseContent } from '../src/content/validate.ts';
import { LOCALES } from '../src/i18n/locales.ts';
import { brochureHtml } from './lib/brochure-html.ts';

/**
 * `npm run make-brochures`: prints content/brochures/b-tower-{locale}.pdf from the brochure content
 * (content/brochures/data.json + {locale}.json) with headless Chromium. CJK text needs fonts-noto-cjk.
 * The PDFs are committed; the download function serves them as they are.
 */
const CHROMIUM = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const OUT_DIR = 'content/brochures';
const MAX_BYTES = 300 * 1024;

const readJson = (file: string): unknown => JSON.parse(readFileSync(file, 'utf8'));
const data = parseContent(`${OUT_DIR}/data.json`, BrochureDataSchema, readJson(`${OUT_DIR}/data.json`));
const work = mkdtempSync(path.join(tmpdir(), 'brochures-'));
try {
  for (const locale of LOCALES) {
    const textFile = `${OUT_DIR}/${locale}.json`;
    const text = parseContent(textFile, BrochureTextSchema, readJson(textFile));
    const htmlFile = path.join(work, `${locale}.html`);
    writeFileSync(htmlFile, brochureHtml(locale, data, text));
    const pdf = path.resolve(OUT_DIR, `b-tower-${locale}.pdf`);
    execFileSync(CHROMIUM, [
      '--headless', '--no-sandbox', '--disable-gpu', '--no-pdf-header-footer', `--user-data-dir=${path.join(work, 'profile')}`,
      `--print-to-pdf=${pdf}`, `file://${htmlFile}`,
    ], { stdio: 'ignore' });
    const size = statSync(pdf).size;
    if (size > MAX_BYTES) throw new Error(`${pdf} is ${size} bytes, over the ${MAX_BYTES} budget`);
    console.log(`${pdf} ${(size / 1024).toFixed(0)} KB`);
  }
} finally {
  rmSync(work, { recursive: true, force: true });
}
