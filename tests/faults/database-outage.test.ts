import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import brands from '../../functions/brands.ts';
import inquiries from '../../functions/inquiries.ts';
import { closeDb } from '../../src/server/db/index.ts';
import { resetServerEnv } from '../../src/server/env.ts';
import type { Inquiry } from '../../src/shared/inquiry.ts';
import { call } from '../support/api-calls.ts';
import { ADMIN_PASSWORD, adminToken, inquiryBody } from '../support/api-suite.ts';
import { isolatedUrl } from '../support/db-backends.ts';
import { startNeonProxy, useNeonProxy } from '../support/neon-proxy.ts';
import { startTcpProxy, throughProxy, type TcpProxy } from '../support/tcp-proxy.ts';

/**
 * The database goes away while the API is in use and comes back (issue 5): a real PostgreSQL behind a
 * TCP proxy that is cut (open connections reset, new ones refused) and restored, through the same
 * drivers production uses. The process keeps its pool throughout: recovery must need no restart.
 */
const serverUrl = process.env.TEST_DATABASE_URL;
const savedEnv = { ...process.env };
if (!serverUrl) console.warn('database outage tests skipped: they need a PostgreSQL server to cut; set TEST_DATABASE_URL (CI does)');

/** One inquiry per marker, with its own Idempotency-Key, as the contact form sends it (and resends it). */
const keys = new Map<string, string>();
async function send(marker: string) {
  if (!keys.has(marker)) keys.set(marker, randomUUID());
  return call(inquiries, 'POST', '/api/inquiries', {
    body: inquiryBody({ message: `Leasing question ${marker}` }),
    headers: { 'Idempotency-Key': keys.get(marker)! },
  });
}

async function storedMessages(token: string): Promise<string[]> {
  const list = await call(inquiries, 'GET', '/api/inquiries', { token });
  expect(list.status).toBe(200);
  return (list.json as Inquiry[]).map((inquiry) => inquiry.message ?? '');
}

const occurrences = (messages: string[], marker: string) => messages.filter((message) => message === `Leasing question ${marker}`).length;

describe.skipIf(!serverUrl)('database unreachable mid-run (needs TEST_DATABASE_URL; CI sets it)', () => {
  for (const driver of ['pg', 'neon'] as const) {
    describe(`through the ${driver} driver`, () => {
      let proxy: TcpProxy;
      let neonProxy: Awaited<ReturnType<typeof startNeonProxy>> | undefined;
      let drop = async () => {};

      beforeAll(async () => {
        const target = new URL(serverUrl!);
        proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
        const isolated = await isolatedUrl(serverUrl!);
        drop = isolated.drop;
        if (driver === 'neon') {
          neonProxy = await startNeonProxy();
          await useNeonProxy(neonProxy.port);
          process.env.NEON = '1';
        }
        process.env.DATABASE_URL = throughProxy(isolated.url, proxy);
        process.env.ADMIN_PASSWORD = ADMIN_PASSWORD;
        resetServerEnv();
      });

      afterAll(async () => {
        await closeDb();
        await proxy?.stop();
        await neonProxy?.stop();
        await drop();
        process.env = { ...savedEnv };
        resetServerEnv();
      });

      it('answers 503 JSON while cut, recovers in the same process, and after resends holds every inquiry exactly once', async () => {
        const run = randomUUID().slice(0, 8);
        const token = await adminToken();
        const before = await Promise.all(Array.from({ length: 5 }, (_, i) => send(`${run}-before-${i}`)));
        expect(before.map((response) => response.status)).toEqual([201, 201, 201, 201, 201]);

        // Mid-run: the connection is cut while a burst of inquiries is being written.
        let answered = 0;
        const burst = Array.from({ length: 30 }, (_, i) =>
          send(`${run}-burst-${i}`).then((response) => {
            answered += 1;
            return response;
          }),
        );
        await expect.poll(() => answered, { interval: 1, timeout: 60_000 }).toBeGreaterThanOrEqual(3);
        await proxy.cut();
        const burstStatus = (await Promise.all(burst)).map((response) => response.status);
        expect(burstStatus.every((status) => status === 201 || status === 503), burstStatus.join(',')).toBe(true);

        // While it is down every route that needs it says so in the API's JSON error shape.
        const failed = await send(`${run}-retried`);
        expect(failed.status).toBe(503);
        expect(failed.headers.get('content-type')).toContain('application/json');
        expect(failed.headers.get('retry-after')).toBeTruthy();
        expect(failed.json).toEqual({ error: { code: 'service_unavailable', message: expect.any(String) } });
        expect((await call(brands, 'GET', '/api/brands')).status).toBe(503);
        expect((await call(inquiries, 'GET', '/api/inquiries', { token })).status).toBe(503);

        await proxy.restore();
        // Every visitor who was refused sends the same inquiry again once the service is back. A cut
        // after the commit but before the answer stored it already: the key makes the resend a replay.
        expect((await send(`${run}-retried`)).status).toBe(201);
        const resent = await Promise.all(burstStatus.map((status, i) => (status === 201 ? null : send(`${run}-burst-${i}`))));
        expect(resent.every((response) => response === null || response.status === 201)).toBe(true);

        const messages = await storedMessages(token);
        for (let i = 0; i < 5; i += 1) expect(occurrences(messages, `${run}-before-${i}`)).toBe(1);
        burstStatus.forEach((_, i) => expect(occurrences(messages, `${run}-burst-${i}`)).toBe(1));
        expect(occurrences(messages, `${run}-retried`)).toBe(1);
      });

      it('answers 503 when the database is already unreachable at the first request, then serves once it is back', async () => {
        await closeDb();
        await proxy.cut();
        expect((await call(brands, 'GET', '/api/brands')).status).toBe(503);
        await proxy.restore();
        expect((await call(brands, 'GET', '/api/brands')).status).toBe(200);
      });
    });
  }
});
