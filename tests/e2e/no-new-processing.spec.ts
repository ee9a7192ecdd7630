import type { Locator } from '@playwright/test';
import { expect, test } from './fixtures';
import { apiToken, openAdmin, uniqueName } from './support/islands.ts';
import { NOTICE_VERSION } from '../support/privacy.ts';
import { officeDayAhead } from '../support/office-days.ts';
import { createUnit } from './support/units.ts';
import { mailTo, signInAsOwner, test as mailTest } from './support/mail-server.ts';

/** The value next to a label in the inquiry's detail. */
const detailValue = (detail: Locator, label: string) => detail.locator('dt').filter({ hasText: new RegExp(`^${label}$`) }).locator('xpath=following-sibling::dd[1]');

// A screen: the detail's layout differs on a phone, so it runs on both.
test('a destroyed inquiry offers no new processing, says why, and reads what was destroyed as destroyed', async ({ page }) => {
  const auth = { Authorization: `Bearer ${await apiToken(page.request)}` };
  const sent = await page.request.post('/api/inquiries', {
    data: { privacyNoticeVersion: NOTICE_VERSION, name: uniqueName('Gone Visitor'), email: 'gone@example.com', phone: '010-1357-2468', message: 'Please call me', attachments: [], marketingConsent: true },
  });
  expect(sent.status()).toBe(201);
  const { id } = (await sent.json()) as { id: string };
  expect((await page.request.patch(`/api/inquiries/${id}`, { headers: auth, data: { status: 'contacted' } })).status()).toBe(200);
  expect((await page.request.post(`/api/inquiries/${id}/destroy`, { headers: auth })).status()).toBe(200);

  await openAdmin(page, `/admin?inquiry=${id}`);
  const detail = page.getByTestId('inquiry-detail');
  // Why nothing can be done, where the actions would be.
  await expect(detail.getByTestId('inquiry-no-processing')).toHaveText('개인정보가 파기된 문의입니다. 상태, 메모, 배정, 다음 할 일, 투어, 제안, 계약을 더 이상 바꿀 수 없습니다.');
  await expect(detail.getByTestId('inquiry-tours')).toBeVisible();
  await expect(detail.getByTestId('inquiry-proposals')).toBeVisible();
  for (const action of ['투어 예약', '새 제안 작성', '연락처 정정']) await expect(detail.getByRole('button', { name: action })).toHaveCount(0);
  await expect(detail.getByRole('group', { name: '상태 변경' })).toHaveCount(0);
  await expect(detail.getByRole('textbox')).toHaveCount(0);
  // What was destroyed reads destroyed — not "not set up", not "did not agree", not "none".
  await expect(detail.getByTestId('inquiry-privacy-marketing')).toHaveText('파기됨');
  for (const label of ['이메일', '연락처', '알림']) await expect(detailValue(detail, label)).toHaveText('파기됨');
  await expect(detail).not.toContainText('알림 미설정');
  await expect(detail).not.toContainText('동의하지 않음');
  // The facts stay: its status.
  await expect(detail.getByText('연락함').first()).toBeVisible();
});

// A tab opened before the destruction (the walk's '초대 메일을 보내는 중', and none was sent): the booking is refused
// in the form, saying why. What the form shows does not change with the size (@any-viewport).
test('a tab opened before the inquiry was destroyed books no tour: the form says why, and nothing is booked', { tag: '@any-viewport' }, async ({ page }) => {
  const auth = { Authorization: `Bearer ${await apiToken(page.request)}` };
  const unit = await createUnit(page.request, {});
  const sent = await page.request.post('/api/inquiries', {
    data: { privacyNoticeVersion: NOTICE_VERSION, name: uniqueName('Stale Visitor'), email: 'stale@example.com', phone: '010-1357-8642', message: 'Please show me the space', attachments: [], unitId: unit.id },
  });
  expect(sent.status()).toBe(201);
  const { id } = (await sent.json()) as { id: string };
  await openAdmin(page, `/admin?inquiry=${id}`);
  const detail = page.getByTestId('inquiry-detail');
  await detail.getByRole('button', { name: '투어 예약' }).click();
  const form = detail.getByTestId('tour-form');
  await form.getByLabel('날짜').fill(officeDayAhead(6));
  await form.getByLabel('시작').selectOption('16:00');
  // Meanwhile, in another tab, the inquiry is destroyed.
  expect((await page.request.post(`/api/inquiries/${id}/destroy`, { headers: auth })).status()).toBe(200);
  await form.getByRole('button', { name: '예약', exact: true }).click();
  await expect(form.getByRole('alert')).toHaveText('개인정보가 파기된 문의입니다. 상태, 메모, 배정, 다음 할 일, 투어, 제안, 계약을 더 이상 바꿀 수 없습니다.');
  await expect(form.getByRole('button', { name: '예약', exact: true })).toBeEnabled();
  const booked = await page.request.get(`/api/tours?inquiryId=${id}`, { headers: auth });
  expect(booked.status()).toBe(200);
  expect(await booked.json()).toEqual([]);
});

// The same on a suspended inquiry, reached as the owner reaches it: from the request that stopped it (both viewports).
mailTest('a suspended inquiry offers no new processing either — no tour, proposal, status, note — says why and keeps its values readable', async ({ page, mailServer }) => {
  mailTest.setTimeout(180_000);
  const email = `stop-${Date.now().toString(36)}@example.com`;
  const sent = await page.request.post('/api/inquiries', { data: { privacyNoticeVersion: NOTICE_VERSION, locale: 'en', name: uniqueName('Stop Visitor'), email, phone: '010-8642-1357', message: 'Hello', attachments: [] } });
  expect(sent.status()).toBe(201);
  const { id } = (await sent.json()) as { id: string };
  expect((await page.request.post('/api/privacy/requests', { data: { email, kind: 'suspension', lang: 'en', details: null } })).status()).toBe(202);
  const link = await mailTo(mailServer, email, '[B TOWER] Confirm your privacy request');
  const token = link.text.match(/#token=([\w-]+)/)?.[1];
  expect((await page.request.post('/api/privacy/requests/confirm', { data: { token } })).status()).toBe(200);

  await signInAsOwner(page);
  await page.getByRole('tab', { name: '개인정보 요청' }).click();
  const card = page.getByTestId('privacy-request').filter({ hasText: email });
  await card.getByRole('button', { name: '처리 정지' }).click();
  await page.getByTestId('privacy-action-confirm').getByRole('button', { name: '처리 정지' }).click();
  await expect(card).toContainText('종료');

  await card.getByRole('link', { name: `문의 #${id.replace(/-/g, '').slice(0, 8).toUpperCase()} 열기` }).click();
  const detail = page.getByTestId('inquiry-detail');
  await expect(detail.getByTestId('inquiry-no-processing')).toHaveText('방문자의 요청으로 처리가 정지된 문의입니다. 상태, 메모, 배정, 다음 할 일, 투어, 제안, 계약을 바꿀 수 없고 읽기만 할 수 있습니다.');
  // Nothing new offered (the proposals' section comes on first use: counted once it is there).
  await expect(detail.getByTestId('inquiry-proposals')).toBeVisible();
  for (const action of ['투어 예약', '새 제안 작성', '연락처 정정']) await expect(detail.getByRole('button', { name: action })).toHaveCount(0);
  await expect(detail.getByRole('group', { name: '상태 변경' })).toHaveCount(0);
  await expect(detail.getByRole('textbox')).toHaveCount(0);
  // Stopped, not destroyed: what the visitor gave still reads as given.
  await expect(detailValue(detail, '이메일')).toHaveText(email);
  await expect(detail).not.toContainText('파기됨');
});
