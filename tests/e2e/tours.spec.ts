import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { seoulInstant } from '../../src/shared/tours.ts';
import { subjectOf } from '../support/smtp.ts';
import { axeViolations, expect } from './fixtures.ts';
import { islandsReady, scrollSettled } from './support/islands.ts';
import { MAIL_SERVER_PASSWORD as PASSWORD, test, type MailServer } from './support/mail-server.ts';
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
  await form.getByRole('checkbox', { name: new RegExp(`3F ${unit}`) }).check();
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
  await again.getByRole('checkbox', { name: /3F 301/ }).check();
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

test('on a phone the booking form, the outcome form and the tours tab fit the screen and pass axe', { tag: '@mobile-only' }, async ({ page, request }) => {
  test.setTimeout(180_000);
  const { inquiry } = await bookable(request, '302');
  const day = officeDayAhead(3);
  const detail = await openInquiry(page, inquiry);
  const form = await fillBooking(detail, '302', day, '11:00');
  expect(await axeViolations(page, { include: '[data-testid="tour-form"]' })).toEqual([]);
  await form.getByRole('button', { name: '예약', exact: true }).click();
  await expect(detail.getByTestId('tour-item').filter({ hasText: '11:00–11:30' }).getByTestId('tour-status')).toHaveText('예정');

  await reopenAt(page, seoulInstant(day, '11:45'));
  const ended = page.getByTestId('inquiry-detail').getByTestId('tour-item').filter({ hasText: '11:00–11:30' });
  await ended.getByRole('button', { name: '결과 기록' }).click({ timeout: 30_000 });
  await expect(page.getByTestId('outcome-form')).toBeVisible();
  expect(await axeViolations(page, { include: '[data-testid="inquiry-tours"]' })).toEqual([]);

  // The tours tab on a phone: one list that fits.
  await page.clock.resume();
  await page.getByRole('tab', { name: '투어' }).click();
  const tab = page.getByTestId('tours-tab');
  await tab.getByLabel('내 투어').check();
  await expect(tab.getByTestId('agenda-tour').filter({ hasText: '11:00–11:30' })).toContainText('Acme Ltd');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(page.viewportSize()!.width);
  expect(await axeViolations(page, { include: '[data-testid="tours-tab"]' })).toEqual([]);
});
