import { describe, expect, it } from 'vitest';
import { fallbackPolicy, headersFile, pageHeaders, requestPaths } from '../../build/csp-headers.ts';
import { headersFor, parseHeadersFile, type NetlifyRules } from '../../netlify-local/netlify-rules.ts';
import { cspHash, pagePolicy } from '../../src/server/http/page-policy.ts';
import { SITE_SECURITY_HEADERS, withSecurityHeaders } from '../../src/server/http/security-headers.ts';

const PRELOAD = "var e=document.getElementById('directory-list');";
const ISLAND = 'customElements.define("astro-island",class{});';
const STYLE = 'body{color:red}';

/** A built page as Astro writes it: an inline script of the page before the CSP meta (the /brands case). */
async function builtPage(scriptsInMeta: string[]) {
  const hashes = await Promise.all(scriptsInMeta.map(cspHash));
  return `<!DOCTYPE html><html lang="ko-KR"><head><meta charset="utf-8"><title>B</title>`
    + `<script type="application/ld+json">{"@type":"ShoppingCenter"}</script>`
    + `<script type="module">${PRELOAD}</script>`
    + `<meta http-equiv="content-security-policy" content="script-src 'self' ${hashes.join(' ')}; style-src 'self' ${await cspHash(STYLE)} 'sha256-abc='; ">`
    + `<style>${STYLE}</style></head><body><script>${ISLAND}</script><script type="module" src="/_astro/x.js"></script></body></html>`;
}

const directive = (policy: string, name: string) => policy.split('; ').find((part) => part.startsWith(`${name} `));

describe('each page\'s Content-Security-Policy as a response header, generated at build (issue 16)', () => {
  it('sends the page\'s own script and style hashes, and never \'unsafe-inline\' for scripts', async () => {
    const page = await pageHeaders(await builtPage([PRELOAD, ISLAND]), 'brands/index.html');
    const policy = page!.headers.policy;
    expect(directive(policy, 'script-src')).toBe(`script-src 'self' ${await cspHash(PRELOAD)} ${await cspHash(ISLAND)}`);
    expect(directive(policy, 'style-src')).toBe(`style-src 'self' ${await cspHash(STYLE)}`);
    expect(policy).not.toContain('unsafe-inline');
    // The directives every page shares, including what a meta cannot say.
    expect(directive(policy, 'frame-ancestors')).toBe("frame-ancestors 'none'");
    expect(directive(policy, 'default-src')).toBe("default-src 'self'");
    expect(page!.headers.paths).toEqual(['/brands', '/brands/', '/brands/index.html']);
  });

  it('keeps only the hashes of the inline scripts and styles the page carries (Astro lists the whole site\'s)', async () => {
    const elsewhere = 'document.title="another page";';
    const { html, headers } = (await pageHeaders(await builtPage([PRELOAD, ISLAND, elsewhere]), 'brands/index.html'))!;
    expect(directive(headers.policy, 'script-src')).toBe(`script-src 'self' ${await cspHash(PRELOAD)} ${await cspHash(ISLAND)}`);
    expect(html).not.toContain(await cspHash(elsewhere));
    expect(html).not.toContain("'sha256-abc='");
    expect(html).toContain(`style-src 'self' ${await cspHash(STYLE)};`);
  });

  it('moves the page\'s CSP meta before anything that runs', async () => {
    const { html } = (await pageHeaders(await builtPage([PRELOAD, ISLAND]), 'brands/index.html'))!;
    const meta = html.indexOf('http-equiv="content-security-policy"');
    expect(meta).toBeGreaterThan(html.indexOf('<meta charset="utf-8">'));
    expect(meta).toBeLessThan(html.indexOf('<script'));
    expect(html.match(/http-equiv="content-security-policy"/g)).toHaveLength(1);
  });

  it('fails the build when an inline script has no hash in its page\'s policy (it would not run)', async () => {
    await expect(pageHeaders(await builtPage([ISLAND]), 'brands/index.html')).rejects.toThrow(/brands\/index\.html: an inline script has no hash/);
  });

  it('leaves HTML without a policy meta alone (a section with headers of its own, e.g. /cms/)', async () => {
    expect(await pageHeaders('<html><head><script>1</script></head></html>', 'cms/index.html')).toBeNull();
  });

  it('names every path Netlify serves a built file at', () => {
    expect(requestPaths('index.html')).toEqual(['/', '/index.html']);
    expect(requestPaths('ja/contact/index.html')).toEqual(['/ja/contact', '/ja/contact/', '/ja/contact/index.html']);
    expect(requestPaths('404.html')).toEqual(['/404.html', '/404']);
  });

  it('writes _headers the local server reads back as Netlify does, netlify.toml\'s headers beside it', async () => {
    const policy = pagePolicy({ scripts: [await cspHash(ISLAND)] });
    const file = headersFile([{ paths: requestPaths('en/floors/index.html'), policy }]);
    const toml: NetlifyRules = { headers: [{ pattern: /^\/.*$/, values: { 'X-Frame-Options': 'DENY' } }], notFound: [] };
    const rules = { ...toml, headers: [...parseHeadersFile(file), ...toml.headers] };
    expect(headersFor(rules, '/en/floors/')).toEqual({ 'Content-Security-Policy': policy, 'X-Frame-Options': 'DENY' });
    expect(headersFor(rules, '/en/floors')['Content-Security-Policy']).toBe(policy);
    // A path no page has (an image, an unknown page) gets no page policy.
    expect(headersFor(rules, '/favicon.svg')['Content-Security-Policy']).toBeUndefined();
  });

  it('gives every file the security headers functions send, from the same list', () => {
    const policy = pagePolicy({});
    const file = headersFile([{ paths: ['/*'], policy, headers: SITE_SECURITY_HEADERS }, { paths: requestPaths('en/floors/index.html'), policy }]);
    const rules: NetlifyRules = { headers: parseHeadersFile(file), notFound: [] };
    for (const path of ['/en/floors/', '/favicon.svg', '/no-such-page']) {
      expect(headersFor(rules, path), path).toMatchObject(SITE_SECURITY_HEADERS);
    }
    const answer = withSecurityHeaders(new Response('{}'));
    for (const [name, value] of Object.entries(SITE_SECURITY_HEADERS)) expect(answer.headers.get(name), name).toBe(value);
  });
});

describe('the policy for every path, which a 404 for an unknown path gets on Netlify (issue 29)', () => {
  const CMS = "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; style-src 'self' 'unsafe-inline'; img-src 'self' data: https://avatars.githubusercontent.com; worker-src 'self' blob:; frame-ancestors 'none'; base-uri 'self'; object-src 'none'; form-action 'self'";
  const sources = (policy: string, name: string) => directive(policy, name)?.split(' ').slice(1) ?? [];

  it('allows whatever any page or the CMS allows, so sent beside a page\'s own policy it takes nothing away', async () => {
    const brands = pagePolicy({ scripts: [await cspHash(ISLAND)], styles: [await cspHash('a{}')] });
    const floors = pagePolicy({ scripts: [await cspHash(PRELOAD)] });
    const fallback = fallbackPolicy([brands, floors, CMS]);
    for (const policy of [brands, floors]) {
      for (const name of ['script-src', 'img-src', 'frame-src', 'connect-src']) {
        expect(sources(fallback, name), name).toEqual(expect.arrayContaining(sources(policy, name)));
      }
    }
    expect(sources(fallback, 'script-src')).toEqual(expect.arrayContaining(["'wasm-unsafe-eval'", await cspHash(ISLAND), await cspHash(PRELOAD)]));
    expect(sources(fallback, 'img-src')).toContain('https://avatars.githubusercontent.com');
    // A page without worker-src governs workers by script-src: its hashes and the CMS's blob: both stay allowed.
    expect(sources(fallback, 'worker-src')).toEqual(expect.arrayContaining(["'self'", 'blob:', await cspHash(ISLAND)]));
    // The CMS's inline styles: a hash beside 'unsafe-inline' would switch it off, so there are none.
    expect(sources(fallback, 'style-src')).toEqual(["'self'", "'unsafe-inline'"]);
  });

  it('still forbids framing, plugins, foreign forms and a foreign <base> on every path', () => {
    const fallback = fallbackPolicy([pagePolicy({}), CMS]);
    expect(directive(fallback, 'frame-ancestors')).toBe("frame-ancestors 'none'");
    expect(directive(fallback, 'object-src')).toBe("object-src 'none'");
    expect(directive(fallback, 'form-action')).toBe("form-action 'self'");
    expect(directive(fallback, 'base-uri')).toBe("base-uri 'self'");
  });

  it('leaves out a directive one policy leaves open: the union of "anything" and a list is anything', () => {
    expect(directive(fallbackPolicy([pagePolicy({}), "default-src 'self'"]), 'frame-ancestors')).toBeUndefined();
  });
});
