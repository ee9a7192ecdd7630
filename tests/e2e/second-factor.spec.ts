import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { freePort, startLocalServer } from '../../netlify-local/spawn.ts';
import { TOTP_PERIOD_SECONDS } from '../../src/shared/second-factor.ts';
import { deviceOf } from '../../src/shared/user-agent.ts';
import { axeViolations, expect, test as base } from './fixtures.ts';
import { islandsReady, uniqueName } from './support/islands.ts';

const PASSWORD = 'second-factor-e2e-admin';

/**
 * A server of this file's own per worker: the owner's "require a second factor" setting would otherwise
 * reach every other test's admin sign-in on the shared server.
 */
const test = base.extend<object, { server: { origin: string } }>({
  server: [
    async ({}, use) => {
      const port = await freePort();
      const dataDir = await mkdtemp(path.join(tmpdir(), 'btower-2fa-e2e-'));
      const origin = `http://127.0.0.1:${port}`;
      const server = await startLocalServer(port, {
        DATA_DIR: dataDir,
        DATABASE_URL: 'memory://',
        ADMIN_PASSWORD: PASSWORD,
        SITE_URL: origin,
        DIST_DIR: process.env.ASTRO_OUT_DIR ?? 'dist',
      }, { timeoutMs: 300_000 });
      await use({ origin });
      await server.stop();
      await rm(dataDir, { recursive: true, force: true });
    },
    { scope: 'worker', timeout: 360_000 },
  ],
  baseURL: async ({ server }, use) => use(server.origin),
});

/** The code an authenticator app shows for `secret`, `steps` time steps from now (a code is accepted once). */
const codeFor = (secret: string, steps = 0) => new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp: Date.now() + steps * TOTP_PERIOD_SECONDS * 1000 });

/** An account the owner makes through the API; its username and password. */
async function agentAccount(request: APIRequestContext, role: 'agent' | 'viewer' = 'agent') {
  const signedIn = await request.post('/api/admin/login', { data: { password: PASSWORD } });
  expect(signedIn.status()).toBe(200);
  const { token } = (await signedIn.json()) as { token: string };
  const username = `agent-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const name = uniqueName('Agent');
  const password = `Leases-${username}`;
  const made = await request.post('/api/admin/users', { headers: { Authorization: `Bearer ${token}` }, data: { username, name, email: `${username}@btower.example`, role, password } });
  expect(made.status()).toBe(201);
  return { username, name, password, ownerToken: token };
}

async function signIn(page: Page, username: string, password: string) {
  await page.goto('/admin');
  await islandsReady(page);
  if (username) await page.getByLabel('사용자 이름').fill(username);
  await page.getByLabel('비밀번호').fill(password);
  await page.getByRole('button', { name: '로그인', exact: true }).click();
}

/** In "my account" (or the set-up screen): connects the app with the key shown as text; its key and recovery codes. */
async function turnOnTotp(page: Page): Promise<{ secret: string; recoveryCodes: string[] }> {
  const section = page.getByTestId('second-factor');
  await section.getByRole('button', { name: '인증 앱 연결하기' }).click();
  await expect(section.getByRole('img', { name: '인증 앱에 등록할 QR 코드' })).toBeVisible();
  const secret = (await section.getByTestId('totp-secret').innerText()).replace(/\s+/g, '');
  const field = section.getByLabel('앱에 표시된 6자리 코드');
  await expect(field).toBeFocused();
  await expect(field).toHaveAttribute('autocomplete', 'one-time-code');
  await field.fill(codeFor(secret));
  await section.getByRole('button', { name: '확인하고 켜기' }).click();
  await expect(section.getByTestId('recovery-code')).toHaveCount(10);
  const recoveryCodes = await section.getByTestId('recovery-code').allInnerTexts();
  await section.getByRole('button', { name: '복구 코드를 보관했습니다' }).click();
  await expect(section.getByTestId('recovery-codes')).toHaveCount(0);
  return { secret, recoveryCodes };
}

async function secondBrowser(browser: Browser, page: Page, origin: string) {
  const context = await browser.newContext({ baseURL: origin, viewport: page.viewportSize(), isMobile: test.info().project.name === 'mobile', hasTouch: test.info().project.name === 'mobile' });
  return context.newPage();
}

test('an agent turns on TOTP; the next sign-in asks for the code: a wrong one is refused, the right one and a recovery code (once) work', { tag: '@any-viewport' }, async ({ page, request }) => {
  test.setTimeout(180_000);
  const agent = await agentAccount(request);
  await signIn(page, agent.username, agent.password);
  await expect(page.getByTestId('signed-in-as')).toContainText(agent.name);
  await page.getByRole('tab', { name: '내 계정' }).click();
  await expect(page.getByTestId('second-factor-status')).toContainText('꺼져 있음');
  const { secret, recoveryCodes } = await turnOnTotp(page);
  await expect(page.getByTestId('second-factor-status')).toContainText('인증 앱 사용 중');
  expect(new Set(recoveryCodes).size).toBe(10);
  expect(await axeViolations(page, { include: '[data-testid="second-factor"]' })).toEqual([]);

  const codeStep = async () => {
    await page.getByRole('button', { name: '로그아웃' }).first().click();
    await page.getByLabel('사용자 이름').fill(agent.username);
    await page.getByLabel('비밀번호').fill(agent.password);
    await page.getByRole('button', { name: '로그인', exact: true }).click();
    await expect(page.getByRole('heading', { name: '인증 코드 입력' })).toBeVisible();
  };
  await codeStep();
  const code = page.getByLabel('인증 코드', { exact: true });
  await expect(code).toBeFocused();
  await expect(code).toHaveAttribute('inputmode', 'numeric');
  await expect(code).toHaveAttribute('autocomplete', 'one-time-code');
  await code.fill(codeFor(secret, 4));
  await page.getByRole('button', { name: '확인', exact: true }).click();
  await expect(page.getByRole('alert').filter({ hasText: '코드가 맞지 않습니다' })).toBeVisible();
  await expect(code).toHaveAttribute('aria-invalid', 'true');
  // The code the set-up spent is not taken again: the next time step's code signs in.
  await code.fill(codeFor(secret, 1));
  await page.getByRole('button', { name: '확인', exact: true }).click();
  await expect(page.getByTestId('signed-in-as')).toContainText(agent.name);

  // A lost phone: a recovery code signs in, once.
  for (const expected of ['signed-in', 'refused'] as const) {
    await codeStep();
    await page.getByRole('button', { name: '복구 코드 사용하기' }).click();
    const recovery = page.getByLabel('복구 코드', { exact: true });
    await expect(recovery).toBeFocused();
    await recovery.fill(recoveryCodes[0]!);
    await page.getByRole('button', { name: '확인', exact: true }).click();
    if (expected === 'signed-in') await expect(page.getByTestId('signed-in-as')).toContainText(agent.name);
    else await expect(page.getByRole('alert').filter({ hasText: '코드가 맞지 않습니다' })).toBeVisible();
  }

  // Turning it off takes no more guesses than the sign-in does: the fifth wrong code signs the session out, saying why.
  await page.getByLabel('복구 코드', { exact: true }).fill(recoveryCodes[1]!);
  await page.getByRole('button', { name: '확인', exact: true }).click();
  await expect(page.getByTestId('signed-in-as')).toContainText(agent.name);
  await page.getByRole('tab', { name: '내 계정' }).click();
  const offCode = page.getByLabel('현재 인증 코드 또는 복구 코드');
  for (let i = 1; i <= 5; i++) {
    await offCode.fill(String((Number(codeFor(secret, 6)) + i) % 1_000_000).padStart(6, '0'));
    await page.getByRole('button', { name: '2단계 인증 끄기' }).click();
    if (i < 5) await expect(page.getByRole('alert').filter({ hasText: '코드가 맞지 않습니다' })).toBeVisible();
  }
  await expect(page.getByTestId('session-notice')).toContainText('인증 앱을 끄려고 틀린 코드를 다섯 번 입력해 보안을 위해 로그아웃했습니다.');
});

test('the owner requires a second factor: the owner and then an agent without one are led to set it up before anything else', { tag: '@any-viewport' }, async ({ page, browser, server, request }) => {
  test.setTimeout(240_000);
  const agent = await agentAccount(request);
  await signIn(page, '', PASSWORD);
  await expect(page.getByTestId('signed-in-as')).toContainText('소유자', { timeout: 60_000 });
  // Until it is on, the owner is told it is off.
  await expect(page.getByTestId('second-factor-off')).toContainText('2단계 인증을 요구하는 설정이 꺼져 있습니다');
  await page.getByRole('tab', { name: '팀 관리' }).click();
  await page.getByLabel('모든 계정에 2단계 인증 요구').check();
  await page.getByRole('button', { name: '저장', exact: true }).click();
  // The owner has none either: the panel now shows only the set-up.
  const required = page.getByTestId('second-factor-required');
  await expect(required).toContainText('소유자가 모든 계정에 2단계 인증을 요구합니다');
  await expect(page.getByRole('tab')).toHaveCount(0);
  const ownerFactor = await turnOnTotp(page);
  await expect(page.getByRole('tab', { name: '팀 관리' })).toBeVisible();
  await expect(page.getByTestId('second-factor-off')).toHaveCount(0);

  const other = await secondBrowser(browser, page, server.origin);
  await signIn(other, agent.username, agent.password);
  await expect(other.getByTestId('second-factor-required')).toBeVisible();
  await expect(other.getByRole('tab')).toHaveCount(0);
  // The server agrees: the inbox answers 403 for this session until a factor is set up.
  const token = await other.evaluate(() => localStorage.getItem('admin-token'));
  const refused = await request.get('/api/inquiries', { headers: { Authorization: `Bearer ${token}` } });
  expect(refused.status()).toBe(403);
  expect(((await refused.json()) as { error: { code: string } }).error.code).toBe('second_factor_setup_required');
  expect(await axeViolations(other)).toEqual([]);
  await turnOnTotp(other);
  await expect(other.getByRole('tab', { name: '문의 관리' })).toBeVisible();
  expect((await request.get('/api/inquiries', { headers: { Authorization: `Bearer ${token}` } })).status()).toBe(200);
  await other.context().close();

  // Back off, for this worker's other tests.
  await page.getByRole('tab', { name: '팀 관리' }).click();
  await page.getByLabel('모든 계정에 2단계 인증 요구').uncheck();
  await page.getByRole('button', { name: '저장', exact: true }).click();
  await expect(page.getByTestId('second-factor-off')).toBeVisible();
  // And the owner's own app, so the password alone signs the owner in again (this worker's tests make accounts so).
  await page.getByRole('tab', { name: '내 계정' }).click();
  await page.getByLabel('현재 인증 코드 또는 복구 코드').fill(ownerFactor.recoveryCodes[0]!);
  await page.getByRole('button', { name: '2단계 인증 끄기' }).click();
  await expect(page.getByTestId('second-factor-status')).toContainText('꺼져 있음');
});

test('my account names each signed-in device; the codes just made sit beside a status that says the app is on, and can be copied, saved, printed, counted and made anew', async ({ page, request }) => {
  test.setTimeout(180_000);
  const agent = await agentAccount(request);
  // Two sessions a script opened: Node's fetch (as the demo's seeder signs in) and a tool nobody can name.
  for (const userAgent of ['node', 'Acme-Bot/1.0']) {
    expect((await request.post('/api/admin/login', { headers: { 'User-Agent': userAgent }, data: { username: agent.username, password: agent.password } })).status()).toBe(200);
  }
  await signIn(page, agent.username, agent.password);
  await expect(page.getByTestId('signed-in-as')).toContainText(agent.name);
  await page.getByRole('tab', { name: '내 계정' }).click();
  const sessions = page.getByTestId('session-list').getByTestId('session');
  await expect(sessions).toHaveCount(3);
  // This browser is named as its User-Agent says (Chrome on the desktop project's Windows, on the phone's Android).
  const mine = deviceOf(await page.evaluate(() => navigator.userAgent))!;
  expect(mine).toMatch(/^Chrome · (Windows|Android)$/);
  for (const device of ['Node.js', '알 수 없는 기기', mine]) await expect(sessions.getByTestId('session-device').getByText(device, { exact: true })).toHaveCount(1);
  await expect(sessions.filter({ hasText: '이 기기' })).toContainText(`${mine} 이 기기`);
  await expect(page.getByTestId('session-list')).not.toContainText('?');

  const section = page.getByTestId('second-factor');
  await section.getByRole('button', { name: '인증 앱 연결하기' }).click();
  const secret = (await section.getByTestId('totp-secret').innerText()).replace(/\s+/g, '');
  await section.getByLabel('앱에 표시된 6자리 코드').fill(codeFor(secret));
  await section.getByRole('button', { name: '확인하고 켜기' }).click();
  const codes = section.getByTestId('recovery-code');
  await expect(codes).toHaveCount(10);
  // Beside the codes it just made, the status says the app is on.
  await expect(section.getByTestId('second-factor-status')).toHaveText('현재 상태: 인증 앱 사용 중');
  const shown = await codes.allInnerTexts();

  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await section.getByRole('button', { name: '복사', exact: true }).click();
  await expect(page.getByTestId('toast')).toContainText('복구 코드를 복사했습니다');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(shown.join('\n'));

  const [download] = await Promise.all([page.waitForEvent('download'), section.getByRole('button', { name: '파일로 저장' }).click()]);
  expect(download.suggestedFilename()).toBe(`btower-recovery-codes-${agent.username}.txt`);
  const saved = await readFile((await download.path())!, 'utf8');
  expect(saved).toContain(`계정 ${agent.username}`);
  for (const code of shown) expect(saved).toContain(code);

  // Printing puts only the codes on the paper (the browser's print dialog is the person's; here it is noted, not opened).
  await page.evaluate(() => {
    window.print = () => document.body.setAttribute('data-printed', document.documentElement.className);
  });
  await section.getByRole('button', { name: '인쇄' }).click();
  await expect(page.locator('body')).toHaveAttribute('data-printed', /print-recovery-codes/);
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByRole('tab', { name: '내 계정' })).toBeHidden();
  await expect(codes.first()).toBeVisible();
  await page.evaluate(() => window.dispatchEvent(new Event('afterprint')));
  await page.emulateMedia({ media: 'screen' });
  await expect(page.getByRole('tab', { name: '내 계정' })).toBeVisible();

  await section.getByRole('button', { name: '복구 코드를 보관했습니다' }).click();
  await expect(section.getByTestId('recovery-codes-left')).toHaveText('남은 복구 코드: 10개');
  await section.getByRole('button', { name: '새 복구 코드 만들기' }).click();
  const renew = section.getByTestId('recovery-renew');
  await expect(renew.getByLabel('현재 인증 코드 또는 복구 코드')).toBeFocused();
  await renew.getByLabel('현재 인증 코드 또는 복구 코드').fill(codeFor(secret, 1));
  await renew.getByRole('button', { name: '확인하고 새로 만들기' }).click();
  await expect(codes).toHaveCount(10);
  expect((await codes.allInnerTexts()).some((code) => shown.includes(code))).toBe(false);
  expect(await axeViolations(page, { include: '[data-testid="second-factor"]' })).toEqual([]);
  await section.getByRole('button', { name: '복구 코드를 보관했습니다' }).click();
  await expect(section.getByTestId('recovery-codes-left')).toHaveText('남은 복구 코드: 10개');
});

// The app's own dialog, not the browser's confirm(): it names the person and says what goes; a screen, on both viewports.
test('the owner resets a person’s lost second factor only after the app’s dialog naming them; 취소 keeps it', async ({ page, request }) => {
  const agent = await agentAccount(request);
  const agentLogin = await request.post('/api/admin/login', { data: { username: agent.username, password: agent.password } });
  const auth = { Authorization: `Bearer ${((await agentLogin.json()) as { token: string }).token}` };
  const { secret } = (await (await request.post('/api/admin/me/totp', { headers: auth })).json()) as { secret: string };
  expect((await request.post('/api/admin/me/totp/confirm', { headers: auth, data: { code: codeFor(secret) } })).status()).toBe(200);
  const factorOf = async () => {
    const users = (await (await request.get('/api/admin/users', { headers: { Authorization: `Bearer ${agent.ownerToken}` } })).json()) as { username: string; secondFactor: string }[];
    return users.find((user) => user.username === agent.username)?.secondFactor;
  };
  const browserDialogs: string[] = [];
  page.on('dialog', (dialog) => {
    browserDialogs.push(dialog.message());
    void dialog.dismiss();
  });

  await signIn(page, '', PASSWORD);
  await expect(page.getByTestId('signed-in-as')).toContainText('소유자', { timeout: 60_000 });
  await page.getByRole('tab', { name: '팀 관리' }).click();
  const member = page.getByTestId('team-member').filter({ hasText: agent.username });
  await expect(member.getByTestId('member-factor')).toHaveText('2단계 인증: 인증 앱 사용 중');
  const reset = member.getByRole('button', { name: `${agent.name}의 2단계 인증 해제` });
  await reset.click();
  const dialog = page.getByTestId('factor-reset-confirm');
  await expect(dialog.getByRole('heading', { name: `${agent.name}의 2단계 인증 해제` })).toBeVisible();
  await expect(dialog).toContainText('인증 앱, 복구 코드와 패스키를 모두 지웁니다. 휴대전화를 잃어버렸을 때만 하세요.');
  expect(await axeViolations(page, { include: '[data-testid="factor-reset-confirm"]' })).toEqual([]);
  await dialog.getByRole('button', { name: '취소' }).click();
  await expect(dialog).toBeHidden();
  await expect(reset).toBeFocused();
  expect(await factorOf()).toBe('totp');

  await reset.click();
  await dialog.getByRole('button', { name: '2단계 인증 해제', exact: true }).click();
  await expect(page.getByTestId('toast')).toContainText(`${agent.name}의 2단계 인증을 해제했습니다.`);
  await expect(reset).toHaveCount(0);
  expect(await factorOf()).toBe('none');
  expect(browserDialogs).toEqual([]);
});
