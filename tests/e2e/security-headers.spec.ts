import { randomUUID } from 'node:crypto';
import { expect, test } from './fixtures.ts';
import { apiToken, createBrand, uniqueName } from './support/islands.ts';
import { createUnit } from './support/units.ts';
import { brandPath, spacePath } from '../../src/shared/share-paths.ts';

/**
 * Netlify applies `_headers` and netlify.toml's headers to static files only. A page a function renders must carry
 * the same security headers as a static page, or a visitor whose first visit is a shared link (a space's page, the
 * directory) gets no HSTS. Compared through the local server, which, like Netlify, adds no header to a function's
 * answer.
 */
// Headers are the same at every size.
test.describe('security headers', { tag: '@any-viewport' }, () => {
  test('every page and file a function answers carries the headers a static page gets', async ({ request }) => {
    // What every answer of the site must carry (written from the rule, not read from the code under test).
    const SECURITY = ['strict-transport-security', 'x-content-type-options', 'referrer-policy', 'x-frame-options', 'permissions-policy'];
    const staticPage = await request.get('/en/about/');
    expect(staticPage.status()).toBe(200);
    const expected = Object.fromEntries(SECURITY.map((name) => [name, staticPage.headers()[name]]));
    expect(expected['strict-transport-security']).toMatch(/max-age=\d{8,}; includeSubDomains/);
    for (const name of SECURITY) expect(expected[name], `the static page's ${name}`).toBeTruthy();

    const token = await apiToken(request);
    const unit = await createUnit(request, {});
    const gone = await createUnit(request, {});
    expect((await request.delete(`/api/units/${gone.id}`, { headers: { Authorization: `Bearer ${token}` } })).status()).toBe(204);
    const brand = await createBrand(request, token, { name: uniqueName('E2E Headers') });
    expect(brand.slug).toBeTruthy();

    const answers: { path: string; status: number; type: string; accept?: string }[] = [
      { path: '/brands/', status: 200, type: 'text/html' },
      { path: '/en/brands/', status: 200, type: 'text/html' },
      { path: spacePath(unit), status: 200, type: 'text/html' },
      { path: `/zh${spacePath(unit)}`, status: 200, type: 'text/html' },
      { path: spacePath(unit).slice(0, -1), status: 301, type: '' },
      { path: spacePath(gone), status: 410, type: 'text/html' },
      { path: '/en/floors/5f/no-such-space/', status: 404, type: 'text/html' },
      { path: brandPath(brand.slug!), status: 200, type: 'text/html' },
      { path: '/ja/brands/no-such-brand/', status: 404, type: 'text/html' },
      { path: `/objects/uploads/${randomUUID()}`, status: 404, type: 'text/html', accept: 'text/html' },
      { path: '/sitemap.xml', status: 200, type: 'application/xml' },
      { path: `${spacePath(unit)}spec-sheet.pdf`, status: 200, type: 'application/pdf' },
      { path: '/api/download/brochure?lang=en', status: 200, type: 'application/pdf' },
      { path: '/api/brands', status: 200, type: 'application/json' },
      { path: `/api/units/${randomUUID()}`, status: 404, type: 'application/json' },
    ];
    for (const { path, status, type, accept } of answers) {
      const response = await request.get(path, { headers: accept ? { Accept: accept } : {}, maxRedirects: 0 });
      expect(response.status(), path).toBe(status);
      const headers = response.headers();
      if (type) expect(headers['content-type'], path).toContain(type);
      for (const name of SECURITY) expect(`${path} ${name}: ${headers[name]}`).toBe(`${path} ${name}: ${expected[name]}`);
      // A page no other site may frame, whatever it shows.
      expect(headers['content-security-policy'], path).toContain("frame-ancestors 'none'");
    }
  });
});
