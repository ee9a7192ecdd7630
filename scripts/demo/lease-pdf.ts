import { readFileSync } from 'node:fs';
import PDFDocument from 'pdfkit';
import { formatKrw } from '../../src/shared/deals/display.ts';
import type { Lease } from '../../src/shared/leases/lease.ts';
import { serverMessages } from '../../src/server/i18n.ts';
import { pdfFont, printable, registerPdfFont } from '../../src/server/pdf/fonts.ts';
import { spaceName } from '../../src/shared/units/space-name.ts';

/**
 * The signed lease the demo's owner uploads when signing (POST /api/leases/{id}/sign takes the signed PDF): one A4
 * page in Korean, as a scanned 상가건물 임대차 계약서 would read, made from the lease as the API holds it — and marked
 * as the demo's, so nobody takes it for a real contract.
 */
const DEPOSIT_KINDS = { contract: '계약금', interim: '중도금', balance: '잔금' } as const;
const BUILDING_ADDRESS = (JSON.parse(readFileSync(new URL('../../content/directions/ko.json', import.meta.url), 'utf8')) as { address: string }).address;

export async function signedLeasePdf(lease: Lease, signedOn: string): Promise<Uint8Array> {
  const font = await pdfFont('ko');
  const doc = new PDFDocument({ size: 'A4', margins: { top: 56, left: 56, right: 56, bottom: 56 }, lang: 'ko-KR', info: { Title: `상가건물 임대차 계약서 — ${lease.tenant.legalName}`, Author: 'B TOWER (demo)', CreationDate: new Date(`${signedOn}T09:00:00+09:00`) } });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  registerPdfFont(doc, 'body', font);
  doc.font('body');
  const text = (value: string) => printable(font, value);
  const won = (value: number) => formatKrw(value, 'ko-KR');
  const { tenant, terms, dates } = lease;

  doc.fontSize(20).text(text('상가건물 임대차 계약서'), { align: 'center' });
  doc.moveDown(0.3).fontSize(9).fillColor('#8a5a14').text(text('B TOWER 데모의 서명본 사본입니다. 가상의 계약이며 실제 계약서가 아닙니다.'), { align: 'center' }).fillColor('#000000');
  doc.moveDown(1.2).fontSize(10.5);
  const line = (label: string, value: string) => doc.text(text(`${label}: ${value}`), { lineGap: 3 });
  const heading = (title: string) => doc.moveDown(0.6).fontSize(12).text(text(title)).fontSize(10.5).moveDown(0.2);

  heading('1. 당사자');
  line('임대인', `B TOWER (${BUILDING_ADDRESS})`);
  line('임차인', `${tenant.legalName} (사업자등록번호 ${tenant.businessNumber}, 대표자 ${tenant.representative})`);

  heading('2. 임대차 목적물');
  const ko = serverMessages('ko');
  for (const unit of lease.units) line(spaceName(ko, unit), `계약면적 ${unit.supplyAreaM2}㎡, 전용면적 ${unit.exclusiveAreaM2}㎡`);
  if (terms.useDetail) line('용도', terms.useDetail);

  heading('3. 기간');
  line('인도일', dates.handoverOn);
  line('임대차 기간', `${dates.commencementOn} ~ ${dates.expiresOn} (${terms.termMonths}개월)`);
  if (terms.fitoutMonths > 0) line('인테리어 공사 기간', `${terms.fitoutMonths}개월 (관리비 부담)`);

  heading('4. 보증금');
  line('보증금', won(lease.deposit.amountKrw));
  for (const installment of lease.deposit.schedule) line(`  ${DEPOSIT_KINDS[installment.kind]}`, `${won(installment.amountKrw)} (${installment.dueOn} 지급)`);

  heading('5. 차임과 관리비 (부가가치세 별도)');
  line('월 임대료', `계약면적 ㎡당 ${won(terms.rentPerM2Krw)}, 매년 ${terms.escalationPct}% 인상`);
  line('월 관리비', `계약면적 ㎡당 ${won(terms.maintenancePerM2Krw)}`);
  if (terms.freeRent.months > 0) line('임대료 면제', terms.freeRent.basis === 'upFront' ? `임대차 개시 후 ${terms.freeRent.months}개월` : `매 임대차 연도 첫 ${terms.freeRent.months}개월`);

  heading('6. 특약');
  doc.text(text(terms.specialTerms || '없음'), { lineGap: 3 });

  doc.moveDown(2).text(text(`계약일: ${dates.contractOn}`), { align: 'right' });
  doc.moveDown(1.5).text(text('임대인  B TOWER                                  (서명)'), { align: 'right' });
  doc.moveDown(1).text(text(`임차인  ${tenant.legalName}  대표자 ${tenant.representative}   (서명)`), { align: 'right' });
  doc.end();
  return new Uint8Array(await done);
}
