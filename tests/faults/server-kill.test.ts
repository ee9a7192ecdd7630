import { randomUUID } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort, startLocalServer, type RunningServer } from '../../netlify-local/spawn.ts';
import { openPglite } from '../../src/server/db/pglite.ts';
import type { Inquiry } from '../../src/shared/inquiry.ts';
import { inquiryBody } from '../support/api-suite.ts';
import { sharedSnapshot } from '../support/db-backends.ts';

/**
 * The local server is killed (SIGKILL: no shutdown handler runs, PGlite is not closed) while visitors
 * send inquiries, then started again on the same data folder (issue 5). Every inquiry it acknowledged
 * with 201 must be there exactly once; those cut off mid-request may be missing, never doubled.
 */
const PASSWORD = 'fault-admin-password';
const SENT = 160;
const CLIENTS = 16;
/** Kill once this many were acknowledged, so the rest are in flight or not yet sent. */
const KILL_AFTER = 40;

const folders: string[] = [];
const servers: RunningServer[] = [];
afterAll(async () => {
  await Promise.all(servers.map((server) => server.stop().catch(() => undefined)));
  await Promise.all(folders.map((dir) => rm(dir, { recursive: true, force: true })));
});

async function start(dataDir: string): Promise<RunningServer> {
  const env = { DATA_DIR: dataDir, DATABASE_URL: '', ADMIN_PASSWORD: PASSWORD, OBJECT_SIGNING_SECRET: 'fault-signing-secret' };
  const server = await startLocalServer(await freePort(), env, { apiOnly: true });
  servers.push(server);
  return server;
}

/** SIGKILL, then wait until the process is gone (reaped), as after a crash or `kill -9`. */
async function kill(server: RunningServer): Promise<void> {
  servers.splice(servers.indexOf(server), 1);
  process.kill(server.pid, 'SIGKILL');
  for (;;) {
    try {
      process.kill(server.pid, 0);
    } catch {
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

async function storedMessages(server: RunningServer): Promise<string[]> {
  const login = await fetch(`${server.origin}/api/admin/login`, { method: 'POST', body: JSON.stringify({ password: PASSWORD }), headers: { 'Content-Type': 'application/json' } });
  expect(login.status).toBe(200);
  const { token } = (await login.json()) as { token: string };
  const list = await fetch(`${server.origin}/api/inquiries`, { headers: { Authorization: `Bearer ${token}` } });
  expect(list.status).toBe(200);
  return ((await list.json()) as Inquiry[]).map((inquiry) => inquiry.message ?? '');
}

describe('local server killed during writes', () => {
  it('keeps every acknowledged inquiry exactly once after SIGKILL and a restart on the same folder', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'btower-kill-'));
    folders.push(dataDir);
    // A migrated folder from the shared snapshot: a brand-new PGlite folder costs seconds of initdb.
    await (await openPglite({ dataDir: path.join(dataDir, 'pglite'), snapshot: await sharedSnapshot() })).destroy();
    const first = await start(dataDir);
    const run = randomUUID().slice(0, 8);
    const marker = (i: number) => `Leasing question ${run}-${i}`;

    const acknowledged: number[] = [];
    let killed: Promise<void> | undefined;
    let next = 0;
    const client = async () => {
      while (next < SENT && !killed) {
        const i = next++;
        const response = await fetch(`${first.origin}/api/inquiries`, {
          method: 'POST',
          // Each inquiry from a visitor of its own (Netlify's client header), so no per-client limit applies.
          headers: { 'Content-Type': 'application/json', 'x-nf-client-connection-ip': `visitor-${run}-${i}` },
          body: JSON.stringify(inquiryBody({ message: marker(i) })),
        }).catch(() => null);
        if (response?.status === 201) acknowledged.push(i);
        if (acknowledged.length >= KILL_AFTER) killed ??= kill(first);
      }
    };
    await Promise.all(Array.from({ length: CLIENTS }, client));
    await killed;
    expect(acknowledged.length).toBeGreaterThanOrEqual(KILL_AFTER);
    expect(acknowledged.length).toBeLessThan(SENT);
    // The dead server's lock is still on disk: the restart must see it as stale.
    expect(Number(await readFile(path.join(dataDir, 'pglite.lock'), 'utf8'))).toBe(first.pid);

    const second = await start(dataDir);
    const messages = await storedMessages(second);
    const count = (i: number) => messages.filter((message) => message === marker(i)).length;
    const lost = acknowledged.filter((i) => count(i) !== 1);
    expect(lost, `acknowledged but not stored exactly once: ${lost.join(', ')}`).toEqual([]);
    const doubled = Array.from({ length: SENT }, (_, i) => i).filter((i) => count(i) > 1);
    expect(doubled).toEqual([]);

    // And the restarted server keeps working on the recovered folder.
    const after = await fetch(`${second.origin}/api/inquiries`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(inquiryBody({ message: marker(SENT) })) });
    expect(after.status).toBe(201);
    // Two server starts and a PGlite recovery: over 90 s at a load average of ~20 on 2 cores.
  }, 240_000);
});
