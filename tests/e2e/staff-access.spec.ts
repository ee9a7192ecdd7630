import { randomUUID } from 'node:crypto';
import type { Browser, Page } from '@playwright/test';
import { sendMonthlyAccessReview } from '../../src/server/audit/review.ts';
import { openPostgres } from '../../src/server/db/postgres.ts';
import { resetServerEnv } from '../../src/server/env.ts';
import { drainOutbox } from '../../src/server/notify/outbox.ts';
import { koreanDay } from '../../src/shared/business-hours.ts';
import { isolatedUrl } from '../support/db-backends.ts';
import { nextReviewMorning } from '../support/review-clock.ts';
import { plain, subjectOf } from '../support/smtp.ts';
import { axeViolations, expect, test } from './fixtures.ts';
import { islandsReady } from './support/islands.ts';
import { MAIL_SERVER_PASSWORD as PASSWORD, startMailServer } from './support/mail-server.ts';
import { NOTICE_VERSION } from '../support/privacy.ts';

const serverUrl = process.env.TEST_DATABASE_URL;

interface Person {
  username: string;
  password: string;
  email: string;
}

/** A person's own browser, in this project's viewport. */
async function browserOf(browser: Browser, page: Page, origin: string): Promise<Page> {
  const mobile = test.info().project.name === 'mobile';
  const context = await browser.newContext({ baseURL: origin, viewport: page.viewportSize(), isMobile: mobile, hasTouch: mobile });
  return context.newPage();
}

async function signIn(page: Page, person: Person) {
  await page.goto('/admin');
  await islandsReady(page);
  await page.getByLabel('사용자 이름').fill(person.username);
  await page.getByLabel('비밀번호').fill(person.password);
  await page.getByRole('button', { name: '로그인', exact: true }).click();
  await expect(page.getByRole('tab', { name: '문의 관리' })).toBeVisible({ timeout: 60_000 });
}

/**
 * Who looked at what (issue 25): an agent opens three inquiries and exports them with a reason; the owner's
 * activity log shows those four access records; a viewer sees the inquiry masked; the monthly review mail
 * reaches the owner through a real SMTP server with those figures, and the owner marks the review done.
 * The server runs on its own PostgreSQL schema, which the test also opens to run the month's review with
 * an injected clock (the first working day of next month) — a month cannot be waited for.
 */
// Records, masking and mail are the same on every viewport: one run (@any-viewport); the inbox's phone layout is
// checked by inbox and admin-walk.
test('three inquiries opened and an export with a reason are four access records, a viewer sees them masked, and the month’s review mails the figures', { tag: '@any-viewport' }, async ({ page, browser }) => {
  test.skip(!serverUrl, 'needs a PostgreSQL server the test and its server share: set TEST_DATABASE_URL (CI does)');
  test.setTimeout(300_000);
  // Each phase outside the browser has a time of its own: a wait that never ends (a lock, a server that does not
  // start or stop) fails naming its phase, where the test's own timeout would name nothing.
  const { schema, server, db } = await test.step('a server of its own on a PostgreSQL schema', async () => {
    const schema = await isolatedUrl(serverUrl!);
    const server = await startMailServer({ database: { url: schema.url } });
    return { schema, server, db: await openPostgres(schema.url, 'pg') };
  }, { timeout: 180_000 });
  const { origin, smtp } = server;
  const env = { SMTP_URL: `smtp://127.0.0.1:${smtp.port}`, INQUIRY_NOTIFY_FROM: 'B TOWER <noreply@btower.example>', SITE_URL: origin };
  try {
    const api = page.request;
    const login = await api.post(`${origin}/api/admin/login`, { data: { password: PASSWORD } });
    const admin = { Authorization: `Bearer ${((await login.json()) as { token: string }).token}` };
    const person = async (role: string, name: string): Promise<Person> => {
      const username = `${role}-${randomUUID().slice(0, 6)}`;
      const made = { username, password: `Tower-${randomUUID().slice(0, 8)}-lease`, email: `${username}@btower.example` };
      const answer = await api.post(`${origin}/api/admin/users`, { headers: admin, data: { ...made, name, role, locale: 'ko' } });
      expect(answer.status()).toBe(201);
      return made;
    };
    const owner = await person('owner', 'Owner Oh');
    const agent = await person('agent', 'Agent Ahn');
    const viewer = await person('viewer', 'Viewer Vo');
    const visitors = [
      { name: '홍길동', phone: '010-1234-5678', email: 'hong@example.com' },
      { name: '김민준', phone: '010-2222-3333', email: 'minjun@example.com' },
      { name: '이서연', phone: '010-4444-5555', email: 'seoyeon@example.com' },
    ];
    for (const visitor of visitors) {
      expect((await api.post(`${origin}/api/inquiries`, { data: { privacyNoticeVersion: NOTICE_VERSION, ...visitor, message: `${visitor.name}: 8층 임대 조건이 궁금합니다.` } })).status()).toBe(201);
    }

    // The agent opens each inquiry, then exports them: the file is made once a reason is chosen.
    const agentPage = await browserOf(browser, page, origin);
    await signIn(agentPage, agent);
    // An agent's inbox opens at "my inquiries": these are nobody's yet.
    await agentPage.getByRole('group', { name: '담당자별 보기' }).getByRole('button', { name: '전체' }).click();
    for (const visitor of visitors) {
      await agentPage.getByTestId('inquiry-row').filter({ hasText: visitor.name }).click();
      await expect(agentPage.getByRole('heading', { name: visitor.name })).toBeVisible();
      await agentPage.getByRole('button', { name: '목록으로' }).click();
      await expect(agentPage.getByTestId('inquiry-detail')).toHaveCount(0);
    }
    await agentPage.getByRole('button', { name: 'CSV 내보내기' }).click();
    const why = agentPage.getByTestId('export-reason');
    await why.getByRole('combobox', { name: '사유' }).selectOption('contract');
    const [download] = await Promise.all([agentPage.waitForEvent('download'), why.getByRole('button', { name: '사유를 남기고 내려받기' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^inquiries-.*\.csv$/);

    // The owner's activity log: the agent's views and download, with the reason, beside the writes.
    const ownerPage = await browserOf(browser, page, origin);
    await signIn(ownerPage, owner);
    await ownerPage.getByRole('tab', { name: '활동 기록' }).click();
    await ownerPage.getByRole('combobox', { name: '기록 종류' }).selectOption('access');
    await ownerPage.getByRole('combobox', { name: '사람' }).selectOption({ label: `Agent Ahn (@${agent.username})` });
    const records = ownerPage.getByTestId('access-record');
    await expect(records).toHaveCount(4);
    await expect(records.first()).toContainText('CSV 내려받기 · 3건');
    await expect(records.first().getByTestId('access-reason')).toHaveText('사유: 계약 준비');
    await expect(records.filter({ hasText: '문의 열람' })).toHaveCount(3);
    await ownerPage.getByRole('combobox', { name: '기록 종류' }).selectOption('download');
    await expect(records).toHaveCount(1);
    expect(await axeViolations(ownerPage)).toEqual([]);

    // A viewer sees the inquiry masked: the server never sent the full values.
    const viewerPage = await browserOf(browser, page, origin);
    await signIn(viewerPage, viewer);
    await viewerPage.getByTestId('inquiry-row').filter({ hasText: '홍*동' }).click();
    const detail = viewerPage.getByTestId('inquiry-detail');
    await expect(detail.getByRole('heading', { name: '홍*동' })).toBeVisible();
    await expect(detail.getByTestId('masked-notice')).toHaveText('열람자 권한이라 개인정보 일부가 가려져 있습니다.');
    await expect(detail).toContainText('010-****-5678');
    await expect(detail).toContainText('h***@example.com');
    await expect(detail.getByTestId('inquiry-message')).toHaveText('문의 내용은 열람자에게 표시되지 않습니다.');
    for (const visitor of visitors) await expect(viewerPage.locator('body')).not.toContainText(visitor.name);
    await expect(viewerPage.getByRole('button', { name: 'CSV 내보내기' })).toHaveCount(0);

    // The month's review, on the first working day of next month: mailed to the owner, once, with those figures.
    Object.assign(process.env, env);
    resetServerEnv();
    const month = koreanDay(new Date()).slice(0, 7);
    await test.step('the month’s review queued once and delivered', async () => {
      expect(await sendMonthlyAccessReview(db, nextReviewMorning())).toEqual({ month, queued: 1 });
      expect(await sendMonthlyAccessReview(db, nextReviewMorning())).toBeNull();
      await drainOutbox(db);
      await expect.poll(() => smtp.mails.filter((mail) => mail.to.includes(owner.email)).length, { timeout: 30_000 }).toBe(1);
    }, { timeout: 60_000 });
    const mail = smtp.mails.find((one) => one.to.includes(owner.email))!;
    expect(subjectOf(mail.raw)).toBe(`[B TOWER] ${month} 개인정보 열람 점검`);
    const blocks = plain(mail.raw).split('■');
    const agentBlock = blocks.find((block) => block.includes('Agent Ahn'))!;
    expect(agentBlock).toContain('열람한 문의: 3건 (열람 3회)');
    expect(agentBlock).toContain('CSV 내려받기: 1회');
    expect(agentBlock).toContain('3건, 사유: 계약 준비');
    expect(agentBlock).toMatch(/새로운 곳에서 로그인: [1-9]/);
    expect(blocks.find((block) => block.includes('Viewer Vo'))).toContain('열람한 문의: 1건 (열람 1회)');
    for (const visitor of visitors) expect(mail.raw).not.toContain(visitor.email);

    // The owner marks the review done; the log records it among the writes.
    await ownerPage.reload();
    await islandsReady(ownerPage);
    await ownerPage.getByRole('tab', { name: '활동 기록' }).click();
    await ownerPage.getByRole('button', { name: `${month} 점검 완료로 표시` }).click();
    await expect(ownerPage.getByTestId('access-reviews')).toContainText('Owner Oh 점검 완료');
    await expect(ownerPage.getByTestId('audit-event').filter({ hasText: '점검 완료 · 월간 열람 점검' }).first()).toBeVisible();
    for (const other of [agentPage, ownerPage, viewerPage]) await other.context().close();
  } finally {
    for (const name of Object.keys(env)) delete process.env[name];
    resetServerEnv();
    await test.step('the server stopped and its schema dropped', async () => {
      await db.destroy();
      await server.dispose();
      await schema.drop();
    }, { timeout: 90_000 });
  }
});
