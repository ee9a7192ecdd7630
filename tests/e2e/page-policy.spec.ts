import { expect, test } from './fixtures.ts';

/**
 * Every page is sent with its Content-Security-Policy as a response header (generated at build,
 * build/csp-headers.ts): inline scripts only by hash, never 'unsafe-inline', and each page runs under it
 * without a single violation (issue 16: /brands ran an inline script before its CSP meta applied).
 */
test.describe('page policy', () => {
  test.skip(({ isMobile }) => isMobile, 'the policy is the same for every viewport');

  test('every page has its CSP header, no inline script without a hash, and no violation', async ({ page, request }) => {
    test.setTimeout(180_000);
    const sitemap = await (await request.get('/sitemap.xml')).text();
    const paths = [...sitemap.matchAll(/<loc>https?:\/\/[^/]+([^<]*)<\/loc>/g)].map((match) => match[1] || '/');
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
