import { test, expect } from './fixtures';
import type { Page } from '@playwright/test';
import type { Brand } from '../../src/shared/brand.ts';
import { TENANTS_JSON_LD_ID } from '../../src/seo/json-ld.ts';
import { apiToken, createBrand, openAdmin, pngFile, uniqueName, uploadInDialog } from './support/islands.ts';

/** Signs in and opens the brands tab with its list loaded. */
async function openBrands(page: Page) {
  await openAdmin(page);
  await page.getByRole('tab', { name: '브랜드 관리' }).click();
  // Loaded once its search box (or its empty line) shows: before the tab's code comes there is no loading line to wait out either.
  await expect(page.getByRole('searchbox', { name: '브랜드 검색' }).or(page.getByText('등록된 브랜드가 없습니다.'))).toBeVisible();
}

/** Fills every required field but the thumbnail. */
async function fillBrand(page: Page, name: string) {
  await page.getByLabel('브랜드명').fill(name);
  await page.getByLabel('설명').fill('두 번째 브랜드도 썸네일을 올릴 수 있어야 합니다.');
  await page.getByLabel('업종').selectOption('Retail');
  await page.getByLabel('층수').selectOption('2F');
  await page.getByLabel('호수').fill('201');
  await page.getByLabel('면적').fill('40평');
  await page.getByLabel('전화번호').fill('02-555-0201');
  await page.getByLabel('이메일').fill('shop@example.com');
}

/** Lets React run the effects the last event scheduled (they go through a MessageChannel, which the fake clock leaves alone). */
const settled = (page: Page) =>
  page.evaluate(() => new Promise<void>((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => resolve();
    channel.port2.postMessage(0);
  }));

const stored = async (page: Page, name: string) =>
  ((await (await page.request.get(`/api/brands?search=${encodeURIComponent(name)}`)).json()) as Brand[]).filter((b) => b.name === name);

test('two brands in one session: each form gets a fresh upload dialog with a picker, and both save', async ({ page }) => {
  await openBrands(page);
  const dialog = page.locator('.uppy-Dashboard--modal');
  for (const name of [uniqueName('E2E First'), uniqueName('E2E Second')]) {
    await fillBrand(page, name);
    await page.getByRole('button', { name: '썸네일 업로드' }).click();
    // A new form's dialog offers the picker, not the last brand's "upload complete".
    await expect(dialog.locator('.uppy-Dashboard-inner')).toBeVisible();
    await expect(dialog.locator('.uppy-Dashboard-browse')).toBeVisible();
    await expect(dialog.locator('.uppy-Dashboard-Item')).toHaveCount(0);
    await uploadInDialog(page, [pngFile(`${name}.png`)]);
    await expect(page.getByTestId('thumbnail-preview')).toBeVisible();
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: '등록', exact: true }).click();
    await expect(page.getByTestId('toast')).toContainText('브랜드가 등록되었습니다.');
    await expect(page.getByTestId('brand-row').filter({ hasText: name })).toBeVisible();
    expect((await stored(page, name))[0]?.thumbnail).toMatch(/^\/objects\/uploads\//);
  }
});

test('the thumbnail dialog refuses GIF and SVG with the allowed types in words', { tag: '@any-viewport' }, async ({ page }) => {
  await openBrands(page);
  await page.getByRole('button', { name: '썸네일 업로드' }).click();
  const dialog = page.locator('.uppy-Dashboard--modal');
  const input = dialog.locator('input.uppy-Dashboard-input').first();
  for (const file of [
    { name: 'logo.gif', mimeType: 'image/gif', buffer: Buffer.from('GIF89a\x01\x00\x01\x00') },
    { name: 'logo.svg', mimeType: 'image/svg+xml', buffer: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>') },
  ]) {
    await input.setInputFiles(file);
    const alert = dialog.getByRole('alert').filter({ hasText: `${file.name}` }).or(dialog.getByRole('alert')).first();
    await expect(alert).toHaveText(/다음 형식만 업로드할 수 있습니다: PNG, JPG, JPEG, WEBP/);
    await expect(alert).not.toContainText('image/');
    await expect(dialog.locator('.uppy-Dashboard-Item')).toHaveCount(0);
  }
});

test('delete is immediate and its toast can undo it: the brand comes back whole, thumbnail included', async ({ page }) => {
  const token = await apiToken(page.request);
  const seeded = await createBrand(page.request, token, {
    name: uniqueName('E2E Undo'),
    tags: ['bakery', 'brunch'],
    nameI18n: { en: 'Undo Bakery' },
  });
  await openBrands(page);
  const row = page.getByTestId('brand-row').filter({ hasText: seeded.name });
  await row.getByRole('button', { name: /삭제/ }).click();
  const toast = page.getByTestId('toast');
  await expect(toast).toContainText('브랜드가 삭제되었습니다.');
  await expect(row).toHaveCount(0);
  expect(await stored(page, seeded.name)).toEqual([]);
  // The row's button is gone: focus is on the undo, so Enter is all it takes.
  const undo = toast.getByRole('button', { name: '되돌리기' });
  await expect(undo).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(toast).toContainText('브랜드를 되돌렸습니다.');
  await expect(row).toHaveCount(1);
  // The same brand, not a copy: its id and date, so it keeps its place instead of turning newest.
  const [back] = await stored(page, seeded.name);
  expect(back).toEqual(seeded);
  // Public again: a visitor (no session) gets the image.
  const image = await page.context().request.get(back!.thumbnail!, { headers: { Authorization: '' } });
  expect(image.status()).toBe(200);
  expect(image.headers()['content-type']).toBe('image/png');
});

// Timing, not layout: once is enough, and a phone's smooth scrolling stalls under the fake clock.
test('an undo toast stays at least 8 seconds and is announced politely', { tag: '@any-viewport' }, async ({ page }) => {
  await page.clock.install();
  const token = await apiToken(page.request);
  const seeded = await createBrand(page.request, token, { name: uniqueName('E2E Toast') });
  await openBrands(page);
  await page.getByTestId('brand-row').filter({ hasText: seeded.name }).getByRole('button', { name: /삭제/ }).click();
  const toast = page.getByTestId('toast');
  await expect(toast).toContainText('되돌리기');
  await expect(page.getByRole('status').filter({ has: toast })).toHaveAttribute('aria-live', 'polite');
  // While focus is in the toast it waits; moving focus back to the page lets its timer run.
  await expect(toast.getByRole('button', { name: '되돌리기' })).toBeFocused();
  await page.clock.fastForward(20_000);
  await expect(toast).toBeVisible();
  await page.getByRole('heading', { name: '등록된 브랜드' }).click();
  await settled(page);
  await page.clock.fastForward(8_000);
  await expect(toast).toBeVisible();
  await page.clock.fastForward(3_000);
  await expect(toast).toHaveCount(0);
});

test('수정 brings the form into view, focuses its first field and marks the row', async ({ page }) => {
  const token = await apiToken(page.request);
  const seeded = await createBrand(page.request, token, { name: uniqueName('E2E Edit View') });
  await openBrands(page);
  const row = page.getByTestId('brand-row').filter({ hasText: seeded.name });
  await row.scrollIntoViewIfNeeded();
  await row.getByRole('button', { name: /수정/ }).click();
  await expect(page.getByLabel('브랜드명')).toBeFocused();
  await expect(page.getByLabel('브랜드명')).toHaveValue(seeded.name);
  await expect(page.getByRole('heading', { name: /브랜드 수정/ })).toBeInViewport();
  await expect(row).toHaveAttribute('aria-current', 'true');
  await expect(row).toContainText('수정 중');
  await page.getByRole('button', { name: '취소' }).click();
  await expect(row).not.toHaveAttribute('aria-current', 'true');
});

test('names and descriptions in other languages: entered on their tabs, shown to visitors of that language, Korean otherwise', { tag: '@any-viewport' }, async ({ page }) => {
  const name = uniqueName('E2E 다국어');
  const english = `${name} EN`;
  await openBrands(page);
  await fillBrand(page, name);
  await page.getByRole('tab', { name: 'English' }).click();
  await page.getByLabel('브랜드명 (English)').fill(english);
  await page.getByLabel('설명 (English)').fill('An English description.');
  await page.getByRole('tab', { name: 'English' }).press('ArrowRight');
  await expect(page.getByRole('tab', { name: '中文' })).toBeFocused();
  await page.getByLabel('브랜드명 (中文)').fill('x'.repeat(101));
  await page.getByRole('tab', { name: '한국어' }).click();
  await page.getByRole('button', { name: '썸네일 업로드' }).click();
  await uploadInDialog(page, [pngFile()]);
  await expect(page.getByTestId('thumbnail-preview')).toBeVisible();
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: '등록', exact: true }).click();
  // The too long Chinese name: its tab opens and its field takes focus.
  await expect(page.getByLabel('브랜드명 (中文)')).toBeFocused();
  await expect(page.getByLabel('브랜드명 (中文)')).toHaveAccessibleDescription('입력한 내용이 너무 깁니다');
  await page.getByLabel('브랜드명 (中文)').fill('');
  await page.getByRole('button', { name: '등록', exact: true }).click();
  await expect(page.getByTestId('toast')).toContainText('브랜드가 등록되었습니다.');

  await page.goto(`/en/brands?search=${encodeURIComponent(english)}`);
  const card = page.getByTestId('brand-card');
  await expect(card.locator('h3')).toHaveText(english);
  await expect(card).toContainText('An English description.');
  // Search engines read the same name: the page's JSON-LD lists the tenant in English.
  await expect
    .poll(() => page.locator(`#${TENANTS_JSON_LD_ID}`).evaluate((script) => JSON.parse(script.textContent ?? '{}').containsPlace?.map((p: { name: string }) => p.name)))
    .toEqual([english]);
  // Chinese was left empty: the Korean name, found by its English one too.
  await page.goto(`/zh/brands?search=${encodeURIComponent(english)}`);
  await expect(page.getByTestId('brand-card').locator('h3')).toHaveText(name);
});

test('the brand table shows thumbnails and filters as the admin types', async ({ page }) => {
  const token = await apiToken(page.request);
  const tag = uniqueName('E2E Find').replace(/\s/g, '-');
  await createBrand(page.request, token, { name: `${tag} Alpha`, tags: ['espresso'] });
  await createBrand(page.request, token, { name: `${tag} Beta`, nameI18n: { ja: 'ベータ' } });
  await openBrands(page);
  const rows = page.getByTestId('brand-row');
  const search = page.getByLabel('브랜드 검색');
  await search.fill(tag);
  await expect(rows).toHaveCount(2);
  const image = rows.first().getByRole('img');
  await expect(image).toHaveAttribute('width', '48');
  await expect(image).toHaveJSProperty('complete', true);
  expect(await image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  await search.fill(`${tag} espresso`);
  await expect(rows).toHaveText([new RegExp(`${tag} Alpha`)]);
  await search.fill('ベータ');
  await expect(rows.filter({ hasText: `${tag} Beta` })).toHaveCount(1);
  await search.fill(`${tag} nothing-like-this`);
  await expect(rows).toHaveCount(0);
  await expect(page.getByText('검색어와 맞는 브랜드가 없습니다.')).toBeVisible();
});

test('tags in other languages (issue 28): entered on their language tab, shown and found on that language\'s directory and brand page, Korean tags where a language has none', async ({ page }) => {
  const name = uniqueName('E2E 태그');
  const findable = uniqueName('Implants').replace(/\s/g, '-');
  await openBrands(page);
  await fillBrand(page, name);
  await page.getByLabel('태그', { exact: true }).fill('치과');
  await page.getByLabel('태그', { exact: true }).press('Enter');
  await page.getByRole('tab', { name: 'English' }).click();
  const englishTags = page.getByLabel('태그 (English)');
  for (const tag of ['Dentist', findable]) {
    await englishTags.fill(tag);
    await englishTags.press('Enter');
  }
  await expect(page.getByTestId('tag-chip')).toHaveText(['Dentist', findable]);
  await page.getByRole('tab', { name: '한국어' }).click();
  await expect(page.getByTestId('tag-chip')).toHaveText(['치과']);
  await page.getByRole('button', { name: '썸네일 업로드' }).click();
  await uploadInDialog(page, [pngFile()]);
  await expect(page.getByTestId('thumbnail-preview')).toBeVisible();
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: '등록', exact: true }).click();
  await expect(page.getByTestId('toast')).toContainText('브랜드가 등록되었습니다.');

  // The English directory shows the English tags and finds the brand by one of them.
  await page.goto(`/en/brands?search=${encodeURIComponent(findable)}`);
  const card = page.getByTestId('brand-card');
  await expect(card).toHaveCount(1);
  await expect(card.getByRole('list', { name: 'Tags' })).toHaveText(['#Dentist', `#${findable}`].join(''));
  await expect(card).not.toContainText('#치과');
  // Its page too.
  await card.locator('h3').getByRole('link').click();
  await expect(page).toHaveURL(/\/en\/brands\/[^/]+\/$/);
  await expect(page.getByRole('main')).toContainText('#Dentist');
  await expect(page.getByRole('main')).not.toContainText('#치과');
  // Japanese was left without tags: the Korean ones, as with a name left empty.
  await page.goto(`/ja/brands?search=${encodeURIComponent(findable)}`);
  await expect(page.getByTestId('brand-card')).toContainText('#치과');
  await expect(page.getByTestId('brand-card')).not.toContainText('#Dentist');
});
