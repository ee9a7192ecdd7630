import { test, expect } from './fixtures';
import type { Page } from '@playwright/test';
import { islandsReady } from './support/islands.ts';
import { createUnit } from './support/units.ts';

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
/** Astro's island runtime, the framework (the islands' chunk, React's client) or the validation library. */
const islandCode = (scripts: string[]) => scripts.filter((path) => /\/_astro\/(island-runtime|islands|client|valibot|esm|dist)\.[^/]*\.js$/.test(path));

/**
 * The pages with no island, each with scripts of its own or the layout's. Their budget is 10 KB of script (npm run
 * audit); a module a page script shares with the islands lands in the islands' chunk (12–13 KB with the framework)
 * unless the build's chunk groups (astro.config.mjs) give it one of its own. The proposal page has its own test below.
 */
const STATIC_PAGES = ['/about', '/architecture', '/floors', '/directions', '/privacy', '/privacy/request', '/privacy/request/confirm', '/en/floors'];

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

test("static pages load no island runtime, framework, islands chunk or validation library, nor does a space's dialog on the plan", { tag: '@any-viewport' }, async ({ page }) => {
  // Every page's scripts asked for again, not taken from the last page's cache, so each page's own list is seen.
  const devtools = await page.context().newCDPSession(page);
  await devtools.send('Network.setCacheDisabled', { cacheDisabled: true });
  for (const path of STATIC_PAGES) {
    const scripts = await scriptsLoaded(page, async () => {
      await page.goto(path);
    });
    expect(scripts.length, path).toBeGreaterThan(0);
    expect.soft(islandCode(scripts), path).toEqual([]);
  }
  // A space's dialog comes with the first open (here from the address): its code, and still no framework.
  const unit = await createUnit(page.request, {});
  const dialog = await scriptsLoaded(page, async () => {
    await page.goto(`/floors?unit=${unit.id}`);
    await expect(page.locator('#unit-dialog')).toContainText(unit.unitNumber);
  });
  expect(dialog.some((path) => /\/_astro\/unit-dialog\./.test(path))).toBe(true);
  expect(islandCode(dialog)).toEqual([]);
});
