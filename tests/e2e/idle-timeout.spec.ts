import { expect, test } from './fixtures.ts';
import { ADMIN_PASSWORD, apiToken, islandsReady, uniqueName } from './support/islands.ts';
import { NOTICE_VERSION } from '../support/privacy.ts';

/**
 * Issue 25: a session left idle ends. The page's clock is Playwright's (`page.clock`), so the test moves
 * time forward instead of waiting half an hour; the server keeps its own clock, and the panel ends first.
 */
test('left idle with an inquiry open, the panel warns a minute before, "stay" keeps it, then it signs out saying why and the typed note comes back', async ({ page, request }) => {
  const token = await apiToken(request);
  const me = await request.get('/api/admin/me', { headers: { Authorization: `Bearer ${token}` } });
  const { idleTimeoutMinutes } = (await me.json()) as { idleTimeoutMinutes: number };
  const prospect = uniqueName('Idle');
  const sent = await request.post('/api/inquiries', { data: { privacyNoticeVersion: NOTICE_VERSION, name: prospect, email: 'idle@example.com', phone: '010-5555-0199', message: '조용한 사무실을 찾습니다.', attachments: [] } });
  expect(sent.status()).toBe(201);
  const { id } = (await sent.json()) as { id: string };

  await page.clock.install();
  await page.goto(`/admin?inquiry=${id}`);
  await islandsReady(page);
  await page.getByLabel('비밀번호').fill(ADMIN_PASSWORD);
  await page.getByRole('button', { name: '로그인', exact: true }).click();
  const detail = page.getByTestId('inquiry-detail');
  await expect(detail.getByRole('heading', { name: prospect })).toBeVisible();
  const note = page.getByLabel('내부 메모');
  await note.fill('다음 주 화요일 투어 제안');

  // A minute before the end: the warning, its button focused; "로그인 유지" starts the count again.
  const warning = page.getByRole('alertdialog', { name: '곧 자동 로그아웃됩니다' });
  await expect(warning).toBeHidden();
  await page.clock.fastForward((idleTimeoutMinutes - 1) * 60_000 + 1_000);
  await expect(warning).toBeVisible();
  await expect(warning).toContainText(/\d+초 뒤 보안을 위해 로그아웃됩니다/);
  await expect(warning.getByRole('button', { name: '로그인 유지' })).toBeFocused();
  await warning.getByRole('button', { name: '로그인 유지' }).click();
  await expect(warning).toBeHidden();
  await expect(detail.getByRole('heading', { name: prospect })).toBeVisible();

  // Left again: warned, then signed out with the reason, and the typed note is said to be kept.
  await page.clock.fastForward((idleTimeoutMinutes - 1) * 60_000 + 1_000);
  await expect(warning).toBeVisible();
  await page.clock.fastForward(60_000);
  const notice = page.getByTestId('session-notice');
  await expect(notice).toContainText(`${idleTimeoutMinutes}분 동안 사용하지 않아 보안을 위해 로그아웃했습니다.`);
  await expect(notice).toContainText('입력하던 내용은 이 탭에 보관했습니다.');
  await expect(warning).toBeHidden();
  // The server's session was ended too: the old token is refused.
  const oldToken = await page.evaluate(() => localStorage.getItem('admin-token'));
  expect(oldToken).toBeNull();

  // Signed in again, the inquiry is open with the note as it was typed, unsaved.
  await page.getByLabel('비밀번호').fill(ADMIN_PASSWORD);
  await page.getByRole('button', { name: '로그인', exact: true }).click();
  await expect(detail.getByRole('heading', { name: prospect })).toBeVisible();
  await expect(note).toHaveValue('다음 주 화요일 투어 제안');
  await expect(page.getByTestId('inquiry-history')).not.toContainText('다음 주 화요일 투어 제안');
});
