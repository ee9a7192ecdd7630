import { test as base, expect, type Page, type Response } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { AFTER_PAINT_LIST_ID } from '../../build/scripts-after-paint.ts';

interface Fixtures {
  /** Console errors and page errors seen so far on this page. */
  consoleErrors: string[];
}

/**
 * A public page puts its scripts in after its first paint (build/scripts-after-paint.ts, decision 050): the
 * load event can come first. A visitor sees the page and then reaches for the menu; a test reaches at once, so
 * after its own navigations it also waits until the page says its scripts have run (`data-enhanced`).
 */
async function enhanced(page: Page): Promise<void> {
  await page.waitForFunction((listId) => !document.getElementById(listId) || document.documentElement.hasAttribute('data-enhanced'), AFTER_PAINT_LIST_ID);
}

export const test = base.extend<Fixtures>({
  page: async ({ page, javaScriptEnabled }, use) => {
    // Without JavaScript no script runs to say so: the page as loaded is the page.
    if (!javaScriptEnabled) return use(page);
    for (const name of ['goto', 'reload', 'goBack', 'goForward'] as const) {
      const navigate = page[name].bind(page) as (...args: unknown[]) => Promise<Response | null>;
      (page as unknown as Record<string, unknown>)[name] = async (...args: unknown[]) => {
        const response = await navigate(...args);
        // A test that looks at the page before it loads says so (waitUntil commit/domcontentloaded); a navigation
        // that ends on no page (a download) leaves nothing to wait for.
        const options = args.find((arg) => typeof arg === 'object' && arg !== null) as { waitUntil?: string } | undefined;
        const early = options?.waitUntil === 'commit' || options?.waitUntil === 'domcontentloaded';
        if (!early && response?.headers()['content-type']?.startsWith('text/html')) await enhanced(page);
        return response;
      };
    }
    await use(page);
  },
  // Each test is a visitor of its own, named as Netlify's edge names the client (the local server honours
  // it on loopback): one test's inquiries and uploads never count against another's per-client limits.
  extraHTTPHeaders: async ({ extraHTTPHeaders }, use, testInfo) => {
    await use({ ...extraHTTPHeaders, 'x-nf-client-connection-ip': `e2e-${testInfo.testId}-${testInfo.retry}` });
  },
  consoleErrors: async ({ page }, use) => {
    const errors: string[] = [];
    page.on('console', (msg) => {
      // Blocked third-party requests are expected in tests; anything else is a bug.
      if (msg.type() === 'error' && !/ERR_BLOCKED_BY_CLIENT|net::ERR_FAILED|ERR_NAME_NOT_RESOLVED/.test(msg.text())) errors.push(msg.text());
    });
    page.on('pageerror', (error) => errors.push(error.message));
    await use(errors);
  },
});

export { expect };

/** The WCAG tags every page is checked against. */
export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/**
 * One axe sweep of a whole page took up to ~40 s on a 2-core machine at a load average of ~20: each sweep a test
 * runs adds this much to its budget, so a page with a sweep (or two) is not judged on the budget of a click.
 */
const AXE_SWEEP_BUDGET_MS = 60_000;

/** Runs axe on the current page (or only on `include`) and returns the violations (an empty list when it passes). */
export async function axeViolations(page: import('@playwright/test').Page, { include }: { include?: string } = {}) {
  test.info().setTimeout(test.info().timeout + AXE_SWEEP_BUDGET_MS);
  // Legacy mode runs axe in the page itself: the default mode opens a blank page per sweep to merge the frames'
  // results, which took 2.5–5.7 s of a sweep against 1.0–1.4 s here (measured on /en/about and /en/floors). The
  // pages embed no frame of their own (third-party embeds are blocked in tests), so nothing is left unchecked.
  const builder = new AxeBuilder({ page }).withTags(AXE_TAGS).setLegacyMode(true);
  const results = await (include ? builder.include(include) : builder).analyze();
  return results.violations.map((v) => ({ id: v.id, impact: v.impact, nodes: v.nodes.map((n) => n.target.join(' ')) }));
}
