import type { Browser, Page } from '@playwright/test';
import { axeViolations, expect } from './fixtures.ts';
import { createBrand, islandsReady, showInboxFilters, uniqueName } from './support/islands.ts';
import { MAIL_SERVER_PASSWORD as PASSWORD, mailTo, signInAsOwner, test } from './support/mail-server.ts';
import { NOTICE_VERSION } from '../support/privacy.ts';
import { maskName } from '../../src/shared/masking.ts';
import { inquiryReference } from '../../src/shared/inquiry-basics.ts';

// The team's journeys run on this worker's mail server (support/mail-server.ts), opened at http://localhost, not
// 127.0.0.1, because WebAuthn needs a secure context with a domain as its relying party (decision 016).

/** A second person's browser: its own storage, the same viewport as this project's. */
async function secondBrowser(browser: Browser, page: Page, origin: string) {
  const context = await browser.newContext({ baseURL: origin, viewport: page.viewportSize(), isMobile: test.info().project.name === 'mobile', hasTouch: test.info().project.name === 'mobile' });
  return context.newPage();
}

test('the owner invites an agent, who joins from the mail, is assigned an inquiry, works it, and is refused once deactivated', { tag: '@any-viewport' }, async ({ page, browser, mailServer, request }) => {
  test.setTimeout(180_000);
  const name = uniqueName('Mina');
  const email = `mina-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@btower.example`;
  const username = email.split('@')[0]!;

  // The owner invites.
  await signInAsOwner(page);
  await page.getByRole('tab', { name: '팀 관리' }).click();
  const invite = page.getByRole('form', { name: '팀원 초대' });
  await invite.getByLabel('이름').fill(name);
  await invite.getByLabel('이메일').fill(email);
  await invite.getByLabel('역할').selectOption('agent');
  await invite.getByRole('button', { name: '초대 메일 보내기' }).click();
  await expect(page.getByTestId('toast')).toContainText(`${email}로 초대 메일을 보냈습니다.`);

  // The agent accepts from the mail the SMTP server received.
  const invitation = await mailTo(mailServer, email, '임대 관리 팀에 초대했습니다');
  const link = invitation.text.match(/http:\/\/localhost:\d+\/admin#invitation=[A-Za-z0-9_-]+/)?.[0];
  expect(link).toBeTruthy();
  const agent = await secondBrowser(browser, page, mailServer.origin);
  await agent.goto(link!);
  await islandsReady(agent);
  await agent.getByLabel('사용자 이름').fill(username);
  await agent.getByLabel('새 비밀번호').fill('Mina-leases-B-tower');
  await agent.getByRole('button', { name: '가입하고 로그인' }).click();
  await expect(agent.getByTestId('signed-in-as')).toContainText(`${name} · 담당자`);
  await expect(agent.getByRole('tab', { name: '팀 관리' })).toHaveCount(0);
  // The token left the address bar at once.
  expect(new URL(agent.url()).hash).toBe('');

  // A prospect writes; the owner assigns the inquiry to the agent, who gets a mail.
  const prospect = uniqueName('Prospect');
  const sent = await request.post('/api/inquiries', { data: { privacyNoticeVersion: NOTICE_VERSION, name: prospect, email: 'prospect@example.com', phone: '010-5555-0101', message: '5층 사무실 임대 문의드립니다.', attachments: [] } });
  expect(sent.status()).toBe(201);
  await page.getByRole('tab', { name: '문의 관리' }).click();
  await page.getByTestId('inbox-refresh').click();
  await page.getByTestId('inquiry-row').filter({ hasText: prospect }).click();
  await page.getByTestId('assignee-select').selectOption({ label: name });
  await expect(page.getByTestId('toast')).toContainText('담당자를 지정했습니다.');
  const assigned = await mailTo(mailServer, email, '문의가 배정되었습니다');
  // Staff mails name a prospect by reference and link only (notifyIncludesName is off): never the name or address.
  const { id: inquiryId } = (await sent.json()) as { id: string };
  expect(assigned.subject).toContain(`#${inquiryReference(inquiryId)}`);
  expect(`${assigned.subject}\n${assigned.text}`).not.toContain(prospect);
  expect(assigned.text).not.toContain('prospect@example.com');
  expect(assigned.text).toContain(`${mailServer.origin}/admin?inquiry=${inquiryId}`);

  // The agent opens "my inquiries" and works it: a status and a note.
  await agent.goto('/admin');
  await expect(agent.getByRole('button', { name: '내 문의', pressed: true })).toBeVisible();
  await agent.getByTestId('inquiry-row').filter({ hasText: prospect }).click();
  const detail = agent.getByTestId('inquiry-detail');
  await expect(detail.getByRole('heading', { name: prospect })).toBeVisible();
  await detail.getByRole('button', { name: '연락함', exact: true }).click();
  await expect(agent.getByTestId('toast')).toContainText('상태를 변경했습니다.');
  await agent.getByLabel('내부 메모').fill('전화함, 다음 주 투어 희망');
  await agent.getByRole('button', { name: '메모 저장' }).click();
  await expect(agent.getByTestId('inquiry-history')).toContainText('전화함, 다음 주 투어 희망');

  // The owner's history names the agent for each change.
  await page.reload();
  const history = page.getByTestId('inquiry-history');
  await expect(history.getByTestId('history-entry').filter({ hasText: '연락함' }).getByTestId('history-by')).toHaveText(name);
  await expect(history.getByTestId('history-entry').filter({ hasText: '전화함' }).getByTestId('history-by')).toHaveText(name);

  // The owner deactivates the agent; the agent's open tab is refused at its next action.
  await page.getByRole('tab', { name: '팀 관리' }).click();
  await page.getByRole('button', { name: `${name} 비활성화` }).click();
  // It asks first, naming the person and what happens to the inquiries they have (issue 28).
  const confirm = page.getByTestId('team-confirm');
  await expect(confirm).toContainText(`${name} 계정을 비활성화할까요?`);
  await expect(confirm).toContainText(/진행 중인 문의 \d+건은 미배정으로 돌아가고/);
  await confirm.getByRole('button', { name: '비활성화', exact: true }).click();
  await expect(page.getByTestId('toast')).toContainText(`${name} 계정을 비활성화했습니다.`);
  await agent.getByLabel('내부 메모').fill('비활성화 뒤의 메모');
  await agent.getByRole('button', { name: '메모 저장' }).click();
  // Told why (and whom to ask), not "expired"; the note being typed is kept in the tab (issue 28).
  const notice = agent.getByTestId('session-notice');
  await expect(notice).toContainText('소유자가 이 계정을 비활성화했습니다. 다시 사용하려면 팀의 소유자에게 문의하세요.');
  await expect(notice).toContainText('입력하던 내용은 이 탭에 보관했습니다.');
  // Signing in again says the account is deactivated, not that the password is wrong.
  await agent.getByLabel('사용자 이름').fill(username);
  await agent.getByLabel('비밀번호').fill('Mina-leases-B-tower');
  await agent.getByRole('button', { name: '로그인', exact: true }).click();
  await expect(agent.getByTestId('login-refusal')).toHaveText('이 계정은 비활성화되었습니다. 다시 사용하려면 팀의 소유자에게 문의하세요.');
  await expect(agent.getByText('비밀번호가 틀렸습니다')).toHaveCount(0);
  // The owner's inquiry is still open (its id is in the address): its history has the agent's note, not the refused one.
  await page.getByRole('tab', { name: '문의 관리' }).click();
  await expect(page.getByTestId('inquiry-history')).toContainText('전화함, 다음 주 투어 희망');
  await expect(page.getByTestId('inquiry-history')).not.toContainText('비활성화 뒤의 메모');
  // Reactivated, the agent signs in and finds the note they were typing, still unsaved, in the inquiry they had open.
  await page.getByRole('tab', { name: '팀 관리' }).click();
  await page.getByRole('button', { name: `${name} 다시 활성화` }).click();
  await expect(page.getByTestId('toast')).toContainText(`${name} 계정을 다시 활성화했습니다.`);
  await agent.getByRole('button', { name: '로그인', exact: true }).click();
  await expect(agent.getByTestId('signed-in-as')).toContainText(name);
  await expect(agent.getByLabel('내부 메모')).toHaveValue('비활성화 뒤의 메모');
  await agent.context().close();
});

test('a passkey registered in "my account" signs in after signing out and is then the second factor; removed, the password works alone', { tag: '@any-viewport' }, async ({ page, context }) => {
  test.setTimeout(120_000);
  await context.credentials.install();
  await signInAsOwner(page);
  await page.getByRole('tab', { name: '내 계정' }).click();
  await page.getByLabel('패스키 이름').fill('e2e laptop');
  await page.getByRole('button', { name: '패스키 추가' }).click();
  await expect(page.getByTestId('toast')).toContainText('패스키를 등록했습니다.');
  await expect(page.getByTestId('passkey-list')).toContainText('e2e laptop');
  const [held] = await context.credentials.get({ rpId: 'localhost' });
  expect(held).toBeTruthy();

  await page.getByRole('button', { name: '로그아웃' }).first().click();
  await expect(page.getByRole('button', { name: '패스키로 로그인' })).toBeVisible();
  await page.getByRole('button', { name: '패스키로 로그인' }).click();
  await expect(page.getByTestId('signed-in-as')).toContainText('Admin · 소유자');
  // Focus moved to the panel's heading, not left on the page body.
  await expect(page.getByRole('heading', { level: 1 })).toBeFocused();
  const [after] = await context.credentials.get({ id: held!.id });
  expect(after!.signCount).toBeGreaterThan(held!.signCount);

  // A passkey is the account's second factor: the password alone no longer signs in (issue 25).
  await page.getByRole('button', { name: '로그아웃' }).first().click();
  await expect(page.getByRole('button', { name: '로그인', exact: true })).toBeVisible();
  await page.getByLabel('비밀번호').fill(PASSWORD);
  await page.getByRole('button', { name: '로그인', exact: true }).click();
  await expect(page.getByTestId('login-refusal')).toHaveText('이 계정은 패스키로 로그인합니다. ‘패스키로 로그인’을 눌러주세요.');
  await page.getByRole('button', { name: '패스키로 로그인' }).click();
  await expect(page.getByTestId('signed-in-as')).toContainText('Admin · 소유자');
  // Removed again, the password alone works (and the worker's other tests sign in with it).
  await page.getByRole('tab', { name: '내 계정' }).click();
  await page.getByRole('button', { name: '패스키 e2e laptop 삭제' }).click();
  await expect(page.getByTestId('second-factor-status')).toContainText('꺼져 있음');
  await page.getByRole('button', { name: '로그아웃' }).first().click();
  // Signed out from "my account", whose password section is also labelled 비밀번호: the login card first.
  await expect(page.getByRole('button', { name: '로그인', exact: true })).toBeVisible();
  await page.getByLabel('비밀번호').fill(PASSWORD);
  await page.getByRole('button', { name: '로그인', exact: true }).click();
  await expect(page.getByTestId('signed-in-as')).toContainText('Admin · 소유자');
});

test('the team, activity and account tabs pass axe', async ({ page }) => {
  test.setTimeout(180_000);
  await signInAsOwner(page);
  for (const [tab, heading] of [['팀 관리', '팀원'], ['활동 기록', null], ['내 계정', '패스키']] as const) {
    await page.getByRole('tab', { name: tab }).click();
    if (heading) await expect(page.getByRole('heading', { name: heading, exact: true })).toBeVisible();
    else await expect(page.getByTestId('audit-list')).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
  }
});

test('the settings, a section per subject, can be changed once they have arrived, so a box ticked early is not undone by their arrival', { tag: '@any-viewport' }, async ({ page }) => {
  await signInAsOwner(page);
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/admin/settings', async (route) => {
    if (route.request().method() === 'GET') await held;
    await route.fallback();
  });
  await page.getByRole('tab', { name: '팀 관리' }).click();
  const settings = page.getByRole('form', { name: '설정' });
  // Each section is named for what it holds.
  for (const section of ['새 문의 응답 시간', '팀 알림에 담는 내용', '투어', '개인정보 보유 기간']) await expect(settings.getByRole('group', { name: section })).toBeVisible();
  await expect(settings.getByRole('group', { name: '새 문의 응답 시간' }).getByLabel('응답 목표(업무 시간)')).toBeVisible();
  const requireFactor = settings.getByLabel('모든 계정에 2단계 인증 요구');
  await expect(settings.getByText('불러오는 중...')).toBeVisible();
  await expect(requireFactor).toBeDisabled();
  await expect(settings.getByRole('button', { name: '저장', exact: true })).toBeDisabled();
  release();
  await expect(requireFactor).toBeEnabled();
  await expect(settings.getByText('불러오는 중...')).toHaveCount(0);
  await requireFactor.check();
  await expect(requireFactor).toBeChecked();
  await expect(settings.getByRole('button', { name: '저장', exact: true })).toBeEnabled();
});

test('a viewer reads the inbox, spaces and brands without the controls that write, export or open attachments', { tag: '@any-viewport' }, async ({ page, browser, mailServer, request }) => {
  test.setTimeout(180_000);
  await signInAsOwner(page);
  const owner = await page.evaluate(() => localStorage.getItem('admin-token'));
  const username = `viewer-${Date.now().toString(36)}`;
  const made = await request.post('/api/admin/users', {
    headers: { Authorization: `Bearer ${owner}` },
    data: { username, name: 'Asset Manager', email: `${username}@btower.example`, role: 'viewer', password: 'Reads-every-report' },
  });
  expect(made.status()).toBe(201);
  // A brand and a space for the viewer to read (this worker's server starts empty).
  await createBrand(request, owner!, { name: uniqueName('Viewer brand') });
  const space = await request.post('/api/units', {
    headers: { Authorization: `Bearer ${owner}` },
    data: { floor: '5F', unitNumber: `V${Date.now().toString(36).slice(-5)}`, exclusiveAreaM2: 100, supplyAreaM2: 150, uses: ['Medical'], status: 'available', availableFrom: null, monthlyRent: 3_000_000, deposit: 30_000_000, maintenanceFee: 600_000, pricePublic: true, plan: null, note: {} },
  });
  expect(space.status(), await space.text()).toBe(201);
  const prospect = uniqueName('Viewer prospect');
  const prospectEmail = `${username}-prospect@example.com`;
  expect((await request.post('/api/inquiries', { data: { privacyNoticeVersion: NOTICE_VERSION, name: prospect, email: prospectEmail, phone: '010-1111-2222', message: '열람 테스트', attachments: [] } })).status()).toBe(201);

  const viewer = await secondBrowser(browser, page, mailServer.origin);
  await viewer.goto('/admin');
  await islandsReady(viewer);
  await viewer.getByLabel('사용자 이름').fill(username);
  await viewer.getByLabel('비밀번호').fill('Reads-every-report');
  await viewer.getByRole('button', { name: '로그인', exact: true }).click();
  await expect(viewer.getByTestId('signed-in-as')).toContainText('Asset Manager · 열람자');
  await expect(viewer.getByRole('tab')).toHaveText(['문의 관리', '투어', '계약', '브랜드 관리', '공간', '리포트', '내 계정']);
  await expect(viewer.getByRole('button', { name: 'CSV 내보내기' })).toHaveCount(0);
  // A viewer reads the visitor masked (issue 25), and still finds them by their e-mail.
  await showInboxFilters(viewer);
  // Nobody assigns a viewer an inquiry: no "my inquiries" (issue 28).
  const whose = viewer.getByRole('group', { name: '담당자별 보기' });
  await expect(whose.getByRole('button')).toHaveText(['미배정', '전체']);
  await viewer.getByRole('searchbox', { name: '검색' }).fill(prospectEmail);
  await viewer.getByTestId('inquiry-row').filter({ hasText: maskName(prospect) }).click();
  const detail = viewer.getByTestId('inquiry-detail');
  await expect(detail.getByRole('heading', { name: maskName(prospect) })).toBeVisible();
  await expect(detail).not.toContainText(prospect);
  await expect(detail.getByRole('button', { name: '연락함', exact: true })).toHaveCount(0);
  await expect(detail.getByRole('button', { name: '메모 저장' })).toHaveCount(0);
  await expect(detail).toContainText('담당자: 미배정');
  await viewer.getByRole('tab', { name: '브랜드 관리' }).click();
  await expect(viewer.getByRole('heading', { name: '등록된 브랜드' })).toBeVisible();
  await expect(viewer.getByRole('heading', { name: '브랜드 등록' })).toHaveCount(0);
  // No actions column left empty, and no greyed controls that look editable (issue 28).
  const brandsPanel = viewer.getByRole('tabpanel');
  await expect(brandsPanel.getByTestId('brand-row').first()).toBeVisible();
  await expect(brandsPanel.getByRole('columnheader', { name: '관리' })).toHaveCount(0);
  await viewer.getByRole('tab', { name: '공간' }).click();
  const unitsPanel = viewer.getByRole('tabpanel');
  const unitRow = unitsPanel.getByTestId('unit-row').first();
  await expect(unitRow).toBeVisible();
  await expect(unitsPanel.locator('select:disabled, input:disabled, button:disabled')).toHaveCount(0);
  await expect(unitRow.getByTestId('unit-status')).toHaveText(/^(임대 가능|협의 중|임대 완료)$/);
  await expect(unitsPanel.getByRole('columnheader', { name: '관리' })).toHaveCount(0);
  await expect(unitRow.locator('td')).toHaveCount(3);
  await viewer.context().close();
});

test('a used password-reset link says so when it opens, before asking for a new password (issue 28)', { tag: '@any-viewport' }, async ({ page, mailServer, request }) => {
  test.setTimeout(180_000);
  await signInAsOwner(page);
  const owner = await page.evaluate(() => localStorage.getItem('admin-token'));
  const username = `reset-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const email = `${username}@btower.example`;
  const made = await request.post('/api/admin/users', {
    headers: { Authorization: `Bearer ${owner}` },
    data: { username, name: 'Reset Person', email, role: 'agent', password: 'Leases-every-floor-1' },
  });
  expect(made.status()).toBe(201);
  expect((await request.post('/api/admin/password-reset', { data: { email } })).status()).toBe(202);
  const mail = await mailTo(mailServer, email, '비밀번호 재설정 링크');
  const link = mail.text.match(/http:\/\/localhost:\d+\/admin#reset=[A-Za-z0-9_-]+/)?.[0];
  expect(link).toBeTruthy();

  // The first time (a new tab, as a mail's link opens): the new password is asked for, and set. A tab already on
  // /admin would only change its hash, not load the page.
  const first = await page.context().newPage();
  await first.goto(link!);
  await islandsReady(first);
  await first.getByLabel('새 비밀번호').fill('Leases-every-floor-2');
  await first.getByRole('button', { name: '비밀번호 저장' }).click();
  await expect(first.getByRole('status')).toContainText('비밀번호가 바뀌었습니다.');
  await first.close();

  // Opened again: said at once, with no password field to fill in vain.
  const again = await page.context().newPage();
  await again.goto(link!);
  await expect(again.getByRole('alert')).toHaveText('이 링크는 이미 사용되었거나 만료되었거나 새 링크로 바뀌었습니다.');
  await expect(again.getByLabel('새 비밀번호')).toHaveCount(0);
  await again.close();
});
