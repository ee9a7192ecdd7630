import { test, expect } from './fixtures';
import type { Page } from '@playwright/test';
import { readFileSync } from 'node:fs';

const content = (file: string) => JSON.parse(readFileSync(new URL(`../../content/${file}`, import.meta.url), 'utf8'));

/** Floor ids start with digits, which a CSS `#id` selector cannot. */
const byId = (id: string) => `[id="${id}"]`;

/** Distance from the viewport's top to a section's top, now. */
const topOf = (page: Page, id: string) => page.evaluate((target) => document.getElementById(target)!.getBoundingClientRect().top, id);

/**
 * Distance from the viewport's top to a section's top once a smooth scroll has arrived: the section is watched
 * until it stands at the offset (a loaded machine may start the animation frames late), then for three frames
 * more, so a scroll that went on past it would show.
 */
async function arrivedTop(page: Page, id: string, offset: number): Promise<number> {
  await expect.poll(async () => Math.abs((await topOf(page, id)) - offset), { timeout: 20_000 }).toBeLessThanOrEqual(2);
  await page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        let last = window.scrollY;
        let still = 0;
        const watch = () => {
          if (window.scrollY === last) still += 1;
          else [last, still] = [window.scrollY, 0];
          if (still >= 3) resolve();
          else requestAnimationFrame(watch);
        };
        requestAnimationFrame(watch);
      }),
  );
  return topOf(page, id);
}

test.describe('floors', () => {
  for (const id of ['b2', '4f-10f', '14f']) {
    test(`the ${id} button scrolls its floor to 100 px below the top`, async ({ page, consoleErrors }) => {
      await page.goto('/en/floors');
      // The live stacking plan above the floors has its final height once its units are in.
      await expect(page.locator('#stacking-plan')).toHaveAttribute('data-plan-state', 'ready');
      await page.locator(`a[data-floor-nav][href="#${id}"]`).click();
      expect(Math.abs((await arrivedTop(page, id, 100)) - 100)).toBeLessThanOrEqual(2);
      await expect(page).toHaveURL(new RegExp(`#${id}$`));
      await expect(page.locator(byId(id))).toBeFocused();
      expect(consoleErrors).toEqual([]);
    });
  }

  test('with reduced motion the jump is immediate and lands at the same place', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.goto('/floors');
    await expect(page.locator('#stacking-plan')).toHaveAttribute('data-plan-state', 'ready');
    await page.locator('a[data-floor-nav][href="#3f"]').click();
    const top = await page.evaluate(() => document.getElementById('3f')!.getBoundingClientRect().top);
    expect(Math.abs(top - 100)).toBeLessThanOrEqual(2);
  });

  test('a floor plan opens enlarged in the dialog and Escape closes it', async ({ page }) => {
    await page.goto('/en/floors');
    const plan = page.locator(`${byId('2f')} button[data-lightbox]`);
    const alt = await plan.locator('img').getAttribute('alt');
    await plan.click();
    const dialog = page.locator('dialog#lightbox');
    await expect(dialog).toBeVisible();
    await expect(dialog.locator('img')).toHaveAttribute('alt', alt!);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(plan).toBeFocused();
  });

  test('every floor shows its plan and at most three example pictures, none on b2', { tag: '@any-viewport' }, async ({ page }) => {
    await page.goto('/ja/floors');
    await expect(page.locator('section[id] button[data-lightbox]')).toHaveCount(9);
    await expect(page.locator(`${byId('b2')} li img`)).toHaveCount(0);
    for (const id of ['b1-1f', '1f', '2f', '12f-13f']) {
      const count = await page.locator(`${byId(id)} li img`).count();
      expect(count).toBeGreaterThan(0);
      expect(count).toBeLessThanOrEqual(3);
    }
  });
});

test.describe('directions', () => {
  test('the map loads only when it comes into view, behind a local picture, and the page works offline', async ({ page, consoleErrors }) => {
    await page.goto('/en/directions');
    await page.waitForLoadState('load');
    const box = page.locator('[data-map-embed]');
    const rect = await box.boundingBox();
    expect(rect!.y).toBeGreaterThan(page.viewportSize()!.height); // precondition: below the fold at start
    // Two rendered frames: an IntersectionObserver that saw the map would have said so by then.
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    await expect(box.locator('iframe')).toHaveCount(0);
    await expect(box.locator('img')).toHaveAttribute('alt', /.+/);
    await expect(page.locator('a[target="_blank"][href*="google.com/maps"]')).toBeVisible();

    await box.scrollIntoViewIfNeeded();
    const iframe = box.locator('iframe');
    await expect(iframe).toHaveAttribute('src', /google\.com\/maps.*output=embed/);
    await expect(iframe).toHaveAttribute('title', /.+/);
    // The map host is blocked in tests: the illustration still fills the box and nothing breaks.
    await expect(box.locator('img')).toBeVisible();
    expect(consoleErrors).toEqual([]);
  });

  test('the load button brings the map in on demand', { tag: '@any-viewport' }, async ({ page }) => {
    await page.goto('/zh/directions');
    await page.waitForLoadState('load');
    // A real click would scroll the box into view, which loads the map anyway; test the button alone.
    await page.locator('[data-map-load] button').dispatchEvent('click');
    await expect(page.locator('[data-map-embed] iframe')).toHaveCount(1);
    await expect(page.locator('[data-map-load]')).toHaveCount(0);
  });

  test('branch buses show the first 8, the rest on request', { tag: '@any-viewport' }, async ({ page }) => {
    await page.goto('/directions');
    const branch = page.locator('[data-bus-group="branch"]');
    await expect(branch.locator('[data-bus-list] li')).toHaveCount(8);
    const more = branch.locator('[data-bus-more] li');
    const hidden = await more.count();
    expect(hidden).toBeGreaterThan(0);
    await expect(more.first()).toBeHidden();
    await branch.locator('summary').click();
    await expect(more.first()).toBeVisible();
    for (const group of ['village', 'regular', 'trunk', 'metropolitan']) {
      await expect(page.locator(`[data-bus-group="${group}"] li`).first()).toBeVisible();
    }
  });

  test('drivers read where to park: B2, the words the tour mails give too', { tag: '@any-viewport' }, async ({ page }) => {
    await page.goto('/directions');
    const parking = page.locator('[data-parking]');
    await expect(parking.getByRole('heading', { name: '주차' })).toBeVisible();
    await expect(parking).toContainText('방문객 주차장은 지하 2층(B2)이며');
  });
});

test('contact shows guide, documents, six steps and the rule before the inquiry form', { tag: '@any-viewport' }, async ({ page }) => {
  await page.goto('/en/contact');
  const headings = await page.locator('main h2').allTextContents();
  const leasing = content('leasing/en.json');
  const inquiryTitle = content('i18n/en/inquiry.json').title as string;
  expect(headings.slice(0, 5)).toEqual([leasing.guide.title, leasing.documents.title, leasing.process.title, leasing.rule.title, inquiryTitle]);
  await expect(page.locator('main h2').nth(4)).toHaveAttribute('id', 'inquiry-title');
  const steps = page.locator('[data-leasing-steps] > li');
  await expect(steps).toHaveCount(6);
  for (let i = 0; i < 6; i++) {
    await expect(steps.nth(i)).toContainText(`Step 0${i + 1}`);
    await expect(steps.nth(i)).toContainText(leasing.process.steps[i].description);
    await expect(steps.nth(i).locator('svg[aria-hidden="true"]')).toHaveCount(1);
  }
  await expect(page.locator('ol[aria-labelledby="documents-title"] > li')).toHaveCount(5);
  await expect(page.locator('main strong').first()).toBeVisible(); // the guide's HTML is rendered, not escaped
});

for (const [path, home, notFound] of [['/nope', '/', '페이지 없음'], ['/en/nope', '/en/', 'Page Not Found']] as const) {
  test(`${path} answers 404 with the Page Not Found card, in its language, and a way home`, { tag: '@any-viewport' }, async ({ page }) => {
    const response = await page.goto(path);
    expect(response?.status()).toBe(404);
    const card = page.getByTestId('not-found');
    await expect(card).toBeVisible();
    await expect(card).toContainText(notFound);
    await expect(card.locator('a')).toHaveAttribute('href', home);
  });
}

