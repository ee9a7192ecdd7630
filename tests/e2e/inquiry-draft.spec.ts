import { test, expect } from './fixtures';
import type { Page } from '@playwright/test';
import { apiToken, islandsReady, personFillTimePassed, uniqueName, uploadInDialog, acknowledgeNotice } from './support/islands.ts';

/** Picks a language from the top bar's menu (the mobile menu's on a phone), as a visitor does. */
async function chooseLanguage(page: Page, label: string) {
  const mobile = (page.viewportSize()?.width ?? 1280) < 1024;
  if (mobile) await page.locator('#mobile-menu-toggle').click();
  const menu = page.locator(mobile ? '#mobile-menu [data-language-menu]' : '#top-bar nav [data-language-menu]');
  await menu.getByRole('button').click();
  await menu.getByRole('link', { name: label }).click();
}

const pdf = (name: string) => ({ name, mimeType: 'application/pdf', buffer: Buffer.from(`%PDF-1.4\n${name}`) });

test('switching language on /contact keeps everything typed and every uploaded file; a sent inquiry clears it', { tag: '@any-viewport' }, async ({ page }) => {
  const name = uniqueName('Switcher');
  await page.goto('/contact');
  await islandsReady(page);
  await page.getByLabel('이름').fill(name);
  await page.getByLabel('연락처').fill('010-2345-6789');
  await page.getByLabel('이메일').fill('switcher@example.com');
  await page.getByLabel('문의 내용').fill('3층 120평 클리닉 자리를 찾고 있습니다.');
  await page.getByText('추가 정보 입력 (선택)').click();
  await page.getByLabel('회사명').fill('스마일 치과');
  await page.getByRole('checkbox', { name: '3층', exact: true }).check();
  await page.getByRole('button', { name: '파일 첨부' }).click();
  await uploadInDialog(page, [pdf('company-profile.pdf')]);
  await expect(page.getByTestId('attachment-name')).toHaveText(['company-profile.pdf'], { timeout: 30_000 });
  // One more picked but not uploaded: it cannot travel to another page, and the form says so there.
  const dialog = page.locator('.uppy-Dashboard--modal');
  await dialog.locator('.uppy-DashboardContent-addMore').click();
  await dialog.locator('input.uppy-Dashboard-input').first().setInputFiles(pdf('floor-plan.pdf'));
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('attachment-name')).toHaveText(['company-profile.pdf', 'floor-plan.pdf']);

  await chooseLanguage(page, 'English');
  await expect(page).toHaveURL(/\/en\/contact/);
  await islandsReady(page);
  await expect(page.getByLabel('Name')).toHaveValue(name);
  await expect(page.getByRole('textbox', { name: 'Phone' })).toHaveValue('010-2345-6789');
  await expect(page.getByRole('textbox', { name: 'Email' })).toHaveValue('switcher@example.com');
  await expect(page.getByLabel('Message')).toHaveValue('3층 120평 클리닉 자리를 찾고 있습니다.');
  await expect(page.getByLabel('Company', { exact: true })).toHaveValue('스마일 치과');
  await expect(page.getByRole('checkbox', { name: 'Floor 3', exact: true })).toBeChecked();
  await expect(page.getByTestId('attachment-name')).toHaveText(['company-profile.pdf']);
  await expect(page.getByTestId('attachments-not-kept')).toContainText('floor-plan.pdf');

  const sent = page.waitForRequest((request) => request.url().endsWith('/api/inquiries') && request.method() === 'POST');
  await acknowledgeNotice(page);
  await personFillTimePassed(page);
  await page.getByRole('button', { name: 'Send inquiry' }).click();
  const body = (await sent).postDataJSON() as Record<string, unknown>;
  expect(body).toMatchObject({ name, email: 'switcher@example.com', company: '스마일 치과', desiredFloors: ['3F'], locale: 'en' });
  expect(body.attachments).toHaveLength(1);
  await expect(page.getByTestId('inquiry-summary')).toBeVisible();

  // Sent: the next visit to the form starts empty, in any language.
  await chooseLanguage(page, '日本語');
  await islandsReady(page);
  await expect(page.getByLabel('お名前')).toHaveValue('');
  await expect(page.getByTestId('attachment-list')).toHaveCount(0);
  await expect(page.getByTestId('attachments-not-kept')).toHaveCount(0);
  expect(await page.evaluate(() => Object.keys(sessionStorage).filter((key) => key.includes('inquiry')))).toEqual([]);
});

test('the draft lives in this tab only: never in localStorage, and another tab starts empty', { tag: '@any-viewport' }, async ({ page, context }) => {
  await page.goto('/en/contact');
  await islandsReady(page);
  await page.getByLabel('Name').fill('Tab Only');
  await page.reload();
  await islandsReady(page);
  await expect(page.getByLabel('Name')).toHaveValue('Tab Only');
  expect(await page.evaluate(() => JSON.stringify(localStorage))).not.toContain('Tab Only');
  // The last keystroke is kept at once, not a frame later: a reload in that moment (a busy phone paints late)
  // finds it too.
  const keptAtOnce = await page.getByLabel('Name').evaluate(async (input: HTMLInputElement) => {
    input.value = 'Tab Only!';
    input.dispatchEvent(new Event('input', { bubbles: true }));
    await new Promise((resolve) => setTimeout(resolve, 0));
    return sessionStorage.getItem('btower:inquiry-form:draft') ?? '';
  });
  expect(keptAtOnce).toContain('Tab Only!');
  await page.reload();
  await islandsReady(page);
  await expect(page.getByLabel('Name')).toHaveValue('Tab Only!');

  const other = await context.newPage();
  await other.goto('/en/contact');
  await islandsReady(other);
  await expect(other.getByLabel('Name')).toHaveValue('');
});

test('a garbled draft in storage is ignored, not shown and not sent', { tag: '@any-viewport' }, async ({ page }) => {
  await page.addInitScript(() =>
    sessionStorage.setItem('btower:inquiry-form:draft', JSON.stringify({ values: { name: 42 }, attachments: [{ path: 'https://evil.example/x', name: 'x' }] })),
  );
  await page.goto('/en/contact');
  await islandsReady(page);
  await expect(page.getByLabel('Name')).toHaveValue('');
  await expect(page.getByTestId('attachment-list')).toHaveCount(0);
});

test('a draft brought over by a language switch and sent at once is stored: the bot trap counts from the first keystroke, not the page load', { tag: '@any-viewport' }, async ({ page }) => {
  const name = uniqueName('Quick Sender');
  await page.goto('/contact');
  await islandsReady(page);
  const typedAt = await page.evaluate(() => Date.now());
  await page.getByLabel('이름').fill(name);
  await page.getByLabel('연락처').fill('010-2345-6789');
  await page.getByLabel('이메일').fill('quick@example.com');
  await page.getByLabel('문의 내용').fill('2층 식당 자리를 찾고 있습니다.');
  // Two seconds of a person's typing on the Korean page.
  await page.waitForFunction((since) => Date.now() - since >= 2_000, typedAt);

  await page.goto('/en/contact');
  await islandsReady(page);
  await expect(page.getByLabel('Name')).toHaveValue(name);
  await acknowledgeNotice(page);
  const sent = page.waitForRequest((request) => request.url().endsWith('/api/inquiries') && request.method() === 'POST');
  const openFor = await page.evaluate(() => performance.now());
  await page.getByRole('button', { name: 'Send inquiry' }).click();
  // The typing on the Korean page counts, not only the moments this page was open.
  expect(((await sent).postDataJSON() as { fillMs: number }).fillMs).toBeGreaterThan(openFor + 1_000);
  await expect(page.getByTestId('inquiry-summary')).toBeVisible();
  const auth = { Authorization: `Bearer ${await apiToken(page.request)}` };
  const stored = (await (await page.request.get(`/api/inquiries?search=${encodeURIComponent(name)}`, { headers: auth })).json()) as { name: string }[];
  expect(stored.map((inquiry) => inquiry.name)).toEqual([name]);
});
