import { createHash } from 'node:crypto';
import type { Font } from 'fontkit';
import PDFDocument from 'pdfkit';
import type { Locale } from '../../i18n/locales.ts';
import { perPyeong, wholeWon } from '../../shared/deals/money.ts';
import { termEndsOn } from '../../shared/deals/schedule.ts';
import type { DealTerms } from '../../shared/deals/terms.ts';
import { toPyeong } from '../../shared/units/basics.ts';
import { consentKey, type ConsentVersion } from '../../shared/proposals/consent.ts';
import type { Proposal, ProposalResponse } from '../../shared/proposals/types.ts';
import { serverMessages } from '../i18n.ts';
import { pdfFont, printable, registerPdfFont } from '../pdf/fonts.ts';
import { buildingFacts } from '../tours/messages.ts';
import { phoneText } from '../../content/phone.ts';
import { formatDayIn } from './format.ts';
import { spaceName } from '../../shared/units/space-name.ts';

/**
 * A proposal as the prospect keeps it (issue 39): A4, in the proposal's language, the spec sheet's look and fonts
 * (decisions 018, 055: Noto Sans CJK whole, every character staff or the prospect typed printed, none as a blank).
 * ㎡ first with 3.3㎡ beside, "부가세 별도", the rent-free basis, the validity and the non-binding line. Rendering is
 * deterministic — the document's dates are the proposal's own — so the same version in the same language is the same
 * bytes whenever it is printed: the SHA-256 the prospect's answer records is the one of the PDF they were mailed and
 * shown. An answer's PDF is the same pages plus a certificate page with its evidence.
 */

const A4 = { width: 595.28, height: 841.89 };
const MARGIN = 48;
const NIGHT = '#0b1324';
const BRASS = '#8a5a14';
const INK = '#0b1324';
const MUTED = '#475569';
const LINE = '#cbd5e1';
const TAGS: Record<Locale, string> = { ko: 'ko-KR', en: 'en-GB', zh: 'zh-CN', ja: 'ja-JP' };

/** What the PDF prints beside the proposal: whom it is for (the inquiry's company, else its name). */
export interface ProposalDocument {
  proposal: Proposal;
  addressee: string;
  locale: Locale;
}

export interface CertificateFacts {
  response: ProposalResponse;
  /** The version the counter made, if any. */
  counterVersion: number | null;
}

/** The instant the document is dated by: when it was sent, else its last change. */
const documentDate = (proposal: Proposal) => new Date(proposal.sentAt ?? proposal.updatedAt);

export async function renderProposalPdf(input: ProposalDocument, certificate?: CertificateFacts): Promise<Buffer> {
  const font = await pdfFont(input.locale);
  return render(input, font, certificate);
}

/** The PDF's SHA-256 (hex): what an answer's evidence names. */
export const pdfSha256 = (pdf: Buffer) => createHash('sha256').update(pdf).digest('hex');

/** "B-TOWER-proposal-v2-ko.pdf": ASCII, so every mail client keeps it. */
export const proposalFilename = (proposal: Pick<Proposal, 'version'>, locale: Locale, certificate = false) =>
  `B-TOWER-proposal-v${proposal.version}-${locale}${certificate ? '-certificate' : ''}.pdf`;

function render(input: ProposalDocument, font: Font, certificate?: CertificateFacts): Promise<Buffer> {
  const { proposal, locale } = input;
  const t = serverMessages(locale);
  const text = (value: string) => printable(font, value);
  const number = new Intl.NumberFormat(TAGS[locale], { maximumFractionDigits: 0 });
  const decimal = new Intl.NumberFormat(TAGS[locale], { maximumFractionDigits: 2 });
  const won = (value: number) => t('proposals.pdf.amountWon', { amount: number.format(wholeWon(value)) });
  const day = (value: string) => formatDayIn(value, locale);
  const perArea = (perM2: number) => `${t('deals.metrics.perM2', { value: won(perM2) })} (${t('deals.metrics.perPyeong', { value: won(perPyeong(perM2)) })})`;
  const area = (m2: number) => t('proposals.pdf.areaValue', { m2: decimal.format(m2), pyeong: decimal.format(toPyeong(m2)) });
  const building = buildingFacts(locale);
  const dated = certificate ? new Date(certificate.response.at) : documentDate(proposal);

  const doc = new PDFDocument({
    size: 'A4',
    margins: { top: MARGIN, left: MARGIN, right: MARGIN, bottom: 56 },
    lang: TAGS[locale],
    displayTitle: true,
    bufferPages: true,
    info: {
      Title: `B TOWER — ${t('proposals.pdf.title')} v${proposal.version}`,
      Author: 'B TOWER',
      Subject: t('proposals.pdf.title'),
      CreationDate: dated,
      ModDate: dated,
    },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  registerPdfFont(doc, 'body', font);
  doc.font('body');
  const width = A4.width - 2 * MARGIN;

  // Band: the building and what this document is.
  doc.rect(0, 0, A4.width, 96).fill(NIGHT);
  doc.fillColor('#ffffff').fontSize(22).text('B TOWER', MARGIN, 30, { characterSpacing: 3, lineBreak: false });
  doc.fontSize(14).text(t('proposals.pdf.title'), MARGIN, 34, { width, align: 'right' });
  doc.fontSize(10).fillColor('#cbd5e1').text(t('proposals.pdf.version', { version: proposal.version }), MARGIN, 54, { width, align: 'right' });
  doc.fontSize(9).text(building.address, MARGIN, 70, { width });

  const section = (title: string) => {
    doc.moveDown(0.5);
    if (doc.y > A4.height - 130) doc.addPage();
    doc.fillColor(BRASS).fontSize(11.5).text(title, MARGIN, doc.y, { width });
    const y = doc.y + 2;
    doc.moveTo(MARGIN, y).lineTo(MARGIN + width, y).lineWidth(0.75).strokeColor(BRASS).stroke();
    doc.y = y + 6;
  };
  const labelWidth = 180;
  const row = (label: string, value: string) => {
    if (doc.y > A4.height - 80) doc.addPage();
    const y = doc.y;
    doc.fillColor(MUTED).fontSize(9).text(label, MARGIN, y, { width: labelWidth - 8 });
    const labelBottom = doc.y;
    doc.fillColor(INK).fontSize(9.5).text(value, MARGIN + labelWidth, y, { width: width - labelWidth });
    doc.y = Math.max(doc.y, labelBottom) + 3;
  };

  // Whom it is for, when, until when.
  doc.y = 112;
  row(t('proposals.pdf.preparedFor'), text(input.addressee));
  row(t('proposals.pdf.date'), day(koreanDate(dated)));
  row(t('proposals.pdf.validUntil'), t('proposals.pdf.validUntilValue', { date: day(proposal.validUntil) }));

  // The spaces, ㎡ first with 3.3㎡ beside.
  section(t('proposals.pdf.spaces'));
  for (const unit of proposal.asking.units) {
    row(
      spaceName(t, { floor: unit.floor, unitNumber: text(unit.unitNumber) }),
      `${t('proposals.pdf.contractArea')} ${area(unit.supplyAreaM2)} · ${t('proposals.pdf.exclusiveArea')} ${area(unit.exclusiveAreaM2)}`,
    );
  }
  if (proposal.asking.units.length > 1) {
    row(t('proposals.pdf.total'), `${t('proposals.pdf.contractArea')} ${area(proposal.asking.contractAreaM2)} · ${t('proposals.pdf.exclusiveArea')} ${area(proposal.asking.exclusiveAreaM2)}`);
  }

  // The terms.
  const terms: DealTerms = proposal.terms;
  const metrics = proposal.metrics;
  section(t('proposals.pdf.terms'));
  row(t('deals.terms.depositKrw'), won(terms.depositKrw));
  row(t('deals.terms.rentPerM2Krw'), `${perArea(terms.rentPerM2Krw)} · ${t('deals.metrics.perMonth')} ${won(metrics.monthlyRentKrw)}`);
  row(t('deals.terms.maintenancePerM2Krw'), `${perArea(terms.maintenancePerM2Krw)} · ${t('deals.metrics.perMonth')} ${won(metrics.monthlyMaintenanceKrw)}`);
  row(t('deals.terms.vatExcluded'), t(terms.vatExcluded ? 'deals.terms.vatExcludedYes' : 'deals.terms.vatExcludedNo'));
  row(t('deals.terms.termMonths'), `${t('deals.terms.months', { count: terms.termMonths })} (${day(terms.startDate)} – ${day(termEndsOn(terms))})`);
  row(t('deals.terms.fitoutMonths'), terms.fitoutMonths > 0 ? t('deals.terms.months', { count: terms.fitoutMonths }) : t('proposals.pdf.none'));
  row(
    t('deals.terms.freeRent'),
    terms.freeRent.months === 0
      ? t('deals.terms.freeRentNone')
      : t(terms.freeRent.basis === 'perYear' ? 'deals.terms.freeRentPerYear' : 'deals.terms.freeRentUpFront', { months: terms.freeRent.months }),
  );
  row(t('deals.terms.escalationPct'), t('deals.terms.pct', { value: decimal.format(terms.escalationPct) }));
  if (terms.tiKrw > 0) row(t('deals.terms.tiKrw'), won(terms.tiKrw));
  row(t('deals.terms.contractDepositPct'), t('proposals.pdf.contractDeposit', { pct: decimal.format(terms.contractDepositPct), amount: number.format(wholeWon((terms.depositKrw * terms.contractDepositPct) / 100)) }));
  if (terms.use) row(t('deals.terms.use'), `${t(`brands.category.${terms.use}`)}${terms.useDetail ? ` — ${text(terms.useDetail)}` : ''}`);
  else if (terms.useDetail) row(t('deals.terms.use'), text(terms.useDetail));
  if (terms.parking) row(t('deals.terms.parking'), text(terms.parking));
  if (terms.specialTerms) row(t('deals.terms.specialTerms'), text(terms.specialTerms));

  // What the tenant pays: the tenant's figures only — no NER, discount or straight-line effective rent (they count
  // the owner's TI and broker fee), which are the owner's view.
  section(t('proposals.pdf.economics'));
  row(t('proposals.pdf.monthlyCost'), `${won(metrics.monthlyRentKrw + metrics.monthlyMaintenanceKrw)} (${t('proposals.pdf.rentAndMaintenance')})`);
  row(t('proposals.pdf.rentFree'), metrics.freeRentMonths > 0 ? `${t('deals.terms.months', { count: metrics.freeRentMonths })} · ${won(metrics.freeRentKrw)}` : t('proposals.pdf.freeRentNone'));
  row(t('proposals.pdf.overTerm'), `${t('deals.metrics.totalRentKrw')} ${won(metrics.totalRentKrw)} · ${t('deals.metrics.totalMaintenanceKrw')} ${won(metrics.totalMaintenanceKrw)}`);
  row(t('proposals.pdf.noc', { rate: decimal.format(metrics.depositYieldPct) }), perArea(metrics.nocPerExclusiveM2));
  row(t('proposals.pdf.convertedDeposit'), won(metrics.convertedDepositKrw));

  // The notes a Korean proposal must carry (research/deals.md §2.4).
  doc.moveDown(0.4);
  const notes = [
    t(terms.vatExcluded ? 'proposals.pdf.vat' : 'proposals.pdf.vatIncluded'),
    terms.freeRent.months === 0
      ? t('proposals.pdf.freeRentNone')
      : t(terms.freeRent.basis === 'perYear' ? 'proposals.pdf.freeRentBasisPerYear' : 'proposals.pdf.freeRentBasisUpFront', { months: terms.freeRent.months }),
    ...(terms.fitoutMonths > 0 ? [t('proposals.pdf.fitout', { months: terms.fitoutMonths })] : []),
    terms.escalationPct > 0 ? t('proposals.pdf.escalation', { pct: decimal.format(terms.escalationPct) }) : t('proposals.pdf.noEscalation'),
    `${t('proposals.pdf.validUntil')}: ${day(proposal.validUntil)}`,
    ...(metrics.protectedByAct ? [t('proposals.pdf.protectedNote'), ...(metrics.escalationOverCap ? [t('proposals.pdf.overCapNote')] : []), t('deals.metrics.actNotes')] : []),
  ];
  for (const note of notes) {
    if (doc.y > A4.height - 72) doc.addPage();
    doc.fillColor(MUTED).fontSize(8.5).text(`· ${note}`, MARGIN, doc.y, { width });
    doc.moveDown(0.1);
  }
  doc.moveDown(0.4);
  if (doc.y > A4.height - 90) doc.addPage();
  doc.fillColor(INK).fontSize(10.5).text(t('proposals.nonBinding'), MARGIN, doc.y, { width });
  doc.moveDown(0.6);
  doc.fillColor(MUTED).fontSize(9).text(`${t('proposals.pdf.contact')}: ${phoneText(building.phone, locale)} · ${building.address}`, MARGIN, doc.y, { width });

  if (certificate) drawCertificate(doc, input, certificate, { text, t, perArea, day, months: (count: number) => t('deals.terms.months', { count }) });

  // Page numbers on every page (bufferPages), below the content area.
  const range = doc.bufferedPageRange();
  for (let index = range.start; index < range.start + range.count; index++) {
    doc.switchToPage(index);
    // The footer sits below the content area: with the margin kept, pdfkit would start a page for it.
    doc.page.margins.bottom = 0;
    doc.fillColor(MUTED).fontSize(8).text(t('proposals.pdf.page', { page: index + 1, pages: range.count }), MARGIN, A4.height - 36, { width, align: 'right', lineBreak: false });
    doc.text(`B TOWER · ${t('proposals.pdf.version', { version: proposal.version })}`, MARGIN, A4.height - 36, { width, lineBreak: false });
  }
  doc.end();
  return done;
}

/** YYYY-MM-DD of an instant in Seoul. */
function koreanDate(at: Date): string {
  return new Date(at.getTime() + 9 * 3_600_000).toISOString().slice(0, 10);
}

/** The answer's evidence as a page of its own (research/deals.md §4.3: "a certificate page"). */
function drawCertificate(
  doc: PDFKit.PDFDocument,
  input: ProposalDocument,
  { response, counterVersion }: CertificateFacts,
  format: { text: (value: string) => string; t: ReturnType<typeof serverMessages>; perArea: (perM2: number) => string; day: (value: string) => string; months: (count: number) => string },
): void {
  const { text, t } = format;
  const { proposal } = input;
  const width = A4.width - 2 * MARGIN;
  doc.addPage();
  doc.rect(0, 0, A4.width, 72).fill(NIGHT);
  doc.fillColor('#ffffff').fontSize(18).text(t('proposals.certificate.title'), MARGIN, 28, { width });
  doc.fillColor(INK).fontSize(10).text(t('proposals.certificate.intro'), MARGIN, 96, { width });
  doc.moveDown(0.8);
  const labelWidth = 170;
  const row = (label: string, value: string) => {
    const y = doc.y;
    doc.fillColor(MUTED).fontSize(9.5).text(label, MARGIN, y, { width: labelWidth - 8 });
    const labelBottom = doc.y;
    doc.fillColor(INK).fontSize(10).text(value, MARGIN + labelWidth, y, { width: width - labelWidth });
    doc.y = Math.max(doc.y, labelBottom) + 5;
    doc.moveTo(MARGIN, doc.y - 2).lineTo(MARGIN + width, doc.y - 2).lineWidth(0.4).strokeColor(LINE).stroke();
  };
  const spaces = proposal.asking.units.map((unit) => spaceName(t, { floor: unit.floor, unitNumber: text(unit.unitNumber) })).join(', ');
  row(t('proposals.certificate.proposal'), `${t('proposals.pdf.version', { version: proposal.version })} · ${spaces}`);
  row(t('proposals.certificate.decision'), t(`proposals.certificate.${response.decision}`));
  row(t('proposals.certificate.atKst'), response.atKst);
  row(t('proposals.certificate.atUtc'), response.at);
  if (response.signerName) row(t('proposals.certificate.signer'), text(response.signerName));
  if (response.signerTitle) row(t('proposals.certificate.signerTitle'), text(response.signerTitle));
  if (response.company) row(t('proposals.certificate.company'), text(response.company));
  if (response.recipient) row(t('proposals.certificate.recipient'), response.recipient);
  row(t('proposals.certificate.codeVerified'), t(response.codeVerified ? 'proposals.certificate.codeVerifiedYes' : 'proposals.certificate.codeVerifiedNo'));
  row(t('proposals.certificate.clientAddress'), response.clientAddress ?? '—');
  row(t('proposals.certificate.userAgent'), text(response.userAgent ?? '—'));
  row(t('proposals.certificate.pdfSha256'), response.pdfSha256);
  row(t('proposals.certificate.pdfLocale'), response.pdfLocale);
  if (response.reasonCode) row(t('proposals.certificate.reason'), t(`proposals.declineReasons.${response.reasonCode}`));
  if (response.counter) {
    const { counter } = response;
    const changes = [
      ...(counter.rentPerM2Krw !== undefined ? [`${t('deals.terms.rentPerM2Krw')}: ${format.perArea(counter.rentPerM2Krw)}`] : []),
      ...(counter.freeRent
        ? [`${t('deals.terms.freeRent')}: ${counter.freeRent.months === 0 ? t('deals.terms.freeRentNone') : t(counter.freeRent.basis === 'perYear' ? 'deals.terms.freeRentPerYear' : 'deals.terms.freeRentUpFront', { months: counter.freeRent.months })}`]
        : []),
      ...(counter.fitoutMonths !== undefined ? [`${t('deals.terms.fitoutMonths')}: ${format.months(counter.fitoutMonths)}`] : []),
      ...(counter.termMonths !== undefined ? [`${t('deals.terms.termMonths')}: ${format.months(counter.termMonths)}`] : []),
      ...(counter.startDate !== undefined ? [`${t('deals.terms.startDate')}: ${format.day(counter.startDate)}`] : []),
    ];
    row(t('proposals.certificate.counterTerms'), changes.join('\n'));
    if (counterVersion !== null) row(t('proposals.certificate.counterVersion', { version: counterVersion }), '');
  }
  if (response.message) row(t('proposals.certificate.message'), text(response.message));
  if (response.consentVersion) {
    doc.moveDown(0.6);
    doc.fillColor(MUTED).fontSize(9.5).text(t('proposals.certificate.consent', { version: response.consentVersion }), MARGIN, doc.y, { width });
    doc.fillColor(INK).fontSize(10).text(t(consentKey(response.consentVersion as ConsentVersion)), MARGIN, doc.y + 2, { width });
  }
  doc.moveDown(1);
  doc.fillColor(MUTED).fontSize(9).text(t('proposals.certificate.notice'), MARGIN, doc.y, { width });
  doc.text(t('proposals.nonBinding'), MARGIN, doc.y + 2, { width });
}
