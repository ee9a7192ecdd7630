import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { headersFor, loadNetlifyRules, pathPattern, type NetlifyRules } from '../../netlify-local/netlify-rules.ts';
import { findNotFoundPage, findStatic } from '../../netlify-local/static-files.ts';
import { compressFor, negotiateEncoding } from '../../netlify-local/compression.ts';
import { SITE_SECURITY_HEADERS } from '../../src/server/http/security-headers.ts';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';

describe('netlify.toml as the local server reads it', () => {
  let rules: NetlifyRules;
  beforeAll(async () => {
    rules = await loadNetlifyRules('netlify.toml');
  });

  it('leaves the security headers and Content-Security-Policy to the generated _headers', () => {
    const headers = headersFor(rules, '/en/floors/');
    // One list for static files and functions (src/server/http/security-headers.ts), written into dist/_headers by
    // the build: a copy here could drift from what the functions send, and two rules setting one header on a path
    // combine in a way Netlify does not document.
    for (const name of Object.keys(SITE_SECURITY_HEADERS)) expect(headers[name], name).toBeUndefined();
    // A rule for "/*" would overlap every page's own policy (dist/_headers, build/csp-headers.ts).
    expect(headers['Content-Security-Policy']).toBeUndefined();
  });

  it('sends Cross-Origin-Opener-Policy to the admin panel in every language and to no public page (decision 047)', () => {
    for (const admin of ['/admin', '/admin/', '/en/admin', '/en/admin/', '/ja/admin/']) expect(headersFor(rules, admin)['Cross-Origin-Opener-Policy']).toBe('same-origin');
    for (const page of ['/', '/en/', '/floors/', '/en/about/', '/zh/contact/', '/en/administration/']) expect(headersFor(rules, page)['Cross-Origin-Opener-Policy']).toBeUndefined();
    // One rule per path: how Netlify combines a header two matching rules both set is not documented.
    expect(headersFor(rules, '/cms/')['Cross-Origin-Opener-Policy']).toBe('same-origin-allow-popups');
  });

  it('caches hashed assets for a year but not pages', () => {
    expect(headersFor(rules, '/_astro/index.Bx1.js')['Cache-Control']).toBe('public, max-age=31536000, immutable');
    expect(headersFor(rules, '/contact/')['Cache-Control']).toBeUndefined();
  });

  it('caches share images, whose names survive deploys, for a while but never as immutable', () => {
    const cache = headersFor(rules, '/og/home-en.png')['Cache-Control'] ?? '';
    expect(Number(/max-age=(\d+)/.exec(cache)?.[1])).toBeGreaterThan(0);
    expect(cache).not.toContain('immutable');
  });

  it('matches Netlify path patterns: * for the rest, :name for one segment', () => {
    expect(pathPattern('/en/*').test('/en/a/b')).toBe(true);
    expect(pathPattern('/en/*').test('/ja/a')).toBe(false);
    expect(pathPattern('/objects/:id').test('/objects/a/b')).toBe(false);
  });
});

describe('static files', () => {
  let root = '';
  const rules: NetlifyRules = { headers: [], notFound: [{ pattern: pathPattern('/en/*'), to: '/en/404' }] };
  beforeAll(async () => {
    root = await mkdtemp(path.join(tmpdir(), 'btower-static-'));
    await mkdir(path.join(root, 'about'), { recursive: true });
    await mkdir(path.join(root, 'en/404'), { recursive: true });
    await writeFile(path.join(root, 'about/index.html'), 'about');
    await writeFile(path.join(root, '404.html'), 'ko 404');
    await writeFile(path.join(root, 'en/404/index.html'), 'en 404');
    await writeFile(path.join(path.dirname(root), 'outside-secret.txt'), 'secret');
  });
  afterAll(async () => {
    await rm(root, { recursive: true, force: true });
    await rm(path.join(path.dirname(root), 'outside-secret.txt'), { force: true });
  });

  it('serves a folder index with or without the trailing slash, with its type', async () => {
    expect((await findStatic(root, '/about'))?.body.toString()).toBe('about');
    expect((await findStatic(root, '/about/'))?.type).toBe('text/html; charset=utf-8');
  });

  it('never serves a file outside the site folder', async () => {
    for (const attempt of ['/../outside-secret.txt', '/%2e%2e/outside-secret.txt', '/about/%2e%2e%2f..%2foutside-secret.txt', '/%00']) {
      expect(await findStatic(root, attempt)).toBeNull();
    }
  });

  it('picks the 404 page of the path language, Korean otherwise', async () => {
    expect((await findNotFoundPage(root, rules, '/en/missing'))?.body.toString()).toBe('en 404');
    expect((await findNotFoundPage(root, rules, '/missing'))?.body.toString()).toBe('ko 404');
  });
});

describe('compression of static text, as Netlify’s CDN does', () => {
  const css = Buffer.from('.card { color: #111; }\n'.repeat(200));

  it('prefers brotli, falls back to gzip, and honours q=0', () => {
    expect(negotiateEncoding('gzip, deflate, br')).toBe('br');
    expect(negotiateEncoding('gzip')).toBe('gzip');
    expect(negotiateEncoding('br;q=0, gzip')).toBe('gzip');
    expect(negotiateEncoding(undefined)).toBeNull();
    expect(negotiateEncoding('identity')).toBeNull();
  });

  it('compresses text to the same bytes once decoded, and leaves images and tiny files alone', () => {
    const br = compressFor(css, 'text/css; charset=utf-8', 'br')!;
    expect(br.byteLength).toBeLessThan(css.byteLength / 10);
    expect(brotliDecompressSync(br).equals(css)).toBe(true);
    expect(gunzipSync(compressFor(css, 'text/css; charset=utf-8', 'gzip')!).equals(css)).toBe(true);
    expect(compressFor(css, 'image/png', 'br')).toBeNull();
    expect(compressFor(Buffer.from('tiny'), 'text/html; charset=utf-8', 'br')).toBeNull();
    expect(compressFor(css, 'text/css; charset=utf-8', null)).toBeNull();
  });
});
