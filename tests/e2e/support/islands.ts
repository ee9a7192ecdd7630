import { deflateSync } from 'node:zlib';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import type { Brand, BrandInput } from '../../../src/shared/brand.ts';
import { INQUIRY_MIN_FILL_MS } from '../../../src/shared/abuse.ts';
import { INQUIRY_DRAFT_KEY } from '../../../src/client/inquiry-draft.ts';
import { ADMIN_TOKEN_STORAGE_KEY } from '../../../src/shared/api.ts';

export const ADMIN_PASSWORD = process.env.E2E_ADMIN_PASSWORD ?? 'e2e-admin-password';

/** A name no other test (or parallel project) uses. */
export function uniqueName(prefix: string): string {
  return `${prefix} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
}

/** A real PNG of a solid colour, so the server's magic-byte check sees an image. */
export function pngFile(name = 'thumb.png') {
  const width = 8;
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(width * 3, 0xb7)]);
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type), data]);
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([len, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(width, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const buffer = Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(Array.from({ length: width }, () => row)))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
  return { name, mimeType: 'image/png', buffer };
}

function crc32(data: Buffer): number {
  let crc = ~0;
  for (const byte of data) {
    crc ^= byte;
    for (let k = 0; k < 8; k++) crc = (crc >>> 1) ^ (0xedb88320 & -(crc & 1));
  }
  return ~crc >>> 0;
}

/**
 * Waits until the page has been open as long as a person takes to fill in the inquiry form. A test types
 * faster than any person, and a form sent sooner is answered as if stored and then dropped as a bot's
 * (issue 10), so a test that looks for its inquiry afterwards waits for this first: for the page's own
 * clock, the one the form reports, not for a fixed time.
 */
/** Ticks the collection notice's required box, as every visitor must before the form sends (issue 24). */
export async function acknowledgeNotice(page: Page) {
  await page.locator('#inquiry-privacyNoticeVersion').check();
}

/**
 * Waits until the form has been filled in for as long as a person takes: its clock starts at the first
 * keystroke (kept with the draft, src/islands/inquiry/BotTrap.tsx); with nothing typed yet, at the page's load.
 */
export async function personFillTimePassed(page: Page) {
  await page.waitForFunction(({ minimum, key }) => {
    const startedAt = (JSON.parse(sessionStorage.getItem(key) ?? 'null') as { startedAt?: unknown } | null)?.startedAt;
    return typeof startedAt === 'number' ? Date.now() - startedAt >= minimum : performance.now() >= minimum;
  }, { minimum: INQUIRY_MIN_FILL_MS, key: INQUIRY_DRAFT_KEY });
}

/** Opens /admin (Korean) and signs in through the login card with the e2e password: for tests about signing in. */
export async function loginAsAdmin(page: Page, path = '/admin') {
  await page.goto(path);
  await islandsReady(page);
  await page.getByLabel('비밀번호').fill(ADMIN_PASSWORD);
  await page.getByRole('button', { name: '로그인', exact: true }).click();
  // The first request on a fresh data folder opens the database: allow it time.
  await expect(page.getByRole('tab', { name: '문의 관리' })).toBeVisible();
}

/**
 * Opens `path` in the admin panel already signed in with this worker's session (apiToken): for tests of what the
 * admin does, not of signing in. The token is put in the tab's storage once, before the page's first script; a
 * reload after the test signs out does not bring it back.
 */
export async function openAdmin(page: Page, path = '/admin') {
  const token = await apiToken(page.request);
  await page.addInitScript(([key, value]) => {
    try {
      if (sessionStorage.getItem('e2e-session-given')) return;
      sessionStorage.setItem('e2e-session-given', '1');
      localStorage.setItem(key, value);
    } catch {
      // about:blank and other opaque origins have no storage.
    }
  }, [ADMIN_TOKEN_STORAGE_KEY, token] as const);
  await page.goto(path);
  await islandsReady(page);
  await expect(page.getByRole('tab', { name: '문의 관리' })).toBeVisible();
  if (new URL(path, 'http://x').searchParams.has('inquiry')) await inquiryOpened(page);
}

/**
 * Waits for the open inquiry, and for the page to stop scrolling to it: an inquiry scrolls its detail into view
 * smoothly when it opens, and a click sent while the page still moves can land its press on one button and its
 * release on another, so no click happens at all (seen under load: the tour-versions walk's "일정 변경").
 */
export async function inquiryOpened(page: Page) {
  await expect(page.getByTestId('inquiry-detail')).toBeVisible();
  await scrollSettled(page);
}

/** Resolves once the page's scroll offset has stayed the same for five frames in a row (10 s at most). */
export async function scrollSettled(page: Page) {
  await page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        const giveUp = setTimeout(resolve, 10_000);
        let last = scrollY;
        let same = 0;
        const frame = () => {
          same = scrollY === last ? same + 1 : 0;
          last = scrollY;
          if (same >= 5) {
            clearTimeout(giveUp);
            resolve();
          } else requestAnimationFrame(frame);
        };
        requestAnimationFrame(frame);
      }),
  );
}

/** On a phone the inbox filters sit behind their "필터" button (issue 16): opens them there, does nothing on a desktop. */
export async function showInboxFilters(page: Page) {
  const toggle = page.getByRole('button', { name: /^필터/ });
  if ((await toggle.isVisible()) && (await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
}

/** Adds files in the open Uppy dialog and presses its upload button. */
export async function uploadInDialog(page: Page, files: { name: string; mimeType: string; buffer: Buffer }[]) {
  const dialog = page.locator('.uppy-Dashboard--modal');
  await expect(dialog.locator('.uppy-Dashboard-inner')).toBeVisible();
  await dialog.locator('input.uppy-Dashboard-input').first().setInputFiles(files);
  // Pressed from the keyboard: on a phone-sized viewport Uppy's file list overlaps the button's hit box
  // while its layout animates, which makes a pointer click flaky.
  const upload = dialog.locator('.uppy-StatusBar-actionBtn--upload');
  await upload.focus();
  await upload.press('Enter');
}

/** A signed-in admin's API token, read from the page's storage. */
export async function adminToken(page: Page): Promise<string> {
  const token = await page.evaluate(() => localStorage.getItem('admin-token'));
  expect(token).toBeTruthy();
  return token!;
}

/**
 * This worker's admin session on the suite's server. A sign-in costs a memory-hard hash (seconds on a busy
 * machine), so a worker signs in once and its tests share the token (docs/testing.md, "Time in tests"). One unused for
 * 4 minutes is replaced by a new sign-in, so it never meets even the shortest idle limit an owner can set (5 min).
 */
let session: { token: Promise<string>; handedOutAt: number } | undefined;
const SESSION_REUSE_MS = 4 * 60_000;

async function signInThroughApi(request: APIRequestContext): Promise<string> {
  const response = await request.post('/api/admin/login', { data: { password: ADMIN_PASSWORD }, timeout: 30_000 });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { token: string }).token;
}

/** An admin token for the suite's server (this worker's session); for tests that only need data in place. */
export async function apiToken(request: APIRequestContext): Promise<string> {
  if (!session || Date.now() - session.handedOutAt > SESSION_REUSE_MS) session = { token: signInThroughApi(request), handedOutAt: Date.now() };
  session.handedOutAt = Date.now();
  const current = session;
  try {
    return await current.token;
  } catch (error) {
    if (session === current) session = undefined;
    throw error;
  }
}

/** Stores a brand with a public thumbnail through the API, as the admin form would. */
export async function createBrand(request: APIRequestContext, token: string, fields: Partial<BrandInput> & { name: string }) {
  const auth = { Authorization: `Bearer ${token}` };
  const png = pngFile();
  const ticket = await request.post('/api/objects/upload', {
    headers: auth,
    data: { purpose: 'thumbnail', filename: png.name, size: png.buffer.length, type: png.mimeType },
  });
  expect(ticket.ok()).toBe(true);
  const { uploadURL, objectPath } = (await ticket.json()) as { uploadURL: string; objectPath: string };
  expect((await request.put(uploadURL, { data: png.buffer, headers: { 'Content-Type': png.mimeType } })).ok()).toBe(true);
  expect((await request.post('/api/objects/set-public', { headers: auth, data: { objectPath } })).ok()).toBe(true);
  const body: BrandInput = {
    description: 'A brand stored by the end-to-end tests.',
    category: 'Retail',
    floor: '1F',
    unit: '101',
    area: '30평',
    isAvailable: true,
    thumbnail: objectPath,
    contactInfo: { phone: '02-000-0000', email: 'e2e@example.com', website: '' },
    images: [],
    tags: [],
    ...fields,
  };
  const response = await request.post('/api/brands', { headers: auth, data: body });
  expect(response.status(), await response.text()).toBeLessThan(300);
  return (await response.json()) as Brand;
}

/** Waits until every island on the page has hydrated (Astro drops `ssr` then), so typing is not lost. */
export async function islandsReady(page: Page) {
  await expect(page.locator('astro-island[ssr]')).toHaveCount(0);
}
