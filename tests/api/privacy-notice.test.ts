import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import inquiries from '../../functions/inquiries.ts';
import privacyNotice from '../../functions/privacy-notice.ts';
import { currentNoticeVersion, PUBLISHED_NOTICE_VERSIONS } from '../../src/server/privacy/notice.ts';
import { RETENTION_DEFAULTS } from '../../src/shared/privacy/retention.ts';
import { call } from '../support/api-calls.ts';
import { adminToken, countRows, inquiryBody, useApiBackend } from '../support/api-suite.ts';
import { availableBackends } from '../support/db-backends.ts';

/** A day the site never published a notice for (before any version, so never a real one). */
const UNPUBLISHED = '2000-01-01';

describe.each(availableBackends())('the privacy notice at the form (issue 24) on $name', (backend) => {
  const ctx = useApiBackend(backend);
  let token = '';
  beforeAll(async () => {
    token = await adminToken();
  });

  it('GET /api/privacy/notice names the notice the form shows now and the retention periods in force, cacheable', async () => {
    const answer = await call(privacyNotice, 'GET', '/api/privacy/notice');
    expect(answer.status).toBe(200);
    expect(answer.json).toEqual({ version: currentNoticeVersion(), effectiveDate: currentNoticeVersion(), retention: RETENTION_DEFAULTS });
    expect(PUBLISHED_NOTICE_VERSIONS).toContain(answer.json.version);
    expect(answer.headers.get('Netlify-CDN-Cache-Control')).toMatch(/^public, durable, max-age=\d+/);
    expect(answer.headers.get('Netlify-Cache-Tag')).toBe('privacy');
    expect((await call(privacyNotice, 'POST', '/api/privacy/notice', { body: {} })).status).toBe(405);
  });

  it('refuses an inquiry without the acknowledgement (400 on the field) and stores nothing', async () => {
    const before = await countRows(ctx.db, 'inquiries');
    const { privacyNoticeVersion: _, ...unacknowledged } = inquiryBody({ name: `No ack ${randomUUID()}` });
    const missing = await call(inquiries, 'POST', '/api/inquiries', { body: unacknowledged });
    expect(missing.status).toBe(400);
    expect(missing.json.error.code).toBe('invalid_input');
    expect(missing.json.error.fields).toEqual({ privacyNoticeVersion: 'privacy.errors.acknowledgeRequired' });
    // The form sends null for an unticked box: the same answer.
    const unticked = await call(inquiries, 'POST', '/api/inquiries', { body: inquiryBody({ privacyNoticeVersion: null }) });
    expect(unticked.status).toBe(400);
    expect(unticked.json.error.fields).toEqual({ privacyNoticeVersion: 'privacy.errors.acknowledgeRequired' });
    expect(await countRows(ctx.db, 'inquiries')).toBe(before);
  });

  it('refuses a notice version the site never published, malformed or not', async () => {
    const before = await countRows(ctx.db, 'inquiries');
    for (const version of [UNPUBLISHED, 'v1', '2026-11-27T00:00:00Z', '']) {
      const answer = await call(inquiries, 'POST', '/api/inquiries', { body: inquiryBody({ privacyNoticeVersion: version }) });
      expect(answer.status, version).toBe(400);
      expect(answer.json.error.code).toBe('invalid_input');
      expect(answer.json.error.fields, version).toEqual({ privacyNoticeVersion: 'privacy.errors.noticeVersionUnknown' });
    }
    const notBoolean = await call(inquiries, 'POST', '/api/inquiries', { body: inquiryBody({ marketingConsent: 'yes' }) });
    expect(notBoolean.status).toBe(400);
    expect(notBoolean.json.error.fields).toEqual({ marketingConsent: 'privacy.errors.marketingInvalid' });
    expect(await countRows(ctx.db, 'inquiries')).toBe(before);
  });

  it('stores which notice was acknowledged and when, and the marketing choice; the receipt, list, detail and CSV show them', async () => {
    const name = `Consent ${randomUUID()}`;
    const plain = await call(inquiries, 'POST', '/api/inquiries', { body: inquiryBody({ name: `${name} off` }) });
    const ticked = await call(inquiries, 'POST', '/api/inquiries', { body: inquiryBody({ name: `${name} on`, marketingConsent: true }) });
    expect([plain.status, ticked.status]).toEqual([201, 201]);
    // The optional box is off unless ticked; both times are the inquiry's arrival, by the server's clock.
    expect(plain.json).toMatchObject({ privacyNoticeVersion: currentNoticeVersion(), marketingConsent: false, privacyNoticeAt: plain.json.createdAt, marketingConsentAt: plain.json.createdAt });
    expect(ticked.json).toMatchObject({ privacyNoticeVersion: currentNoticeVersion(), marketingConsent: true, privacyNoticeAt: ticked.json.createdAt });

    const stored = await ctx.db.selectFrom('inquiries').select(['privacyNoticeVersion', 'privacyNoticeAt', 'marketingConsent', 'marketingConsentAt']).where('id', '=', ticked.json.id).executeTakeFirstOrThrow();
    expect(stored.privacyNoticeVersion).toBe(currentNoticeVersion());
    expect(stored.marketingConsent).toBe(true);
    expect(new Date(stored.privacyNoticeAt!).toISOString()).toBe(ticked.json.createdAt);
    expect(new Date(stored.marketingConsentAt!).toISOString()).toBe(ticked.json.createdAt);

    const list = await call(inquiries, 'GET', `/api/inquiries?search=${encodeURIComponent(name)}`, { token });
    const byName = Object.fromEntries((list.json as { name: string }[]).map((inquiry) => [inquiry.name, inquiry]));
    expect(byName[`${name} on`]).toMatchObject({ privacyNoticeVersion: currentNoticeVersion(), privacyNoticeAt: ticked.json.createdAt, marketingConsent: true, marketingConsentAt: ticked.json.createdAt });
    expect(byName[`${name} off`]).toMatchObject({ privacyNoticeVersion: currentNoticeVersion(), marketingConsent: false });
    const detail = await call(inquiries, 'GET', `/api/inquiries/${plain.json.id}`, { token });
    expect(detail.json).toMatchObject({ privacyNoticeVersion: currentNoticeVersion(), privacyNoticeAt: plain.json.createdAt, marketingConsent: false, marketingConsentAt: plain.json.createdAt });

    const csv = await inquiries(new Request(`http://127.0.0.1/api/inquiries/export?lang=en&reason=report&search=${encodeURIComponent(name)}`, { headers: { Authorization: `Bearer ${token}` } }), { ip: randomUUID(), params: {} } as never);
    const text = await csv.text();
    const [header, ...rows] = text.replace(/^\uFEFF/, '').trim().split('\r\n');
    const columns = header!.split(',');
    expect(columns.slice(-2)).toEqual(['Privacy notice acknowledged (version)', 'Advertising consent']);
    const cellsOf = (who: string) => rows.find((row) => row.includes(who))!.split(',');
    expect(cellsOf(`${name} on`).slice(-2)).toEqual([currentNoticeVersion(), expect.stringMatching(/^Yes \(\d{4}-\d\d-\d\d \d\d:\d\d:\d\d\)$/)]);
    expect(cellsOf(`${name} off`).slice(-1)[0]).toMatch(/^No \(/);
  });

  it('keeps Idempotency-Key replays: the same choice replays the receipt, another choice under the key is a 422', async () => {
    const key = randomUUID();
    const body = inquiryBody({ name: `Replayed consent ${key}`, marketingConsent: true });
    const send = (sent: Record<string, unknown>) => call(inquiries, 'POST', '/api/inquiries', { body: sent, headers: { 'Idempotency-Key': key } });
    const first = await send(body);
    const again = await send(body);
    expect(again.headers.get('Idempotent-Replayed')).toBe('true');
    expect(again.json).toEqual(first.json);
    const changed = await send({ ...body, marketingConsent: false });
    expect(changed.status).toBe(422);
    expect(changed.json.error.code).toBe('idempotency_key_reused');
    const stored = await ctx.db.selectFrom('inquiries').select('marketingConsent').where('name', '=', `Replayed consent ${key}`).execute();
    expect(stored).toEqual([{ marketingConsent: true }]);
  });
});
