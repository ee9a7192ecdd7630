import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { spawn } from 'node:child_process';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import brands from '../../functions/brands.ts';
import inquiries from '../../functions/inquiries.ts';
import { ensureLocalAdminPassword } from '../../src/server/auth/local-password.ts';
import { backendFor, closeDb, getDb } from '../../src/server/db/index.ts';
import { openPglite } from '../../src/server/db/pglite.ts';
import { sharedSnapshot } from '../support/db-backends.ts';
import { acquirePgliteLock, DatabaseLockedError } from '../../src/server/db/pglite-lock.ts';
import { resetServerEnv } from '../../src/server/env.ts';
import { call } from '../support/api-calls.ts';
import { inquiryBody } from '../support/api-suite.ts';

const savedEnv = { ...process.env };
const folders: string[] = [];
async function tempDir() {
  const dir = await mkdtemp(path.join(tmpdir(), 'btower-db-'));
  folders.push(dir);
  return dir;
}

afterEach(async () => {
  await closeDb();
  process.env = { ...savedEnv };
  resetServerEnv();
});
afterAll(async () => {
  await Promise.all(folders.map((dir) => rm(dir, { recursive: true, force: true })));
});

describe('database selection', () => {
  it('picks the backend from DATABASE_URL', () => {
    expect(backendFor(undefined)).toBe('pglite-dir');
    expect(backendFor('memory://')).toBe('pglite-memory');
    expect(backendFor('postgres://u:p@ep-cool-name-123.eu-central-1.aws.neon.tech/db?sslmode=require')).toBe('neon');
    expect(backendFor('postgresql://postgres@127.0.0.1:5432/postgres')).toBe('pg');
    expect(() => backendFor('mysql://root@localhost/db')).toThrow(/DATABASE_URL/);
  });

  it('answers 503 with nothing half-written when the database cannot be reached', async () => {
    process.env.DATABASE_URL = 'postgres://postgres@127.0.0.1:1/none';
    resetServerEnv();
    const list = await call(brands, 'GET', '/api/brands');
    expect(list.status).toBe(503);
    expect(list.json.error.code).toBe('service_unavailable');
    expect(list.headers.get('Retry-After')).toBeTruthy();
    expect((await call(inquiries, 'POST', '/api/inquiries', { body: inquiryBody() })).status).toBe(503);
  });

  it('answers 503 through the Neon driver too when its endpoint cannot be reached', async () => {
    process.env.DATABASE_URL = 'postgres://user:pw@127.0.0.1:1/none';
    process.env.NEON = '1';
    resetServerEnv();
    const { neonConfig } = await import('@neondatabase/serverless');
    neonConfig.wsProxy = () => '127.0.0.1:1/v2';
    neonConfig.useSecureWebSocket = false;
    const list = await call(brands, 'GET', '/api/brands');
    expect(list.status).toBe(503);
    expect(list.json.error.code).toBe('service_unavailable');
  });
  it('on Netlify without DATABASE_URL answers 503 and tells the operator what to set', async () => {
    delete process.env.DATABASE_URL;
    process.env.SITE_ID = 'a-netlify-site';
    process.env.DATA_DIR = await tempDir();
    resetServerEnv();
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      const list = await call(brands, 'GET', '/api/brands');
      expect(list.status).toBe(503);
      expect(list.json.error.code).toBe('service_unavailable');
      expect(logged.mock.calls.flat().join(' ')).toContain('DATABASE_URL is not set');
      // No embedded database was created on the function's read-only disk.
      await expect(stat(path.join(process.env.DATA_DIR, 'pglite'))).rejects.toThrow();
    } finally {
      logged.mockRestore();
    }
  });
});

describe('embedded database folder', () => {
  it('keeps data in $DATA_DIR/pglite across reopening', async () => {
    const dataDir = path.join(await tempDir(), 'nested', 'data');
    // Seeded from a snapshot: creating a PGlite folder from scratch costs seconds of initdb.
    const seeded = await openPglite({ dataDir: path.join(dataDir, 'pglite'), snapshot: await sharedSnapshot() });
    await seeded.insertInto('inquiries').values(inquiryBody()).execute();
    await seeded.destroy();
    process.env.DATA_DIR = dataDir;
    delete process.env.DATABASE_URL;
    resetServerEnv();
    const reopened = await getDb();
    const rows = await reopened.selectFrom('inquiries').select('name').execute();
    expect(rows).toEqual([{ name: inquiryBody().name }]);
  });

  it('refuses a folder another live process owns, with a clear error', async () => {
    const dir = await tempDir();
    const other = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)']);
    try {
      await writeFile(path.join(dir, 'pglite.lock'), String(other.pid));
      const attempt = openPglite({ dataDir: path.join(dir, 'pglite') });
      await expect(attempt).rejects.toThrow(DatabaseLockedError);
      await expect(attempt).rejects.toThrow(/already in use by process \d+/);
    } finally {
      other.kill();
    }
  });

  it('replaces a stale lock left by a dead process, and releases its own', async () => {
    const lock = path.join(await tempDir(), 'pglite.lock');
    await writeFile(lock, '999999999');
    const release = acquirePgliteLock(lock);
    expect(await readFile(lock, 'utf8')).toBe(String(process.pid));
    expect(() => acquirePgliteLock(lock)).toThrow(DatabaseLockedError);
    release();
    await expect(readFile(lock, 'utf8')).rejects.toThrow();
  });

  it('takes over a lock left with its own PID by an earlier process (a restarted container reuses PIDs)', async () => {
    const lock = path.join(await tempDir(), 'pglite.lock');
    await writeFile(lock, String(process.pid));
    const release = acquirePgliteLock(lock);
    expect(await readFile(lock, 'utf8')).toBe(String(process.pid));
    release();
  });
});

describe('local admin password', () => {
  it('is generated once, kept owner-only in $DATA_DIR and reused', async () => {
    const dir = await tempDir();
    delete process.env.ADMIN_PASSWORD;
    const first = await ensureLocalAdminPassword(dir);
    expect(first.length).toBeGreaterThanOrEqual(20);
    expect((await readFile(path.join(dir, 'admin-password'), 'utf8')).trim()).toBe(first);
    expect((await stat(path.join(dir, 'admin-password'))).mode & 0o777).toBe(0o600);
    delete process.env.ADMIN_PASSWORD;
    expect(await ensureLocalAdminPassword(dir)).toBe(first);
    expect(process.env.ADMIN_PASSWORD).toBe(first);
  });

  it('never overrides an ADMIN_PASSWORD that is set', async () => {
    process.env.ADMIN_PASSWORD = 'from-the-environment';
    expect(await ensureLocalAdminPassword(await tempDir())).toBe('from-the-environment');
  });
});
