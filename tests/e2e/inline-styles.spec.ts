import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { createUnit } from './support/units.ts';
import { spacePath } from '../../src/shared/share-paths.ts';

/**
 * Public pages paint from their HTML alone (issue 30, decision 035): no stylesheet link, only the rules the
 * page uses inlined. The proof that none it needs was left out: every element looks and sits exactly as it
 * does once the site's whole stylesheet is added after the page's own (what every page loaded before), in
 * both viewports (the mobile menu and the desktop bar use different rules), on the pages with the most
 * kinds of content and on a function-filled space page.
 */
const PROPERTIES = ['display', 'position', 'color', 'background-color', 'background-image', 'font-size', 'font-weight', 'line-height',
  'margin', 'padding', 'border', 'border-radius', 'box-shadow', 'opacity', 'visibility', 'transform', 'grid-template-columns',
  'flex-direction', 'gap', 'outline', 'text-decoration-line', 'z-index', 'overflow', 'filter'];

async function looks(page: Page): Promise<string[]> {
  return page.evaluate((properties) => {
    return [...document.body.querySelectorAll('*')].map((element, index) => {
      const style = getComputedStyle(element);
      const box = element.getBoundingClientRect();
      return `${index} ${element.tagName.toLowerCase()}.${element.getAttribute('class') ?? ''} ${Math.round(box.x)},${Math.round(box.y)},${Math.round(box.width)}×${Math.round(box.height)} ${properties.map((name) => style.getPropertyValue(name)).join('|')}`;
    });
  }, PROPERTIES);
}

/** The page's looks once two reads a few frames apart agree. */
async function settled(page: Page): Promise<string[]> {
  let before = await looks(page);
  for (;;) {
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    const now = await looks(page);
    if (JSON.stringify(now) === JSON.stringify(before)) return now;
    before = now;
  }
}

test('each page carries the styles it uses inline, the same as with the whole stylesheet', async ({ page, request }) => {
  test.setTimeout(240_000);
  const admin = await (await request.get('/admin/')).text();
  const wholeSheet = /<link rel="stylesheet" href="(\/_astro\/[^"]+\.css)">/.exec(admin)?.[1];
  expect(wholeSheet, 'the admin panel keeps the whole stylesheet as a file').toBeTruthy();
  const unit = await createUnit(request, {});
  // Pulsing placeholders would differ between two reads for reasons of time, not of style.
  await page.emulateMedia({ reducedMotion: 'reduce' });
  for (const path of ['/', '/about', '/architecture', '/directions', '/contact', '/brands', '/floors', '/en/', '/en/floors', spacePath(unit), '/no-such-page']) {
    const response = await page.goto(path);
    const html = await response!.text();
    expect(html, path).not.toMatch(/<link[^>]*rel="stylesheet"/);
    expect(html, path).toContain('<style>');
    expect((await response!.allHeaders())['content-security-policy'], path).toMatch(/style-src 'self'( 'sha256-[^']+')+(;|$)/);
    // Islands hydrate and the reveal script marks the page ready after load: compare once the page is still.
    await page.waitForLoadState('networkidle');
    // The stacking plan draws floor by floor across frames (decision 041): two equal reads can fall between
    // two floors. It says when its last floor, and each section's availability under it, is in.
    if (await page.locator('#stacking-plan').count()) await expect(page.locator('#stacking-plan')).toHaveAttribute('data-plan-state', 'ready');
    // What fills in after the scripts, which the loader puts in after the paint (decision 050) — possibly after the
    // network has been idle once: the home's spaces (read as their section nears the screen) and the brand directory.
    if (await page.locator('[data-home-spaces]').count()) await expect(page.locator('[data-home-spaces]')).toHaveAttribute('data-spaces-state', 'ready');
    if (await page.getByTestId('brand-results').count()) await expect(page.getByTestId('brand-results')).toHaveAttribute('aria-busy', 'false');
    const inlined = await settled(page);
    await page.evaluate((href) => new Promise((resolve, reject) => {
      const link = Object.assign(document.createElement('link'), { rel: 'stylesheet', href, onload: resolve, onerror: reject });
      document.head.append(link);
    }), wholeSheet!);
    expect(await looks(page), `${path}: an element changes when the whole stylesheet is added`).toEqual(inlined);
  }
});
