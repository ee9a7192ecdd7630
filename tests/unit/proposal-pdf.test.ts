import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { askingSnapshot, askingTerms, areaOf } from '~/shared/deals/asking';
import { dealMetrics } from '~/shared/deals/economics';
import type { DealTerms } from '~/shared/deals/terms';
import type { Proposal, ProposalResponse } from '~/shared/proposals/types';
import { LOCALES } from '~/i18n/locales';
import { messagesFor } from '~/content/dictionaries';
import { createTranslator } from '~/i18n/translate';
import { spaceName } from '~/shared/units/space-name';
import { missingCharacters, pdfFont } from '~/server/pdf/fonts';
import { pdfSha256, renderProposalPdf } from '~/server/proposals/pdf';

const unit = { id: 'u', floor: '10F', unitNumber: '1001', supplyAreaM2: 500, exclusiveAreaM2: 275, monthlyRent: 18_000_000, deposit: 180_000_000, maintenanceFee: 7_000_000 };
const asking = askingSnapshot([unit], 3, new Date('2026-12-06T00:00:00Z'));
/** What staff and prospects type, in four scripts and with the rare characters of names (decision 055). */
const TYPED = { company: '髙橋商事 𠮷野家 주식회사 Acme', special: '간판 설치 허용 · 角区画の看板 · 龘字招牌 · Signage on the façade', parking: '무료 3대 (機械式)' };
const terms: DealTerms = {
  depositKrw: 180_000_000, rentPerM2Krw: 36_000, maintenancePerM2Krw: 14_000, vatExcluded: true, termMonths: 60, startDate: '2027-02-01',
  fitoutMonths: 1, freeRent: { basis: 'perYear', months: 1 }, escalationPct: 3, tiKrw: 24_960_000, brokerFeeKrw: 17_820_000,
  contractDepositPct: 10, use: 'Office', useDetail: 'R&D 연구소', parking: TYPED.parking, specialTerms: TYPED.special,
};
const proposal = {
  id: 'p', version: 2, terms, asking, validUntil: '2026-12-20', sentAt: '2026-12-06T02:00:00.000Z', updatedAt: '2026-12-06T02:00:00.000Z',
  metrics: dealMetrics(terms, areaOf(asking), { nerDiscountRatePct: 5, depositYieldPct: 4 }, askingTerms(asking, terms)),
} as unknown as Proposal;
const response: ProposalResponse = {
  id: 'r', decision: 'accept', at: '2026-12-07T01:02:03.000Z', atKst: '2026-12-07 10:02:03 KST', clientAddress: '203.0.113.7', userAgent: 'Mozilla/5.0',
  pdfSha256: 'ab'.repeat(32), pdfLocale: 'ko', recipient: 'minjun@example.com', codeVerified: true, signerName: '髙橋 𠮷男', signerTitle: '代表取締役',
  company: TYPED.company, consentVersion: '2026-12-06', reasonCode: null, message: null, counter: null, counterProposalId: null,
};

function pdfText(pdf: Buffer): string {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'proposal-pdf-')), 'p.pdf');
  writeFileSync(file, pdf);
  return execFileSync('pdftotext', ['-enc', 'UTF-8', file, '-'], { encoding: 'utf8' });
}
const pages = (pdf: Buffer) => Number(/\/Type \/Pages[\s\S]*?\/Count (\d+)/.exec(pdf.toString('latin1'))?.[1]);

describe('the proposal PDF', () => {
  it.each(LOCALES)('has a glyph for every character its words and the typed texts print in %s', async (locale) => {
    const font = await pdfFont(locale);
    const messages = messagesFor(locale);
    // The spaces are printed too, by floor name (지하 2층 … 14층, 14层, 14階) and the one way of writing a space.
    const printed = (key: string) => ['proposals.', 'deals.', 'brands.category.', 'units.floor.'].some((prefix) => key.startsWith(prefix)) || key === 'units.space';
    const words = Object.entries(messages).filter(([key]) => printed(key)).map(([, text]) => text).join('');
    expect(words).toContain(messages['units.floor.B2']!);
    expect(missingCharacters(font, words + TYPED.company + TYPED.special + TYPED.parking + response.signerName)).toEqual([]);
  });

  it.each(LOCALES)('prints the proposal and its certificate in %s, every typed character read back, the non-binding line on it', async (locale) => {
    const pdf = await renderProposalPdf({ proposal, addressee: TYPED.company, locale });
    expect(pages(pdf)).toBe(1);
    const text = pdfText(pdf).replace(/\s+/g, '');
    const messages = messagesFor(locale);
    const space = spaceName(createTranslator(messages), { floor: unit.floor, unitNumber: unit.unitNumber });
    for (const words of [messages['proposals.nonBinding']!, messages['proposals.pdf.title']!, space, TYPED.company, TYPED.special, TYPED.parking]) {
      expect(text, words).toContain(words.replace(/\s+/g, ''));
    }
    expect(text).not.toContain('〓');
    const withCertificate = await renderProposalPdf({ proposal, addressee: TYPED.company, locale }, { response: { ...response, pdfLocale: locale }, counterVersion: null });
    expect(pages(withCertificate)).toBe(2);
    const certificate = pdfText(withCertificate).replace(/\s+/g, '');
    for (const evidence of [messages['proposals.certificate.title']!, '髙橋𠮷男', '代表取締役', '203.0.113.7', 'ab'.repeat(32), '2026-12-0710:02:03KST', messages['proposals.consent.v20261206']!]) {
      expect(certificate, evidence).toContain(evidence.replace(/\s+/g, ''));
    }
  });

  it('is the same bytes each time it is printed (the answer\'s hash names the document shown), and says ㎡ first, 3.3㎡ beside, VAT excluded', async () => {
    const once = await renderProposalPdf({ proposal, addressee: 'Acme', locale: 'ko' });
    const again = await renderProposalPdf({ proposal, addressee: 'Acme', locale: 'ko' });
    expect(pdfSha256(once)).toBe(pdfSha256(again));
    expect(pdfSha256(once)).not.toBe(pdfSha256(await renderProposalPdf({ proposal, addressee: 'Acme', locale: 'en' })));
    const text = pdfText(once);
    expect(text).toContain('㎡당 36,000원 (3.3㎡당 119,008원)');
    expect(text).toContain('500㎡ (151.25평)');
    expect(text).toContain('부가세 별도');
    expect(text).toContain('렌트프리는 매 임대연도 첫 1개월에 적용됩니다');
    expect(text).toContain('2026년 12월 20일까지');
    // The owner's figures stay in the panel: no broker fee, no NER.
    expect(text).not.toContain('17,820,000');
    expect(text).not.toContain('NER');
  });
});
