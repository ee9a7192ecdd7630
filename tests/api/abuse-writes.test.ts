import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterEach, describe, expect, it, vi } from 'vitest';
import downloadBrochure from '../../functions/download-brochure.ts';
import inquiries from '../../functions/inquiries.ts';
import login from '../../functions/admin-login.ts';
import upload from '../../functions/objects-upload.ts';
import { readEnv } from '../../src/server/env.ts';
import { HONEYPOT_FIELD, INQUIRY_MIN_FILL_MS, INQUIRY_RATE_LIMITS, LOGIN_CLIENT_LIMIT, LOGIN_GLOBAL_LIMIT } from '../../src/shared/abuse.ts';
import { FILL_TIME_FIELD } from '../../src/shared/bot-trap.ts';
import { call } from '../support/api-calls.ts';
import { ADMIN_PASSWORD, countRows, inquiryBody, useApiBackend } from '../support/api-suite.ts';
import { availableBackends } from '../support/db-backends.ts';

const FOREIGN = { Origin: 'https://evil.example', 'Content-Type': 'text/plain' };
const nameOf = (prefix: string) => `${prefix} ${randomUUID()}`;

describe.each(availableBackends())('abuse: writes on $name (issue 10)', (backend) => {
  const ctx = useApiBackend(backend);
  afterEach(() => vi.restoreAllMocks());

  const storedNamed = async (name: string) =>
    Number((await ctx.db.selectFrom('inquiries').select((eb) => eb.fn.countAll<number>().as('n')).where('name', '=', name).executeTakeFirstOrThrow()).n);

  it('refuses cross-site text/plain login posts (403) before they count: the admin is not locked out', async () => {
    const ip = `victim-${randomUUID()}`;
    for (let i = 0; i < LOGIN_CLIENT_LIMIT.max + 1; i += 1) {
      const forged = await call(login, 'POST', '/api/admin/login', { ip, rawBody: JSON.stringify({ password: 'guess' }), headers: FOREIGN });
      expect(forged.status).toBe(403);
      expect(forged.json.error.code).toBe('cross_site_request');
    }
    expect(await countRows(ctx.db, 'loginAttempts')).toBe(0);
    expect((await call(login, 'POST', '/api/admin/login', { ip, body: { password: ADMIN_PASSWORD } })).status).toBe(200);
  });

  it('answers 415 to a JSON endpoint sent anything but application/json, and 403 to a foreign Origin or Sec-Fetch-Site', async () => {
    const name = nameOf('cross-site');
    const body = JSON.stringify(inquiryBody({ name }));
    const plain = await call(inquiries, 'POST', '/api/inquiries', { rawBody: body, headers: { 'Content-Type': 'text/plain' } });
    expect(plain.status).toBe(415);
    expect(plain.json.error.code).toBe('unsupported_media_type');
    const form = await call(inquiries, 'POST', '/api/inquiries', { rawBody: body, headers: { 'Content-Type': 'application/x-www-form-urlencoded' } });
    expect(form.status).toBe(415);
    const foreign = await call(inquiries, 'POST', '/api/inquiries', { rawBody: body, headers: { ...FOREIGN, 'Content-Type': 'application/json' } });
    expect(foreign.status).toBe(403);
    expect(foreign.json.error.code).toBe('cross_site_request');
    const fetchMeta = await call(inquiries, 'POST', '/api/inquiries', { rawBody: body, headers: { 'Content-Type': 'application/json', 'Sec-Fetch-Site': 'cross-site' } });
    expect(fetchMeta.status).toBe(403);
    expect((await call(upload, 'POST', '/api/objects/upload', { headers: { Origin: 'https://evil.example' } })).status).toBe(403);
    expect(await storedNamed(name)).toBe(0);
    // The site's own pages (same origin, or the dev server on another loopback port) still send.
    const own = await call(inquiries, 'POST', '/api/inquiries', { rawBody: body, headers: { 'Content-Type': 'application/json; charset=utf-8', Origin: 'http://localhost:4321', 'Sec-Fetch-Site': 'same-site' } });
    expect(own.status).toBe(201);
  });

  it('limits inquiries per client in a burst and a day (429 with Retry-After); other clients still send', async () => {
    const [burst, day] = INQUIRY_RATE_LIMITS as [{ max: number; windowMs: number }, { max: number; windowMs: number }];
    const ip = `flood-${randomUUID()}`;
    const name = nameOf('flood');
    const send = () => call(inquiries, 'POST', '/api/inquiries', { ip, body: inquiryBody({ name }) });
    const realNow = Date.now();
    let sent = 0;
    // Bursts spaced just past the burst window, until the day is full.
    for (let round = 0; sent < day.max; round += 1) {
      vi.spyOn(Date, 'now').mockReturnValue(realNow + round * (burst.windowMs + 1000));
      for (let i = 0; i < burst.max && sent < day.max; i += 1, sent += 1) expect((await send()).status).toBe(201);
      if (round === 0) {
        const refused = await send();
        expect(refused.status).toBe(429);
        expect(refused.json.error.code).toBe('too_many_requests');
        expect(Number(refused.headers.get('Retry-After'))).toBeGreaterThan(0);
        expect(Number(refused.headers.get('Retry-After'))).toBeLessThanOrEqual(burst.windowMs / 1000);
      }
    }
    vi.spyOn(Date, 'now').mockReturnValue(realNow + 100 * burst.windowMs);
    const daily = await send();
    expect(daily.status).toBe(429);
    expect(Number(daily.headers.get('Retry-After'))).toBeGreaterThan(burst.windowMs / 1000);
    expect(await storedNamed(name)).toBe(day.max);
    expect((await call(inquiries, 'POST', '/api/inquiries', { body: inquiryBody({ name }) })).status).toBe(201);
  });

  it('answers a filled honeypot or a form sent too fast as if stored, and stores nothing', async () => {
    for (const trap of [{ [HONEYPOT_FIELD]: 'https://spam.example', [FILL_TIME_FIELD]: 60_000 }, { [HONEYPOT_FIELD]: '', [FILL_TIME_FIELD]: INQUIRY_MIN_FILL_MS - 1 }]) {
      const name = nameOf('bot');
      const response = await call(inquiries, 'POST', '/api/inquiries', { body: { ...inquiryBody({ name }), ...trap } });
      expect(response.status).toBe(201);
      expect(response.json).toMatchObject({ name, id: expect.any(String) });
      expect(await storedNamed(name)).toBe(0);
    }
    const person = nameOf('person');
    const sent = await call(inquiries, 'POST', '/api/inquiries', { body: { ...inquiryBody({ name: person }), [HONEYPOT_FIELD]: '', [FILL_TIME_FIELD]: INQUIRY_MIN_FILL_MS } });
    expect(sent.status).toBe(201);
    expect(await storedNamed(person)).toBe(1);
  });

  it('bounds failures from rotating addresses globally; a client that signed in lately still gets in', async () => {
    const trusted = `admin-${randomUUID()}`;
    expect((await call(login, 'POST', '/api/admin/login', { ip: trusted, body: { password: ADMIN_PASSWORD } })).status).toBe(200);
    // 15 wrong passwords from 3 addresses are all checked: each address is within its own limit.
    const run = randomUUID();
    for (let n = 0; n < 15; n += 1) {
      const guess = await call(login, 'POST', '/api/admin/login', { ip: `attacker-${n % 3}-${run}`, body: { password: `guess-${n}` } });
      expect(guess.status).toBe(401);
    }
    let refused: Awaited<ReturnType<typeof call>> | undefined;
    for (let n = 0; n < LOGIN_GLOBAL_LIMIT.max && !refused; n += 1) {
      const guess = await call(login, 'POST', '/api/admin/login', { ip: `rotating-${randomUUID()}`, body: { password: `guess-${n}` } });
      if (guess.status === 429) refused = guess;
      else expect(guess.status).toBe(401);
    }
    expect(refused?.json.error.code).toBe('too_many_attempts');
    expect(Number(refused?.headers.get('Retry-After'))).toBeGreaterThan(0);
    expect(Number(refused?.headers.get('Retry-After'))).toBeLessThanOrEqual(LOGIN_GLOBAL_LIMIT.windowMs / 1000);
    // A fresh address is refused even with the right password; the admin's own browser is not.
    expect((await call(login, 'POST', '/api/admin/login', { ip: `fresh-${randomUUID()}`, body: { password: ADMIN_PASSWORD } })).status).toBe(429);
    expect((await call(login, 'POST', '/api/admin/login', { ip: trusted, body: { password: ADMIN_PASSWORD } })).status).toBe(200);
    await ctx.db.deleteFrom('loginAttempts').execute();
  });

  it("clears every client's stale login attempts, not only the current client's", async () => {
    const stale = `stale-${randomUUID()}`;
    await ctx.db.insertInto('loginAttempts').values({ clientKey: stale, at: sql<Date>`now() - interval '2 hours'` }).execute();
    await call(login, 'POST', '/api/admin/login', { body: { password: 'wrong' } });
    const left = await ctx.db.selectFrom('loginAttempts').select('id').where('clientKey', '=', stale).execute();
    expect(left).toEqual([]);
  });

  it('requires a production ADMIN_PASSWORD of at least 12 characters, naming the variable', () => {
    expect(() => readEnv({ CONTEXT: 'production', ADMIN_PASSWORD: 'x'.repeat(11) })).toThrow(/ADMIN_PASSWORD.*12/);
    expect(readEnv({ CONTEXT: 'production', ADMIN_PASSWORD: 'x'.repeat(12) }).adminPassword).toBe('x'.repeat(12));
    expect(readEnv({ ADMIN_PASSWORD: 'short' }).adminPassword).toBe('short');
  });

  it('counts a brochure once per client, language and hour', async () => {
    const count = async () => Number((await ctx.db.selectFrom('brochureDownloads').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
    const before = await count();
    const get = (ip: string, lang = 'en') => downloadBrochure(new Request(`http://127.0.0.1/api/download/brochure?lang=${lang}`), { ip });
    const ip = `reader-${randomUUID()}`;
    for (let i = 0; i < 5; i += 1) expect((await get(ip)).status).toBe(200);
    expect(await count()).toBe(before + 1);
    await get(ip, 'ja');
    await get(`other-${randomUUID()}`);
    expect(await count()).toBe(before + 3);
    vi.spyOn(Date, 'now').mockReturnValue(Date.now() + 61 * 60 * 1000);
    await get(ip);
    expect(await count()).toBe(before + 4);
  });
});
