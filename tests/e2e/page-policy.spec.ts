import { expect, test } from './fixtures.ts';
import { apiToken, createBrand, uniqueName } from './support/islands.ts';
import { createUnit } from './support/units.ts';
import { brandPath, spacePath } from '../../src/shared/share-paths.ts';

/**
 * Every page is sent with its Content-Security-Policy as a response header (generated at build,
 * build/csp-headers.ts): inline scripts only by hash, never 'unsafe-inline', and each page runs under it
 * without a single violation (issue 16: /brands ran an inline script before its CSP meta applied).
 */
// The policy is the same for every viewport.
test.describe('page policy', { tag: '@any-viewport' }, () => {
  test('every page has its CSP header, no inline script without a hash, and no violation', async ({ page, request }) => {
    // ~50 pages, each loaded to its load event: 3.2 min at a load average of ~13 on 2 cores.
    test.setTimeout(420_000);
    const sitemap = await (await request.get('/sitemap.xml')).text();
    const listed = [...sitemap.matchAll(/<loc>https?:\/\/[^/]+([^<]*)<\/loc>/g)].map((match) => match[1] || '/');
    // Space and brand pages come from the database (as many as the other tests made) and share one shell per
    // kind: one space and one brand of our own stand for them, so the sweep is the same length on any data.
    const fromDatabase = (path: string) => /^(\/(en|zh|ja))?\/(floors|brands)\/[^/]+\/([^/]+\/)?$/.test(path);
    const unit = await createUnit(request, {});
    const brand = await createBrand(request, await apiToken(request), { name: uniqueName('E2E Policy') });
    expect(brand.slug).toBeTruthy();
    const paths = [...listed.filter((path) => !fromDatabase(path)), spacePath(unit), `/en${spacePath(unit)}`, brandPath(brand.slug!)];
    // The sitemap leaves out the noindex pages: the admin and the not-found pages.
    const pages = [...new Set([...paths, ...['', '/en', '/zh', '/ja'].flatMap((lang) => [`${lang}/admin`, `${lang}/404`])])];
    expect(pages.length).toBeGreaterThanOrEqual(36);
    await page.addInitScript(() => {
      const seen: string[] = [];
      (window as unknown as { violations: string[] }).violations = seen;
      document.addEventListener('securitypolicyviolation', (event) => seen.push(`${event.violatedDirective} ${event.blockedURI} ${event.sourceFile}:${event.lineNumber}`));
    });
    for (const path of pages) {
      const response = await page.goto(path);
      const policy = (await response!.allHeaders())['content-security-policy'] ?? '';
      const scripts = policy.split(';').map((part) => part.trim()).find((part) => part.startsWith('script-src ')) ?? '';
      expect(scripts, path).toMatch(/^script-src 'self'( 'sha256-[^']+')+$/);
      expect(policy, path).toContain("frame-ancestors 'none'");
      await page.waitForLoadState('load');
      expect(await page.evaluate(() => (window as unknown as { violations: string[] }).violations), path).toEqual([]);
    }
  });
});
