import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import inquiries from '../../functions/inquiries.ts';
import { readObject } from '../../src/server/objects/storage.ts';
import { call } from '../support/api-calls.ts';
import { adminToken, countRows, inquiryBody, uploaded, useApiBackend } from '../support/api-suite.ts';
import { availableBackends } from '../support/db-backends.ts';

describe.each(availableBackends({ neon: true }))('inquiries API on $name', (backend) => {
  const ctx = useApiBackend(backend);
  let token = '';
  beforeAll(async () => {
    token = await adminToken();
  });

  it('stores a public inquiry (201) with uploaded attachments given as URLs or paths', async () => {
    const first = await uploaded('attachment');
    const second = await uploaded('attachment');
    const response = await call(inquiries, 'POST', '/api/inquiries', {
      body: inquiryBody({ attachments: [`http://127.0.0.1:8888${first}?expires=1&signature=x`, second] }),
    });
    expect(response.status).toBe(201);
    expect(response.json).toMatchObject({ name: '김민준', email: 'minjun@example.com', attachments: [first, second] });
    const stored = await ctx.db.selectFrom('inquiries').selectAll().where('id', '=', response.json.id).executeTakeFirstOrThrow();
    expect(stored.attachments).toEqual([first, second]);
  });

  it('lists inquiries for the admin newest first; an attachment is signed when the admin opens it', async () => {
    await ctx.db.deleteFrom('inquiries').execute();
    const attachment = await uploaded('attachment', new TextEncoder().encode('%PDF-1.4 floor plan'));
    await call(inquiries, 'POST', '/api/inquiries', { body: inquiryBody({ name: 'First', attachments: [attachment] }) });
    await call(inquiries, 'POST', '/api/inquiries', { body: inquiryBody({ name: 'Second' }) });
    const response = await call(inquiries, 'GET', '/api/inquiries', { token });
    expect(response.status).toBe(200);
    expect(response.json.map((i: { name: string }) => i.name)).toEqual(['Second', 'First']);
    // The list carries object paths only: nothing in it expires while the tab stays open.
    expect(response.json[1].attachments).toEqual([attachment]);
    const signed = await call(inquiries, 'POST', `/api/inquiries/${response.json[1].id}/attachments/0/link?lang=en`, { token });
    expect(signed.status).toBe(200);
    const link = new URL(signed.json.url, 'http://127.0.0.1');
    expect(link.pathname).toBe(attachment);
    expect(link.searchParams.get('signature')).toBeTruthy();
    expect(link.searchParams.get('lang')).toBe('en');
    expect(Number(link.searchParams.get('expires'))).toBeGreaterThan(Date.now() / 1000);
    expect(new TextDecoder().decode((await readObject(link.pathname))!.data)).toBe('%PDF-1.4 floor plan');
  });

  it('keeps the inquiry list for the admin only (401)', async () => {
    expect((await call(inquiries, 'GET', '/api/inquiries')).status).toBe(401);
    expect((await call(inquiries, 'GET', '/api/inquiries', { token: 'x'.repeat(43) })).status).toBe(401);
  });

  it('requires name, email, phone and message, and a valid email (400, nothing stored)', async () => {
    const before = await countRows(ctx.db, 'inquiries');
    const response = await call(inquiries, 'POST', '/api/inquiries', { body: inquiryBody({ name: '', phone: '   ', email: 'not-an-email' }) });
    expect(response.status).toBe(400);
    expect(response.json.error.fields).toMatchObject({
      name: 'inquiry.errors.required',
      phone: 'inquiry.errors.required',
      email: 'inquiry.errors.emailInvalid',
    });
    expect(await countRows(ctx.db, 'inquiries')).toBe(before);
  });

  it('refuses a phone number that is not one (400 with its message), storing nothing (issue 16)', async () => {
    const before = await countRows(ctx.db, 'inquiries');
    const words = await call(inquiries, 'POST', '/api/inquiries', { body: inquiryBody({ phone: 'abc' }) });
    expect(words.status).toBe(400);
    expect(words.json.error.fields).toEqual({ phone: 'inquiry.errors.phoneInvalid' });
    expect(await countRows(ctx.db, 'inquiries')).toBe(before);
    const international = await call(inquiries, 'POST', '/api/inquiries', { body: inquiryBody({ phone: '+82 (10) 1234-5678' }) });
    expect(international.status).toBe(201);
  });

  it('accepts at most 5 attachments, each an attachment uploaded here', async () => {
    const before = await countRows(ctx.db, 'inquiries');
    const six = await Promise.all(Array.from({ length: 6 }, () => uploaded('attachment')));
    const tooMany = await call(inquiries, 'POST', '/api/inquiries', { body: inquiryBody({ attachments: six }) });
    expect(tooMany.status).toBe(400);
    expect(tooMany.json.error.fields.attachments).toBe('inquiry.errors.tooManyAttachments');
    const thumbnail = await uploaded('thumbnail');
    const foreign = await call(inquiries, 'POST', '/api/inquiries', {
      body: inquiryBody({ attachments: [six[0], `/objects/uploads/${randomUUID()}`, thumbnail] }),
    });
    expect(foreign.status).toBe(400);
    expect(Object.keys(foreign.json.error.fields)).toEqual(['attachments.1', 'attachments.2']);
    expect(await countRows(ctx.db, 'inquiries')).toBe(before);
  });

  it('stores a resent inquiry once when it carries the same Idempotency-Key, even sent in parallel', async () => {
    const key = randomUUID();
    const send = (body = inquiryBody({ name: `Resent ${key}` })) =>
      call(inquiries, 'POST', '/api/inquiries', { body, headers: { 'Idempotency-Key': key } });
    const first = await send();
    expect(first.status).toBe(201);
    expect(first.headers.get('Idempotent-Replayed')).toBeNull();
    const again = await send();
    expect(again.status).toBe(201);
    expect(again.headers.get('Idempotent-Replayed')).toBe('true');
    expect(again.json).toEqual(first.json);
    const parallelKey = randomUUID();
    const racing = await Promise.all(
      Array.from({ length: 8 }, () =>
        call(inquiries, 'POST', '/api/inquiries', { body: inquiryBody({ name: `Racing ${parallelKey}` }), headers: { 'Idempotency-Key': parallelKey } }),
      ),
    );
    expect(racing.map((r) => r.status)).toEqual(Array(8).fill(201));
    expect(new Set(racing.map((r) => r.json.id)).size).toBe(1);
    const stored = await ctx.db.selectFrom('inquiries').select('name').where('name', 'in', [`Resent ${key}`, `Racing ${parallelKey}`]).execute();
    expect(stored).toHaveLength(2);
  });

  it('answers a replay only with what a first answer says: never how the team judged the inquiry (issue 16)', async () => {
    const key = randomUUID();
    const body = inquiryBody({ name: `Judged ${key}`, company: 'Acme Leasing', source: { path: '/floors', referrer: 'https://partner.example/list', utm: {} } });
    const send = (sent: Record<string, unknown>) => call(inquiries, 'POST', '/api/inquiries', { body: sent, headers: { 'Idempotency-Key': key } });
    const first = await send(body);
    expect(first.status).toBe(201);
    expect(Object.keys(first.json).sort()).toEqual([...Object.keys(body), 'id', 'createdAt', 'businessType', 'desiredFloors', 'desiredAreaM2', 'moveInDate', 'preferredContact', 'locale', 'unitId', 'marketingConsent', 'privacyNoticeAt', 'marketingConsentAt'].sort());
    const lost = await call(inquiries, 'PATCH', `/api/inquiries/${first.json.id}`, { token, body: { status: 'lost', lostReason: 'other', lostReasonText: 'failed credit check' } });
    expect(lost.status).toBe(200);

    const replay = await send(body);
    expect(replay.headers.get('Idempotent-Replayed')).toBe('true');
    expect(replay.json).toEqual(first.json);
    // The same four fields without the details: the answer holds what this request sent, not what is stored.
    const bare = await send(inquiryBody({ name: `Judged ${key}` }));
    expect(bare.json).toMatchObject({ id: first.json.id, createdAt: first.json.createdAt, company: null, source: null });
    for (const answer of [replay, bare]) {
      for (const field of ['status', 'lostReason', 'firstStatusChangeAt', 'notification', 'unit']) expect(answer.json).not.toHaveProperty(field);
      expect(answer.text).not.toMatch(/lost|credit check/);
    }
    expect(bare.text).not.toMatch(/Acme|partner\.example/);
  });

  it('forgets an Idempotency-Key after 24 hours: a resend a second later is a new inquiry (issue 16)', async () => {
    const key = randomUUID();
    const body = inquiryBody({ name: `Day-old ${key}` });
    const send = () => call(inquiries, 'POST', '/api/inquiries', { body, headers: { 'Idempotency-Key': key } });
    const first = await send();
    const sentAt = Date.now();
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(sentAt + 24 * 3600_000 - 1_000);
      const withinDay = await send();
      expect(withinDay.headers.get('Idempotent-Replayed')).toBe('true');
      expect(withinDay.json.id).toBe(first.json.id);
      vi.setSystemTime(sentAt + 24 * 3600_000 + 1_000);
      const dayLater = await send();
      expect(dayLater.status).toBe(201);
      expect(dayLater.headers.get('Idempotent-Replayed')).toBeNull();
      expect(dayLater.json.id).not.toBe(first.json.id);
      // The key now names the new inquiry.
      expect((await send()).json.id).toBe(dayLater.json.id);
    } finally {
      vi.useRealTimers();
    }
    const stored = await ctx.db.selectFrom('inquiries').select(['id', 'idempotencyKey']).where('name', '=', `Day-old ${key}`).execute();
    expect(stored).toHaveLength(2);
    expect(stored.find((row) => row.id === first.json.id)?.idempotencyKey).toBeNull();
  });

  it('refuses a reused Idempotency-Key with other content (422) and a malformed one (400), storing nothing', async () => {
    const key = randomUUID();
    await call(inquiries, 'POST', '/api/inquiries', { body: inquiryBody({ name: 'Original' }), headers: { 'Idempotency-Key': key } });
    const before = await countRows(ctx.db, 'inquiries');
    const reused = await call(inquiries, 'POST', '/api/inquiries', { body: inquiryBody({ name: 'Someone else' }), headers: { 'Idempotency-Key': key } });
    expect(reused.status).toBe(422);
    expect(reused.json.error.code).toBe('idempotency_key_reused');
    // The answer gives nothing of the stored inquiry away.
    expect(reused.text).not.toContain('Original');
    const malformed = await call(inquiries, 'POST', '/api/inquiries', { body: inquiryBody(), headers: { 'Idempotency-Key': 'not-a-uuid' } });
    expect(malformed.status).toBe(400);
    expect(malformed.json.error.code).toBe('invalid_idempotency_key');
    expect(await countRows(ctx.db, 'inquiries')).toBe(before);
  });

  it('answers wrong methods with 405', async () => {
    const response = await call(inquiries, 'DELETE', '/api/inquiries', { token });
    expect(response.status).toBe(405);
    expect(response.headers.get('Allow')).toBe('GET, POST');
  });
});
