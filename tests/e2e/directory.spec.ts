import { test, expect, axeViolations } from './fixtures';
import type { Page } from '@playwright/test';
import { apiToken, createBrand, islandsReady, uniqueName } from './support/islands.ts';

/** Names of the cards shown, once the list has settled. */
async function shownNames(page: Page): Promise<string[]> {
  await expect(page.getByTestId('brand-skeleton')).toHaveCount(0);
  return page.getByTestId('brand-card').locator('h3').allTextContents();
}

test('search and each filter narrow the directory; the URL carries them through reload and back', async ({ page, consoleErrors }) => {
  test.setTimeout(90_000);
  // Our own brands, found by a tag no other test uses: the database is shared with parallel tests.
  const tag = uniqueName('dir').replace(' ', '');
  const token = await apiToken(page.request);
  const cafe = await createBrand(page.request, token, { name: `${tag} Café`, category: 'F&B', floor: '1F', isAvailable: true, tags: [tag] });
  const clinic = await createBrand(page.request, token, { name: `${tag} Clinic`, category: 'Medical', floor: '3F', isAvailable: true, tags: [tag] });
  const studio = await createBrand(page.request, token, { name: `${tag} Studio`, category: 'Beauty', floor: '3F', isAvailable: false, tags: [tag] });

  await page.goto('/brands');
  await islandsReady(page);
  await page.getByLabel('검색').fill(tag);
  // Debounced: the URL follows once typing rests.
  await expect(page).toHaveURL(new RegExp(`search=${tag}`));
  await expect.poll(() => shownNames(page)).toEqual([studio.name, clinic.name, cafe.name]);

  await page.getByLabel('층수').selectOption('3F');
  await expect.poll(() => shownNames(page)).toEqual([studio.name, clinic.name]);
  await page.getByLabel('영업 상태').selectOption('true');
  await expect.poll(() => shownNames(page)).toEqual([clinic.name]);
  await page.getByLabel('영업 상태').selectOption('all');
  await page.getByLabel('업종').selectOption('Beauty');
  await expect.poll(() => shownNames(page)).toEqual([studio.name]);
  await expect(page).toHaveURL(/category=Beauty/);
  await expect(page).toHaveURL(/floor=3F/);

  await page.getByLabel('업종').selectOption('Office');
  await expect(page.getByTestId('no-brands')).toHaveText('조건에 맞는 브랜드가 없습니다.');
  await page.getByLabel('업종').selectOption('Beauty');
  await expect(page).toHaveURL(/category=Beauty/);

  // Reload keeps the view.
  await page.reload();
  await expect(page.getByLabel('검색')).toHaveValue(tag);
  await expect(page.getByLabel('업종')).toHaveValue('Beauty');
  await expect(page.getByLabel('층수')).toHaveValue('3F');
  await expect.poll(() => shownNames(page)).toEqual([studio.name]);

  // Leaving and coming back keeps it too.
  await page.goto('/');
  await page.goBack();
  await expect(page.getByLabel('업종')).toHaveValue('Beauty');
  await expect.poll(() => shownNames(page)).toEqual([studio.name]);

  // A shared link opens the same view, in another language too.
  await page.goto(`/en/brands?search=${tag}&floor=3F&isAvailable=false`);
  await expect(page.getByLabel('Status')).toHaveValue('false');
  await expect.poll(() => shownNames(page)).toEqual([studio.name]);
  await expect(page.getByTestId('brand-card')).toContainText('Coming soon');
  expect(consoleErrors).toEqual([]);
});

test('the selects offer exactly the spec options', async ({ page }) => {
  await page.goto('/en/brands');
  await expect(page.getByLabel('Category').locator('option')).toHaveText(['All categories', 'F&B', 'Medical', 'Office', 'Retail', 'Service', 'Education', 'Beauty']);
  await expect(page.getByLabel('Floor').locator('option')).toHaveText(['All floors', 'B1', ...Array.from({ length: 10 }, (_, i) => `${i + 1}F`)]);
  await expect(page.getByLabel('Status').locator('option')).toHaveText(['All', 'Open', 'Coming soon']);
});

test('/brands passes axe with results shown', async ({ page }) => {
  await page.goto('/brands');
  await page.waitForLoadState('networkidle');
  await expect(page.getByTestId('brand-skeleton')).toHaveCount(0);
  expect(await axeViolations(page)).toEqual([]);
});
