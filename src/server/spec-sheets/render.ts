import type { Font } from 'fontkit';
import PDFDocument from 'pdfkit';
import { encode } from 'uqr';
import { createTranslator } from '../../i18n/translate.ts';
import type { Unit, UnitNote } from '../../shared/units/unit.ts';
import { noteIn } from '../../shared/units/basics.ts';
import { formatArea, formatDay, statusText, unitFacts } from '../../shared/units/facts.ts';
import { phoneText } from '../../content/phone.ts';
import type { ShareWords } from '../../shared/share-shell.ts';
import { factWords, spaceName } from '../share/space-page.ts';
import { floorRowBoxes } from '../../shared/units/floor-row.ts';
import { printable, registerPdfFont } from '../pdf/fonts.ts';

/**
 * A space's spec sheet (issue 18): one A4 page a broker can forward, in the language it was asked in.
 * Every word is real text in Noto Sans CJK (decisions 018 and 055), embedded as the glyphs the sheet uses, so it
 * can be searched and copied; the QR code leads to the space's page, where the facts are always current.
 */
export interface SpecSheet {
  unit: Unit;
  words: ShareWords;
  /**
   * This language's face (src/server/pdf/fonts.ts pdfFont); the PDF embeds the glyphs the sheet uses. Every face
   * has every character, so a note that falls back to Korean is set in it too.
   */
  font: Font;
  /** The space's plan as PNG or JPEG: its uploaded plan at print size, else its floor's card; null: none. */
  plan: { bytes: Uint8Array; floorCard: boolean } | null;
  /**
   * The spaces on the space's floor (itself included), in the plan's order: under a floor's card, which
   * shows no unit numbers, they are drawn as the /floors row, this space marked. Unused with its own plan.
   */
  floorUnits: Pick<Unit, 'id' | 'unitNumber' | 'exclusiveAreaM2'>[];
  /** The space's page, absolute: printed and in the QR code. */
  pageUrl: string;
  /** YYYY-MM-DD in Seoul. */
  today: string;
}

const A4 = { width: 595.28, height: 841.89 };
const MARGIN = 48;
const NIGHT = '#0b1324';
const BRASS = '#8a5a14';
const INK = '#0b1324';
const MUTED = '#475569';
const LINE = '#cbd5e1';
/** The note's room on the sheet: a longer note ends in "…" (the page behind the QR code has all of it). */
const NOTE_LINES = 5;
/** The least height the plan keeps however long the facts and the note. */
const MIN_PLAN_HEIGHT = 150;
/** The floor's row under a floor's card: its height, and the caption's line under it. */
const ROW = { height: 24, caption: 16 } as const;

export function renderSpecSheet(given: SpecSheet): Promise<Buffer> {
  const sheet = withPrintableTexts(given);
  const { unit, words, today } = sheet;
  const t = createTranslator(words.text);
  const fw = factWords(words);
  const name = spaceName(unit, words);
  const doc = new PDFDocument({
    size: 'A4',
    // A small bottom margin: the footer line sits below the content area, and text past it would start a page 2.
    margins: { top: MARGIN, left: MARGIN, right: MARGIN, bottom: 20 },
    lang: words.tag,
    displayTitle: true,
    info: { Title: `${words.building.name} ${name} — ${t('units.sheet.title')}`, Author: words.building.name, Subject: t('units.sheet.title') },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  registerPdfFont(doc, 'sheet', sheet.font);
  doc.font('sheet');
  const width = A4.width - 2 * MARGIN;

  // Band: the building and what this page is.
  doc.rect(0, 0, A4.width, 96).fill(NIGHT);
  doc.fillColor('#ffffff').fontSize(22).text(words.building.name, MARGIN, 30, { characterSpacing: 3, lineBreak: false });
  doc.fontSize(12).text(t('units.sheet.title'), MARGIN, 40, { width, align: 'right' });
  doc.fontSize(10).fillColor('#cbd5e1').text(`${words.building.address} · ${words.building.addressDetail}`, MARGIN, 64, { width });

  // The space.
  doc.fillColor(INK).fontSize(26).text(name, MARGIN, 120, { width });
  doc.fillColor(BRASS).fontSize(13).text(`${statusText(unit, today, fw)} · ${formatArea(unit.exclusiveAreaM2, fw)}`, { width });

  // Facts, as on the page and in the dialog, after where the space is.
  const rows: [string, string][] = [
    [t('units.sheet.building'), words.building.name],
    [t('units.detail.floor'), t(`units.floor.${unit.floor}`)],
    [t('units.detail.unitNumber'), unit.unitNumber],
    ...unitFacts(unit, today, fw).map((fact): [string, string] => [fact.label, fact.value]),
  ];
  const tableTop = 190;
  const labelWidth = 150;
  const tableWidth = width;
  let y = tableTop;
  for (const [label, value] of rows) {
    doc.fillColor(MUTED).fontSize(10).text(label, MARGIN, y, { width: labelWidth });
    doc.fillColor(INK).fontSize(11).text(value, MARGIN + labelWidth, y - 0.5, { width: tableWidth - labelWidth });
    y = Math.max(doc.y, y + 16) + 6;
    doc.moveTo(MARGIN, y - 3).lineTo(MARGIN + tableWidth, y - 3).lineWidth(0.5).strokeColor(LINE).stroke();
  }

  // The space's note, as its page shows it: in the sheet's language, else Korean. It gives way to the plan:
  // at most NOTE_LINES lines, fewer when the facts leave less room, then "…" (the page has all of it).
  const footTop = A4.height - MARGIN - 150;
  const row = Boolean(sheet.plan?.floorCard && sheet.floorUnits.some((other) => other.id === unit.id));
  const rowRoom = row ? ROW.height + ROW.caption + 8 : 0;
  const note = noteIn(unit.note, words.locale);
  if (note) {
    doc.fillColor(INK).fontSize(12).text(t('units.detail.note'), MARGIN, y + 12, { width });
    const lineHeight = doc.fontSize(10).currentLineHeight(true);
    const room = footTop - (doc.y + 4) - 18 - 20 - (sheet.plan ? MIN_PLAN_HEIGHT + rowRoom : 30);
    const lines = Math.max(1, Math.min(NOTE_LINES, Math.floor(room / lineHeight)));
    doc.fillColor(MUTED).text(note, MARGIN, doc.y + 4, { width, height: lineHeight * lines, ellipsis: '…' });
    y = doc.y;
  }

  // The plan, under the facts, as large as the page leaves room for.
  const planTop = y + 18;
  doc.fillColor(INK).fontSize(12).text(t(sheet.plan?.floorCard ? 'units.page.floorPlan' : 'units.detail.plan'), MARGIN, planTop, { width });
  if (sheet.plan) {
    // Placed in the text flow (no y), so doc.y moves to the plan's bottom, however the fit scaled it.
    doc.y = planTop + 20;
    doc.image(Buffer.from(sheet.plan.bytes), MARGIN, undefined, { fit: [width, footTop - planTop - 40 - rowRoom], align: 'center' });
    // A floor's card shows the floor, not which space is this one: the floor's row under it says so.
    if (row) drawFloorRow(doc, sheet, doc.y + 8, width);
  } else {
    doc.fillColor(MUTED).fontSize(10).text(t('units.sheet.planMissing'), MARGIN, planTop + 22, { width });
  }

  // Contact and the way to the current facts.
  doc.moveTo(MARGIN, footTop).lineTo(A4.width - MARGIN, footTop).lineWidth(1).strokeColor(NIGHT).stroke();
  doc.fillColor(INK).fontSize(13).text(t('units.sheet.contact'), MARGIN, footTop + 16, { width: 300 });
  doc.fontSize(11).text(t('units.sheet.phone', { phone: phoneText(words.building.phone, words.locale) }), { width: 300 });
  doc.fillColor(MUTED).fontSize(10).text(`${t('units.sheet.address')}: ${words.building.address} (${words.building.postalCode})`, { width: 300 });
  doc.moveDown(0.8).fontSize(9).text(t('units.sheet.scan'), { width: 320 });
  doc.fillColor(BRASS).fontSize(9).text(sheet.pageUrl, { width: 320, link: sheet.pageUrl, underline: true });
  doc.fillColor(MUTED).fontSize(8).text(t('units.sheet.asOf', { date: formatDay(today, words.tag) }), MARGIN, A4.height - 36, { width, lineBreak: false });
  drawQr(doc, sheet.pageUrl, A4.width - MARGIN - 110, footTop + 16, 110);

  doc.end();
  return done;
}

/**
 * The sheet with what staff typed (numbers, notes) as the fonts can print it: a character no face has is marked,
 * never a blank. Content and dictionaries are checked when they change (tests/unit/spec-sheet.test.ts).
 */
function withPrintableTexts(sheet: SpecSheet): SpecSheet {
  const { font } = sheet;
  const note = Object.fromEntries(Object.entries(sheet.unit.note).map(([language, text]) => [language, text && printable(font, text)])) as UnitNote;
  return {
    ...sheet,
    unit: { ...sheet.unit, unitNumber: printable(font, sheet.unit.unitNumber), note },
    floorUnits: sheet.floorUnits.map((other) => ({ ...other, unitNumber: printable(font, other.unitNumber) })),
  };
}

/**
 * The space's floor as the /floors plan draws it: one box per space, as wide as its share of the floor's area
 * (a minimum keeps a number legible), this space filled in brass, then a caption naming it.
 */
function drawFloorRow(doc: PDFKit.PDFDocument, { unit, words, floorUnits }: SpecSheet, top: number, width: number): void {
  const t = createTranslator(words.text);
  for (const box of floorRowBoxes(floorUnits, unit.id, width, { gap: 3, minimum: 34 })) {
    const x = MARGIN + box.x;
    doc.rect(x, top, box.width, ROW.height).lineWidth(box.mine ? 1.5 : 0.75);
    if (box.mine) doc.fillAndStroke(BRASS, NIGHT);
    else doc.fillAndStroke('#ffffff', LINE);
    doc.fillColor(box.mine ? '#ffffff' : MUTED).fontSize(box.mine ? 9 : 8)
      .text(box.mine ? t('units.plan.unitShort', { unit: box.unitNumber }) : box.unitNumber, x + 2, top + (ROW.height - 10) / 2, { width: box.width - 4, height: 12, align: 'center', lineBreak: false, ellipsis: true });
  }
  doc.fillColor(INK).fontSize(9).text(t('units.sheet.thisSpace', { space: spaceName(unit, words) }), MARGIN, top + ROW.height + 5, { width, lineBreak: false });
}

/** A QR code of `text` drawn as vector squares (sharp at any zoom, a few hundred bytes). */
function drawQr(doc: PDFKit.PDFDocument, text: string, x: number, y: number, size: number): void {
  const { data, size: modules } = encode(text, { ecc: 'M', border: 2 });
  const cell = size / modules;
  doc.rect(x, y, size, size).fill('#ffffff');
  for (let row = 0; row < modules; row++) {
    for (let column = 0; column < modules; column++) {
      if (data[row]![column]) doc.rect(x + column * cell, y + row * cell, cell + 0.05, cell + 0.05);
    }
  }
  doc.fill(NIGHT);
}
