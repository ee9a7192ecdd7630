import { test, expect } from './fixtures';

// Decision 050: a public page paints from its HTML, and only then asks for its script files; they still run,
// in their order, and what they drive works. The menu is the first thing a visitor reaches for.
for (const path of ['/about', '/en/floors']) {
  test(`${path} asks for no script file before its first contentful paint, and its menu works once they have run`, { tag: '@any-viewport' }, async ({ page, consoleErrors }) => {
    await page.goto(path);
    await expect(page.locator('html')).toHaveAttribute('data-enhanced', '');
    const { paint, scripts } = await page.evaluate(() => ({
      paint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null,
      scripts: performance.getEntriesByType('resource').filter((entry) => /\/_astro\/[^/]+\.js$/.test(entry.name)).map((entry) => ({ name: entry.name, start: entry.startTime })),
    }));
    expect(paint).not.toBeNull();
    expect(scripts.length).toBeGreaterThan(0);
    expect(scripts.filter((script) => script.start < paint!)).toEqual([]);

    const menu = page.locator('header [data-language-menu]:visible');
    await menu.getByRole('button').click();
    await expect(menu.getByRole('list')).toBeVisible();
    expect(consoleErrors).toEqual([]);
  });
}
