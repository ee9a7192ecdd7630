import { describe, expect, it } from 'vitest';
import { withModulePreloads } from '../../build/island-preloads.ts';

/** The client chunks as the bundler reports them: each chunk's static imports. */
const graph = new Map<string, string[]>([
  ['_astro/BrandDirectory.a.js', ['_astro/compat.b.js', '_astro/BrandCard.c.js']],
  ['_astro/BrandCard.c.js', ['_astro/compat.b.js', '_astro/image-url.d.js']],
  ['_astro/compat.b.js', []],
  ['_astro/image-url.d.js', []],
  ['_astro/client.e.js', ['_astro/compat.b.js']],
  ['_astro/HomeTenants.f.js', ['_astro/BrandCard.c.js']],
  ['_astro/LanguageMenu.g.js', ['_astro/site.h.js']],
  ['_astro/site.h.js', []],
]);

const page = (island: string) => `<html><head><title>x</title></head><body>${island}</body></html>`;
const island = (component: string, client: string) =>
  `<astro-island uid="1" component-url="/_astro/${component}" component-export="default" renderer-url="/_astro/client.e.js" ssr client="${client}" await-children></astro-island>`;
const preloads = (html: string) => [...html.matchAll(/<link rel="modulepreload" href="([^"]+)">/g)].map((m) => m[1]);

describe('modulepreload for islands that hydrate at once', () => {
  it('lists the island, every chunk it imports at any depth, and the renderer, once each, in the head', () => {
    const html = withModulePreloads(page(island('BrandDirectory.a.js', 'load')), graph);
    expect(preloads(html)).toEqual(['/_astro/BrandDirectory.a.js', '/_astro/compat.b.js', '/_astro/BrandCard.c.js', '/_astro/image-url.d.js', '/_astro/client.e.js']);
    expect(html.indexOf('modulepreload')).toBeLessThan(html.indexOf('</head>'));
  });

  it('lists an island that hydrates once the page has painted (client:painted) the same way: the loader puts the links in then', () => {
    const html = withModulePreloads(page(island('BrandDirectory.a.js', 'painted')), graph);
    expect(preloads(html)).toEqual(['/_astro/BrandDirectory.a.js', '/_astro/compat.b.js', '/_astro/BrandCard.c.js', '/_astro/image-url.d.js', '/_astro/client.e.js']);
  });

  it('adds what a page script imports, not the script the parser already finds', () => {
    const html = withModulePreloads(page('<script type="module" src="/_astro/LanguageMenu.g.js"></script>'), graph);
    expect(preloads(html)).toEqual(['/_astro/site.h.js']);
  });

  it('leaves pages whose islands wait (visible, idle) and pages without islands as they are', () => {
    for (const html of [page(island('HomeTenants.f.js', 'visible')), page(island('HomeTenants.f.js', 'idle')), page('<p>no island</p>')]) {
      expect(withModulePreloads(html, graph)).toBe(html);
    }
  });
});
