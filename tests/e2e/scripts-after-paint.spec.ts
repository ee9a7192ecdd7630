import { test, expect } from './fixtures';

// Decision 050: a public page paints from its HTML, and only once its first screen is there (the first contentful
// paint and the pictures then on screen) asks for its script files; they still run, in their order, and what
// they drive works. The menu is the first thing a visitor reaches for.
for (const path of ['/about', '/en/floors', '/en/directions']) {
  test(`${path} asks for no script file before its first screen is painted, and its menu works once they have run`, { tag: '@any-viewport' }, async ({ page, consoleErrors }) => {
    await page.goto(path);
    await expect(page.locator('html')).toHaveAttribute('data-enhanced', '');
    const { paint, pictures, scripts } = await page.evaluate(() => {
      const resources = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
      const onFirstScreen = [...document.images].filter((img) => {
        const box = img.getBoundingClientRect();
        return box.top < innerHeight && box.bottom > 0 && box.width > 0;
      });
      return {
        paint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null,
        pictures: onFirstScreen.map((img) => resources.find((entry) => entry.name === img.currentSrc)?.responseEnd).filter((end) => end !== undefined),
        scripts: resources.filter((entry) => /\/_astro\/[^/]+\.js$/.test(entry.name)).map((entry) => ({ name: entry.name, start: entry.startTime })),
      };
    });
    expect(paint).not.toBeNull();
    expect(scripts.length).toBeGreaterThan(0);
    const firstScreen = Math.max(paint!, ...pictures);
    expect(scripts.filter((script) => script.start < firstScreen)).toEqual([]);

    const menu = page.locator('header [data-language-menu]:visible');
    await menu.getByRole('button').click();
    await expect(menu.getByRole('list')).toBeVisible();
    expect(consoleErrors).toEqual([]);
  });
}
