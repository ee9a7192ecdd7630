import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort, startLocalServer } from '../../netlify-local/spawn.ts';
import { isOfficeDay, koreanDay } from '../../src/shared/business-hours.ts';
import { addDays, seoulInstant } from '../../src/shared/tours.ts';
import { startSmtp, subjectOf } from '../support/smtp.ts';
import { axeViolations, expect, test as base } from './fixtures.ts';
import { islandsReady } from './support/islands.ts';
import { NOTICE_VERSION } from '../support/privacy.ts';

const PASSWORD = 'tours-e2e-admin-password';
const OWNER_EMAIL = 'owner@btower.example';

interface ToursServer {
  origin: string;
  smtp: Awaited<ReturnType<typeof startSmtp>>;
}

/** This worker's own server, its mail going to a real local SMTP server (as in team.spec.ts). */
const test = base.extend<object, { tours: ToursServer }>({
  tours: [
    async ({}, use) => {
      const smtp = await startSmtp();
      const port = await freePort();
      const dataDir = await mkdtemp(path.join(tmpdir(), 'btower-tours-e2e-'));
      const origin = `http://127.0.0.1:${port}`;
      const server = await startLocalServer(port, {
        DATA_DIR: dataDir,
        DATABASE_URL: 'memory://',
        ADMIN_PASSWORD: PASSWORD,
        SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
        INQUIRY_NOTIFY_FROM: 'B TOWER Leasing <leasing@btower.example>',
        SITE_URL: origin,
        DIST_DIR: process.env.ASTRO_OUT_DIR ?? 'dist',
      }, { timeoutMs: 300_000 });
      await use({ origin, smtp });
      await server.stop();
      await smtp.stop();
      await rm(dataDir, { recursive: true, force: true });
    },
    { scope: 'worker', timeout: 360_000 },
  ],
  baseURL: async ({ tours }, use) => use(tours.origin),
});

const holidays = new Set((JSON.parse(readFileSync('content/holidays.json', 'utf8')) as { holidays: { date: string }[] }).holidays.map((day) => day.date));
function officeDayAhead(n: number): string {
  let day = koreanDay(new Date());
  for (let count = 0; count < n;) {
    day = addDays(day, 1);
    if (isOfficeDay(day, holidays)) count += 1;
  }
  return day;
}

/** The calendar of the newest mail to `address` with `method`, once it arrived: its UID and SEQUENCE. */
async function invitation(tours: ToursServer, address: string, method: 'REQUEST' | 'CANCEL', sequence: number) {
  let found: { uid: string; subject: string } | undefined;
  await expect.poll(() => {
    for (const mail of tours.smtp.mails.filter((m) => m.to.includes(address))) {
      if (!mail.raw.includes(`text/calendar; charset=utf-8; method=${method}`)) continue;
      const ics = mail.raw.split(/^Content-Type: application\/ics[^\n]*\n/m)[1]?.split(/\r?\n\r?\n/)[1]?.split(/\r?\n--/)[0];
      const text = Buffer.from((ics ?? '').replace(/\s+/g, ''), 'base64').toString('utf8');
      if (text.includes(`SEQUENCE:${sequence}\r\n`)) found = { uid: /^UID:(.*)$/m.exec(text)![1]!.trim(), subject: subjectOf(mail.raw) };
    }
    return Boolean(found);
  }, { timeout: 30_000 }).toBe(true);
  return found!;
}

test('an agent books a tour from the inquiry, both invitations arrive, a reschedule updates them, a cancel cancels them; the outcome form waits for the end; the tours tab works on a phone', async ({ page, tours, request, isMobile }) => {
  test.setTimeout(240_000);
  const token = (await (await request.post('/api/admin/login', { data: { password: PASSWORD } })).json()).token as string;
  const auth = { Authorization: `Bearer ${token}` };
  await request.patch('/api/admin/me', { headers: auth, data: { email: OWNER_EMAIL } });
  await request.post('/api/units', { headers: auth, data: { floor: '3F', unitNumber: '301', exclusiveAreaM2: 120, supplyAreaM2: 200, uses: ['Office'], status: 'available', availableFrom: null, monthlyRent: null, deposit: null, maintenanceFee: null, pricePublic: false, plan: null, note: {} } });
  const prospect = `prospect-${Date.now().toString(36)}@example.com`;
  const inquiry = (await (await request.post('/api/inquiries', { data: { privacyNoticeVersion: NOTICE_VERSION, name: 'Jane Doe', email: prospect, phone: '010-1234-5678', message: 'We would like to see 3F.', attachments: [], company: 'Acme Ltd', locale: 'en' } })).json()).id as string;
  const day = officeDayAhead(3);

  await page.goto(`/admin?inquiry=${inquiry}`);
  await islandsReady(page);
  await page.getByLabel('비밀번호').fill(PASSWORD);
  await page.getByRole('button', { name: '로그인', exact: true }).click();
  const detail = page.getByTestId('inquiry-detail');
  await expect(detail).toBeVisible({ timeout: 60_000 });

  // Book: the space, the day, 10:00 for 30 minutes; the owner hosts (the inquiry has no assignee).
  await detail.getByRole('button', { name: '투어 예약' }).click();
  const form = detail.getByTestId('tour-form');
  await form.getByRole('checkbox', { name: /3F 301/ }).check();
  await form.getByLabel('날짜').fill(day);
  await form.getByLabel('시작').selectOption('10:00');
  expect(await axeViolations(page, { include: '[data-testid="tour-form"]' })).toEqual([]);
  await form.getByRole('button', { name: '예약', exact: true }).click();
  const item = detail.getByTestId('tour-item');
  await expect(item).toContainText('10:00–10:30');
  await expect(item.getByTestId('tour-status')).toHaveText('예정');
  await expect(detail.getByTestId('inquiry-status')).toHaveText(/투어/);

  const booked = await invitation(tours, prospect, 'REQUEST', 0);
  const hostCopy = await invitation(tours, OWNER_EMAIL, 'REQUEST', 0);
  expect(booked.uid).toMatch(/^tour-[0-9a-f-]{36}@127\.0\.0\.1$/);
  expect(hostCopy.uid).toBe(booked.uid);
  expect(booked.subject).toContain('Your site visit');

  // Reschedule to 14:00: the same UID, SEQUENCE 1, to both.
  await item.getByRole('button', { name: '일정 변경' }).click();
  await item.getByLabel('시작').selectOption('14:00');
  await item.getByRole('button', { name: '저장하고 변경 안내 보내기' }).click();
  await expect(detail.getByTestId('tour-item')).toContainText('14:00–14:30');
  expect((await invitation(tours, prospect, 'REQUEST', 1)).uid).toBe(booked.uid);
  expect((await invitation(tours, OWNER_EMAIL, 'REQUEST', 1)).uid).toBe(booked.uid);

  // Cancel with a reason: CANCEL with the same UID, SEQUENCE 2.
  const moved = detail.getByTestId('tour-item');
  await moved.getByRole('button', { name: '투어 취소' }).click();
  await moved.getByLabel('취소 사유').fill('The prospect found another office');
  await moved.getByRole('button', { name: '취소하고 알리기' }).click();
  await expect(detail.getByTestId('tour-status')).toHaveText('취소');
  expect((await invitation(tours, prospect, 'CANCEL', 2)).uid).toBe(booked.uid);

  // The outcome form appears only once the tour has ended (the page's clock moved past its end).
  await detail.getByRole('button', { name: '투어 예약' }).click();
  const again = detail.getByTestId('tour-form');
  await again.getByRole('checkbox', { name: /3F 301/ }).check();
  await again.getByLabel('날짜').fill(day);
  await again.getByLabel('시작').selectOption('11:00');
  await again.getByRole('button', { name: '예약', exact: true }).click();
  const scheduled = detail.getByTestId('tour-item').filter({ hasText: '11:00–11:30' });
  await expect(scheduled.getByRole('button', { name: '투어 취소' })).toBeVisible();
  await expect(scheduled.getByRole('button', { name: '결과 기록' })).toHaveCount(0);
  await page.clock.install({ time: seoulInstant(day, '11:45') });
  await page.reload();
  // The reloaded panel hydrates and reads the inquiry again: the same budget as its first opening above.
  await islandsReady(page);
  await expect(page.getByTestId('inquiry-detail').getByTestId('tour-item').filter({ hasText: '11:00–11:30' }).getByRole('button', { name: '결과 기록' })).toBeVisible({ timeout: 60_000 });
  await page.getByTestId('inquiry-detail').getByTestId('tour-item').filter({ hasText: '11:00–11:30' }).getByRole('button', { name: '결과 기록' }).click();
  await expect(page.getByTestId('outcome-form')).toBeVisible();
  expect(await axeViolations(page, { include: '[data-testid="inquiry-tours"]' })).toEqual([]);

  // The tours tab: the week's agenda, the booked tour under its day and host; on a phone, one list that fits.
  await page.clock.resume();
  await page.getByRole('tab', { name: '투어' }).click();
  const tab = page.getByTestId('tours-tab');
  await expect(tab).toBeVisible();
  await tab.getByRole('button', { name: '다음 주' }).click();
  await tab.getByRole('button', { name: '이번 주' }).click();
  await tab.getByLabel('내 투어').check();
  await expect(tab.getByTestId('agenda-tour').filter({ hasText: '11:00–11:30' })).toContainText('Acme Ltd');
  if (isMobile) {
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(page.viewportSize()!.width);
  }
  expect(await axeViolations(page, { include: '[data-testid="tours-tab"]' })).toEqual([]);
});
