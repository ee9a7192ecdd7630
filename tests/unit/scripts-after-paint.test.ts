import { describe, expect, it } from 'vitest';
import { AFTER_PAINT_LOADER, AFTER_PAINT_LOADER_HASH, inlineAssetLimit, withScriptsAfterPaint } from '../../build/scripts-after-paint.ts';
import { cspHash } from '../../src/server/http/page-policy.ts';

const page = (head: string, body: string) => `<html><head>${head}</head><body>${body}</body></html>`;
/** The list the loader reads from a rewritten page. */
const listed = (html: string) => JSON.parse(/<script type="application\/json" id="after-paint-scripts">(.*?)<\/script>/.exec(html)![1]!) as { preload: string[]; scripts: string[] };

describe('the scripts of a page that paints from its HTML are put in after the paint', () => {
  it('lists its module script files (in document order) and modulepreloads for the loader, and leaves inline scripts where they stand', () => {
    const html = withScriptsAfterPaint(page(
      '<link rel="modulepreload" href="/_astro/site.a.js"><script type="module">document.title</script>',
      '<p>B TOWER</p><script type="module" src="/_astro/LanguageMenu.b.js"></script><script fetchpriority="low" type="module" src="/_astro/BaseLayout.c.js"></script>',
    ));
    expect(html).not.toMatch(/<script[^>]*\bsrc=/);
    expect(html).not.toContain('rel="modulepreload"');
    expect(listed(html)).toEqual({ preload: ['/_astro/site.a.js'], scripts: ['/_astro/LanguageMenu.b.js', '/_astro/BaseLayout.c.js'] });
    expect(html).toContain('<script type="module">document.title</script>');
    // The loader comes last in <body>, after the list it reads.
    expect(html).toMatch(new RegExp(`id="after-paint-scripts">[^<]*</script><script type="module">${AFTER_PAINT_LOADER.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}</script></body>`));
  });

  it('leaves a page an island draws at once as Astro wrote it, a page without script files too, and never rewrites a page twice', () => {
    const drawn = page('<link rel="modulepreload" href="/_astro/AdminApp.c.js">', '<astro-island uid="1" ssr client="load"></astro-island><script type="module" src="/_astro/x.js"></script>');
    expect(withScriptsAfterPaint(drawn)).toBe(drawn);
    const plain = page('', '<p>404</p><script type="module">1</script>');
    expect(withScriptsAfterPaint(plain)).toBe(plain);
    const once = withScriptsAfterPaint(page('', '<script type="module" src="/_astro/x.js"></script>'));
    expect(withScriptsAfterPaint(once)).toBe(once);
    const waiting = page('', '<astro-island uid="1" ssr client="visible"></astro-island><script type="module" src="/_astro/y.js"></script>');
    expect(listed(withScriptsAfterPaint(waiting)).scripts).toEqual(['/_astro/y.js']);
  });

  it('puts in the scripts of a page whose island waits for them (client:painted), and refuses such a page with nothing to put in', () => {
    const painted = withScriptsAfterPaint(page('<link rel="modulepreload" href="/_astro/BrandDirectory.a.js">', '<astro-island uid="1" ssr client="painted"></astro-island><script type="module" src="/_astro/x.js"></script>'));
    expect(listed(painted)).toEqual({ preload: ['/_astro/BrandDirectory.a.js'], scripts: ['/_astro/x.js'] });
    // Its island would wait for a loader that never comes: the build stops and says so.
    expect(() => withScriptsAfterPaint(page('', '<astro-island uid="1" ssr client="painted"></astro-island>'))).toThrow(/client:painted/);
  });

  it('moves Astro\'s island runtime and directives out of the page into one file of their own, put in first', () => {
    const runtime = '(()=>{var f=class extends HTMLElement{};customElements.get("astro-island")||customElements.define("astro-island",f)})();';
    const visible = '(()=>{var a=()=>{};(self.Astro||(self.Astro={})).visible=a;window.dispatchEvent(new Event("astro:visible"));})();';
    const files = new Map<string, string>();
    const html = withScriptsAfterPaint(page(
      '<script type="module">document.title</script>',
      `<script>${visible}</script><script>${runtime}</script><astro-island uid="1" ssr client="visible"><p>Tenants</p></astro-island><script>console.log("kept")</script><script type="module" src="/_astro/x.js"></script>`,
    ), files);
    // The page keeps its island's HTML and every other inline script; the runtime's code is nowhere in it.
    expect(html).toContain('<p>Tenants</p>');
    expect(html).toContain('<script>console.log("kept")</script>');
    expect(html).toContain('<script type="module">document.title</script>');
    expect(html).not.toContain('astro-island",f');
    expect(html).not.toContain('self.Astro');
    // One file, in document order, before the page's own scripts: the directives are defined when the islands start.
    expect([...files.values()]).toEqual([`${visible}\n${runtime}`]);
    const [file] = files.keys();
    expect(file).toMatch(/^\/_astro\/island-runtime\.[\w-]{10}\.js$/);
    expect(listed(html).scripts).toEqual([file, '/_astro/x.js']);
    // The same runtime on another page is the same file (cached once by the browser).
    withScriptsAfterPaint(page('', `<script>${visible}</script><script>${runtime}</script><script type="module" src="/_astro/y.js"></script>`), files);
    expect(files.size).toBe(1);
    // A page an island draws at once keeps Astro's inline runtime where it is.
    const eager = page('', `<script>${runtime}</script><astro-island uid="1" ssr client="load"></astro-island><script type="module" src="/_astro/x.js"></script>`);
    expect(withScriptsAfterPaint(eager, files)).toBe(eager);
  });

  it('lets Astro write into the page only the scripts that must run while it is parsed; the others become files for the loader', () => {
    // The brand directory's page script starts reading the list before the island (decision 051).
    expect(inlineAssetLimit('_astro/brands.astro_astro_type_script_index_0_lang.DVknY2-o.js')).toBe(true);
    // Small page scripts (the top bar, the reveal, the tooltips), however small, are files put in after the paint.
    for (const file of ['_astro/TopBar.astro_astro_type_script_index_0_lang.Cwmlj3QQ.js', '_astro/Reveal.astro_astro_type_script_index_0_lang.C1Q0Vixf.js', '_astro/mybrands.astro_astro_type_script_index_0_lang.x.js']) {
      expect(inlineAssetLimit(file), file).toBe(false);
    }
    // Other assets keep Vite's own rule.
    expect(inlineAssetLimit('_astro/facade.webp')).toBeUndefined();
    expect(inlineAssetLimit('_astro/BaseLayout.css')).toBeUndefined();
  });

  it('gives the policy the hash the page check computes for the loader as the page carries it', async () => {
    expect(`'${AFTER_PAINT_LOADER_HASH}'`).toBe(await cspHash(AFTER_PAINT_LOADER));
    expect(AFTER_PAINT_LOADER).not.toMatch(/<\/script/i);
  });
});
