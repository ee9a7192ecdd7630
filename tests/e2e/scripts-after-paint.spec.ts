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

// Decision 052: Astro's island runtime (the astro-island element and its directives) is not in the page's HTML, which
// must fit the first round trip; it comes as a file with the other scripts, and the islands still come alive.
test('the home and /contact carry no island runtime and no page script in their HTML; they come after the paint and the islands work', { tag: '@any-viewport' }, async ({ page, request, consoleErrors }) => {
  for (const path of ['/', '/en/contact']) {
    const html = await (await request.get(path)).text();
    expect(html, path).toContain('<astro-island');
    expect(html, path).not.toContain('customElements.define("astro-island"');
    expect(html, path).not.toContain('self.Astro');
    // Its page scripts (the top bar, the reveal, the tooltips) are files too: the one inline module is the loader.
    expect(html.match(/<script type="module">/g), path).toHaveLength(1);
  }
  await page.goto('/en/contact');
  await expect(page.locator('html')).toHaveAttribute('data-enhanced', '');
  const runtime = await page.evaluate(() => (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).filter((entry) => entry.name.includes('/_astro/island-runtime.')).map((entry) => entry.startTime));
  expect(runtime).toHaveLength(1);
  expect(runtime[0]).toBeGreaterThanOrEqual(await page.evaluate(() => performance.getEntriesByName('first-contentful-paint')[0]!.startTime));
  // The inquiry form hydrates (client:idle) from that runtime: it checks what a visitor sends.
  await expect(page.locator('astro-island[client="idle"]')).not.toHaveAttribute('ssr', '');
  expect(consoleErrors).toEqual([]);
});
