import { createServer as createHttpServer, type Server } from 'node:http';
import { createServer as createNetServer, type AddressInfo, type Socket } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import inquiries from '../../functions/inquiries.ts';
import settings from '../../functions/admin-settings.ts';
import { inquiryReference } from '../../src/shared/inquiry.ts';
import { resetServerEnv } from '../../src/server/env.ts';
import { createInquiry } from '../../src/server/inquiries/queries.ts';
import { drainOutbox } from '../../src/server/notify/outbox.ts';
import { freePort } from '../../netlify-local/spawn.ts';
import { call } from '../support/api-calls.ts';
import { adminToken, inquiryBody, uploaded, useApiBackend } from '../support/api-suite.ts';
import { availableBackends } from '../support/db-backends.ts';
import { plain, startSmtp } from '../support/smtp.ts';
import { RAW_CODES } from '../support/raw-codes.ts';

/** An SMTP server that accepts connections and never says a word: a mail sent to it waits until it stops. */
async function startSilentSmtp() {
  const sockets = new Set<Socket>();
  const server = createNetServer((socket) => sockets.add(socket));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const stop = () =>
    new Promise<void>((resolve) => {
      for (const socket of sockets) socket.destroy();
      server.close(() => resolve());
    });
  return { port: (server.address() as AddressInfo).port, stop };
}

/** A loopback webhook receiver that keeps every JSON body. */
async function startReceiver() {
  const bodies: { text: string; inquiry: Record<string, unknown> }[] = [];
  const server: Server = createHttpServer((req, res) => {
    let text = '';
    req.on('data', (chunk) => (text += chunk));
    req.on('end', () => {
      bodies.push(JSON.parse(text));
      res.writeHead(200).end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { bodies, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`, stop: () => new Promise<void>((r) => server.close(() => r())) };
}

function configure(smtpPort: number, webhookUrl: string) {
  process.env.SMTP_URL = `smtp://127.0.0.1:${smtpPort}`;
  process.env.INQUIRY_NOTIFY_TO = 'leasing@btower.example';
  process.env.INQUIRY_NOTIFY_FROM = 'B TOWER <noreply@btower.example>';
  process.env.INQUIRY_WEBHOOK_URL = webhookUrl;
  process.env.SITE_URL = 'https://www.btower.example';
  resetServerEnv();
}

/** POSTs like Netlify: `waitUntil` work is collected so the test can wait for the first attempt. */
async function postInquiry(body: Record<string, unknown>) {
  const pending: Promise<unknown>[] = [];
  let settled = 0;
  const response = await inquiries(
    new Request('http://127.0.0.1/api/inquiries', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) }),
    {
      waitUntil: (promise: Promise<unknown>) => pending.push(promise.finally(() => (settled += 1))),
      ip: '127.0.0.1',
    } as never,
  );
  // How many first attempts had finished when the visitor got the answer.
  const settledWhenAnswered = settled;
  return { status: response.status, json: await response.json(), pending: pending.length, settledWhenAnswered, afterResponse: () => Promise.all(pending) };
}

describe.each(availableBackends())('inquiry notifications on $name', (backend) => {
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let hook: Awaited<ReturnType<typeof startReceiver>>;
  beforeAll(async () => {
    // The forged name below carries an address; the name is what the team's notice may show (notifyIncludesName).
    smtp = await startSmtp(0, 0, ['x@evil.example']);
    hook = await startReceiver();
    configure(smtp.port, hook.url);
  });
  const ctx = useApiBackend(backend);
  let token = '';
  beforeAll(async () => {
    token = await adminToken();
  });
  beforeEach(async () => {
    configure(smtp.port, hook.url);
    smtp.mails.length = 0;
    hook.bodies.length = 0;
    await ctx.db.deleteFrom('inquiries').execute();
  });
  afterAll(async () => {
    await smtp?.stop();
    await hook?.stop();
    for (const name of ['SMTP_URL', 'INQUIRY_NOTIFY_TO', 'INQUIRY_NOTIFY_FROM', 'INQUIRY_WEBHOOK_URL', 'SITE_URL']) delete process.env[name];
    resetServerEnv();
  });

  const stateOf = async (id: string) => (await call(inquiries, 'GET', `/api/inquiries/${id}`, { token })).json.notification;

  it('announces a new inquiry once to the team (mail and webhook) and confirms it to the inquirer in their language', async () => {
    const attachment = await uploaded('attachment');
    const sent = await postInquiry(inquiryBody({ name: 'Jane Doe', company: 'Acme Dental', locale: 'en', email: 'jane@example.com', phone: '010-9876-5432', businessType: 'Medical', desiredFloors: ['8F'], message: 'Is the 8th floor free in spring?', attachments: [attachment] }));
    expect(sent.status).toBe(201);
    await sent.afterResponse();
    await drainOutbox(ctx.db); // a scheduled drain finds nothing left to send
    expect(smtp.mails.map((mail) => mail.to).sort()).toEqual([['jane@example.com'], ['leasing@btower.example']]);
    const reference = inquiryReference(sent.json.id);
    const team = plain(smtp.mails.find((mail) => mail.to[0] === 'leasing@btower.example')!.raw);
    // The team's notice carries the reference, the floors, the use and the link (issue 25) ...
    expect(team.split(/\r?\n/).slice(0, 4)).toEqual([`새 임대 문의 #${reference}`, '호실/희망 층: 8층', '업종/용도: 의료', '첨부파일 수: 1']);
    // The use in the team's words, never its code (the webhook's JSON keeps the code for machines).
    expect(team).not.toMatch(RAW_CODES);
    expect(hook.bodies[0]!.text).toContain('업종/용도: 의료');
    expect(team).toContain(`https://www.btower.example/admin?inquiry=${sent.json.id}`);
    expect(smtp.mails.find((mail) => mail.to[0] === 'leasing@btower.example')!.raw).toContain(`#${reference}`);
    // ... and nothing of the visitor's: name, company, e-mail, phone, message.
    const hookText = JSON.stringify(hook.bodies);
    for (const value of ['Jane', 'Acme', 'jane@example.com', '9876', 'spring']) {
      expect(team, value).not.toContain(value);
      expect(hookText, value).not.toContain(value);
    }
    // The inquirer's own receipt is theirs: their name and words.
    const confirmation = smtp.mails.find((mail) => mail.to[0] === 'jane@example.com')!.raw;
    expect(confirmation).toContain('Subject: [B TOWER] We received your leasing inquiry');
    expect(plain(confirmation)).toContain('Jane Doe');
    expect(hook.bodies).toHaveLength(1);
    expect(hook.bodies[0]!.text.split('\n')[0]).toBe(`새 임대 문의 #${reference}`);
    expect(hook.bodies[0]!.inquiry).toEqual({ id: sent.json.id, reference, unit: null, desiredFloors: ['8F'], use: 'Medical', createdAt: expect.any(String), adminUrl: `https://www.btower.example/admin?inquiry=${sent.json.id}` });
    // Never a signed link to an attachment: notifications leave our systems.
    for (const text of [...smtp.mails.map((mail) => mail.raw), JSON.stringify(hook.bodies)]) {
      expect(text).not.toContain('signature=');
      expect(text).not.toContain('/objects/uploads/');
    }
    expect(await stateOf(sent.json.id)).toBe('sent');
  });

  it('names the visitor in the team notice only when the owner turns notifyIncludesName on, escaped for Slack, one-line fields on one line', async () => {
    expect((await call(settings, 'PATCH', '/api/admin/settings', { token, body: { notifyIncludesName: true } })).json.notifyIncludesName).toBe(true);
    const sent = await postInquiry(inquiryBody({
      name: 'Eve <!channel>',
      company: '<https://evil.example|Open in admin panel>',
      message: 'Call me <!here> & ask for <@U0123> about <https://evil.example/x|the contract>.',
    }));
    await sent.afterResponse();
    const reference = inquiryReference(sent.json.id);
    const text = hook.bodies[0]!.text;
    expect(text.split('\n')[0]).toBe(`새 임대 문의 #${reference}: Eve &lt;!channel&gt;`);
    // The company and the message stay out even then.
    expect(text).not.toContain('evil.example');
    expect(text).not.toContain('Call me');
    // The only markup left is our own link to the inbox.
    expect(text.match(/[<>]/g)).toEqual(['<', '>']);
    expect(text).toContain(`<https://www.btower.example/admin?inquiry=${sent.json.id}|관리자 화면에서 보기>`);
    expect(hook.bodies[0]).toMatchObject({ unfurl_links: false, unfurl_media: false, inquiry: { name: 'Eve <!channel>' } });
    expect(hook.bodies[0]!.inquiry).not.toHaveProperty('company');
    // The mail is plain text: the visitor's words as written.
    expect(plain(smtp.mails.find((mail) => mail.to[0] === 'leasing@btower.example')!.raw)).toContain(`새 임대 문의 #${reference}: Eve <!channel>`);

    smtp.mails.length = 0;
    hook.bodies.length = 0;
    const forged = await postInquiry(inquiryBody({ name: 'Eve\r\nBcc: x@evil.example', company: 'Acme\n\u2028Inc', phone: '010-1234-5678' }));
    expect(forged.json.name).toBe('Eve Bcc: x@evil.example');
    await forged.afterResponse();
    const team = plain(smtp.mails.find((mail) => mail.to[0] === 'leasing@btower.example')!.raw).split(/\r?\n/);
    const headline = `새 임대 문의 #${inquiryReference(forged.json.id)}: Eve Bcc: x@evil.example`;
    expect(team[0]).toBe(headline);
    expect(team[1]).toMatch(/^호실\/희망 층: /);
    expect(hook.bodies[0]!.text.split('\n')[0]).toBe(headline);
    expect(hook.bodies[0]!.inquiry).toMatchObject({ name: 'Eve Bcc: x@evil.example' });
    expect(smtp.mails.every((mail) => !/^Bcc:/im.test(mail.raw))).toBe(true);
    await call(settings, 'PATCH', '/api/admin/settings', { token, body: { notifyIncludesName: false } });
  });

  it('answers 201 at once while SMTP hangs, and delivers once it is back, a minute after the failure', async () => {
    const silent = await startSilentSmtp();
    configure(silent.port, hook.url);
    const before = Date.now();
    // The SMTP server never answers: had the visitor's answer waited for the mail, it would never come.
    const sent = await postInquiry(inquiryBody({ name: 'While down' }));
    expect(sent.status).toBe(201);
    expect(sent.pending).toBe(1);
    expect(sent.settledWhenAnswered).toBe(0);
    await silent.stop();
    await sent.afterResponse();
    const failed = Date.now();
    expect(await stateOf(sent.json.id)).toBe('retrying');
    expect(hook.bodies).toHaveLength(1);
    const back = await startSmtp(silent.port);
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      // Retries back off: 59 s after the failure nothing is due, 61 s after it the mails go.
      vi.setSystemTime(before + 59_000);
      await drainOutbox(ctx.db);
      expect(back.mails).toHaveLength(0);
      vi.setSystemTime(failed + 61_000);
      await drainOutbox(ctx.db);
      expect(back.mails.map((mail) => mail.to[0]).sort()).toEqual(['leasing@btower.example', 'minjun@example.com']);
      expect(hook.bodies).toHaveLength(1);
      expect(await stateOf(sent.json.id)).toBe('sent');
    } finally {
      vi.useRealTimers();
      await back.stop();
    }
  });

  it('sends one mail when two drains run at once', async () => {
    const slow = await startSmtp(0, 150);
    configure(slow.port, hook.url);
    try {
      const ids = [];
      for (let i = 0; i < 4; i++) ids.push((await createInquiry(ctx.db, { ...inquiryBody({ name: `Concurrent ${i}` }), company: null, businessType: null, desiredFloors: [], desiredAreaM2: null, moveInDate: null, preferredContact: null, source: null, locale: null, unitId: null } as never)).inquiry.id);
      const results = await Promise.all([drainOutbox(ctx.db), drainOutbox(ctx.db), drainOutbox(ctx.db)]);
      expect(results.reduce((sum, r) => sum + r.sent, 0)).toBe(12);
      expect(slow.mails).toHaveLength(8);
      expect(new Set(slow.mails.map((mail) => `${plain(mail.raw).split('\n')[0] ?? ''} ${mail.to[0] ?? ''}`)).size).toBe(8);
      expect(hook.bodies).toHaveLength(4);
    } finally {
      await slow.stop();
    }
  });

  it('tries 8 times in all, backing off 1, 2, 4 … minutes, then shows the inquiry as failed', async () => {
    configure(await freePort(), hook.url);
    const sent = await postInquiry(inquiryBody());
    await sent.afterResponse();
    // The webhook went out; both mails failed their first attempt.
    expect(await stateOf(sent.json.id)).toBe('retrying');
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      let now = Date.now();
      for (let attempt = 2; attempt <= 8; attempt += 1) {
        const wait = Math.min(60, 2 ** (attempt - 2)) * 60_000;
        vi.setSystemTime((now += wait - 5_000));
        expect(await drainOutbox(ctx.db), `attempt ${attempt} is not due yet`).toEqual({ sent: 0, retrying: 0, failed: 0 });
        vi.setSystemTime((now += 10_000));
        const result = await drainOutbox(ctx.db);
        expect(result, `attempt ${attempt}`).toEqual(attempt < 8 ? { sent: 0, retrying: 2, failed: 0 } : { sent: 0, retrying: 0, failed: 2 });
      }
      // Hours passed on the clock: the earlier session has ended by its idle limit (issue 25), so sign in again.
      token = await adminToken();
      expect(await stateOf(sent.json.id)).toBe('failed');
      vi.setSystemTime((now += 24 * 3600_000));
      expect(await drainOutbox(ctx.db)).toEqual({ sent: 0, retrying: 0, failed: 0 });
    } finally {
      vi.useRealTimers();
    }
  });
});
