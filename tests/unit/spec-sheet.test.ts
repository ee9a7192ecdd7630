import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { create } from 'fontkit';
import { shareWords } from '../../src/content/share-words.ts';
import { LOCALES, type Locale } from '../../src/i18n/locales.ts';
import { createTranslator } from '../../src/i18n/translate.ts';
import { sheetFont } from '../../src/server/spec-sheets/fonts.ts';
import { renderSpecSheet } from '../../src/server/spec-sheets/render.ts';
import type { Unit } from '../../src/shared/units/unit.ts';

const SITE = new URL('https://btower.example');
const work = mkdtempSync(path.join(tmpdir(), 'spec-sheet-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const unit: Unit = {
  id: '0b6c3c5e-6b2a-4d38-9a57-3f1c2f4c8e01', floor: '8F', unitNumber: '801', exclusiveAreaM2: 99.17, supplyAreaM2: 165.29, uses: ['Medical'],
  status: 'available', availableFrom: '2027-03-01', monthlyRent: 4_500_000, deposit: 45_000_000, maintenanceFee: 900_000, pricePublic: true,
  plan: null, note: {}, createdAt: '2026-11-01T00:00:00.000Z', updatedAt: '2026-11-01T00:00:00.000Z', version: 1,
};

/** The sheet as pdftotext reads it back: the words a broker can search for and copy out of the PDF. */
async function sheetText(locale: Locale, space: Unit): Promise<{ text: string; bytes: number }> {
  const words = shareWords(locale, SITE);
  const pdf = await renderSpecSheet({ unit: space, words, font: await sheetFont(locale), plan: null, pageUrl: `https://btower.example/floors/8f/801/`, today: '2026-11-24' });
  const file = path.join(work, `${locale}-${space.status}.pdf`);
  writeFileSync(file, pdf);
  return { text: execFileSync('pdftotext', ['-enc', 'UTF-8', file, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' '), bytes: pdf.byteLength };
}

/** What each language's sheet must say, written out (not computed by the code under test). */
const EXPECTED: Record<Locale, string[]> = {
  ko: ['임대 공간 안내', '8층', '801', '의료', '99.2 m² (30평)', '165.3 m² (50평)', '임대 가능', '2027년 3월 1일', '₩4,500,000', '₩45,000,000', '₩900,000', '임대 문의', '02-871-3300', '서울특별시 관악구 신림로 330'],
  en: ['Space for lease', 'Floor 8', '801', 'Medical', '99.2 m² (30 pyeong)', 'Available', 'March 1, 2027', '₩4,500,000', 'Leasing inquiries', '02-871-3300'],
  zh: ['租赁空间说明', '8层', '801', '医疗', '99.2 m²（30 坪）', '可租', '2027年3月1日', '₩4,500,000', '租赁咨询', '02-871-3300'],
  ja: ['賃貸区画のご案内', '8階', '801', '医療', '99.2 m²（30 坪）', '募集中', '2027年3月1日', '₩4,500,000', '賃貸のお問い合わせ', '02-871-3300'],
};

describe('spec sheet', () => {
  it.each(LOCALES)('%s: an A4 page whose facts read back as text, under 400 KB', async (locale) => {
    const { text, bytes } = await sheetText(locale, unit);
    for (const expected of EXPECTED[locale]) expect(text, `${locale} sheet lacks "${expected}"`).toContain(expected.replace(/\s+/g, ' '));
    expect(text).toContain('https://btower.example/floors/8f/801/');
    expect(bytes).toBeLessThanOrEqual(400 * 1024);
    const pageInfo = execFileSync('pdfinfo', [path.join(work, `${locale}-available.pdf`)], { encoding: 'utf8' });
    expect(pageInfo).toMatch(/Pages:\s+1\b/);
    expect(pageInfo).toMatch(/Page size:\s+595\.2\d? x 841\.8\d? pts \(A4\)/);
  });

  it('a leased space shows neither a date nor "price on request", nor any price', async () => {
    const leased = { ...unit, status: 'leased' as const, monthlyRent: null, deposit: null, maintenanceFee: null };
    const { text } = await sheetText('ko', leased);
    const t = createTranslator(shareWords('ko', SITE).text);
    expect(text).toContain(t('units.status.leased'));
    expect(text).not.toContain(t('units.detail.priceOnRequest'));
    expect(text).not.toContain(t('units.detail.availableFrom'));
    expect(text).not.toContain('₩');
  });

  it('every character the sheets print from content and the dictionaries is in its font (else run scripts/subset-sheet-fonts.ts)', async () => {
    for (const locale of LOCALES) {
      const words = shareWords(locale, SITE);
      const sheetKeys = Object.entries(words.text).filter(([key]) => /^units\.(sheet|detail|status|floor)\.|^brands\.category\./.test(key));
      const printed = [...sheetKeys.map(([, text]) => text), ...Object.values(words.building)].join('').replace(/\{\w+\}/g, '');
      const font = create(await sheetFont(locale));
      const missing = [...new Set(printed)].filter((ch) => ch.trim() && !font.hasGlyphForCodePoint(ch.codePointAt(0)!));
      expect(missing, `${locale}: ${font.postscriptName} lacks these`).toEqual([]);
    }
  });
});
