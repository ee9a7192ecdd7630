import { expect, test } from './fixtures.ts';

/**
 * The local server mirrors Netlify's contract (design: Local serving): netlify.toml's headers on
 * static files, each language's 404 page, long caching of hashed assets, the 6 MB function limit.
 */
// HTTP behaviour is the same for every viewport.
test.describe('local server', { tag: '@any-viewport' }, () => {
  test('static pages carry the security headers, and their own CSP as a header that comes before any script', async ({ request }) => {
    const response = await request.get('/');
    expect(response.status()).toBe(200);
    const headers = response.headers();
    expect(headers['content-type']).toContain('text/html');
    expect(headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(headers['content-security-policy']).toContain("default-src 'self'");
    expect(headers['content-security-policy']).toMatch(/script-src 'self'( 'sha256-[^']+')+;/);
    expect(headers['strict-transport-security']).toContain('includeSubDomains');
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['x-frame-options']).toBe('DENY');
    expect(headers['referrer-policy']).toBeTruthy();
    const html = await response.text();
    expect(html.indexOf('http-equiv="content-security-policy"')).toBeLessThan(html.indexOf('<script'));
    // The build's header file is read by the server, never served.
    expect((await request.get('/_headers')).status()).toBe(404);
  });

  test('answers TRACE and other undeclared methods on a function route with 405 and Allow, as Netlify does', async ({ baseURL }) => {
    const { request } = await import('node:http');
    for (const [method, path] of [['TRACE', '/api/inquiries'], ['TRACE', '/api/brands'], ['PATCH', '/api/admin/login']] as const) {
      const answer = await new Promise<{ status: number; allow: string }>((resolve, reject) => {
        const sent = request(new URL(path, baseURL), { method }, (res) => {
          res.resume();
          res.on('end', () => resolve({ status: res.statusCode ?? 0, allow: String(res.headers.allow ?? '') }));
        });
        sent.on('error', reject);
        sent.end();
      });
      expect(answer.status, `${method} ${path}`).toBe(405);
      expect(answer.allow).toMatch(/^(GET|POST)/);
    }
  });

  test('pages load under their policy without a CSP violation', async ({ page, consoleErrors }) => {
    for (const path of ['/', '/ja/contact']) {
      await page.goto(path);
      await page.waitForLoadState('load');
    }
    expect(consoleErrors.filter((text) => /Content Security Policy|Refused to/i.test(text))).toEqual([]);
  });

  test('unknown paths get their language 404 page with status 404', async ({ request }) => {
    const english = await request.get('/en/no-such-floor');
    expect(english.status()).toBe(404);
    expect(await english.text()).toMatch(/<html[^>]+lang="en"/);
    const korean = await request.get('/no-such-floor');
    expect(korean.status()).toBe(404);
    expect(await korean.text()).toMatch(/<html[^>]+lang="ko[-"]/);
    expect((await request.get('/%2e%2e/%2e%2e/etc/passwd')).status()).toBe(404);
  });

  test('folders serve their index without a trailing slash; hashed assets are cached for a year', async ({ request }) => {
    expect((await request.get('/floors')).status()).toBe(200);
    const html = await (await request.get('/')).text();
    const asset = html.match(/\/_astro\/[^"']+\.(css|js)/)?.[0];
    expect(asset).toBeTruthy();
    const response = await request.get(asset!);
    expect(response.headers()['cache-control']).toContain('immutable');
    // Sent compressed, as from Netlify's CDN, and whole once decoded.
    expect(response.headers()['content-encoding']).toBe('br');
    expect(response.headers()['vary']).toContain('Accept-Encoding');
    expect((await response.body()).byteLength).toBeGreaterThan(Number(response.headers()['content-length']));
  });

  test('function requests over 6 MB are refused with 413 before reaching the function', async ({ request }) => {
    const response = await request.post('/api/objects/upload', { data: Buffer.alloc(6 * 1024 * 1024 + 1), headers: { 'Content-Type': 'application/json' } });
    expect(response.status()).toBe(413);
  });

  test('the brochure downloads as a PDF attachment in the asked language', async ({ request }) => {
    const response = await request.get('/api/download/brochure?lang=zh');
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toBe('application/pdf');
    expect(response.headers()['content-disposition']).toContain('b-tower-zh.pdf');
    expect((await response.body()).subarray(0, 5).toString()).toBe('%PDF-');
  });
});
