import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { seoulInstant } from '../../src/shared/tours.ts';
import { subjectOf } from '../support/smtp.ts';
import { axeViolations, expect } from './fixtures.ts';
import { islandsReady, scrollSettled } from './support/islands.ts';
import { uniqueUnitNumber } from './support/units.ts';
import { MAIL_SERVER_PASSWORD as PASSWORD, startMailServer, test, type MailServer } from './support/mail-server.ts';
import { openPostgres } from '../../src/server/db/postgres.ts';
import { isolatedUrl } from '../support/db-backends.ts';
import { NOTICE_VERSION } from '../support/privacy.ts';
import { officeDayAhead } from '../support/office-days.ts';

const OWNER_EMAIL = 'owner@btower.example';


/** The calendar of the newest mail to `address` with `method`, once it arrived: its UID and SEQUENCE. */
async function invitation(tours: MailServer, address: string, method: 'REQUEST' | 'CANCEL', sequence: number) {
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

/** Signs in through the API as the owner, gives the owner an address and stores space 3F `unit` and an inquiry. */
async function bookable(request: APIRequestContext, unit: string) {
  const token = (await (await request.post('/api/admin/login', { data: { password: PASSWORD } })).json()).token as string;
  const auth = { Authorization: `Bearer ${token}` };
  await request.patch('/api/admin/me', { headers: auth, data: { email: OWNER_EMAIL } });
  await request.post('/api/units', { headers: auth, data: { floor: '3F', unitNumber: unit, exclusiveAreaM2: 120, supplyAreaM2: 200, uses: ['Office'], status: 'available', availableFrom: null, monthlyRent: null, deposit: null, maintenanceFee: null, pricePublic: false, plan: null, note: {} } });
  const prospect = `prospect-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.com`;
  const inquiry = (await (await request.post('/api/inquiries', { data: { privacyNoticeVersion: NOTICE_VERSION, name: 'Jane Doe', email: prospect, phone: '010-1234-5678', message: 'We would like to see 3F.', attachments: [], company: 'Acme Ltd', locale: 'en' } })).json()).id as string;
  return { prospect, inquiry };
}

/** Opens the inquiry in the admin and signs in there; resolves with its detail. */
async function openInquiry(page: Page, inquiry: string) {
  await page.goto(`/admin?inquiry=${inquiry}`);
  await islandsReady(page);
  await page.getByLabel('비밀번호').fill(PASSWORD);
  await page.getByRole('button', { name: '로그인', exact: true }).click();
  const detail = page.getByTestId('inquiry-detail');
  await expect(detail).toBeVisible({ timeout: 60_000 });
  await scrollSettled(page);
  return detail;
}

/** Opens the booking form and fills in the space, the day and the start; resolves with the form, not yet sent. */
async function fillBooking(detail: Locator, unit: string, day: string, start: string) {
  await detail.getByRole('button', { name: '투어 예약' }).click();
  const form = detail.getByTestId('tour-form');
  await form.getByRole('checkbox', { name: new RegExp(`3층 ${unit}호`) }).check();
  await form.getByLabel('날짜').fill(day);
  await form.getByLabel('시작').selectOption(start);
  return form;
}

// The invitations, their updates and the outcome form's timing are the same on every viewport (@any-viewport); the
// phone's own test below checks what its size changes: the booking form, the outcome form and the tours tab.
/**
 * Opens the panel again with the page's clock at `time`. The clock moves on a blank page: moved days ahead under an
 * open panel, the session's 12 hours are over by the device's clock and the panel rightly signs out at its next
 * one-second tick — before or after a reload, as the machine's load decides (the login card, with no notice, came back).
 */
async function reopenAt(page: Page, time: Date) {
  const url = page.url();
  await page.goto('about:blank');
  await page.clock.install({ time });
  await page.goto(url);
  await islandsReady(page);
}

test('an agent books a tour from the inquiry, both invitations arrive, a reschedule updates them, a cancel cancels them; the outcome form waits for the end; the tours tab lists it', { tag: '@any-viewport' }, async ({ page, mailServer: tours, request }) => {
  test.setTimeout(240_000);
  const { prospect, inquiry } = await bookable(request, '301');
  const day = officeDayAhead(3);
  const detail = await openInquiry(page, inquiry);

  // Book: the space, the day, 10:00 for 30 minutes; the owner hosts (the inquiry has no assignee).
  const form = await fillBooking(detail, '301', day, '10:00');
  expect(await axeViolations(page, { include: '[data-testid="tour-form"]' })).toEqual([]);
  await form.getByRole('button', { name: '예약', exact: true }).click();
  const item = detail.getByTestId('tour-item');
  await expect(item).toContainText('10:00–10:30');
  await expect(item.getByTestId('tour-status')).toHaveText('예정');
  await expect(detail.getByTestId('inquiry-status')).toHaveText(/투어/);

  const booked = await invitation(tours, prospect, 'REQUEST', 0);
  const hostCopy = await invitation(tours, OWNER_EMAIL, 'REQUEST', 0);
  // The UID's domain is the site's own host (SITE_URL).
  expect(booked.uid).toMatch(new RegExp(`^tour-[0-9a-f-]{36}@${new URL(tours.origin).hostname.replaceAll('.', '\\.')}$`));
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
  await again.getByRole('checkbox', { name: /3층 301호/ }).check();
  await again.getByLabel('날짜').fill(day);
  await again.getByLabel('시작').selectOption('11:00');
  await again.getByRole('button', { name: '예약', exact: true }).click();
  const scheduled = detail.getByTestId('tour-item').filter({ hasText: '11:00–11:30' });
  await expect(scheduled.getByRole('button', { name: '투어 취소' })).toBeVisible();
  await expect(scheduled.getByRole('button', { name: '결과 기록' })).toHaveCount(0);
  await reopenAt(page, seoulInstant(day, '11:45'));
  // The reopened panel reads the inquiry again: the same budget as its first opening above.
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
  expect(await axeViolations(page, { include: '[data-testid="tours-tab"]' })).toEqual([]);
});

test('the booking form starts with the space asked about, leased spaces apart; the outcome form waits for the end; the agenda names a prospect without a company; each fits a phone and passes axe', async ({ page, request }) => {
  test.setTimeout(180_000);
  const token = (await (await request.post('/api/admin/login', { data: { password: PASSWORD } })).json()).token as string;
  const space = async (status: 'available' | 'leased') => {
    const unitNumber = uniqueUnitNumber(status === 'leased' ? 'L' : 'T');
    const made = await request.post('/api/units', { headers: { Authorization: `Bearer ${token}` }, data: { floor: '5F', unitNumber, exclusiveAreaM2: 90, supplyAreaM2: 150, uses: ['Office'], status, availableFrom: null, monthlyRent: null, deposit: null, maintenanceFee: null, pricePublic: false, plan: null, note: {} } });
    expect(made.status(), await made.text()).toBe(201);
    return (await made.json()) as { id: string; unitNumber: string };
  };
  const [asked, leased] = [await space('available'), await space('leased')];
  const name = `Solo ${Date.now().toString(36)}`;
  const created = await request.post('/api/inquiries', { data: { privacyNoticeVersion: NOTICE_VERSION, name, email: `solo-${Date.now().toString(36)}@example.com`, phone: '010-2222-3333', message: 'Just me, no company yet.', attachments: [], locale: 'ko', unitId: asked.id } });
  const inquiry = (await created.json()).id as string;
  // Another day than the journey above, whose tours this worker's server (the same owner hosting) also holds.
  const day = officeDayAhead(4);
  const detail = await openInquiry(page, inquiry);

  await detail.getByRole('button', { name: '투어 예약' }).click();
  const form = detail.getByTestId('tour-form');
  await expect(form.getByRole('checkbox', { name: new RegExp(`5층 ${asked.unitNumber}호`) })).toBeChecked();
  // Spaces still to let come first; a leased one stands apart, below them, and says so.
  await expect(form.getByTestId('tour-spaces-open').getByRole('checkbox', { name: new RegExp(leased.unitNumber) })).toHaveCount(0);
  await expect(form.getByTestId('tour-spaces-leased').getByText(new RegExp(`5층 ${leased.unitNumber}호.*임대 완료`))).toBeVisible();
  const [openBox, leasedBox] = [await form.getByTestId('tour-spaces-open').boundingBox(), await form.getByTestId('tour-spaces-leased').boundingBox()];
  expect(openBox!.y).toBeLessThan(leasedBox!.y);
  await form.getByLabel('날짜').fill(day);
  await form.getByLabel('시작').selectOption('11:00');
  expect(await axeViolations(page, { include: '[data-testid="tour-form"]' })).toEqual([]);
  await form.getByRole('button', { name: '예약', exact: true }).click();
  await expect(detail.getByTestId('tour-item').filter({ hasText: '11:00–11:30' })).toContainText(`5층 ${asked.unitNumber}호`);

  // Once it has ended (the page's clock moved past its end) the outcome form opens, and fits.
  await reopenAt(page, seoulInstant(day, '11:45'));
  const ended = page.getByTestId('inquiry-detail').getByTestId('tour-item').filter({ hasText: '11:00–11:30' });
  await ended.getByRole('button', { name: '결과 기록' }).click({ timeout: 30_000 });
  await expect(page.getByTestId('outcome-form')).toBeVisible();
  expect(await axeViolations(page, { include: '[data-testid="inquiry-tours"]' })).toEqual([]);

  // The agenda (the tour's week, by the page's clock) names the prospect, who has no company; on a phone it is one list that fits.
  await page.clock.resume();
  await page.getByRole('tab', { name: '투어' }).click();
  const tab = page.getByTestId('tours-tab');
  await tab.getByLabel('내 투어').check();
  await expect(tab.getByTestId('agenda-tour').filter({ hasText: name }).getByTestId('agenda-prospect')).toHaveText(name);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(page.viewportSize()!.width);
  expect(await axeViolations(page, { include: '[data-testid="tours-tab"]' })).toEqual([]);
});

/**
 * The outcome can only be recorded once the tour has ended by the server's clock, which a test cannot move: the
 * server runs on a PostgreSQL schema the test also opens, to move a booked tour into the past (as the API suite does).
 */
// What the outcome shows is the same at every size (a list of facts): one run (@any-viewport).
test('a tour’s outcome shows on the tour, and its next step becomes the inquiry’s, in the history under the person who recorded it', { tag: '@any-viewport' }, async ({ page }) => {
  const serverUrl = process.env.TEST_DATABASE_URL;
  test.skip(!serverUrl, 'needs a PostgreSQL server the test and its server share: set TEST_DATABASE_URL (CI does)');
  test.setTimeout(300_000);
  const { schema, server, db } = await test.step('a server of its own on a PostgreSQL schema', async () => {
    const schema = await isolatedUrl(serverUrl!);
    const server = await startMailServer({ database: { url: schema.url } });
    return { schema, server, db: await openPostgres(schema.url, 'pg') };
  }, { timeout: 180_000 });
  try {
    const { origin } = server;
    const api = page.request;
    const { token } = (await (await api.post(`${origin}/api/admin/login`, { data: { password: PASSWORD } })).json()) as { token: string };
    const auth = { Authorization: `Bearer ${token}` };
    const unit = (await (await api.post(`${origin}/api/units`, { headers: auth, data: { floor: '3F', unitNumber: '305', exclusiveAreaM2: 120, supplyAreaM2: 200, uses: ['Office'], status: 'available', availableFrom: null, monthlyRent: null, deposit: null, maintenanceFee: null, pricePublic: false, plan: null, note: {} } })).json()) as { id: string };
    const inquiry = (await (await api.post(`${origin}/api/inquiries`, { data: { privacyNoticeVersion: NOTICE_VERSION, name: 'Jane Doe', email: 'jane@example.com', phone: '010-1234-5678', message: 'We would like to see 3F.', attachments: [], company: 'Acme Ltd', locale: 'en' } })).json()).id as string;
    const day = officeDayAhead(2);
    const booked = await api.post(`${origin}/api/inquiries/${inquiry}/tours`, { headers: auth, data: { startsAt: seoulInstant(day, '10:00').toISOString(), durationMinutes: 30, unitIds: [unit.id] } });
    expect(booked.status(), await booked.text()).toBe(201);
    // The tour took place yesterday morning.
    const start = new Date(Date.now() - 86_400_000);
    await db.updateTable('tours').set({ startsAt: start, endsAt: new Date(start.getTime() + 1_800_000), busyUntil: new Date(start.getTime() + 2_700_000) }).where('inquiryId', '=', inquiry).execute();

    await page.goto(`${origin}/admin?inquiry=${inquiry}`);
    await islandsReady(page);
    await page.getByLabel('비밀번호').fill(PASSWORD);
    await page.getByRole('button', { name: '로그인', exact: true }).click();
    const detail = page.getByTestId('inquiry-detail');
    await detail.getByTestId('tour-item').getByRole('button', { name: '결과 기록' }).click({ timeout: 60_000 });
    const outcome = detail.getByTestId('outcome-form');
    await outcome.getByLabel('관심도 (1–5)').selectOption('4');
    await outcome.getByLabel('다음 단계', { exact: true }).fill('제안서 발송');
    const next = officeDayAhead(5);
    await outcome.getByLabel('다음 단계 날짜').fill(next);
    await outcome.getByRole('button', { name: '결과 저장' }).click();

    const facts = detail.getByTestId('tour-outcome');
    await expect(facts).toContainText('관심도');
    await expect(facts).toContainText('4 / 5');
    await expect(facts).toContainText('제안서 발송');
    await expect(facts).toContainText(new Intl.DateTimeFormat('ko', { weekday: 'long', month: 'long', day: 'numeric', timeZone: 'UTC' }).format(new Date(`${next}T00:00:00Z`)));
    await expect(detail.getByLabel('다음 할 일 날짜')).toHaveValue(next);
    const entry = detail.getByTestId('history-entry').filter({ hasText: '다음 할 일:' });
    await expect(entry).toContainText(new Intl.DateTimeFormat('ko', { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(`${next}T00:00:00Z`)));
    await expect(entry.getByTestId('history-by')).not.toBeEmpty();
    expect(await axeViolations(page, { include: '[data-testid="inquiry-tours"]' })).toEqual([]);
  } finally {
    await test.step('the server stopped and its schema dropped', async () => {
      await db.destroy();
      await server.dispose();
      await schema.drop();
    }, { timeout: 120_000 });
  }
});
