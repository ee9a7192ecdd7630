import { test as base, expect } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';

/** Hosts a page may reach in tests: the local server only. Third-party embeds must degrade gracefully. */
const LOCAL = /^(https?:\/\/(127\.0\.0\.1|localhost)(:\d+)?\/|data:|blob:)/;

interface Fixtures {
  /** Console errors and page errors seen so far on this page. */
  consoleErrors: string[];
}

export const test = base.extend<Fixtures>({
  // Each test is a visitor of its own, named as Netlify's edge names the client (the local server honours
  // it on loopback): one test's inquiries and uploads never count against another's per-client limits.
  extraHTTPHeaders: async ({ extraHTTPHeaders }, use, testInfo) => {
    await use({ ...extraHTTPHeaders, 'x-nf-client-connection-ip': `e2e-${testInfo.testId}-${testInfo.retry}` });
  },
  page: async ({ page }, use) => {
    await page.route(
      (url) => !LOCAL.test(url.href),
      (route) => route.abort('blockedbyclient'),
    );
    await use(page);
  },
  consoleErrors: async ({ page }, use) => {
    const errors: string[] = [];
    page.on('console', (msg) => {
      // Blocked third-party requests are expected in tests; anything else is a bug.
      if (msg.type() === 'error' && !/ERR_BLOCKED_BY_CLIENT|net::ERR_FAILED/.test(msg.text())) errors.push(msg.text());
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

/** Runs axe on the current page and returns the violations (an empty list when the page passes). */
export async function axeViolations(page: import('@playwright/test').Page) {
  test.info().setTimeout(test.info().timeout + AXE_SWEEP_BUDGET_MS);
  const results = await new AxeBuilder({ page }).withTags(AXE_TAGS).analyze();
  return results.violations.map((v) => ({ id: v.id, impact: v.impact, nodes: v.nodes.map((n) => n.target.join(' ')) }));
}
