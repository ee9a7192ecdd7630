import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll } from 'vitest';
import { resetServerEnv } from '../../src/server/env.ts';
import { setDb, type Db } from '../../src/server/db/index.ts';
import { storeObject } from '../../src/server/objects/storage.ts';
import type { UploadPurpose } from '../../src/shared/uploads.ts';
import login from '../../functions/admin-login.ts';
import { call } from './api-calls.ts';
import { startTestBlobs, type TestBlobs } from './blobs.ts';
import type { Backend } from './db-backends.ts';
import { currentNoticeVersion } from '../../src/server/privacy/notice.ts';

export const ADMIN_PASSWORD = 'correct horse battery staple';

/** The smallest PNG header the thumbnail check accepts. */
export const PNG_BYTES = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 73, 72, 68, 82]);

/**
 * Hooks for one backend's block: a fresh database installed as the process's, a throwaway blob store
 * and the admin password. `ctx.db` is the database, for asserting what was (not) stored.
 */
export function useApiBackend(backend: Backend) {
  const ctx = {} as { db: Db; blobs: TestBlobs };
  let close = async () => {};
  beforeAll(async () => {
    process.env.ADMIN_PASSWORD = ADMIN_PASSWORD;
    resetServerEnv();
    ctx.blobs = await startTestBlobs();
    const opened = await backend.open();
    ctx.db = opened.db;
    close = opened.close;
    setDb(opened.db);
  });
  afterAll(async () => {
    setDb(undefined);
    await close();
    await ctx.blobs?.stop();
  });
  return ctx;
}

/** Logs in from a client address of its own (so rate limits of other tests do not interfere). */
export async function adminToken(): Promise<string> {
  const response = await call(login, 'POST', '/api/admin/login', { body: { password: ADMIN_PASSWORD }, ip: `token-${randomUUID()}` });
  if (response.status !== 200) throw new Error(`login failed: ${response.status} ${response.text}`);
  return response.json.token as string;
}

/** Stores an object as the upload endpoints would and returns its path. */
export async function uploaded(purpose: UploadPurpose, bytes: Uint8Array = purpose === 'thumbnail' ? PNG_BYTES : new TextEncoder().encode('%PDF-1.4 plan')): Promise<string> {
  const id = randomUUID();
  await storeObject({ id, purpose, filename: purpose === 'thumbnail' ? 'logo.png' : 'plan.pdf', declaredType: purpose === 'thumbnail' ? 'image/png' : 'application/pdf' }, bytes);
  return `/objects/uploads/${id}`;
}

export function brandBody(thumbnail: string, overrides: Record<string, unknown> = {}) {
  return {
    name: 'Blue Bottle Coffee',
    description: 'Specialty coffee roaster on the ground floor',
    category: 'F&B',
    floor: '1F',
    unit: '101',
    area: '149.88평',
    isAvailable: true,
    thumbnail,
    contactInfo: { phone: '02-555-0101', email: 'hello@bluebottle.example', website: 'https://bluebottle.example' },
    images: [],
    tags: ['coffee', 'dessert'],
    ...overrides,
  };
}

export function inquiryBody(overrides: Record<string, unknown> = {}) {
  return {
    // Every inquiry carries the acknowledgement of the notice the form shows (issue 24).
    privacyNoticeVersion: currentNoticeVersion(),
    name: '김민준',
    email: 'minjun@example.com',
    phone: '010-1234-5678',
    message: '3층 120평 사무실 임대 조건을 알고 싶습니다.',
    attachments: [],
    ...overrides,
  };
}

/** How many rows a table holds, for "nothing was stored" assertions. */
export async function countRows(db: Db, table: 'brands' | 'inquiries' | 'sessions' | 'loginAttempts'): Promise<number> {
  const row = await db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return Number(row.n);
}
