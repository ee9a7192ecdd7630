import { test, expect } from './fixtures';
import type { Page } from '@playwright/test';
import { apiToken, createBrand, uniqueName } from './support/islands.ts';

/** Resolves after two frames have been painted. */
const painted = (page: Page) => page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));

// Issue 29: a building with no brands shifted /brands (CLS 0.17) in the loads where the loading cards were
// painted before the directory's answer arrived: the footer rose into view. The answer is held back here until
// they have been painted, the load that shifted; an answer of one brand moved the footer the same way. On the
// desktop bar, 1 load in 5 also moved the menu (0.0009): the language button's label laid out a frame late.
for (const answer of ['none', 'one'] as const) {
  test(`/brands does not move when the directory answers ${answer === 'one' ? 'with one brand' : 'with no brands'} after its loading cards were painted`, async ({ page }) => {
    const one = answer === 'one' ? [await createBrand(page.request, await apiToken(page.request), { name: uniqueName('Shift') })] : [];
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/brands**', async (route) => {
      await held;
      await route.fulfill({ json: one });
    });
    // Each shift is kept with the nodes that moved and their boxes, so a failure names what moved.
    await page.addInitScript(() => {
      const shifts: { value: number; moved: string[] }[] = [];
      (window as unknown as { shifts: typeof shifts }).shifts = shifts;
      type Source = { node?: Node; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly };
      const box = (r: DOMRectReadOnly) => `${Math.round(r.x)},${Math.round(r.y)} ${Math.round(r.width)}×${Math.round(r.height)}`;
      const describe = (s: Source) =>
        `${s.node instanceof Element ? s.node.outerHTML.slice(0, 100) : (s.node?.textContent ?? '?')}: ${box(s.previousRect)} → ${box(s.currentRect)}`;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as unknown as { value: number; hadRecentInput: boolean; sources: Source[] }[]) {
          if (!entry.hadRecentInput) shifts.push({ value: entry.value, moved: entry.sources.map(describe) });
        }
      }).observe({ type: 'layout-shift', buffered: true });
    });
    await page.goto('/brands');
    await expect(page.getByTestId('brand-skeleton').first()).toBeVisible();
    await painted(page);
    release();
    if (answer === 'one') await expect(page.getByTestId('result-count')).toBeVisible();
    else await expect(page.getByTestId('no-brands')).toBeVisible();
    await painted(page);
    expect(await page.evaluate(() => (window as unknown as { shifts: unknown[] }).shifts)).toEqual([]);
  });
}
