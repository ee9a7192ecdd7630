import { test, expect } from './fixtures';

const isMobile = (width: number | undefined) => (width ?? 1280) < 1024;

test.describe('top bar', () => {
  test('highlights the current page link', async ({ page }) => {
    await page.goto('/en/floors');
    const nav = isMobile(page.viewportSize()?.width) ? page.locator('#mobile-menu') : page.locator('#top-bar nav');
    if (isMobile(page.viewportSize()?.width)) await page.locator('#mobile-menu-toggle').click();
    const current = nav.locator('a[aria-current="page"]');
    await expect(current).toHaveCount(1);
    await expect(current).toHaveAttribute('href', '/en/floors');
  });

  test('is transparent over the home hero and turns solid past 50 px', async ({ page }) => {
    await page.goto('/');
    const bar = page.locator('#top-bar');
    await expect(bar).toHaveAttribute('data-solid', 'false');
    await page.evaluate(() => window.scrollTo(0, 40));
    await expect(bar).toHaveAttribute('data-solid', 'false');
    await page.evaluate(() => window.scrollTo(0, 120));
    await expect(bar).toHaveAttribute('data-solid', 'true');
    // The colour eases in over 300 ms.
    await expect.poll(() => bar.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe('rgb(255, 255, 255)');
    expect(await bar.evaluate((el) => getComputedStyle(el).boxShadow)).not.toBe('none');
    await page.evaluate(() => window.scrollTo(0, 0));
    await expect(bar).toHaveAttribute('data-solid', 'false');
  });

  test('is solid on other pages from the start', async ({ page }) => {
    await page.goto('/about');
    await expect(page.locator('#top-bar')).toHaveAttribute('data-solid', 'true');
  });
});

test.describe('mobile menu', () => {
  test.beforeEach(({ page }) => {
    test.skip(!isMobile(page.viewportSize()?.width), 'the toggle exists on small screens only');
  });

  test('opens from the toggle and closes when a link is chosen', async ({ page }) => {
    await page.goto('/');
    const toggle = page.locator('#mobile-menu-toggle');
    const menu = page.locator('#mobile-menu');
    await expect(menu).toBeHidden();
    await toggle.click();
    await expect(menu).toBeVisible();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await expect(menu.locator('ul').first().getByRole('link')).toHaveCount(7);
    await menu.getByRole('link', { name: '층별 안내' }).click();
    await expect(page).toHaveURL(/\/floors$/);
    await expect(page.locator('#mobile-menu')).toBeHidden();
  });

  test('closes on Escape and gives focus back to the toggle', async ({ page }) => {
    await page.goto('/about');
    await page.locator('#mobile-menu-toggle').click();
    await expect(page.locator('#mobile-menu')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.locator('#mobile-menu')).toBeHidden();
    await expect(page.locator('#mobile-menu-toggle')).toBeFocused();
  });
});

test.describe('language menu', () => {
  async function chooseLanguage(page: import('@playwright/test').Page, label: string) {
    const mobile = isMobile(page.viewportSize()?.width);
    if (mobile) await page.locator('#mobile-menu-toggle').click();
    const menu = page.locator(mobile ? '#mobile-menu [data-language-menu]' : '#top-bar nav [data-language-menu]');
    await menu.getByRole('button').click();
    await menu.getByRole('link', { name: label }).click();
  }

  test('opens the same page in the chosen language and keeps it after a reload', async ({ page }) => {
    await page.goto('/floors');
    await chooseLanguage(page, 'English');
    await expect(page).toHaveURL(/\/en\/floors$/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    expect(await page.evaluate(() => localStorage.getItem('language'))).toBe('en');
    await page.reload();
    await expect(page).toHaveURL(/\/en\/floors$/);
  });

  test('honours a saved language on load, and only a known one', async ({ page }) => {
    await page.goto('/directions');
    await page.evaluate(() => localStorage.setItem('language', 'ja'));
    await page.goto('/directions');
    await expect(page).toHaveURL(/\/ja\/directions$/);
    await page.evaluate(() => localStorage.setItem('language', 'fr'));
    await page.goto('/about');
    await expect(page).toHaveURL(/\/about$/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'ko-KR');
  });

  test('switching back to Korean lands on the unprefixed page', async ({ page }) => {
    await page.goto('/zh/brands');
    await chooseLanguage(page, '한국어');
    await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/brands$/);
    expect(await page.evaluate(() => localStorage.getItem('language'))).toBe('ko');
  });
});

test('the footer has the three columns and the inquiry button', async ({ page }) => {
  await page.goto('/en/about');
  const footer = page.locator('footer');
  await expect(footer.getByText('B TOWER', { exact: true })).toBeVisible();
  await expect(footer.locator('address')).toContainText('Sillim');
  await footer.getByRole('link', { name: 'Send an Inquiry' }).click();
  await expect(page).toHaveURL(/\/en\/contact$/);
});
