import { test, expect, axeViolations } from './fixtures';
import { TOP_BAR_SCROLL_THRESHOLD } from '../../src/navigation.ts';

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

  test(`is transparent over the home hero and turns solid past ${TOP_BAR_SCROLL_THRESHOLD} px`, async ({ page }) => {
    await page.goto('/');
    const bar = page.locator('#top-bar');
    await expect(bar).toHaveAttribute('data-solid', 'false');
    // "Past" the threshold: exactly at it the bar is still transparent, one pixel more and it is solid.
    await page.evaluate((y) => window.scrollTo(0, y), TOP_BAR_SCROLL_THRESHOLD);
    await page.evaluate(() => new Promise(requestAnimationFrame));
    await expect(bar).toHaveAttribute('data-solid', 'false');
    await page.evaluate((y) => window.scrollTo(0, y), TOP_BAR_SCROLL_THRESHOLD + 1);
    await expect(bar).toHaveAttribute('data-solid', 'true');
    // The colour eases in over 300 ms.
    await expect.poll(() => bar.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe('rgb(255, 255, 255)');
    expect(await bar.evaluate((el) => getComputedStyle(el).boxShadow)).not.toBe('none');
    await page.evaluate((y) => window.scrollTo(0, y), TOP_BAR_SCROLL_THRESHOLD);
    await expect(bar).toHaveAttribute('data-solid', 'false');
  });

  test('is solid on other pages from the start', async ({ page }) => {
    await page.goto('/about');
    await expect(page.locator('#top-bar')).toHaveAttribute('data-solid', 'true');
  });
});

// The toggle exists on small screens only.
test.describe('mobile menu', { tag: '@mobile-only' }, () => {

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

test.describe('mobile menu and the page behind it', { tag: '@mobile-only' }, () => {

  test('the language list opens inside the panel, in its flow', async ({ page }) => {
    await page.goto('/about');
    await page.locator('#mobile-menu-toggle').click();
    const panel = page.locator('#mobile-menu');
    await panel.locator('[data-language-menu] button').click();
    const list = panel.locator('[data-language-menu] ul');
    await expect(list).toBeVisible();
    const [outer, inner] = [(await panel.boundingBox())!, (await list.boundingBox())!];
    expect(inner.x).toBeGreaterThanOrEqual(outer.x);
    expect(inner.x + inner.width).toBeLessThanOrEqual(outer.x + outer.width);
    expect(inner.y + inner.height).toBeLessThanOrEqual(outer.y + outer.height);
    expect(await list.evaluate((el) => getComputedStyle(el).position)).toBe('static');
    for (const link of await list.getByRole('link').all()) expect((await link.boundingBox())!.height).toBeGreaterThanOrEqual(44);
    expect(await axeViolations(page)).toEqual([]);
  });

  test('the page behind an open menu does not scroll, and keeps its place when it closes', async ({ page }) => {
    await page.goto('/about');
    await page.evaluate(() => window.scrollTo(0, 600));
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(600);
    await page.locator('#mobile-menu-toggle').click();
    await expect(page.locator('#mobile-menu')).toBeVisible();
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).overflow)).toBe('hidden');
    await page.mouse.move(200, 780);
    await page.mouse.wheel(0, 400);
    await page.evaluate(() => new Promise(requestAnimationFrame));
    expect(await page.evaluate(() => window.scrollY)).toBe(600);
    await page.keyboard.press('Escape');
    await expect(page.locator('#mobile-menu')).toBeHidden();
    expect(await page.evaluate(() => window.scrollY)).toBe(600);
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).overflowY)).not.toBe('hidden');
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

  test('a saved language chooses the language of the bare entry address, and only a known one', { tag: '@any-viewport' }, async ({ page }) => {
    await page.goto('/directions');
    await page.evaluate(() => localStorage.setItem('language', 'ja'));
    await page.goto('/');
    await expect(page).toHaveURL(/\/ja\/$/);
    await page.evaluate(() => localStorage.setItem('language', 'fr'));
    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('lang', 'ko-KR');
    await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/$/);
  });

  test('a saved language never rewrites an explicit address: a shared link, an unknown path, the home link', { tag: '@any-viewport' }, async ({ page }) => {
    await page.goto('/about');
    await page.evaluate(() => localStorage.setItem('language', 'en'));
    await page.goto('/directions?from=share#map');
    await expect(page.locator('html')).toHaveAttribute('lang', 'ko-KR');
    await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/directions\?from=share#map$/);

    const response = await page.goto('/no-such-page?x=1');
    expect(response?.status()).toBe(404);
    await expect(page.getByTestId('not-found')).toBeVisible();
    await expect(page).toHaveURL(/\/no-such-page\?x=1$/);

    // Following the Korean home link from within the site is a choice, not an entry.
    await page.goto('/about');
    await page.locator('#top-bar nav > a').first().click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'ko-KR');
    await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/$/);
  });

  test('switching keeps the path, its query and anchor, even an unknown path on a 404 page', async ({ page }) => {
    await page.goto('/en/no-such-page?x=1#top');
    await chooseLanguage(page, '한국어');
    await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/no-such-page\?x=1#top$/);
    await expect(page.getByTestId('not-found')).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'ko-KR');

    await page.goto('/floors#2f');
    await chooseLanguage(page, '日本語');
    await expect(page).toHaveURL(/\/ja\/floors#2f$/);
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
  await expect(page).toHaveURL(/\/en\/contact#inquiry-form$/);
  await expect(page.locator('#inquiry-name')).toBeFocused();
});
