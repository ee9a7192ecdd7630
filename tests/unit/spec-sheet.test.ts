import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { shareWords } from '../../src/content/share-words.ts';
import { LOCALES, type Locale } from '../../src/i18n/locales.ts';
import { createTranslator } from '../../src/i18n/translate.ts';
import { missingCharacters, pdfFont, UNPRINTABLE_MARK } from '../../src/server/pdf/fonts.ts';
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

type Extras = Partial<Pick<Parameters<typeof renderSpecSheet>[0], 'plan' | 'floorUnits'>>;

/** The sheet written to a file in `work`. */
async function sheetFile(locale: Locale, space: Unit, extras: Extras = {}, name = `${locale}-${space.status}`): Promise<{ file: string; bytes: number }> {
  const words = shareWords(locale, SITE);
  const pdf = await renderSpecSheet({
    unit: space, words, font: await pdfFont(locale), plan: null, floorUnits: [],
    pageUrl: `https://btower.example/floors/8f/801/`, today: '2026-11-24', ...extras,
  });
  const file = path.join(work, `${name}.pdf`);
  writeFileSync(file, pdf);
  return { file, bytes: pdf.byteLength };
}

/** The sheet as pdftotext reads it back: the words a broker can search for and copy out of the PDF. */
async function sheetText(locale: Locale, space: Unit, extras: Extras = {}): Promise<{ text: string; bytes: number; file: string }> {
  const { file, bytes } = await sheetFile(locale, space, extras);
  return { text: execFileSync('pdftotext', ['-enc', 'UTF-8', file, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' '), bytes, file };
}

/** A floor's card as the site builds it: a plan drawing on the night-blue 1200×630 card (no unit numbers on it). */
const floorCard = async () => ({
  bytes: new Uint8Array(await sharp({ create: { width: 1200, height: 630, channels: 3, background: '#0b1324' } }).png().toBuffer()),
  floorCard: true,
});
const floor8 = [
  { id: 'a-800', unitNumber: '800', exclusiveAreaM2: 60 },
  { id: unit.id, unitNumber: '801', exclusiveAreaM2: 99.17 },
  { id: 'a-802', unitNumber: '802', exclusiveAreaM2: 140 },
];

/** Each word pdftotext finds with its box (points from the page's top left). */
function wordBoxes(file: string): { word: string; x: number; y: number; right: number; bottom: number }[] {
  const html = execFileSync('pdftotext', ['-bbox', '-enc', 'UTF-8', file, '-'], { encoding: 'utf8' });
  return [...html.matchAll(/<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)<\/word>/g)].map((m) => ({
    x: Number(m[1]), y: Number(m[2]), right: Number(m[3]), bottom: Number(m[4]), word: m[5]!,
  }));
}

/** The colour printed at (x, y) points on page 1, as #rrggbb. */
async function colourAt(file: string, x: number, y: number): Promise<string> {
  const scale = 2;
  execFileSync('pdftoppm', ['-r', String(72 * scale), '-png', '-singlefile', file, file.replace(/\.pdf$/, '')]);
  const { data, info } = await sharp(file.replace(/\.pdf$/, '.png')).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const at = (Math.round(y * scale) * info.width + Math.round(x * scale)) * info.channels;
  return `#${[data[at]!, data[at + 1]!, data[at + 2]!].map((v) => v.toString(16).padStart(2, '0')).join('')}`;
}

/** What each language's sheet must say, written out (not computed by the code under test). */
const EXPECTED: Record<Locale, string[]> = {
  ko: ['임대 공간 안내', '8층', '801', '의료', '99.2 m² (30평)', '165.3 m² (50평)', '임대 가능', '2027년 3월 1일', '₩4,500,000', '₩45,000,000', '₩900,000', '임대 문의', '02-871-3300', '서울특별시 관악구 신림로 330'],
  en: ['Space for lease', 'Floor 8', '801', 'Medical', '99.2 m² (30 pyeong)', 'Available', 'March 1, 2027', '₩4,500,000', 'Leasing inquiries', '+82 2-871-3300'],
  zh: ['租赁空间说明', '8层', '801', '医疗', '99.2 m²（30 坪）', '可租', '2027年3月1日', '₩4,500,000', '租赁咨询', '+82 2-871-3300'],
  ja: ['賃貸区画のご案内', '8階', '801', '医療', '99.2 m²（30 坪）', '募集中', '2027年3月1日', '₩4,500,000', '賃貸のお問い合わせ', '+82 2-871-3300'],
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

  it.each(LOCALES)('%s: the phone is dialable from where the reader is (domestic on the Korean sheet, +82 on the others)', async (locale) => {
    const { text } = await sheetText(locale, unit);
    if (locale === 'ko') {
      expect(text).toContain('전화 02-871-3300');
      expect(text).not.toContain('+82');
    } else {
      expect(text).toContain('+82 2-871-3300');
      expect(text).not.toMatch(/(^|[^+\d ])02-871-3300/);
    }
  });

  /** Notes written out per language; ja has none, so its sheet prints the Korean one, as the space's page does. */
  const NOTE = { ko: '남향 코너 공간, 전용 화장실 있음', en: 'South-facing corner, private restroom', zh: '可租用的医疗空间' };
  const NOTE_SHOWN: Record<Locale, string> = { ko: NOTE.ko, en: NOTE.en, zh: NOTE.zh, ja: NOTE.ko };

  it.each(LOCALES)("%s: the space's note is printed in the sheet's language, else in Korean", async (locale) => {
    const { text } = await sheetText(locale, { ...unit, note: NOTE });
    const t = createTranslator(shareWords(locale, SITE).text);
    expect(text).toContain(t('units.detail.note'));
    expect(text).toContain(NOTE_SHOWN[locale]);
    for (const other of Object.values(NOTE).filter((note) => note !== NOTE_SHOWN[locale])) expect(text).not.toContain(other);
  });

  it('a space without a note prints no note heading', async () => {
    const { text } = await sheetText('en', unit);
    expect(text).not.toMatch(/\bNote\b/);
  });

  it("the longest note, with a floor's plan, still fits one page and ends in an ellipsis", async () => {
    const long = { ...unit, note: { ko: '남향 코너 공간입니다. '.repeat(100).slice(0, 1000) } };
    const { text, file } = await sheetText('ko', long, { plan: await floorCard(), floorUnits: floor8 });
    expect(text).toContain('…');
    expect(text).toContain('임대 문의');
    expect(execFileSync('pdfinfo', [file], { encoding: 'utf8' })).toMatch(/Pages:\s+1\b/);
  });

  /** The label each language gives this space's box on its floor's row (units.plan.unitShort), written out. */
  const MARK: Record<Locale, { label: string; caption: string }> = {
    ko: { label: '801호', caption: '칠한 칸이 이 공간입니다: 8층 801호' },
    en: { label: '801', caption: 'The filled box is this space: Floor 8, Unit 801' },
    zh: { label: '801', caption: '填色的格子即本空间：8层' },
    ja: { label: '801', caption: '色付きの枠がこの区画です：8階' },
  };

  it.each(LOCALES)("%s: under a floor's plan (no plan of its own) the floor's spaces are drawn and this one is filled and named", async (locale) => {
    const { text, file } = await sheetText(locale, unit, { plan: await floorCard(), floorUnits: floor8 });
    expect(text).toContain(MARK[locale].caption);
    const words = wordBoxes(file);
    const caption = words.filter((word) => word.word.length > 1 && MARK[locale].caption.startsWith(word.word)).at(-1)!;
    // The row sits just above its caption: its boxes, left to right in the floor's order.
    const row = words.filter((word) => word.bottom <= caption.y && word.y > caption.y - 40 && /^80\d/.test(word.word)).sort((a, b) => a.x - b.x);
    expect(row.map((word) => word.word)).toEqual(['800', MARK[locale].label, '802']);
    const [other, mine] = row;
    // This space's box is filled in the sheet's brass; the others stay white.
    expect(await colourAt(file, mine!.x - 3, mine!.y - 3)).toMatch(/^#8[89a-c]5[89a-c]1[2-6]$/);
    expect(await colourAt(file, other!.x - 3, other!.y - 3)).toBe('#ffffff');
  });

  it('a space with its own plan gets no floor row', async () => {
    const { text } = await sheetText('ko', unit, { plan: { ...(await floorCard()), floorCard: false }, floorUnits: floor8 });
    expect(text).not.toContain('칠한 칸이 이 공간입니다');
  });

  it('a leased space shows neither a date nor "price on request", nor any price', async () => {
    // No known end of its lease (no "available from"): a leased space says only that (issue 40 shows the day otherwise).
    const leased = { ...unit, status: 'leased' as const, availableFrom: null, monthlyRent: null, deposit: null, maintenanceFee: null };
    const { text } = await sheetText('ko', leased);
    const t = createTranslator(shareWords('ko', SITE).text);
    expect(text).toContain(t('units.status.leased'));
    expect(text).not.toContain(t('units.detail.priceOnRequest'));
    expect(text).not.toContain(t('units.detail.availableFrom'));
    expect(text).not.toContain('₩');
  });

  it('a reserved space says "예약됨" on its sheet, with no date, no "immediately" and no price', async () => {
    const { text } = await sheetText('ko', { ...unit, status: 'reserved' });
    const t = createTranslator(shareWords('ko', SITE).text);
    expect(text).toContain(`${t('units.status.reserved')} · 99.2 m²`);
    for (const said of [t('units.detail.immediately'), t('units.detail.availableFrom'), t('units.detail.priceOnRequest'), '₩', '2027']) expect(text, said).not.toContain(said);
  });

  it('every character the sheets print from content and the dictionaries is in its face', async () => {
    for (const locale of LOCALES) {
      const words = shareWords(locale, SITE);
      const sheetKeys = Object.entries(words.text).filter(([key]) => /^units\.(sheet|detail|status|floor)\.|^brands\.category\./.test(key));
      const printed = [...sheetKeys.map(([, text]) => text), ...Object.values(words.building)].join('').replace(/\{\w+\}/g, '');
      const font = await pdfFont(locale);
      expect(missingCharacters(font, printed), `${locale}: ${font.postscriptName} lacks these`).toEqual([]);
    }
  });
});

/** Every character of `locale`'s content and dictionaries: the string values of its files, each character once. */
function contentCharacters(locale: Locale): string[] {
  const values = (value: unknown): string[] =>
    typeof value === 'string' ? [value] : value && typeof value === 'object' ? Object.values(value).flatMap(values) : [];
  const files = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((entry) => (entry.isDirectory() ? files(path.join(dir, entry.name)) : [path.join(dir, entry.name)]));
  const text = files('content')
    .filter((file) => !file.includes('.schemas') && (path.basename(file) === `${locale}.json` || file.includes(`${path.sep}i18n${path.sep}${locale}${path.sep}`)) && file.endsWith('.json'))
    .flatMap((file) => values(JSON.parse(readFileSync(file, 'utf8'))))
    .join('');
  return [...new Set(text)].filter((ch) => /\S/u.test(ch) && !/[\p{Cc}\p{Default_Ignorable_Code_Point}]/u.test(ch));
}

describe('every character a Chinese or Japanese sheet can print has its glyph (decision 055)', () => {
  it.each(['zh', 'ja'] as const)('%s: every character of the content and the dictionaries, printed as notes, reads back from the PDF', async (locale) => {
    const characters = contentCharacters(locale);
    expect(characters.length).toBeGreaterThan(500);
    const font = await pdfFont(locale);
    expect(missingCharacters(font, characters.join(''))).toEqual([]);
    // A note holds five lines: 90 characters at a time always fit, so nothing is cut off by the ellipsis. Two
    // characters drawn alike share a glyph (～ and 〜 in the Japanese face): the PDF names it by the first one printed.
    const glyphOf = (ch: string) => font.glyphForCodePoint(ch.codePointAt(0)!).id;
    const lost: string[] = [];
    for (let from = 0; from < characters.length; from += 90) {
      const chunk = characters.slice(from, from + 90);
      const { text } = await sheetText(locale, { ...unit, note: { [locale]: chunk.join(' ') } });
      const printedGlyphs = new Set([...text].map(glyphOf));
      lost.push(...chunk.filter((ch) => !text.includes(ch) && !printedGlyphs.has(glyphOf(ch))));
    }
    expect(lost, `${locale}: printed as blanks`).toEqual([]);
  });

  /** Characters a person writes and a font cut to common ones lacks: rare Hanzi, extension A and B ideographs, variants. */
  const RARE = {
    zh: { unitNumber: '龘-1', note: '南向转角，罕见字：龘㐂𠮷鑫犇淼焱燚垚赑㵘𡈽䶮𬌗鿏' },
    ja: { unitNumber: '髙-2', note: '南向きの角区画。𠮷野家、髙島屋、﨑、𩸽、𠀋、栁、硏、德、鄧' },
  };

  it.each(['zh', 'ja'] as const)('%s: a note and a number with rare characters print each one with its outline, under 400 KB', async (locale) => {
    const rare = RARE[locale];
    const space = { ...unit, unitNumber: rare.unitNumber, note: { [locale]: rare.note } };
    const { text, bytes } = await sheetText(locale, space);
    const font = await pdfFont(locale);
    for (const ch of new Set([...rare.note, ...rare.unitNumber])) {
      if (!/\S/u.test(ch)) continue;
      const glyph = font.glyphForCodePoint(ch.codePointAt(0)!);
      expect(glyph.id, `${ch} has no glyph in ${font.postscriptName}`).toBeGreaterThan(0);
      expect(glyph.path.commands.length, `${ch} is drawn as nothing`).toBeGreaterThan(0);
      expect(text, `${ch} is not in the PDF`).toContain(ch);
    }
    expect(text).toContain(rare.note);
    expect(bytes).toBeLessThanOrEqual(400 * 1024);
  });

  it('a character no face has (an ideograph Noto Sans CJK lacks, an emoji) is printed as the mark for one, never as a blank', async () => {
    const { text } = await sheetText('zh', { ...unit, unitNumber: '𪚥', note: { zh: '一楼大堂🏢旁边' } });
    expect(text).toContain(`一楼大堂${UNPRINTABLE_MARK}旁边`);
    expect(text).toContain(`8层 ${UNPRINTABLE_MARK}单元`);
  });
});
