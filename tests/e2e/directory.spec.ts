import { test, expect, axeViolations } from './fixtures';
import type { Page } from '@playwright/test';
import { apiToken, createBrand, islandsReady, uniqueName } from './support/islands.ts';

/** On a phone the selects fold behind the Filters button: opens it (wider screens always show them). */
async function showFilters(page: Page) {
  const toggle = page.getByTestId('filters-toggle');
  if ((await toggle.isVisible()) && (await toggle.getAttribute('aria-expanded')) === 'false') await toggle.click();
}

/** Names of the cards shown, once the list has settled. */
async function shownNames(page: Page): Promise<string[]> {
  await expect(page.getByTestId('brand-skeleton')).toHaveCount(0);
  // The first screen of cards comes first, the rest a frame later: the list says busy until all are in.
  await expect(page.getByTestId('brand-results')).toHaveAttribute('aria-busy', 'false');
  return page.getByTestId('brand-card').locator('h3').allTextContents();
}

test('search and each filter narrow the directory; the URL carries them through reload and back', { tag: '@any-viewport' }, async ({ page, consoleErrors }) => {
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

  await showFilters(page);
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
  await expect(page.getByTestId('brand-card')).toContainText('Opening soon');
  expect(consoleErrors).toEqual([]);
});

test('the selects offer every category, every floor a brand can be on (B1–14F) and both states', { tag: '@any-viewport' }, async ({ page }) => {
  await page.goto('/en/brands');
  await expect(page.getByLabel('Category').locator('option')).toHaveText(['All categories', 'F&B', 'Medical', 'Office', 'Retail', 'Service', 'Education', 'Beauty']);
  await expect(page.getByLabel('Floor').locator('option')).toHaveText(['All floors', 'B1', ...Array.from({ length: 14 }, (_, i) => `${i + 1}F`)]);
  await expect(page.getByLabel('Status').locator('option')).toHaveText(['All', 'Open', 'Opening soon']);
});

test('/brands passes axe with results shown', async ({ page }) => {
  await page.goto('/brands');
  await page.waitForLoadState('networkidle');
  await expect(page.getByTestId('brand-skeleton')).toHaveCount(0);
  // Every card built (they come a few at a time), so axe sees the page as it settles.
  await expect(page.getByTestId('brand-results')).toHaveAttribute('aria-busy', 'false', { timeout: 20_000 });
  expect(await axeViolations(page)).toEqual([]);
});

test('a 12F tenant is found by floor, and a shared ?floor=12F link shows only that floor', { tag: '@any-viewport' }, async ({ page }) => {
  const tag = uniqueName('high').replace(' ', '');
  const token = await apiToken(page.request);
  const high = await createBrand(page.request, token, { name: `${tag} Sky Lounge`, floor: '12F', tags: [tag] });
  await createBrand(page.request, token, { name: `${tag} Ground Shop`, floor: '1F', tags: [tag] });
  await page.goto(`/en/brands?search=${tag}`);
  await islandsReady(page);
  await expect.poll(() => shownNames(page)).toHaveLength(2);
  await showFilters(page);
  await page.getByLabel('Floor').selectOption('12F');
  await expect.poll(() => shownNames(page)).toEqual([high.name]);
  await page.goto(`/en/brands?floor=12F&search=${tag}`);
  await expect(page.getByLabel('Floor')).toHaveValue('12F');
  await expect.poll(() => shownNames(page)).toEqual([high.name]);
});

test('the result count is visible, and one control resets every filter', async ({ page }) => {
  const tag = uniqueName('count').replace(' ', '');
  const token = await apiToken(page.request);
  await createBrand(page.request, token, { name: `${tag} One`, category: 'Retail', tags: [tag] });
  await createBrand(page.request, token, { name: `${tag} Two`, category: 'Medical', tags: [tag] });
  await page.goto('/en/brands');
  await islandsReady(page);
  await expect(page.getByTestId('reset-filters')).toHaveCount(0);
  await page.getByLabel('Search').fill(tag);
  await expect(page.getByRole('heading', { level: 2, name: '2 brands found' })).toBeVisible();
  await showFilters(page);
  await page.getByLabel('Category').selectOption('Medical');
  // The language's plural rules: one brand, not "1 brands".
  await expect(page.getByRole('heading', { level: 2, name: '1 brand found', exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Reset filters' }).click();
  await expect(page.getByLabel('Search')).toHaveValue('');
  await expect(page.getByLabel('Category')).toHaveValue('all');
  await expect(page).toHaveURL(/\/en\/brands$/);
  await expect(page.getByTestId('reset-filters')).toHaveCount(0);
  await expect(page.getByTestId('brand-card').first()).toBeVisible();
});

test('a card shows its phone number and e-mail as links anyone can read', { tag: '@any-viewport' }, async ({ page }) => {
  const tag = uniqueName('contact').replace(' ', '');
  const token = await apiToken(page.request);
  await createBrand(page.request, token, { name: `${tag} Clinic`, tags: [tag], contactInfo: { phone: '02-555-0199', email: 'desk@clinic.example', website: '' } });
  await page.goto(`/en/brands?search=${tag}`);
  const card = page.getByTestId('brand-card');
  await expect(card).toHaveCount(1);
  await expect(card.getByRole('link', { name: '02-555-0199' })).toHaveAttribute('href', 'tel:025550199');
  await expect(card.getByRole('link', { name: 'desk@clinic.example' })).toHaveAttribute('href', 'mailto:desk@clinic.example');
  await expect(card).toContainText('Phone');
});

test('the search waits 300 ms after the last keystroke before it asks the server', { tag: '@any-viewport' }, async ({ page }) => {
  // The page's clock is ours: keystrokes land with time stopped, then it moves 299 ms, then 1 ms more. A busy
  // machine can slow the page down but cannot make it skip or stretch those milliseconds.
  await page.clock.install();
  await page.addInitScript(() => {
    const searches: string[] = [];
    (window as unknown as { searches: string[] }).searches = searches;
    const original = window.fetch;
    window.fetch = (input, init) => {
      const url = new URL(String(input instanceof Request ? input.url : input), location.href);
      if (url.pathname === '/api/brands' && url.searchParams.has('search')) searches.push(url.searchParams.get('search')!);
      return original(input, init);
    };
  });
  await page.goto('/en/brands');
  await islandsReady(page);
  await expect(page.getByTestId('brand-skeleton')).toHaveCount(0);
  const searches = () => page.evaluate(() => (window as unknown as { searches: string[] }).searches);
  await page.clock.pauseAt(Date.now() + 60_000);
  const word = uniqueName('deb').replace(' ', '');
  await page.getByLabel('Search').pressSequentially(word);
  await expect(page.getByLabel('Search')).toHaveValue(word);
  await page.clock.runFor(299);
  expect(await searches()).toEqual([]);
  // The island's effects run after the next frame (Preact), so the request leaves a frame or two after the
  // 300 ms rest: one request, for the whole word.
  await page.clock.runFor(51);
  expect(await searches()).toEqual([word]);
  await page.clock.resume();
  await expect(page).toHaveURL(new RegExp(`search=${word}`));
  await expect(page.getByText('No brands found.')).toBeVisible();
  expect(await searches()).toEqual([word]);
});

test('more brands than one screen: the first screen comes first, then every card, and the list is busy until then', async ({ page }) => {
  const tag = uniqueName('many').replace(' ', '');
  const token = await apiToken(page.request);
  for (let i = 0; i < 9; i += 1) await createBrand(page.request, token, { name: `${tag} Shop ${i}`, tags: [tag] });
  await page.goto(`/en/brands?search=${tag}`);
  await expect(page.getByRole('heading', { level: 2, name: '9 brands found' })).toBeVisible();
  const results = page.getByTestId('brand-results');
  await expect(results).toHaveAttribute('aria-busy', 'false');
  // Once the list says it is done, every card is there, newest first.
  const names = await page.getByTestId('brand-card').locator('h3').allTextContents();
  expect(names).toEqual(Array.from({ length: 9 }, (_, i) => `${tag} Shop ${8 - i}`));
});

test('every card picture is a 4:3 box, square and small photos included, so cards in a row line up', async ({ page }) => {
  const tag = uniqueName('square').replace(' ', '');
  const token = await apiToken(page.request);
  // createBrand's thumbnails are small square PNGs (8×8): the image CDN does not enlarge them to 4:3.
  for (let i = 0; i < 3; i += 1) await createBrand(page.request, token, { name: `${tag} Square ${i}`, tags: [tag] });
  await page.goto(`/en/brands?search=${tag}`);
  await expect.poll(() => shownNames(page)).toHaveLength(3);
  const pictures = page.getByTestId('brand-card').locator('img');
  await expect(pictures).toHaveCount(3);
  await expect.poll(() => pictures.evaluateAll((imgs) => imgs.every((img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth > 0))).toBe(true);
  for (const box of await pictures.evaluateAll((imgs) => imgs.map((img) => img.getBoundingClientRect().toJSON() as DOMRect))) {
    expect(Math.abs(box.height - (box.width * 3) / 4), `picture ${box.width}×${box.height} is not 4:3`).toBeLessThanOrEqual(1);
  }
});

test('on a phone the filters fold behind one button that counts the active ones; the search and the first brands stay on the first screen', { tag: '@mobile-only' }, async ({ page }) => {
  const tag = uniqueName('fold').replace(' ', '');
  const token = await apiToken(page.request);
  await createBrand(page.request, token, { name: `${tag} Bakery`, category: 'F&B', floor: '1F', tags: [tag] });
  await page.goto(`/en/brands?search=${tag}`);
  await islandsReady(page);
  await expect.poll(() => shownNames(page)).toHaveLength(1);
  await expect(page.getByLabel('Search')).toBeInViewport();
  await expect(page.getByLabel('Category')).toBeHidden();
  const toggle = page.getByTestId('filters-toggle');
  await expect(toggle).toHaveAccessibleName('Filters');
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  // The first card starts on the first screen, not under a screenful of controls.
  await expect(page.getByTestId('brand-card').first()).toBeInViewport();

  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  await page.getByLabel('Category').selectOption('F&B');
  await page.getByLabel('Floor').selectOption('1F');
  await expect(toggle).toHaveAccessibleName(/Filters\s*2 active/);
  await toggle.click();
  await expect(page.getByLabel('Category')).toBeHidden();
  await expect.poll(() => shownNames(page)).toEqual([`${tag} Bakery`]);
  // A shared link with one filter shows the count before anything is opened.
  await page.goto(`/en/brands?search=${tag}&category=F%26B`);
  await expect(page.getByTestId('filters-toggle')).toHaveAccessibleName(/Filters\s*1 active/);
});
