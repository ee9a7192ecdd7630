import { test, expect } from './fixtures';
import type { Page } from '@playwright/test';
import { islandsReady } from './support/islands.ts';

/** Script files the page downloads while `visit` runs. */
async function scriptsLoaded(page: Page, visit: () => Promise<void>): Promise<string[]> {
  const scripts: string[] = [];
  const record = (request: { url: () => string; resourceType: () => string }) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  };
  page.on('request', record);
  await visit();
  page.off('request', record);
  return scripts;
}

const validationLibrary = (scripts: string[]) => scripts.filter((path) => /\/_astro\/valibot\.[^/]*\.js$/.test(path));

test('public pages never download the validation library, even once their islands are used; the admin does', { tag: '@any-viewport' }, async ({ page }) => {
  const publicScripts = await scriptsLoaded(page, async () => {
    await page.goto('/');
    await page.locator('#tenants').scrollIntoViewIfNeeded();
    await islandsReady(page);
    await page.goto('/en/brands');
    await islandsReady(page);
    await page.getByLabel('Search').fill('clinic');
    await page.goto('/contact');
    await islandsReady(page);
    // The form checks what was typed in the browser: an empty send is refused there.
    await page.getByRole('button', { name: '문의하기' }).click();
    await expect(page.getByLabel('이름')).toHaveAccessibleDescription('필수 항목입니다.');
  });
  expect(publicScripts.some((path) => /InquiryForm/.test(path))).toBe(true);
  expect(validationLibrary(publicScripts)).toEqual([]);

  const adminScripts = await scriptsLoaded(page, async () => {
    await page.goto('/admin');
    await islandsReady(page);
  });
  expect(validationLibrary(adminScripts)).toHaveLength(1);
});

test('the page a proposal link opens is a static page: no island runtime, framework, islands chunk or validation library', { tag: '@any-viewport' }, async ({ page }) => {
  const scripts = await scriptsLoaded(page, async () => {
    await page.goto('/en/proposal/');
    await expect(page.getByText('This link is incomplete.', { exact: false })).toBeVisible();
  });
  expect(scripts.some((path) => /\/_astro\/proposal\.astro/.test(path))).toBe(true);
  // Its budget is 10 KB of script (npm run audit): a module shared with the islands lands in their chunk unless the
  // build's chunk groups (astro.config.mjs) give it one of its own.
  expect(scripts.filter((path) => /\/_astro\/(island-runtime|islands|client|valibot|esm|dist)\.[^/]*\.js$/.test(path))).toEqual([]);
});
