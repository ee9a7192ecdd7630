import { test, expect, axeViolations } from './fixtures';
import { brandText, type Brand } from '../../src/shared/brand.ts';

test('the home strip shows three placeholders while loading, then the invitation when there are no brands', { tag: '@any-viewport' }, async ({ page }) => {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  // An empty directory, whatever parallel tests have stored.
  await page.route('**/api/brands?*', async (route) => {
    await held;
    await route.fulfill({ json: [] });
  });
  await page.goto('/en/');
  const section = page.locator('#tenants');
  await expect(section.getByTestId('brand-skeleton')).toHaveCount(3);
  // The strip loads nothing until it comes into view (client:visible): no list request before that.
  await section.scrollIntoViewIfNeeded();
  release();
  await expect(section.getByTestId('brand-skeleton')).toHaveCount(0);
  await expect(section).toContainText('Premium location');
  await expect(section).toContainText('Affluent customers');
  await expect(section).toContainText('Perfect infrastructure');
  await expect(section.getByRole('link', { name: 'Make a leasing inquiry' })).toHaveAttribute('href', '/en/contact#inquiry-form');
  await expect(section.getByRole('link', { name: 'View all brands' })).toHaveCount(0);
  // Only the strip: the top bar is mid-transition right after a scroll, and the page suite checks it.
  expect(await axeViolations(page, { include: '#tenants' })).toEqual([]);
});

test('the directory shows its skeleton while loading and says so when nothing matches', { tag: '@any-viewport' }, async ({ page }) => {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/brands*', async (route) => {
    await held;
    await route.fulfill({ json: [] });
  });
  await page.goto('/ja/brands');
  await expect(page.getByTestId('brand-skeleton').first()).toBeVisible();
  release();
  await expect(page.getByTestId('no-brands')).toHaveText('該当するブランドが見つかりません。');
});

test('the home strip shows exactly the 3 newest brands, newest first, and asks for no more than 3', { tag: '@any-viewport' }, async ({ page }) => {
  const { apiToken, createBrand, uniqueName } = await import('./support/islands.ts');
  const marker = uniqueName('newest');
  const token = await apiToken(page.request);
  // At least three brands, so the strip is full.
  for (const n of [1, 2, 3]) await createBrand(page.request, token, { name: `${marker} ${n}` });
  const asked: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/brands') asked.push(new URL(request.url()).search);
  });
  const strip = page.locator('#tenants');
  // Tests running beside this one store brands too: the strip must match the newest three as stored at
  // that moment, so a visit that crossed a parallel write is read again.
  await expect(async () => {
    asked.length = 0;
    await page.goto('/en/');
    await strip.scrollIntoViewIfNeeded();
    await expect(strip.getByTestId('brand-card')).toHaveCount(3);
    const shown = await strip.getByTestId('brand-card').locator('h3').allTextContents();
    const stored = ((await (await page.request.get('/api/brands')).json()) as Brand[]).slice(0, 3).map((brand) => brandText(brand, 'en').name);
    expect(shown).toEqual(stored);
  }).toPass();
  expect(asked).toEqual(['?limit=3']);
});
