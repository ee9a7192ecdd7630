import type { Locator } from '@playwright/test';
import { expect, test } from './fixtures';
import { openAdmin, uniqueName } from './support/islands.ts';
import { mailTo, signInAsOwner, test as mailTest } from './support/mail-server.ts';
import { NOTICE_VERSION } from '../support/privacy.ts';

/** The value next to a label in the inquiry's detail. */
const detailValue = (detail: Locator, label: string) => detail.locator('dt').filter({ hasText: new RegExp(`^${label}$`) }).locator('xpath=following-sibling::dd[1]');
const reference = (id: string) => id.replace(/-/g, '').slice(0, 8).toUpperCase();

// A screen (the detail's form and the dialog differ on a phone): both viewports.
test('staff correct a prospect\'s e-mail: current → new in the app\'s dialog, then saved and in the history by the person', async ({ page }) => {
  const sent = await page.request.post('/api/inquiries', {
    data: { privacyNoticeVersion: NOTICE_VERSION, name: uniqueName('Typo Visitor'), email: 'typo@exmaple.com', phone: '010-2468-1357', message: 'Please call', attachments: [] },
  });
  expect(sent.status()).toBe(201);
  const { id } = (await sent.json()) as { id: string };
  await openAdmin(page, `/admin?inquiry=${id}`);
  const detail = page.getByTestId('inquiry-detail');
  // The form's 상관없음 (sent as no method) reads as the visitor's choice, not as "없음".
  await expect(detailValue(detail, '선호 연락 방법')).toHaveText('상관없음');
  await detail.getByRole('button', { name: '연락처 정정' }).click();
  await detail.getByRole('textbox', { name: '이메일' }).fill('typo@example.com');
  await detail.getByRole('button', { name: '바뀌는 내용 확인' }).click();
  const dialog = page.getByTestId('contact-edit-confirm');
  await expect(dialog.getByTestId('contact-edit-change')).toHaveText(['이메일: typo@exmaple.com → typo@example.com']);
  await dialog.getByRole('button', { name: '정정 저장' }).click();
  await expect(page.getByTestId('toast')).toContainText('고객 정보를 정정했습니다');
  await expect(detailValue(detail, '이메일')).toHaveText('typo@example.com');
  await expect(detail.getByTestId('history-corrected')).toHaveText(['정정: 이메일']);
});

// The privacy tab's card, its actions and the dialog are laid out for a phone too: both viewports.
mailTest('a correction request links its inquiry, offers only its own actions and shows current → new before it is saved', async ({ page, mailServer }) => {
  mailTest.setTimeout(180_000);
  const email = `fix-${Date.now().toString(36)}@example.com`;
  const sent = await page.request.post('/api/inquiries', { data: { privacyNoticeVersion: NOTICE_VERSION, locale: 'en', name: uniqueName('Fix Visitor'), email, phone: '010-2468-1357', message: 'Hello', attachments: [] } });
  expect(sent.status()).toBe(201);
  const { id } = (await sent.json()) as { id: string };
  expect((await page.request.post('/api/privacy/requests', { data: { email, kind: 'correction', lang: 'en', details: 'My phone is 010-2468-9999' } })).status()).toBe(202);
  const link = await mailTo(mailServer, email, '[B TOWER] Confirm your privacy request');
  const token = link.text.match(/#token=([\w-]+)/)?.[1];
  expect((await page.request.post('/api/privacy/requests/confirm', { data: { token } })).status()).toBe(200);

  await signInAsOwner(page);
  await page.getByRole('tab', { name: '개인정보 요청' }).click();
  const card = page.getByTestId('privacy-request').filter({ hasText: email });
  await expect(card.getByRole('link', { name: `문의 #${reference(id)} 열기` })).toBeVisible();
  // A correction is answered by a correction or a close: nothing else is offered.
  await expect(card.getByRole('button')).toHaveText(['바뀌는 내용 확인', '종료']);
  await card.getByLabel('연락처').fill('010-2468-9999');
  await card.getByRole('button', { name: '바뀌는 내용 확인' }).click();
  const dialog = page.getByTestId('privacy-action-confirm');
  await expect(dialog.getByTestId('correction-change')).toHaveText(['연락처: 010-2468-1357 → 010-2468-9999']);
  await dialog.getByRole('button', { name: '정정', exact: true }).click();
  await expect(card).toContainText('종료');

  // The inquiry has it, with the correction in its history.
  await card.getByRole('link', { name: `문의 #${reference(id)} 열기` }).click();
  const detail = page.getByTestId('inquiry-detail');
  await expect(detailValue(detail, '연락처')).toHaveText('010-2468-9999');
  await expect(detail.getByTestId('history-corrected')).toHaveText(['정정: 연락처']);
});
