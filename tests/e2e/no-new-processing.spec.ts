import type { Locator } from '@playwright/test';
import { expect, test } from './fixtures';
import { apiToken, openAdmin, uniqueName } from './support/islands.ts';
import { NOTICE_VERSION } from '../support/privacy.ts';

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
  await expect(detail.getByTestId('inquiry-no-processing')).toHaveText('개인정보가 파기된 문의입니다. 상태, 메모, 배정, 다음 할 일, 투어를 더 이상 바꿀 수 없습니다.');
  await expect(detail.getByTestId('inquiry-tours')).toBeVisible();
  await expect(detail.getByRole('button', { name: '투어 예약' })).toHaveCount(0);
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
