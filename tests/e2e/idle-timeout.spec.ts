import { expect, test } from './fixtures.ts';
import { ADMIN_PASSWORD, apiToken, islandsReady, uniqueName } from './support/islands.ts';
import { NOTICE_VERSION } from '../support/privacy.ts';
import { IDLE_TIMEOUT_HEADER } from '../../src/shared/api.ts';

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
  // The detail has read all it shows (its proposals; how a lease would open, which comes on first use): a read the
  // panel makes while opening counts as a use of the session, so the idle clock is only left once it is done.
  await expect(detail.getByTestId('inquiry-proposals')).toContainText('아직 제안이 없습니다.');
  await expect(detail.getByTestId('lease-open')).toContainText('수락된 제안이 없습니다.');

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

/**
 * Issue 38: an owner shortens the idle timeout while a person's panel is open. Every answer to the session says
 * the timeout in force (tests/api/second-factor.test.ts shows the server's side); the shared test server's own
 * setting stays as it is for the other tests, so from the moment the owner "saves", this panel's answers say 5.
 */
test('a shorter idle timeout reaches a panel already open: it warns and signs out at the new limit, saying it', { tag: '@any-viewport' }, async ({ page }) => {
  await page.clock.install();
  await page.goto('/admin');
  await islandsReady(page);
  await page.getByLabel('비밀번호').fill(ADMIN_PASSWORD);
  await page.getByRole('button', { name: '로그인', exact: true }).click();
  // Signed in under the thirty minutes the server says (who I am is read after the inbox's first page).
  await expect(page.getByTestId('signed-in-as')).toBeVisible();

  // The owner saves 5 minutes elsewhere: from now on every answer says so (who I am, too); the inbox's next poll
  // of its counts, a minute on, brings the news.
  await page.route((url) => url.pathname.startsWith('/api/'), async (route) => {
    try {
      const response = await route.fetch();
      const headers = response.headers();
      if (headers[IDLE_TIMEOUT_HEADER.toLowerCase()]) headers[IDLE_TIMEOUT_HEADER.toLowerCase()] = '5';
      const body = new URL(route.request().url()).pathname === '/api/admin/me' ? JSON.stringify({ ...(await response.json()), idleTimeoutMinutes: 5 }) : await response.body();
      await route.fulfill({ status: response.status(), headers, body });
    } catch {
      // The panel gave up this request (a newer one replaced it): nothing to answer.
    }
  });
  const polled = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/inquiries/counts');
  await page.clock.fastForward(61_000);
  await polled;
  // Four minutes after the sign-in: a minute before the new limit, not the thirty the panel was signed in under.
  const warning = page.getByRole('alertdialog', { name: '곧 자동 로그아웃됩니다' });
  await page.clock.fastForward(3 * 60_000);
  await expect(warning).toBeVisible();
  await page.clock.fastForward(60_000);
  await expect(page.getByTestId('session-notice')).toContainText('5분 동안 사용하지 않아 보안을 위해 로그아웃했습니다.');
});
