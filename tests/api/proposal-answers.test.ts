import { createHash, randomUUID } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import inquiries from '../../functions/inquiries.ts';
import leases from '../../functions/leases.ts';
import links from '../../functions/proposal-links.ts';
import proposals from '../../functions/proposals.ts';
import units from '../../functions/units.ts';
import { inputFromUnit } from '../../src/shared/units/unit.ts';
import { resetServerEnv, serverEnv } from '../../src/server/env.ts';
import { runDealDates } from '../../src/server/deal-dates/run.ts';
import { holdLapseStep, proposalExpiryStep } from '../../src/server/proposals/dates.ts';
import { koreanDay } from '../../src/shared/business-hours.ts';
import { addDays, addMonths } from '../../src/shared/deals/schedule.ts';
import { call } from '../support/api-calls.ts';
import { adminToken, inquiryBody, uploaded, useApiBackend } from '../support/api-suite.ts';
import { availableBackends } from '../support/db-backends.ts';
import { atAsking, mailParts, newInquiry, offerA, proposalApi as api, tokenOf, workedExampleUnit } from '../support/proposals.ts';
import { startSmtp, subjectOf, type Mail } from '../support/smtp.ts';
import { outboxSettled, staffAccount, type TestAccount } from '../support/staff.ts';

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
const BROWSER = 'Mozilla/5.0 (Macintosh) ProposalTest/1.0';

/** The PDF's text as pdftotext reads it back. */
function pdfText(pdf: Buffer): string {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'proposal-')), 'p.pdf');
  writeFileSync(file, pdf);
  return execFileSync('pdftotext', ['-enc', 'UTF-8', file, '-'], { encoding: 'utf8' });
}

/**
 * The proposal leaves the panel (issue 39): sent with its PDF and a single-use link, never changed after, opened by
 * the prospect with the token, answered once with a mailed code and its evidence; accepting reserves the spaces, and
 * of two acceptances of one space at once exactly one wins.
 */
describe.each(availableBackends({ neon: true }))('proposal sending and answers on $name', (backend) => {
  const ctx = useApiBackend(backend);
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let admin = '';
  let agent: TestAccount;
  let viewer: TestAccount;
  const saved = { ...process.env };

  const delivered = async (): Promise<Mail[]> => {
    await outboxSettled(ctx.db);
    return smtp.mails.splice(0);
  };
  const link = {
    current: (token: string) => call(links, 'GET', '/api/proposal-links/current', { token, headers: { 'User-Agent': BROWSER } }),
    pdf: async (token: string) => {
      const response = await links(new Request('http://127.0.0.1/api/proposal-links/pdf', { headers: { Authorization: `Bearer ${token}` } }), { ip: 'x', params: {} } as never);
      return { status: response.status, bytes: Buffer.from(await response.arrayBuffer()) };
    },
    code: (token: string) => call(links, 'POST', '/api/proposal-links/code', { token, body: {} }),
    answer: (token: string, body: Record<string, unknown>, ip = '203.0.113.7') => call(links, 'POST', '/api/proposal-links/answer', { token, body, ip, headers: { 'User-Agent': BROWSER } }),
  };

  /** An approved proposal (at asking: no rule is hit) on a new inquiry assigned to the agent. */
  async function approved(unitIds: string[], terms = atAsking()) {
    const inquiry = await newInquiry(admin, agent.id);
    const made = (await api.create(agent.token, inquiry.id, { unitIds, terms })).json;
    const submitted = (await api.post(agent.token, made.id, 'submit', {}, made.revision)).json;
    expect(submitted.status).toBe('approved');
    return { inquiry, proposal: submitted };
  }
  /** Sends it and returns the token from the prospect's mail, and that mail. */
  async function sent(proposal: { id: string; revision: number }, body: Record<string, unknown> = {}) {
    await delivered();
    const answer = await api.post(agent.token, proposal.id, 'send', body, proposal.revision);
    expect(answer.status, answer.text).toBe(200);
    const mails = await delivered();
    const mail = mails.find((candidate) => /\/proposal\/#/.test(mailParts(candidate.raw).text))!;
    return { proposal: answer.json, mail, token: tokenOf(mailParts(mail.raw).text) };
  }
  /** Asks for a code and reads it from the mail's subject. */
  async function codeFor(token: string): Promise<string> {
    const asked = await link.code(token);
    expect(asked.status).toBe(202);
    // The code ends its subject after a space; a staff mail's reference (#2D8B6300, hex) may hold six digits too.
    const code = / (\d{6})$/;
    const mail = (await delivered()).find((candidate) => code.test(subjectOf(candidate.raw)))!;
    return code.exec(subjectOf(mail.raw))![1]!;
  }
  const accept = (token: string, code: string, ip?: string) =>
    link.answer(token, { decision: 'accept', code, signerName: '김민준', signerTitle: '대표이사', company: 'Acme Korea', consent: true, consentVersion: '2026-12-06' }, ip);

  beforeAll(async () => {
    smtp = await startSmtp();
    process.env.SMTP_URL = `smtp://127.0.0.1:${smtp.port}`;
    process.env.INQUIRY_NOTIFY_FROM = 'B TOWER Leasing <leasing@btower.example>';
    resetServerEnv();
    admin = await adminToken();
    agent = await staffAccount(admin, 'agent', 'Dana');
    viewer = await staffAccount(admin, 'viewer', 'Vic');
  });
  beforeEach(async () => {
    await delivered();
  });
  afterAll(async () => {
    process.env = saved;
    resetServerEnv();
    await smtp.stop();
  });

  it('sends: the prospect gets a note, the PDF and a link whose token is in the fragment; the inquiry moves to 제안 by the sender; nothing secret is queued', async () => {
    const unitId = await workedExampleUnit(ctx.db);
    const { inquiry, proposal } = await approved([unitId]);
    const { proposal: after, mail, token } = await sent(proposal);
    expect(after).toMatchObject({ status: 'sent', sentBy: { id: agent.id }, delivery: { mail: 'queued' } });
    expect(mail.to).toEqual([inquiry.email]);
    const { text, attachments } = mailParts(mail.raw);
    expect(subjectOf(mail.raw)).toMatch(/Lease proposal \(Floor 10, Unit 10/);
    expect(text).toContain(`${serverEnv().siteUrl}/en/proposal/#${token}`);
    expect(text).not.toMatch(/[?&]token=/);
    expect(text).toContain('This proposal is not legally binding');
    expect(attachments.map((file) => [file.filename, file.contentType])).toEqual([[`B-TOWER-proposal-v1-en.pdf`, 'application/pdf']]);
    // The PDF mailed, the one the page offers, the one staff download and the hash the page names are one document.
    const mailed = attachments[0]!.content;
    const current = await link.current(token);
    expect(current.json.pdfSha256).toBe(sha256(mailed));
    expect(sha256((await link.pdf(token)).bytes)).toBe(sha256(mailed));
    const staffPdf = await proposals(new Request(`http://127.0.0.1/api/proposals/${proposal.id}/pdf?lang=en`, { headers: { Authorization: `Bearer ${agent.token}` } }), { params: {} } as never);
    expect(sha256(Buffer.from(await staffPdf.arrayBuffer()))).toBe(sha256(mailed));
    const pdf = pdfText(mailed);
    for (const words of ['Lease proposal', '500 ㎡ (151.25 pyeong)', '₩36,000 per m² (₩119,008 per 3.3 m²)', 'VAT excluded', 'This proposal is not legally binding']) expect(pdf).toContain(words);
    const detail = (await call(inquiries, 'GET', `/api/inquiries/${inquiry.id}`, { token: admin })).json;
    expect(detail.status).toBe('proposal');
    expect(detail.history.at(-1)).toMatchObject({ status: 'proposal', by: { id: agent.id } });
    const rows = await ctx.db.selectFrom('outbox').select('payload').where('channel', '=', 'proposal-mail').where('inquiryId', '=', inquiry.id).execute();
    const queued = JSON.stringify(rows);
    expect(queued).not.toContain(token);
    expect(queued).not.toContain(inquiry.email);
    const stored = await ctx.db.selectFrom('proposalLinks').select(['tokenHash', 'recipient']).where('proposalId', '=', proposal.id).executeTakeFirstOrThrow();
    expect(stored).toEqual({ tokenHash: sha256(Buffer.from(token)), recipient: inquiry.email });
  });

  it('never changes a sent version: PATCH is 409 proposal_sent with the way to the next version, which supersedes it when sent', async () => {
    const unitId = await workedExampleUnit(ctx.db);
    const { inquiry, proposal } = await approved([unitId]);
    const first = await sent(proposal);
    const before = (await api.get(agent.token, proposal.id)).json;
    const edit = await api.patch(agent.token, proposal.id, { terms: offerA() }, before.revision);
    expect([edit.status, edit.json.error.code]).toEqual([409, 'proposal_sent']);
    expect(edit.json.error.revise).toEqual({ method: 'POST', path: `/api/inquiries/${inquiry.id}/proposals`, parentId: proposal.id });
    expect((await api.post(agent.token, proposal.id, 'submit', {}, before.revision)).json.error.code).toBe('proposal_sent');
    expect((await api.get(agent.token, proposal.id)).json).toMatchObject({ terms: before.terms, metrics: before.metrics, revision: before.revision });
    const next = await api.create(agent.token, inquiry.id, { unitIds: [unitId], terms: atAsking({ rentPerM2Krw: 35_500 }), parentId: proposal.id });
    expect(next.status).toBe(201);
    expect(next.json).toMatchObject({ version: 2, parentId: proposal.id, rootId: proposal.id, status: 'draft', changedFromParent: ['rentPerM2Krw'] });
    const twice = await api.create(agent.token, inquiry.id, { unitIds: [unitId], terms: atAsking(), parentId: proposal.id });
    expect([twice.status, twice.json.error.code, twice.json.error.openId]).toEqual([409, 'proposal_open_version', next.json.id]);
    const v2 = (await api.post(agent.token, next.json.id, 'submit', {}, next.json.revision)).json;
    const second = await sent(v2);
    expect((await api.get(agent.token, proposal.id)).json.status).toBe('superseded');
    expect((await link.current(first.token)).json.error.code).toBe('proposal_superseded');
    expect((await link.current(second.token)).json).toMatchObject({ version: 2, status: 'sent' });
  });

  it('sends again to another address in another language: the first link stops at once, the new one is bound to its recipient — the code goes there, never to the first address', async () => {
    const { inquiry, proposal } = await approved([await workedExampleUnit(ctx.db)]);
    const first = await sent(proposal);
    const badAddress = await api.post(agent.token, proposal.id, 'send', { to: 'not an address' }, first.proposal.revision);
    expect([badAddress.status, badAddress.json.error.fields?.to]).toEqual([400, 'proposals.errors.emailInvalid']);
    const colleague = `cfo-${randomUUID().slice(0, 6)}@example.com`;
    const again = await sent(first.proposal, { to: colleague, locale: 'ja' });
    expect(again.proposal).toMatchObject({ status: 'sent', version: 1 });
    expect(again.mail.to).toEqual([colleague]);
    expect(mailParts(again.mail.raw).text).toContain(`/ja/proposal/#${again.token}`);
    expect(mailParts(again.mail.raw).attachments.map((file) => file.filename)).toEqual(['B-TOWER-proposal-v1-ja.pdf']);
    // The first mail's link is revoked: it neither opens nor asks for a code.
    const old = await link.current(first.token);
    expect([old.status, old.json.error.code]).toEqual([410, 'proposal_superseded']);
    const oldCode = await link.code(first.token);
    expect([oldCode.status, oldCode.json.error.code]).toEqual([410, 'proposal_superseded']);
    const page = await link.current(again.token);
    expect(page.status).toBe(200);
    expect(page.json).toMatchObject({ version: 1, locale: 'ja', privacyPolicyPath: '/ja/privacy' });
    expect(page.json.recipient).toMatch(/^c\*\*\*@example\.com$/);
    await delivered();
    expect((await link.code(again.token)).status).toBe(202);
    expect((await delivered()).map((mail) => mail.to[0])).toEqual([colleague]);
    // Stored as hashes, each bound to its recipient; only the newest is live.
    const stored = await ctx.db.selectFrom('proposalLinks').select(['tokenHash', 'recipient', 'revokedAt']).where('proposalId', '=', proposal.id).orderBy('createdAt').execute();
    expect(stored.map((row) => [row.tokenHash, row.recipient, row.revokedAt === null])).toEqual([
      [sha256(Buffer.from(first.token)), inquiry.email, false],
      [sha256(Buffer.from(again.token)), colleague, true],
    ]);
  });

  it('shows the prospect the tenant\'s figures, not the owner\'s, and refuses a token it never gave', async () => {
    const unitId = await workedExampleUnit(ctx.db);
    const { proposal } = await approved([unitId], atAsking({ brokerFeeKrw: 17_820_000 }));
    const { token } = await sent(proposal);
    const unknown = await link.current('x'.repeat(43));
    expect([unknown.status, unknown.json.error.code]).toEqual([401, 'invalid_link']);
    const page = await link.current(token);
    expect(page.status).toBe(200);
    expect(page.headers.get('cache-control')).toBe('no-store');
    expect(page.json).toMatchObject({
      version: 1, status: 'sent', locale: 'en', consentVersion: '2026-12-06', privacyPolicyPath: '/en/privacy', pdfPath: '/api/proposal-links/pdf',
      figures: { monthlyRentKrw: 18_000_000, monthlyMaintenanceKrw: 7_000_000, contractAreaM2: 500, exclusiveAreaM2: 275, protectedByAct: false },
    });
    expect(page.json.recipient).toMatch(/^p\*\*\*@example\.com$/);
    expect(page.json.units[0].pagePath).toMatch(/^\/en\/floors\/10f\//);
    const text = JSON.stringify(page.json);
    for (const ownersOnly of ['nerPerM2', 'discountVsAskingPct', 'askingNerPerM2', 'brokerFeeKrw', 'effectiveRentPerM2']) expect(text).not.toContain(ownersOnly);
    expect((await api.get(agent.token, proposal.id)).json.link.firstViewedAt).not.toBeNull();
  });

  it('accepts with the mailed code and keeps the evidence; the spaces are reserved for the hold days; the link answers once', async () => {
    const unitId = await workedExampleUnit(ctx.db);
    const { proposal } = await approved([unitId]);
    const { token, mail } = await sent(proposal);
    const shown = sha256(mailParts(mail.raw).attachments[0]!.content);
    const noCode = await link.answer(token, { decision: 'accept', signerName: '김민준', consent: true, consentVersion: '2026-12-06' });
    expect([noCode.status, noCode.json.error.fields.code]).toEqual([400, 'proposals.errors.codeRequired']);
    const code = await codeFor(token);
    const wrong = await accept(token, code === '000000' ? '111111' : '000000');
    expect([wrong.status, wrong.json.error.code, wrong.json.error.attemptsLeft]).toEqual([400, 'invalid_code', 4]);
    const before = Date.now();
    const accepted = await accept(token, code);
    expect(accepted.status).toBe(200);
    expect(accepted.json).toMatchObject({ decision: 'accept', pdfSha256: shown });
    expect(accepted.json.atKst).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2} KST$/);
    const after = (await api.get(agent.token, proposal.id)).json;
    expect(after.status).toBe('accepted');
    expect(after.response).toMatchObject({
      decision: 'accept', signerName: '김민준', signerTitle: '대표이사', company: 'Acme Korea', consentVersion: '2026-12-06', clientAddress: '203.0.113.7',
      userAgent: BROWSER, pdfSha256: shown, pdfLocale: 'en', codeVerified: true,
    });
    expect(after.hold.unitIds).toEqual([unitId]);
    const until = new Date(after.hold.until).getTime();
    expect(until).toBeGreaterThanOrEqual(before + 30 * 86_400_000 - 1000);
    expect(until).toBeLessThanOrEqual(Date.now() + 30 * 86_400_000 + 1000);
    expect((await ctx.db.selectFrom('units').select('status').where('id', '=', unitId).executeTakeFirstOrThrow()).status).toBe('reserved');
    // The second time: the link took its decision.
    const again = await accept(token, code);
    expect([again.status, again.json.error.code, again.json.error.decision]).toEqual([410, 'proposal_answered', 'accept']);
    expect((await link.current(token)).json.error.code).toBe('proposal_answered');
    // The certificate to the prospect (the PDF with its evidence page), the assignee told by reference only.
    const mails = await delivered();
    const certificate = mails.find((candidate) => subjectOf(candidate.raw).includes('Your response'))!;
    const certificatePdf = pdfText(mailParts(certificate.raw).attachments[0]!.content);
    for (const evidence of ['Certificate of response', '김민준', 'Acme Korea', '203.0.113.7', 'ProposalTest/1.0', 'Verified with the 6-digit code']) expect(certificatePdf).toContain(evidence);
    // The hash wraps in its column: read without the line breaks.
    expect(certificatePdf.replace(/\s+/g, '')).toContain(shown);
    const notice = mails.find((candidate) => candidate.to[0] === agent.email)!;
    expect(subjectOf(notice.raw)).toMatch(/제안 v1 수락: #[0-9A-F]{8}/);
    expect(notice.raw).not.toContain('김민준');
    // A held space's status is the hold's: the hand edit is refused.
    const unit = (await call(units, 'GET', `/api/units/${unitId}`, { token: admin })).json;
    const { version } = unit;
    const input = inputFromUnit(unit);
    const edit = await call(units, 'PUT', `/api/units/${unitId}`, { token: admin, body: { ...input, status: 'available' }, headers: { 'If-Match': `"${version}"` } });
    expect([edit.status, edit.json.error.code, edit.json.error.proposalId]).toEqual([409, 'unit_held', proposal.id]);
  });

  it('shows a viewer an answered proposal masked: the signer, company and address in part, never the client address, browser or message; no certificate', async () => {
    const { inquiry, proposal } = await approved([await workedExampleUnit(ctx.db)]);
    const { token } = await sent(proposal);
    expect((await accept(token, await codeFor(token), '198.51.100.77')).status).toBe(200);
    const read = await api.get(viewer.token, proposal.id);
    expect(read.status).toBe(200);
    expect(read.json).toMatchObject({
      masked: true, status: 'accepted',
      response: { decision: 'accept', signerName: '김*준', signerTitle: null, clientAddress: null, userAgent: null, message: null, codeVerified: true },
      metrics: { nerPerM2: 38_113 },
    });
    expect(read.json.link.recipient).toMatch(/^p\*\*\*@example\.com$/);
    const everything = JSON.stringify([read.json, (await api.list(viewer.token, inquiry.id)).json]);
    for (const full of ['김민준', '대표이사', 'Acme Korea', '198.51.100.77', 'ProposalTest', inquiry.email]) expect(everything, full).not.toContain(full);
    // The PDF a viewer downloads names the addressee masked; the agent's, in full.
    const pdfOf = async (token: string) => pdfText(Buffer.from(await (await proposals(new Request(`http://127.0.0.1/api/proposals/${proposal.id}/pdf?lang=en`, { headers: { Authorization: `Bearer ${token}` } }), { params: {} } as never)).arrayBuffer()));
    const [viewersPdf, agentsPdf] = [await pdfOf(viewer.token), await pdfOf(agent.token)];
    expect(agentsPdf).toContain('Acme Korea');
    expect(viewersPdf).toContain('Lease proposal');
    expect(viewersPdf).not.toContain('Acme Korea');
    expect(viewersPdf).not.toContain('김민준');
    // The certificate names the signer in full: the people with personal data's access alone.
    const certificate = await proposals(new Request(`http://127.0.0.1/api/proposals/${proposal.id}/certificate.pdf`, { headers: { Authorization: `Bearer ${viewer.token}` } }), { params: {} } as never);
    expect(certificate.status).toBe(403);
    const full = await api.get(agent.token, proposal.id);
    expect(full.json.response).toMatchObject({ signerName: '김민준', company: 'Acme Korea', clientAddress: '198.51.100.77' });
  });

  it('of two acceptances of one space at once, exactly one wins; the other is 409 unit_reserved, its link still works and the team is told', async () => {
    const unitId = await workedExampleUnit(ctx.db);
    const first = await approved([unitId]);
    const second = await approved([unitId]);
    const a = await sent(first.proposal);
    const b = await sent(second.proposal);
    const [codeA, codeB] = [await codeFor(a.token), await codeFor(b.token)];
    const answers = await Promise.all([accept(a.token, codeA, '198.51.100.1'), accept(b.token, codeB, '198.51.100.2')]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    const refused = answers.find((answer) => answer.status === 409)!;
    expect(refused.json.error).toMatchObject({ code: 'unit_reserved', unitIds: [unitId], fields: { unitIds: 'proposals.errors.unitReserved' } });
    const holds = await ctx.db.selectFrom('proposalHolds').select(['proposalId']).where('unitId', '=', unitId).where('releasedAt', 'is', null).execute();
    expect(holds).toHaveLength(1);
    const winner = holds[0]!.proposalId;
    const loser = winner === first.proposal.id ? b : a;
    expect((await api.get(agent.token, winner)).json.status).toBe('accepted');
    expect((await api.get(agent.token, loser.proposal.id)).json.status).toBe('sent');
    expect((await link.current(loser.token)).status).toBe(200);
    const told = (await delivered()).filter((mail) => subjectOf(mail.raw).includes('예약된 공간의 제안 수락이 거부됨'));
    expect(told.map((mail) => mail.to[0])).toContain(agent.email);
    // The refused prospect can still decline (no code needed).
    const declined = await link.answer(loser.token, { decision: 'decline', reasonCode: 'other_building' });
    expect(declined.status).toBe(200);
  });

  it('refuses an acceptance of a space a lease signed for a later contract day already takes: 409 unit_leased, the space not reserved', async () => {
    const unitId = await workedExampleUnit(ctx.db);
    // A proposal to one prospect is out when the owner signs a lease of the same space with another tenant,
    // its contract day ten days ahead (the space reads as before until then).
    const { proposal } = await approved([unitId]);
    const { token } = await sent(proposal);
    const tenant = await newInquiry(admin, agent.id, { unitId });
    const opened = (await call(leases, 'POST', `/api/inquiries/${tenant.id}/lease`, { token: admin, body: { overrideReason: 'Signed on paper' } })).json;
    const contractOn = addDays(koreanDay(new Date()), 10);
    const filled = await call(leases, 'PATCH', `/api/leases/${opened.id}`, { token: admin, body: { tenant: { businessNumber: '220-81-62517', representative: '박대표' }, dates: { contractOn } }, headers: { 'If-Match': `"${opened.version}"` } });
    expect(filled.status, filled.text).toBe(200);
    const signed = await call(leases, 'POST', `/api/leases/${opened.id}/sign`, { token: admin, body: { signedOn: koreanDay(new Date()), documentPath: await uploaded('lease') }, headers: { 'If-Match': `"${filled.json.version}"` } });
    expect(signed.status, signed.text).toBe(200);
    // The prospect's term (from the month after next, five years) falls in the lease's: theirs cannot hold the space.
    const refused = await accept(token, await codeFor(token));
    expect([refused.status, refused.json.error?.code, refused.json.error?.fields?.unitIds]).toEqual([409, 'unit_leased', 'proposals.errors.unitLeased']);
    expect((await ctx.db.selectFrom('units').select('status').where('id', '=', unitId).executeTakeFirstOrThrow()).status).toBe('available');
    expect(await ctx.db.selectFrom('proposalHolds').select('unitId').where('proposalId', '=', proposal.id).execute()).toEqual([]);
    expect((await api.get(agent.token, proposal.id)).json.status).toBe('sent');
  });

  it('lets a prospect accept ahead of a lease whose end is known: the lease keeps the space until its end while visitors read it reserved, and the day after the end the daily job makes it reserved, not free', async () => {
    const unitId = await workedExampleUnit(ctx.db);
    // Its prices are published: visitors read them only while it is offered.
    await ctx.db.updateTable('units').set({ pricePublic: true }).where('id', '=', unitId).execute();
    const today = koreanDay(new Date());
    // The current tenant's lease, signed on paper a year ago, ends in two weeks: the public plan says "입주 가능 <freeOn>".
    const freeOn = addDays(today, 15);
    const start = addMonths(freeOn, -12);
    const tenant = await newInquiry(admin, agent.id, { unitId });
    const opened = (await call(leases, 'POST', `/api/inquiries/${tenant.id}/lease`, { token: admin, body: { overrideReason: 'Signed on paper' } })).json;
    const filled = await call(leases, 'PATCH', `/api/leases/${opened.id}`, {
      token: admin, headers: { 'If-Match': `"${opened.version}"` },
      body: { tenant: { businessNumber: '220-81-62517', representative: '박대표' }, terms: { ...opened.terms, startDate: start, fitoutMonths: 0, termMonths: 12 }, dates: { contractOn: start, handoverOn: start, openingOn: start } },
    });
    expect(filled.status, filled.text).toBe(200);
    const signed = await call(leases, 'POST', `/api/leases/${opened.id}/sign`, { token: admin, body: { signedOn: today, documentPath: await uploaded('lease') }, headers: { 'If-Match': `"${filled.json.version}"` } });
    expect(signed.status, signed.text).toBe(200);
    expect(signed.json.dates.expiresOn).toBe(addDays(freeOn, -1));
    const visitors = async () => {
      const one = (await call(units, 'GET', `/api/units/${unitId}`)).json;
      const listed = ((await call(units, 'GET', '/api/units')).json as { id: string }[]).find((unit) => unit.id === unitId);
      expect(listed).toEqual(one);
      return { status: one.status, availableFrom: one.availableFrom, monthlyRent: one.monthlyRent };
    };
    const team = async () => (({ status, availableFrom }) => ({ status, availableFrom }))((await call(units, 'GET', `/api/units/${unitId}`, { token: admin })).json);
    expect(await visitors()).toEqual({ status: 'leased', availableFrom: freeOn, monthlyRent: null });

    // A proposal whose fit-out would start before the lease ends is still refused: the lease holds the space then.
    const early = await approved([unitId], atAsking({ startDate: freeOn, fitoutMonths: 1 }));
    const earlyLink = await sent(early.proposal);
    const refused = await accept(earlyLink.token, await codeFor(earlyLink.token));
    expect([refused.status, refused.json.error?.code, refused.json.error?.unitIds]).toEqual([409, 'unit_leased', [unitId]]);
    expect(await ctx.db.selectFrom('proposalHolds').select('unitId').where('proposalId', '=', early.proposal.id).execute()).toEqual([]);

    // One whose tenant moves in on the day the space is free is accepted and holds it, its days counted from today.
    const ahead = await approved([unitId], atAsking({ startDate: freeOn, fitoutMonths: 0 }));
    const aheadLink = await sent(ahead.proposal);
    const acceptedAt = Date.now();
    const accepted = await accept(aheadLink.token, await codeFor(aheadLink.token));
    expect(accepted.status, accepted.text).toBe(200);
    const hold = (await api.get(agent.token, ahead.proposal.id)).json.hold;
    expect(hold).toMatchObject({ unitIds: [unitId], releasedAt: null });
    expect(Math.abs(new Date(hold.until).getTime() - (acceptedAt + 30 * 86_400_000))).toBeLessThan(60_000);
    // The lease still governs the space: the team reads it leased with its day; visitors read it reserved — no day,
    // no price — and may not ask about it.
    expect(await team()).toEqual({ status: 'leased', availableFrom: freeOn });
    expect(await visitors()).toEqual({ status: 'reserved', availableFrom: null, monthlyRent: null });
    const asked = await call(inquiries, 'POST', '/api/inquiries', { body: inquiryBody({ unitId }) });
    expect([asked.status, asked.json.error?.fields?.unitId]).toEqual([400, 'units.errors.unitReserved']);

    // The daily job with a controlled clock: on the lease's last day nothing changes; the day after, the space is
    // reserved for the accepted proposal — not available — while its hold lives; when the hold lapses, it is free.
    const noonOf = (day: string) => new Date(`${day}T12:00:00+09:00`);
    await runDealDates(ctx.db, noonOf(addDays(freeOn, -1)));
    expect(await team()).toEqual({ status: 'leased', availableFrom: freeOn });
    await runDealDates(ctx.db, noonOf(freeOn));
    expect(await team()).toEqual({ status: 'reserved', availableFrom: null });
    expect(await visitors()).toEqual({ status: 'reserved', availableFrom: null, monthlyRent: null });
    await runDealDates(ctx.db, noonOf(addDays(freeOn, 1)));
    expect(await team()).toEqual({ status: 'reserved', availableFrom: null });
    await runDealDates(ctx.db, new Date(new Date(hold.until).getTime() + 60_000));
    expect(await team()).toEqual({ status: 'available', availableFrom: null });
    expect(await visitors()).toEqual({ status: 'available', availableFrom: null, monthlyRent: 18_000_000 });
    expect((await api.get(agent.token, ahead.proposal.id)).json).toMatchObject({ status: 'accepted', hold: { releaseReason: 'lapsed' } });
  });

  it('declines with a reason from the list (words for "other"), without a code', async () => {
    const { proposal } = await approved([await workedExampleUnit(ctx.db)]);
    const { token } = await sent(proposal);
    const bare = await link.answer(token, { decision: 'decline', reasonCode: 'other' });
    expect([bare.status, bare.json.error.fields.message]).toEqual([400, 'proposals.errors.reasonTextRequired']);
    const unknown = await link.answer(token, { decision: 'decline', reasonCode: 'weather' });
    expect(unknown.json.error.fields.reasonCode).toBe('proposals.errors.reasonRequired');
    const declined = await link.answer(token, { decision: 'decline', reasonCode: 'other', message: '본사 이전 계획 취소' });
    expect(declined.status).toBe(200);
    expect((await api.get(agent.token, proposal.id)).json).toMatchObject({ status: 'declined', response: { decision: 'decline', reasonCode: 'other', message: '본사 이전 계획 취소', codeVerified: false } });
  });

  it('counters: the next version is the prospect\'s, made from the answered one with their changes; our answer to it supersedes it', async () => {
    const unitId = await workedExampleUnit(ctx.db);
    const { inquiry, proposal } = await approved([unitId]);
    const { token } = await sent(proposal);
    const code = await codeFor(token);
    const nonsense = await link.answer(token, { decision: 'counter', code, signerName: 'Kim', counter: { termMonths: 12, freeRent: { basis: 'upFront', months: 12 } } });
    expect([nonsense.status, nonsense.json.error.fields['counter.freeRent.months']]).toEqual([400, 'deals.errors.freeRentTooMany']);
    const countered = await link.answer(token, { decision: 'counter', code, signerName: 'Kim', company: 'Acme', counter: { rentPerM2Krw: 33_000, freeRent: { basis: 'perYear', months: 2 } }, message: 'Two months a year, please' });
    expect(countered.status).toBe(200);
    expect(countered.json.counterVersion).toBe(2);
    const versions = (await api.list(agent.token, inquiry.id)).json;
    expect(versions.map((p: { version: number; status: string; proposedBy: string }) => [p.version, p.status, p.proposedBy])).toEqual([[1, 'countered', 'landlord'], [2, 'sent', 'prospect']]);
    const theirs = versions[1];
    expect(theirs).toMatchObject({ parentId: proposal.id, changedFromParent: ['rentPerM2Krw', 'freeRent'], terms: { rentPerM2Krw: 33_000, freeRent: { basis: 'perYear', months: 2 }, termMonths: 60 } });
    expect(theirs.metrics.faceRentPerM2).toBe(33_000);
    expect(versions[0].response).toMatchObject({ decision: 'counter', counterProposalId: theirs.id, message: 'Two months a year, please' });
    const edit = await api.patch(agent.token, theirs.id, { validUntil: theirs.validUntil }, theirs.revision);
    expect(edit.json.error.code).toBe('proposal_sent');
    const ours = (await api.create(agent.token, inquiry.id, { unitIds: [unitId], terms: atAsking({ rentPerM2Krw: 34_500 }), parentId: theirs.id })).json;
    expect(ours.version).toBe(3);
    const approvedOurs = (await api.post(agent.token, ours.id, 'submit', {}, ours.revision)).json;
    await sent(approvedOurs);
    expect((await api.get(agent.token, theirs.id)).json.status).toBe('superseded');
  });

  it('limits codes and tries: a fourth code in 15 minutes is 429 with Retry-After; five wrong tries spend a code', async () => {
    const { proposal } = await approved([await workedExampleUnit(ctx.db)]);
    const { token } = await sent(proposal);
    for (let i = 0; i < 3; i++) expect((await link.code(token)).status).toBe(202);
    const fourth = await link.code(token);
    expect([fourth.status, fourth.json.error.code]).toEqual([429, 'too_many_requests']);
    expect(Number(fourth.headers.get('retry-after'))).toBeGreaterThan(0);
    await delivered();
    const tries = [];
    for (let i = 0; i < 5; i++) tries.push((await link.answer(token, { decision: 'counter', code: String(100000 + i), signerName: 'Kim', counter: { termMonths: 48 } })).json.error);
    expect(tries.map((error) => error.attemptsLeft)).toEqual([4, 3, 2, 1, 0]);
    expect(tries.at(-1).fields.code).toBe('proposals.errors.codeExpired');
  });

  it('takes at most fifteen answers an hour on one link (three codes\' five tries): the sixteenth is 429 with Retry-After and records nothing', async () => {
    const { proposal } = await approved([await workedExampleUnit(ctx.db)]);
    const { token } = await sent(proposal);
    let tries = 0;
    for (let code = 0; code < 3; code++) {
      const right = await codeFor(token);
      for (let i = 0; i < 5; i++) {
        const wrong = String((Number(right) + 1 + i) % 1_000_000).padStart(6, '0');
        const answer = await link.answer(token, { decision: 'counter', code: wrong, signerName: 'Kim', counter: { termMonths: 48 } });
        expect([answer.status, answer.json.error.code]).toEqual([400, 'invalid_code']);
        tries += 1;
      }
    }
    expect(tries).toBe(15);
    const sixteenth = await link.answer(token, { decision: 'decline', reasonCode: 'price' });
    expect([sixteenth.status, sixteenth.json.error.code]).toEqual([429, 'too_many_requests']);
    const wait = Number(sixteenth.headers.get('retry-after'));
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(3600);
    expect((await api.get(agent.token, proposal.id)).json).toMatchObject({ status: 'sent', response: null });
  });

  it('a mailed code works for five minutes and only the newest one counts; a code past its time is refused and changes nothing', async () => {
    const { proposal } = await approved([await workedExampleUnit(ctx.db)]);
    const { token } = await sent(proposal);
    const asked = await link.code(token);
    expect(asked.status).toBe(202);
    // Five minutes from the asking, as the page and the mail say.
    expect(Math.abs(new Date(asked.json.expiresAt).getTime() - (Date.now() + 5 * 60_000))).toBeLessThan(5_000);
    const older = /(\d{6})/.exec(subjectOf((await delivered()).find((mail) => /\d{6}/.test(subjectOf(mail.raw)))!.raw))![1]!;
    const newer = await codeFor(token);
    if (older !== newer) {
      const replaced = await accept(token, older);
      expect([replaced.status, replaced.json.error.code]).toEqual([400, 'invalid_code']);
    }
    // The newest one, five minutes and a second after it was asked for: spent by time.
    const { id: linkId } = await ctx.db.selectFrom('proposalLinks').select('id').where('proposalId', '=', proposal.id).where('revokedAt', 'is', null).executeTakeFirstOrThrow();
    const past = new Date(Date.now() - 1000);
    await ctx.db.updateTable('proposalLinkCodes').set({ createdAt: new Date(past.getTime() - 5 * 60_000), expiresAt: past }).where('linkId', '=', linkId).where('usedAt', 'is', null).execute();
    const late = await accept(token, newer);
    expect([late.status, late.json.error.code, late.json.error.fields?.code]).toEqual([400, 'invalid_code', 'proposals.errors.codeExpired']);
    expect((await api.get(agent.token, proposal.id)).json).toMatchObject({ status: 'sent', response: null });
    // A new code does it.
    expect((await accept(token, await codeFor(token))).status).toBe(200);
  });

  it('stops a withdrawn or expired proposal\'s link with 410 and the reason', async () => {
    const { proposal } = await approved([await workedExampleUnit(ctx.db)]);
    const { proposal: live, token } = await sent(proposal);
    const withdrawn = await api.post(agent.token, proposal.id, 'withdraw', {}, live.revision);
    expect(withdrawn.json.status).toBe('withdrawn');
    const gone = await link.current(token);
    expect([gone.status, gone.json.error.code]).toEqual([410, 'proposal_withdrawn']);
    const other = await approved([await workedExampleUnit(ctx.db)]);
    const second = await sent(other.proposal);
    await ctx.db.updateTable('proposalLinks').set({ expiresAt: new Date(Date.now() - 1000) }).where('proposalId', '=', other.proposal.id).execute();
    const expired = await link.answer(second.token, { decision: 'decline', reasonCode: 'price' });
    expect([expired.status, expired.json.error.code]).toEqual([410, 'proposal_expired']);
  });

  it('moves dates in the daily job: a sent proposal past its validity expires, a hold past its days lapses — each once', async () => {
    const unitId = await workedExampleUnit(ctx.db);
    const { inquiry, proposal } = await approved([unitId]);
    const { token } = await sent(proposal, {});
    const validUntil = (await api.get(agent.token, proposal.id)).json.validUntil as string;
    const steps = [proposalExpiryStep, holdLapseStep];
    // On its last valid day nothing moves; the day after, it expires.
    const lastDay = new Date(`${validUntil}T23:00:00+09:00`);
    await runDealDates(ctx.db, lastDay, steps);
    expect((await api.get(agent.token, proposal.id)).json.status).toBe('sent');
    const dayAfter = new Date(`${addDays(validUntil, 1)}T00:01:00+09:00`);
    // Other tests' sent proposals share the default validity: at least this one expires, and a second run moves none.
    expect((await runDealDates(ctx.db, dayAfter, steps)).steps['proposals expired']).toBeGreaterThanOrEqual(1);
    expect((await runDealDates(ctx.db, dayAfter, steps)).steps).toMatchObject({ 'proposals expired': 0 });
    expect((await api.get(agent.token, proposal.id)).json.status).toBe('expired');
    expect((await link.current(token)).json.error.code).toBe('proposal_expired');
    // A next version may follow an expired one.
    expect((await api.create(agent.token, inquiry.id, { unitIds: [unitId], terms: atAsking(), parentId: proposal.id })).json.version).toBe(2);

    const held = await approved([unitId]);
    const answer = await sent(held.proposal);
    expect((await accept(answer.token, await codeFor(answer.token))).status).toBe(200);
    const hold = (await api.get(agent.token, held.proposal.id)).json.hold;
    await delivered();
    const before = new Date(new Date(hold.until).getTime() - 60_000);
    await runDealDates(ctx.db, before, steps);
    expect((await ctx.db.selectFrom('units').select('status').where('id', '=', unitId).executeTakeFirstOrThrow()).status).toBe('reserved');
    const after = new Date(new Date(hold.until).getTime() + 60_000);
    expect((await runDealDates(ctx.db, after, steps)).steps['proposal holds lapsed']).toBeGreaterThanOrEqual(1);
    expect((await runDealDates(ctx.db, after, steps)).steps).toMatchObject({ 'proposal holds lapsed': 0 });
    expect((await ctx.db.selectFrom('units').select('status').where('id', '=', unitId).executeTakeFirstOrThrow()).status).toBe('available');
    expect((await api.get(agent.token, held.proposal.id)).json).toMatchObject({ status: 'accepted', hold: { releaseReason: 'lapsed' } });
    const told = (await delivered()).find((mail) => mail.to[0] === agent.email && subjectOf(mail.raw).includes('예약 기간 종료'));
    expect(mailParts(told!.raw).text).toContain('임대 가능');
  });
});
