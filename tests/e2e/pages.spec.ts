import { test, expect, axeViolations } from './fixtures';
import { LOCALES, localizePath } from '../../src/i18n/locales.ts';
import { NAV_ITEMS, EXTRA_PAGES, FOOTER_PAGES } from '../../src/navigation.ts';
import { revealAll } from './support/reveal.ts';

const ROUTES = [...NAV_ITEMS.map((item) => item.path), ...EXTRA_PAGES, ...FOOTER_PAGES];

// Every route in every language: renders, no console error, zero axe violations with every reveal run and every
// disclosure open (what a reader who scrolls and opens everything sees). The phone's layout (its menu, its hit
// boxes) is swept in Korean and in English, the longest words; Chinese and Japanese change the words, not the
// layout's elements, and are swept on the desktop only (docs/testing.md, "Time in tests").
const PHONE_SWEEP_LOCALES = new Set(['ko', 'en']);
for (const locale of LOCALES) {
  for (const route of ROUTES) {
    const url = localizePath(locale, route);
    const tag = PHONE_SWEEP_LOCALES.has(locale) ? [] : ['@any-viewport'];
    test(`${url} renders without errors and passes axe`, { tag }, async ({ page, consoleErrors }) => {
      const response = await page.goto(url);
      expect(response?.status()).toBe(200);
      await expect(page.locator('html')).toHaveAttribute('data-locale', locale);
      await expect(page.locator('h1')).toHaveCount(1);
      await expect(page.locator('h1')).toBeVisible();
      // Let islands fetch and scripts settle before judging.
      await page.waitForLoadState('networkidle');
      await page.locator('details').evaluateAll((all) => all.forEach((d) => ((d as HTMLDetailsElement).open = true)));
      await revealAll(page);
      expect(await axeViolations(page)).toEqual([]);
      expect(consoleErrors).toEqual([]);
    });
  }

  test(`an unknown path in ${locale} shows the Page Not Found card`, { tag: '@any-viewport' }, async ({ page }) => {
    const response = await page.goto(localizePath(locale, '/no-such-page'));
    expect(response?.status()).toBe(404);
    await expect(page.locator('html')).toHaveAttribute('data-locale', locale);
    await expect(page.getByTestId('not-found')).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
  });
}
