import { readFile } from 'node:fs/promises';
import { test, expect, axeViolations } from './fixtures';
import { apiToken, islandsReady, loginAsAdmin, openAdmin, showInboxFilters, uniqueName } from './support/islands.ts';
import { NOTICE_VERSION } from '../support/privacy.ts';

const LONG_MESSAGE = `3층 전체를 치과 클리닉으로 검토하고 있습니다. ${'진료실 여섯 개와 대기실이 필요합니다. '.repeat(6)}끝까지 읽어 주세요.`;

test('the leasing team moves an inquiry from new to won in the inbox, and the view survives a reload', async ({ page, consoleErrors }) => {
  const name = uniqueName('인박스 테넌트');
  const created = await page.request.post('/api/inquiries', {
    data: { privacyNoticeVersion: NOTICE_VERSION, name, email: 'clinic@example.com', phone: '010-2345-6789', message: LONG_MESSAGE, company: '스마일 치과', desiredFloors: ['3F'], desiredAreaM2: { min: 330, max: 400 }, preferredContact: 'phone', locale: 'ko' },
  });
  expect(created.status()).toBe(201);

  await openAdmin(page);
  await showInboxFilters(page);
  await page.getByRole('searchbox', { name: '검색' }).fill(name);
  await page.getByRole('button', { name: '적용' }).click();
  await expect(page).toHaveURL(/search=/);
  const row = page.getByTestId('inquiry-row');
  await expect(row).toHaveCount(1);
  await expect(row.getByTestId('inquiry-status')).toHaveText('신규');
  await row.click();

  const detail = page.getByTestId('inquiry-detail');
  // The whole message, readable without hovering; contact links that dial and write.
  await expect(detail.getByTestId('inquiry-message')).toHaveText(LONG_MESSAGE);
  await expect(detail.getByRole('link', { name: '010-2345-6789' })).toHaveAttribute('href', 'tel:01023456789');
  await expect(detail).toContainText('스마일 치과');
  await expect(detail).toContainText('330–400 m² (99.8–121평)');

  const steps = ['연락함', '현장 투어', '제안', '계약'];
  for (const step of steps) {
    await detail.getByRole('button', { name: step, exact: true }).click();
    // A won deal asks first (issue 28).
    // Without an accepted proposal the owner records it with a reason (issue 40).
    if (step === '계약') {
      await page.getByTestId('won-confirm').getByLabel('수락된 제안이 없을 때의 사유').fill('제안 기능 이전 종이 계약');
      await page.getByTestId('won-confirm').getByRole('button', { name: '계약으로 기록' }).click();
    }
    await expect(detail.getByRole('button', { name: step, exact: true })).toHaveAttribute('aria-pressed', 'true');
    if (step === '연락함') {
      await detail.getByLabel('내부 메모').fill('현장 투어 다음 주 화요일');
      await detail.getByRole('button', { name: '메모 저장' }).click();
      await expect(detail.getByTestId('inquiry-history')).toContainText('현장 투어 다음 주 화요일');
    }
  }
  await expect(detail.getByTestId('inquiry-history').locator('li')).toHaveCount(6);
  await expect(page.getByTestId('inquiry-row').getByTestId('inquiry-status')).toHaveText('계약');

  // Filters, search and the open inquiry are in the URL: a reload shows the same view.
  await page.reload();
  await expect(page.getByTestId('inquiry-detail').getByRole('button', { name: '계약', exact: true })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByTestId('inbox-median')).toContainText('첫 응답까지 걸린 시간');
  // Said in words the leasing team uses, not the server's settings (issue 16).
  const notice = page.getByRole('status').filter({ hasText: '새 문의 알림' });
  await expect(notice).toBeVisible();
  await expect(notice).not.toContainText(/SMTP|INQUIRY_|WEBHOOK|_URL/);
  expect(await axeViolations(page)).toEqual([]);
  // Nothing wider than the screen (390 px on the mobile project).
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  await page.getByRole('button', { name: '목록으로' }).click();
  await expect(page.getByTestId('inquiry-detail')).toHaveCount(0);
  // On a phone the reloaded inbox folds its filters again (issue 16): the search is kept behind the button.
  await showInboxFilters(page);
  await expect(page.getByRole('searchbox', { name: '검색' })).toHaveValue(name);
  await expect(page.getByTestId('inquiry-row')).toHaveCount(1);
  expect(consoleErrors).toEqual([]);
});

test('the CSV export of the filtered inbox opens with Korean intact', { tag: '@any-viewport' }, async ({ page }) => {
  const name = uniqueName('김수출');
  await page.request.post('/api/inquiries', { data: { privacyNoticeVersion: NOTICE_VERSION, name, email: 'export@example.com', phone: '+82 10-1111-2222', message: '=1+1 수식이 아닙니다, "따옴표"도 있습니다', company: '한빛 상사' } });
  await openAdmin(page, `/admin?search=${encodeURIComponent(name)}`);
  await expect(page.getByTestId('inquiry-row')).toHaveCount(1);
  // The file is made only once a reason is given (issue 25): the list, and words of one's own for "other".
  await page.getByRole('button', { name: 'CSV 내보내기' }).click();
  const why = page.getByTestId('export-reason');
  await why.getByRole('button', { name: '사유를 남기고 내려받기' }).click();
  await expect(why.getByText('내려받는 사유를 골라주세요.')).toBeVisible();
  await why.getByRole('combobox', { name: '사유' }).selectOption('other');
  await why.getByRole('button', { name: '사유를 남기고 내려받기' }).click();
  await expect(why.getByText('기타 사유를 적어주세요.')).toBeVisible();
  await why.getByLabel('자세한 내용').fill('임대 현황 보고');
  const [download] = await Promise.all([page.waitForEvent('download'), why.getByRole('button', { name: '사유를 남기고 내려받기' }).click()]);
  await expect(why).toHaveCount(0);
  expect(download.suggestedFilename()).toMatch(/^inquiries-\d{4}-\d\d-\d\d\.csv$/);
  const bytes = await readFile((await download.path())!);
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const lines = bytes.subarray(3).toString('utf8').split('\r\n').filter(Boolean);
  expect(lines).toHaveLength(2);
  expect(lines[0]).toMatch(/^접수일시 \(KST\),상태,이름,회사,이메일,연락처,/);
  expect(lines[1]).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d,/);
  expect(lines[1]).toContain(`,신규,${name},한빛 상사,export@example.com,'+82 10-1111-2222,`);
  expect(lines[1]).toContain(`"'=1+1 수식이 아닙니다, ""따옴표""도 있습니다"`);
});

test('an expired or missing attachment link shows a readable page in the admin language', { tag: '@any-viewport' }, async ({ page }) => {
  const response = await page.goto(`/objects/uploads/00000000-0000-4000-8000-000000000000?expires=1&signature=${'a'.repeat(43)}&lang=en`);
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('File not found');
  await expect(page.getByRole('link', { name: 'Back to the admin panel' })).toHaveAttribute('href', '/en/admin');
});

test('an inquiry sent while the inbox is open is counted on the refresh button within a minute, and refresh shows it', { tag: '@any-viewport' }, async ({ page }) => {
  await page.clock.install();
  const name = uniqueName('새 문의 알림');
  await openAdmin(page);
  // The view the team watches: ours only, as parallel tests send inquiries too.
  await showInboxFilters(page);
  await page.getByRole('searchbox', { name: '검색' }).fill(name);
  await page.getByRole('button', { name: '적용' }).click();
  await expect(page.getByText('조건에 맞는 문의가 없습니다.')).toBeVisible();
  // The counts of this view are in: from now on the inbox checks every minute.
  await expect(page.getByRole('button', { name: '전체 (0)' })).toBeVisible();
  const refresh = page.getByTestId('inbox-refresh');
  await expect(refresh).toHaveText('새로고침');

  const sent = await page.request.post('/api/inquiries', { data: { privacyNoticeVersion: NOTICE_VERSION, name, email: 'new@example.com', phone: '010-3456-7890', message: '11층 강의실 임대를 문의합니다.' } });
  expect(sent.status()).toBe(201);
  await page.clock.runFor(60_000);
  await expect(refresh).toHaveText('새로고침 (새 문의 1건)');
  await refresh.click();
  await expect(page.getByTestId('inquiry-row')).toHaveCount(1);
  await expect(refresh).toHaveText('새로고침');
});

test('signing in asks for the inbox’s list once, with the filters the link names, and so does a reload @any-viewport', async ({ page }) => {
  const created = await page.request.post('/api/inquiries', {
    data: { privacyNoticeVersion: NOTICE_VERSION, name: uniqueName('첫 목록'), email: 'first@example.com', phone: '010-2345-6789', message: '3층 사무실 문의입니다.', preferredContact: 'email', locale: 'ko' },
  });
  expect(created.status()).toBe(201);
  const lists: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname === '/api/inquiries' && request.method() === 'GET') lists.push(url.search);
  });
  await loginAsAdmin(page, '/admin?status=new');
  await expect(page.getByTestId('inquiry-row').first()).toBeVisible();
  await expect(page.getByTestId('inquiry-status').first()).toHaveText('신규');
  expect(lists).toEqual(['?status=new']);

  await page.reload();
  await expect(page.getByTestId('inquiry-row').first()).toBeVisible();
  await expect(page.getByRole('tab', { name: '문의 관리' })).toHaveAttribute('aria-selected', 'true');
  expect(lists).toEqual(['?status=new', '?status=new']);
});

test('what fills in after the inbox’s list (who I am, the stats and their notices) moves none of the buttons above it @any-viewport', async ({ page }) => {
  const created = await page.request.post('/api/inquiries', {
    data: { privacyNoticeVersion: NOTICE_VERSION, name: uniqueName('늦은 통계'), email: 'late@example.com', phone: '010-2345-6789', message: '2층 상가 문의입니다.', preferredContact: 'email', locale: 'ko' },
  });
  expect(created.status()).toBe(201);
  // Who I am and the stats answer late, as they do on a busy server: the person already sees the list and reaches
  // for a filter.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  for (const path of ['**/api/inquiries/stats', '**/api/admin/me']) {
    await page.route(path, async (route) => {
      await held;
      await route.continue();
    });
  }
  await loginAsAdmin(page);
  await expect(page.getByTestId('inquiry-row').first()).toBeVisible();
  const whose = page.getByRole('group', { name: '담당자별 보기' });
  const before = await whose.boundingBox();
  release();
  // This server sends no mail: the stats say so, and the notice tells the team. The owner has not asked every
  // account for a second factor (the default): the panel says so too.
  await expect(page.getByRole('status').filter({ hasText: '새 문의 알림' })).toBeVisible();
  await expect(page.getByTestId('second-factor-off')).toBeVisible();
  expect(await whose.boundingBox()).toEqual(before);
});

test('a new agent’s empty “my inquiries” says how many unassigned inquiries wait, and shows them in one click', async ({ page, request }) => {
  const token = await apiToken(request);
  const suffix = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const agent = { username: `newcomer-${suffix}`, password: `Tower-${suffix}-lease` };
  const made = await request.post('/api/admin/users', { headers: { Authorization: `Bearer ${token}` }, data: { ...agent, name: `새 직원 ${suffix}`, email: `newcomer-${suffix}@btower.example`, role: 'agent' } });
  expect(made.status(), await made.text()).toBe(201);
  const waiting = uniqueName('기다리는 문의');
  expect((await request.post('/api/inquiries', { data: { privacyNoticeVersion: NOTICE_VERSION, name: waiting, email: 'waiting@example.com', phone: '010-3456-7890', message: '아직 아무도 맡지 않았습니다.' } })).status()).toBe(201);

  await page.goto('/admin');
  await islandsReady(page);
  await page.getByLabel('사용자 이름').fill(agent.username);
  await page.getByLabel('비밀번호').fill(agent.password);
  await page.getByRole('button', { name: '로그인', exact: true }).click();
  const empty = page.getByTestId('mine-empty');
  await expect(empty).toContainText('아직 내게 배정된 문의가 없습니다.');
  await expect(empty.getByRole('status')).toHaveText(/^담당자가 없는 문의 [1-9][\d,]*건이 기다리고 있습니다\.$/);
  expect(await axeViolations(page, { include: '[data-testid="mine-empty"]' })).toEqual([]);
  await empty.getByRole('button', { name: '미배정 문의 보기' }).click();
  await expect(page).toHaveURL(/assignee=none/);
  await expect(page.getByRole('group', { name: '담당자별 보기' }).getByRole('button', { name: '미배정' })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByTestId('inquiry-row').filter({ hasText: waiting })).toBeVisible();
});
