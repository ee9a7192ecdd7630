import { expect, test } from './fixtures';
import { islandsReady, uniqueName, acknowledgeNotice } from './support/islands.ts';

/**
 * What a person sees of the abuse limits (issue 10): a throttled inquiry says how long to wait and keeps
 * what was typed; a locked-out admin is told how many minutes; people never see the bot trap.
 */
test('a throttled inquiry says when to send again and keeps what was typed', { tag: '@any-viewport' }, async ({ page }) => {
  await page.route('**/api/inquiries', (route) =>
    route.fulfill({ status: 429, headers: { 'Retry-After': '290' }, contentType: 'application/json', body: '{"error":{"code":"too_many_requests","message":"Too many requests"}}' }),
  );
  await page.goto('/en/contact#inquiry-form');
  await islandsReady(page);
  const name = uniqueName('Throttled');
  await page.getByLabel('Name').fill(name);
  await page.getByLabel('Phone').fill('010-2345-6789');
  await page.getByLabel('Email').fill('tenant@example.com');
  await page.getByLabel('Message').fill('About 100 pyeong on 3F.');
  await acknowledgeNotice(page);
  await page.getByRole('button', { name: 'Send inquiry' }).click();
  await expect(page.getByTestId('toast')).toContainText('Please send it again in 5 min.');
  await expect(page.getByLabel('Name')).toHaveValue(name);
  await expect(page.getByLabel('Message')).toHaveValue('About 100 pyeong on 3F.');
});

test('the bot trap is neither seen nor reachable by keyboard', async ({ page }) => {
  await page.goto('/en/contact#inquiry-form');
  await islandsReady(page);
  const trap = page.locator('#inquiry-website');
  await expect(trap).toHaveAttribute('tabindex', '-1');
  expect(await trap.evaluate((input) => input.getBoundingClientRect().right)).toBeLessThan(0);
  await expect(page.getByRole('textbox', { name: /empty/i })).toHaveCount(0);
  // Off screen to the left: it must not widen the page either.
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
});

test('a locked-out admin is told how many minutes to wait', { tag: '@any-viewport' }, async ({ page }) => {
  await page.route('**/api/admin/login', (route) =>
    route.fulfill({ status: 429, headers: { 'Retry-After': '840' }, contentType: 'application/json', body: '{"error":{"code":"too_many_attempts","message":"admin.login.tooManyAttempts"}}' }),
  );
  await page.goto('/admin');
  await islandsReady(page);
  await page.getByLabel('비밀번호').fill('whatever-password');
  await page.getByRole('button', { name: '로그인', exact: true }).click();
  await expect(page.getByTestId('toast')).toContainText('14분 후에 다시 시도해주세요');
});
