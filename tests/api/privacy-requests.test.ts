import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import inquiries from '../../functions/inquiries.ts';
import adminRequests from '../../functions/admin-privacy-requests.ts';
import me from '../../functions/admin-me.ts';
import tours from '../../functions/tours.ts';
import { PER_INQUIRY } from '../../src/server/privacy/personal-data.ts';
import { serverMessages } from '../../src/server/i18n.ts';
import { seoulInstant } from '../../src/shared/tours.ts';
import { officeDayAhead } from '../support/office-days.ts';
import requests from '../../functions/privacy-requests.ts';
import { PRIVACY_LINK_TTL_MS, PRIVACY_REQUEST_DUE_DAYS, PRIVACY_REQUEST_RATE_LIMITS } from '../../src/shared/privacy/requests.ts';
import { resetServerEnv } from '../../src/server/env.ts';
import { drainOutbox } from '../../src/server/notify/outbox.ts';
import { confirmPrivacyRequest, createPrivacyRequest } from '../../src/server/privacy/requests.ts';
import { runRetention } from '../../src/server/privacy/retention.ts';
import { call } from '../support/api-calls.ts';
import { adminToken, inquiryBody, useApiBackend } from '../support/api-suite.ts';
import { availableBackends } from '../support/db-backends.ts';
import { plain, startSmtp, subjectOf, type Mail } from '../support/smtp.ts';

const DAY_MS = 86_400_000;

describe.each(availableBackends())('privacy: requests a visitor can make on $name', (backend) => {
  const ctx = useApiBackend(backend);
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let token = '';

  beforeAll(async () => {
    smtp = await startSmtp();
    process.env.SMTP_URL = `smtp://127.0.0.1:${smtp.port}`;
    process.env.INQUIRY_NOTIFY_FROM = 'B TOWER <noreply@btower.example>';
    process.env.SITE_URL = 'https://btower.example';
    resetServerEnv();
  });
  afterAll(async () => {
    for (const name of ['SMTP_URL', 'INQUIRY_NOTIFY_FROM', 'SITE_URL']) delete process.env[name];
    resetServerEnv();
    await smtp.stop();
  });
  beforeEach(async () => {
    token = await adminToken();
  });

  const address = (tag: string) => `${tag}-${randomUUID().slice(0, 8)}@example.com`;
  async function inquiryFrom(email: string, overrides: Record<string, unknown> = {}) {
    const created = await call(inquiries, 'POST', '/api/inquiries', { body: inquiryBody({ email, locale: 'en', ...overrides }) });
    expect(created.status).toBe(201);
    return created.json.id as string;
  }
  /** The latest mail to an address with this subject, once it arrived (delivery runs after the answer). */
  async function mailTo(email: string, subject: string): Promise<Mail> {
    await drainOutbox(ctx.db);
    return vi.waitFor(() => {
      const found = smtp.mails.filter((mail) => mail.to.includes(email) && subjectOf(mail.raw) === subject);
      if (found.length === 0) throw new Error(`no mail "${subject}" to ${email}`);
      return found.at(-1)!;
    }, { timeout: 15_000, interval: 100 });
  }
  const CONFIRM_SUBJECT: Record<string, string> = {
    ko: '[B TOWER] 개인정보 요청을 확인해 주세요',
    en: '[B TOWER] Confirm your privacy request',
    zh: '[B TOWER] 请确认您的个人信息请求',
    ja: '[B TOWER] 個人情報に関するご請求の確認',
  };
  const tokenIn = (mail: Mail) => plain(mail.raw).match(/#token=([\w-]+)/)?.[1] ?? '';
  const ask = (body: Record<string, unknown>, ip?: string) => call(requests, 'POST', '/api/privacy/requests', { body, ip });
  const confirm = (value: string, ip?: string) => call(requests, 'POST', '/api/privacy/requests/confirm', { body: { token: value }, ip });
  const act = (id: string, body: Record<string, unknown>) => call(adminRequests, 'POST', `/api/admin/privacy-requests/${id}/actions`, { token, body });
  const list = async () => (await call(adminRequests, 'GET', '/api/admin/privacy-requests', { token })).json as { id: string; email: string | null; kind: string; status: string; confirmedAt: string; dueAt: string; overdue: boolean; inquiryIds: string[]; outcome: string | null }[];

  /** Asks, reads the mailed link and confirms: the request as the owner's list shows it. */
  async function confirmed(email: string, kind: string, lang = 'en') {
    expect((await ask({ email, kind, lang })).status).toBe(202);
    const mail = await mailTo(email, CONFIRM_SUBJECT[lang]!);
    const answer = await confirm(tokenIn(mail));
    expect(answer.status).toBe(200);
    return { answer: answer.json, request: (await list()).find((row) => row.email === email && row.kind === kind)! };
  }

  it('answers the same for any address, stores and mails nothing for an unknown one', async () => {
    const known = address('known');
    await inquiryFrom(known);
    const outboxBefore = await ctx.db.selectFrom('outbox').select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow();
    const unknown = await ask({ email: address('unknown'), kind: 'deletion', lang: 'en' });
    const ofKnown = await ask({ email: known.toUpperCase(), kind: 'deletion', lang: 'en' });
    expect(unknown.status).toBe(202);
    expect(ofKnown.status).toBe(202);
    expect(unknown.text).toBe(ofKnown.text);
    const rows = await ctx.db.selectFrom('privacyRequests').select(['email', 'status']).execute();
    expect(rows).toEqual([{ email: known, status: 'unconfirmed' }]);
    // One mail queued: the known address's link; nothing for the unknown one, and nothing on the owner's list yet.
    const outboxAfter = await ctx.db.selectFrom('outbox').select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow();
    expect(Number(outboxAfter.n) - Number(outboxBefore.n)).toBe(1);
    expect(await list()).toEqual([]);
    const mail = await mailTo(known, CONFIRM_SUBJECT.en!);
    expect(plain(mail.raw)).toContain('https://btower.example/en/privacy/request/confirm/#token=');
    const audit = await ctx.db.selectFrom('auditEvents').select('id').where('entity', '=', 'privacy_request').execute();
    expect(audit).toEqual([]);
    // Refused input speaks the form's keys.
    const bad = await ask({ email: 'not-an-address', kind: 'everything', lang: 'en' });
    expect(bad.status).toBe(400);
    expect(bad.json.error.fields).toMatchObject({ email: 'privacyRequests.errors.emailInvalid', kind: 'privacyRequests.errors.kindInvalid' });
  });

  it('confirms with a link of 24 hours that confirms once; opened again it says so; an expired or unknown one is 400 invalid_token', async () => {
    const email = address('confirm');
    const inquiryId = await inquiryFrom(email);
    const { answer, request } = await confirmed(email, 'access');
    expect(answer).toEqual({ kind: 'access', status: 'open', alreadyConfirmed: false });
    expect(request).toMatchObject({ kind: 'access', status: 'open', overdue: false, inquiryIds: [inquiryId], email });
    expect(new Date(request.dueAt).getTime() - new Date(request.confirmedAt).getTime()).toBe(PRIVACY_REQUEST_DUE_DAYS * DAY_MS);
    const mail = await mailTo(email, CONFIRM_SUBJECT.en!);
    const again = await confirm(tokenIn(mail));
    expect(again.status).toBe(200);
    expect(again.json).toEqual({ kind: 'access', status: 'open', alreadyConfirmed: true });
    expect((await list()).find((row) => row.id === request.id)!.confirmedAt).toBe(request.confirmedAt);
    expect((await confirm('x'.repeat(43))).json.error.code).toBe('invalid_token');
    // A link is good for 24 hours, not a moment longer (injected clock).
    const later = address('late');
    await inquiryFrom(later);
    expect(await createPrivacyRequest(ctx.db, { email: later, kind: 'deletion', lang: 'ko', details: null })).toBe(true);
    const lateMail = await mailTo(later, CONFIRM_SUBJECT.ko!);
    await expect(confirmPrivacyRequest(ctx.db, tokenIn(lateMail), new Date(Date.now() + PRIVACY_LINK_TTL_MS + 60_000))).rejects.toMatchObject({ status: 400, code: 'invalid_token' });
    // The expired request leaves with the daily run, its address with it.
    await runRetention(ctx.db, new Date(Date.now() + PRIVACY_LINK_TTL_MS + 60_000));
    expect(await ctx.db.selectFrom('privacyRequests').select('id').where('email', '=', later).execute()).toEqual([]);
  });

  it('deletes on the owner\'s word, tells the requester in their language and then forgets their address', async () => {
    const email = address('delete');
    const inquiryId = await inquiryFrom(email, { name: 'Quentin Deletable', message: 'Frobnicating office wanted' });
    const { request } = await confirmed(email, 'deletion', 'ja');
    // Reading the list of requests (the requester's address, their inquiries) is an access record (issue 25).
    const reads = await ctx.db.selectFrom('accessRecords').select(['action', 'inquiryIds', 'actorName']).where('action', '=', 'privacy_request.view').execute();
    expect(reads.some((read) => read.actorName === 'admin' && read.inquiryIds.includes(inquiryId))).toBe(true);
    const done = await act(request.id, { action: 'destroy', note: 'All gone.' });
    expect(done.status).toBe(200);
    expect(done.json).toMatchObject({ status: 'closed', outcome: 'destroy' });
    const detail = await call(inquiries, 'GET', `/api/inquiries/${inquiryId}`, { token });
    expect(detail.json).toMatchObject({ name: null, email: null });
    const outcome = await mailTo(email, '[B TOWER] 個人情報に関するご請求の結果：個人情報の削除');
    expect(plain(outcome.raw)).toContain('All gone.');
    await vi.waitFor(async () => expect((await list()).find((row) => row.id === request.id)?.email).toBeNull());
    // Nothing of the visitor is left in any table.
    const tables = await sql<{ tableName: string }>`select table_name from information_schema.tables where table_schema = current_schema() and table_type = 'BASE TABLE'`.execute(ctx.db);
    for (const { tableName } of tables.rows) {
      const rows = await sql<{ row: string }>`select t::text as row from ${sql.table(tableName)} t`.execute(ctx.db);
      const text = rows.rows.map((r) => r.row).join('\n').toLowerCase();
      for (const word of [email, 'quentin', 'frobnicating']) expect(text.includes(word), `${tableName} holds ${word}`).toBe(false);
    }
    const again = await act(request.id, { action: 'close' });
    expect(again.status).toBe(409);
    expect(again.json.error.code).toBe('request_closed');
    const audit = await ctx.db.selectFrom('auditEvents').select(['action', 'actorName']).where('entity', '=', 'privacy_request').where('entityId', '=', request.id).execute();
    expect(audit).toEqual(expect.arrayContaining([{ action: 'confirm', actorName: 'privacy request' }, { action: 'destroy', actorName: 'admin' }]));
  });

  it('withdraws marketing consent on confirmation, with no staff step', async () => {
    const email = address('marketing');
    const inquiryId = await inquiryFrom(email);
    await ctx.db.updateTable('inquiries').set({ marketingConsent: true, marketingConsentAt: new Date() }).where('id', '=', inquiryId).execute();
    const { answer } = await confirmed(email, 'marketing_withdrawal', 'zh');
    expect(answer).toEqual({ kind: 'marketing_withdrawal', status: 'closed', alreadyConfirmed: false });
    const row = await ctx.db.selectFrom('inquiries').select(['marketingConsent']).where('id', '=', inquiryId).executeTakeFirstOrThrow();
    expect(row.marketingConsent).toBe(false);
    await mailTo(email, '[B TOWER] 您的个人信息请求：撤回营销信息接收同意');
  });

  it('sends a copy of what is held, with the visitor\'s text kept as text', async () => {
    const email = address('copy');
    const inquiryId = await inquiryFrom(email, { name: 'Copy Person', company: 'Copyco', message: 'Line one\u001b[31m\nSubject: fake header' });
    expect((await call(inquiries, 'PATCH', `/api/inquiries/${inquiryId}`, { token, body: { note: 'Called, wants 3F' } })).status).toBe(200);
    const { request } = await confirmed(email, 'access');
    expect((await act(request.id, { action: 'send_copy' })).json).toMatchObject({ status: 'closed', outcome: 'send_copy' });
    const copy = await mailTo(email, '[B TOWER] The personal data we hold about you');
    const text = plain(copy.raw);
    for (const expected of ['Copy Person', 'Copyco', 'Called, wants 3F', email]) expect(text).toContain(expected);
    expect(text).not.toContain('\u001b');
    expect(text).toMatch(/\n {4}Subject: fake header/);
  });

  it('stops processing: the inquiry can only be read and leaves the export', async () => {
    const email = address('suspend');
    const inquiryId = await inquiryFrom(email, { name: 'Suspended Sam' });
    const { request } = await confirmed(email, 'suspension');
    expect((await act(request.id, { action: 'suspend' })).json).toMatchObject({ status: 'closed', outcome: 'suspend' });
    const patch = await call(inquiries, 'PATCH', `/api/inquiries/${inquiryId}`, { token, body: { status: 'contacted' } });
    expect(patch.status).toBe(409);
    expect(patch.json.error.code).toBe('inquiry_suspended');
    expect((await call(inquiries, 'GET', `/api/inquiries/${inquiryId}`, { token })).json.suspendedAt).not.toBeNull();
    const csv = await inquiries(new Request('http://127.0.0.1/api/inquiries/export', { headers: { Authorization: `Bearer ${token}` } }), { ip: randomUUID(), params: {} } as never);
    expect(await csv.text()).not.toContain('Suspended Sam');
  });

  it('corrects with the form\'s rules', async () => {
    const email = address('correct');
    const inquiryId = await inquiryFrom(email, { phone: '010-1111-2222' });
    const { request } = await confirmed(email, 'correction');
    expect((await act(request.id, { action: 'correct' })).json.error.fields).toEqual({ fields: 'privacyRequests.errors.fieldsRequired' });
    const invalid = await act(request.id, { action: 'correct', fields: { phone: 'call me' } });
    expect(invalid.status).toBe(400);
    expect(Object.keys(invalid.json.error.fields)).toEqual(['fields.phone']);
    expect((await act(request.id, { action: 'unknown' })).json.error.fields).toEqual({ action: 'privacyRequests.errors.actionInvalid' });
    expect((await act(request.id, { action: 'correct', fields: { phone: '010-3333-4444' } })).status).toBe(200);
    const corrected = (await call(inquiries, 'GET', `/api/inquiries/${inquiryId}`, { token })).json;
    expect(corrected.phone).toBe('010-3333-4444');
    // Recorded in the inquiry's history: which field, by the owner who acted.
    expect(corrected.history.at(-1)).toMatchObject({ by: { name: 'Admin' }, corrected: ['phone'] });
  });

  it('marks a request overdue after 10 days and reminds the owners once', async () => {
    await ctx.db.updateTable('users').set({ email: 'owner@btower.example' }).where('username', '=', 'admin').execute();
    const email = address('overdue');
    await inquiryFrom(email);
    const { request } = await confirmed(email, 'access');
    const late = new Date(new Date(request.dueAt).getTime() + 60_000);
    const run = await runRetention(ctx.db, late);
    expect(run.reminded).toBeGreaterThanOrEqual(1);
    expect((await runRetention(ctx.db, late)).reminded).toBe(0);
    await mailTo('owner@btower.example', '[B TOWER] 처리 기한이 지난 개인정보 요청');
    const { listPrivacyRequests } = await import('../../src/server/privacy/requests.ts');
    expect((await listPrivacyRequests(ctx.db, late)).find((row) => row.id === request.id)?.overdue).toBe(true);
  });

  it('limits how often one client may ask', async () => {
    const ip = `privacy-${randomUUID()}`;
    const max = PRIVACY_REQUEST_RATE_LIMITS[0]!.max;
    for (let i = 0; i < max; i++) expect((await ask({ email: address('limit'), kind: 'access', lang: 'en' }, ip)).status).toBe(202);
    const refused = await ask({ email: address('limit'), kind: 'access', lang: 'en' }, ip);
    expect(refused.status).toBe(429);
    expect(refused.json.error.code).toBe('too_many_requests');
  });

  it('lets a link be opened again and again without using up the request form\'s limit (it says "already confirmed")', async () => {
    const email = address('reopen');
    await inquiryFrom(email);
    const ip = `privacy-${randomUUID()}`;
    expect((await ask({ email, kind: 'access', lang: 'en' }, ip)).status).toBe(202);
    const link = tokenIn(await mailTo(email, CONFIRM_SUBJECT.en!));
    // The same visitor fills the form's limit (other addresses), then opens their link from the same client.
    for (let i = 1; i < PRIVACY_REQUEST_RATE_LIMITS[0]!.max; i++) expect((await ask({ email: address('other'), kind: 'access', lang: 'en' }, ip)).status).toBe(202);
    expect((await ask({ email: address('other'), kind: 'access', lang: 'en' }, ip)).status).toBe(429);
    const openings = [];
    for (let i = 0; i < 4; i++) openings.push(await confirm(link, ip));
    expect(openings.map((answer) => [answer.status, answer.json.alreadyConfirmed])).toEqual([[200, false], [200, true], [200, true], [200, true]]);
  });

  it('says how long to wait when a limit applies (Retry-After, in seconds)', async () => {
    const ip = `privacy-${randomUUID()}`;
    for (let i = 0; i < PRIVACY_REQUEST_RATE_LIMITS[0]!.max; i++) await ask({ email: address('wait'), kind: 'access', lang: 'en' }, ip);
    const refused = await ask({ email: address('wait'), kind: 'access', lang: 'en' }, ip);
    expect(refused.status).toBe(429);
    const seconds = Number(refused.headers.get('Retry-After'));
    expect(seconds).toBeGreaterThan(3_500);
    expect(seconds).toBeLessThanOrEqual(3_600);
  });

  it('mails one address a few links a day whoever asks, and answers every asker exactly alike', async () => {
    const target = address('bombed');
    await inquiryFrom(target);
    const unknown = address('nobody');
    // Eight clients ask for the same person's link (and for an address we do not hold).
    const answers = [];
    for (let i = 0; i < 8; i++) answers.push(await ask({ email: target, kind: 'deletion', lang: 'en' }, `bomber-${i}-${randomUUID()}`));
    const stranger = await ask({ email: unknown, kind: 'deletion', lang: 'en' }, `bomber-x-${randomUUID()}`);
    for (const answer of [...answers, stranger]) expect({ status: answer.status, body: answer.text }).toEqual({ status: 202, body: answers[0]!.text });
    const links = () => smtp.mails.filter((mail) => mail.to.includes(target) && subjectOf(mail.raw) === CONFIRM_SUBJECT.en);
    await drainOutbox(ctx.db);
    await vi.waitFor(() => expect(links()).toHaveLength(3), { timeout: 15_000, interval: 100 });
    // A second drain sends no more: only three were ever queued.
    await drainOutbox(ctx.db);
    expect(links()).toHaveLength(3);
    expect(await ctx.db.selectFrom('privacyRequests').select('id').where('email', '=', target).execute()).toHaveLength(3);
  });

  it('sends as the access copy what the personal-data map holds, entry by entry, in the requester\'s language — the same list the destruction then clears', async () => {
    const email = address('fullcopy');
    const unit = await ctx.db.insertInto('units').values({ floor: '3F', unitNumber: '301', exclusiveAreaM2: 120, supplyAreaM2: 200, status: 'available' }).returning('id').executeTakeFirstOrThrow();
    const inquiryId = await inquiryFrom(email, {
      name: 'Mina Copy', company: 'Copy Clinic', businessType: 'Medical', unitId: unit.id, desiredFloors: ['3F', 'B1'], preferredContact: 'phone', moveInDate: '2027-03-02',
      marketingConsent: true, source: { path: '/en/floors/?utm_source=newsletter', referrer: 'https://search.example/results?q=btower', utm: { utm_source: 'newsletter', utm_campaign: 'spring' } },
    });
    // Staff work it as they do: assignment, a next step, a note, a tour.
    const owner = (await call(me, 'GET', '/api/admin/me', { token })).json as { id: string };
    const day = officeDayAhead(4);
    expect((await call(inquiries, 'PATCH', `/api/inquiries/${inquiryId}`, { token, body: { assigneeId: owner.id, nextStepOn: day } })).status).toBe(200);
    expect((await call(inquiries, 'PATCH', `/api/inquiries/${inquiryId}`, { token, body: { note: 'Wants the corner unit' } })).status).toBe(200);
    expect((await call(tours, 'POST', `/api/inquiries/${inquiryId}/tours`, { token, body: { startsAt: seoulInstant(day, '11:00').toISOString(), durationMinutes: 30, unitIds: [unit.id], messageToProspect: 'Lobby at 11' } })).status).toBe(201);
    const { request } = await confirmed(email, 'access', 'ko');
    expect((await act(request.id, { action: 'send_copy' })).status).toBe(200);
    const text = plain((await mailTo(email, '[B TOWER] 보유 중인 개인정보 사본')).raw);
    // The space asked about, the tour, the visit source, the notice and marketing times, assignment and next-step history.
    for (const expected of ['3층 301호', '지하 1층', '의료', '영어', '전화', '2027년 3월 2일', '/en/floors/?utm_source=newsletter', 'https://search.example/results?q=btower', 'utm_campaign=spring',
      '확인한 개인정보 수집·이용 안내', '마케팅 수신 동의', '예 (', '담당자 지정: Admin', '다음 할 일 날짜:', '메모: Wants the corner unit', '상태: 현장 안내', 'Lobby at 11', '둘러본 공간', '보내드린 접수 확인 메일']) {
      expect(text, expected).toContain(expected);
    }
    expect(text).toMatch(/확인한 개인정보 수집·이용 안내:\n {4}\d{4}년 \d{1,2}월 \d{1,2}일 판, \d{4}년 .+ \(KST\) 확인/);
    // No raw codes: the use, the language, the contact choice are words.
    expect(text).not.toContain('Medical');
    expect(text).not.toMatch(/^ {4}(en|phone|3F)$/m);
    // The copy and the destruction read one list: each entry the destruction touches had its section in the copy.
    const destroyed = await call(inquiries, 'POST', `/api/inquiries/${inquiryId}/destroy`, { token });
    const touched = destroyed.json.touched as Record<string, number>;
    const t = serverMessages('ko');
    for (const entry of PER_INQUIRY) {
      if ((touched[entry.name] ?? 0) > 0) expect({ entry: entry.name, inCopy: text.includes(`[${t(`privacyRequests.copy.sections.${entry.section}`)}]`) }).toEqual({ entry: entry.name, inCopy: true });
    }
  });

  it('answers each kind of request only with its own action or a close (no "delete now" on an access request)', async () => {
    const email = address('kinds');
    const inquiryId = await inquiryFrom(email);
    const { request } = await confirmed(email, 'access');
    for (const action of ['destroy', 'suspend', 'correct']) {
      const refused = await act(request.id, { action, fields: { name: 'X' } });
      expect({ action, status: refused.status, field: refused.json.error?.fields?.action }).toEqual({ action, status: 400, field: 'privacyRequests.errors.actionNotForKind' });
    }
    expect((await call(inquiries, 'GET', `/api/inquiries/${inquiryId}`, { token })).json.destroyedAt).toBeNull();
    expect((await act(request.id, { action: 'send_copy' })).status).toBe(200);
  });
});
