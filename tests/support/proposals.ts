import { randomUUID } from 'node:crypto';
import inquiries from '../../functions/inquiries.ts';
import proposals from '../../functions/proposals.ts';
import type { Db } from '../../src/server/db/index.ts';
import { koreanDay } from '../../src/shared/business-hours.ts';
import { addMonths } from '../../src/shared/deals/schedule.ts';
import type { DealTermsInput } from '../../src/shared/deals/terms.ts';
import { call } from './api-calls.ts';
import { inquiryBody } from './api-suite.ts';

/**
 * The research's worked example (research/deals.md §3.2) as a space the team lists: 10F, 500 m² contract (supply)
 * area, 275 m² exclusive, asking ₩18,000,000 a month (₩36,000/m²), 관리비 ₩7,000,000 (₩14,000/m²), deposit
 * ₩180,000,000. Each call makes a space of its own (another unit number), so tests never share a hold.
 */
export async function workedExampleUnit(db: Db, overrides: Partial<{ monthlyRent: number | null; deposit: number | null; maintenanceFee: number | null; floor: string }> = {}): Promise<string> {
  const floor = overrides.floor ?? '10F';
  const row = await db
    .insertInto('units')
    .values({
      floor,
      unitNumber: `${floor.replace('F', '')}${String(Math.floor(Math.random() * 90) + 10)}-${randomUUID().slice(0, 4)}`,
      exclusiveAreaM2: 275,
      supplyAreaM2: 500,
      status: 'available',
      monthlyRent: overrides.monthlyRent === undefined ? 18_000_000 : overrides.monthlyRent,
      deposit: overrides.deposit === undefined ? 180_000_000 : overrides.deposit,
      maintenanceFee: overrides.maintenanceFee === undefined ? 7_000_000 : overrides.maintenanceFee,
      uses: ['Office'],
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** The first day of the month after next (Seoul): a start every test accepts whatever day it runs. */
export const startDay = () => addMonths(`${koreanDay(new Date()).slice(0, 7)}-01`, 2);

/** Offer A of the worked example: asking rent and 관리비, 3 % a year, one rent-free month in each lease year, five years. */
export function offerA(overrides: Partial<DealTermsInput> = {}): DealTermsInput {
  return {
    depositKrw: 180_000_000,
    rentPerM2Krw: 36_000,
    maintenancePerM2Krw: 14_000,
    termMonths: 60,
    startDate: startDay(),
    freeRent: { basis: 'perYear', months: 1 },
    escalationPct: 3,
    ...overrides,
  };
}

/** At asking: no concession at all (no rule is hit). */
export const atAsking = (overrides: Partial<DealTermsInput> = {}) => offerA({ freeRent: { basis: 'perYear', months: 0 }, ...overrides });

/** A visitor's inquiry (the public form), assigned to `assigneeId` by `ownerToken`. */
export async function newInquiry(ownerToken: string, assigneeId?: string, overrides: Record<string, unknown> = {}): Promise<{ id: string; email: string }> {
  const email = typeof overrides.email === 'string' ? overrides.email : `p-${randomUUID().slice(0, 8)}@example.com`;
  const made = await call(inquiries, 'POST', '/api/inquiries', { body: inquiryBody({ name: '김민준', email, company: 'Acme Korea', locale: 'en', ...overrides }) });
  if (made.status !== 201) throw new Error(`inquiry: ${made.status} ${made.text}`);
  if (assigneeId) await call(inquiries, 'PATCH', `/api/inquiries/${made.json.id}`, { token: ownerToken, body: { assigneeId } });
  return { id: made.json.id as string, email };
}

/** The API calls of the proposal flow, as the panel makes them (If-Match from the last answer when given). */
export const proposalApi = {
  create: (token: string, inquiryId: string, body: Record<string, unknown>) => call(proposals, 'POST', `/api/inquiries/${inquiryId}/proposals`, { token, body }),
  list: (token: string, inquiryId: string) => call(proposals, 'GET', `/api/inquiries/${inquiryId}/proposals`, { token }),
  get: (token: string, id: string) => call(proposals, 'GET', `/api/proposals/${id}`, { token }),
  patch: (token: string, id: string, body: Record<string, unknown>, revision?: number) =>
    call(proposals, 'PATCH', `/api/proposals/${id}`, { token, body, headers: revision === undefined ? {} : { 'If-Match': `"${revision}"` } }),
  post: (token: string, id: string, action: string, body: Record<string, unknown> = {}, revision?: number) =>
    call(proposals, 'POST', `/api/proposals/${id}/${action}`, { token, body, headers: revision === undefined ? {} : { 'If-Match': `"${revision}"` } }),
};

/** The decoded parts of a raw MIME mail: its text and its attachments (nodemailer's base64 or quoted-printable). */
export function mailParts(raw: string): { text: string; attachments: { filename: string; contentType: string; content: Buffer }[] } {
  const boundary = /boundary="?([^";\r\n]+)"?/i.exec(raw)?.[1];
  const decode = (headers: string, body: string): Buffer => {
    if (/Content-Transfer-Encoding:\s*base64/i.test(headers)) return Buffer.from(body.replace(/\s+/g, ''), 'base64');
    if (/quoted-printable/i.test(headers)) return Buffer.from(body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))), 'latin1');
    return Buffer.from(body, 'utf8');
  };
  if (!boundary) {
    const [headers, ...rest] = raw.split(/\r?\n\r?\n/);
    return { text: decode(headers!, rest.join('\n\n')).toString('utf8'), attachments: [] };
  }
  let text = '';
  const attachments: { filename: string; contentType: string; content: Buffer }[] = [];
  for (const part of raw.split(`--${boundary}`).slice(1)) {
    if (part.startsWith('--')) break;
    const [headers, ...rest] = part.replace(/^\r?\n/, '').split(/\r?\n\r?\n/);
    const body = rest.join('\n\n').replace(/\r?\n$/, '');
    const contentType = /Content-Type:\s*([^;\r\n]+)/i.exec(headers!)?.[1]?.trim() ?? '';
    const filename = /filename="?([^";\r\n]+)"?/i.exec(headers!)?.[1];
    if (filename) attachments.push({ filename, contentType, content: decode(headers!, body) });
    else if (contentType === 'text/plain') text = decode(headers!, body).toString('utf8');
  }
  return { text, attachments };
}

/** The link's token from a proposal mail's text: the fragment after /proposal/#. */
export function tokenOf(text: string): string {
  const match = /\/proposal\/#([A-Za-z0-9_-]{43})/.exec(text);
  if (!match) throw new Error(`no proposal link in: ${text}`);
  return match[1]!;
}
