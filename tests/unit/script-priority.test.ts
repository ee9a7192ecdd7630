import { describe, expect, it } from 'vitest';
import { withScriptsAfterPaint } from '../../build/script-priority.ts';

const page = (head: string, body: string) => `<html><head>${head}</head><body>${body}</body></html>`;

describe('scripts of a page that paints from its HTML come after the paint', () => {
  it('fetches module script files and modulepreloads at low priority, and leaves inline scripts alone', () => {
    const html = withScriptsAfterPaint(page(
      '<link rel="modulepreload" href="/_astro/site.a.js"><script type="module">document.title</script>',
      '<p>B TOWER</p><script type="module" src="/_astro/LanguageMenu.b.js"></script>',
    ));
    expect(html).toContain('<link fetchpriority="low" rel="modulepreload" href="/_astro/site.a.js">');
    expect(html).toContain('<script fetchpriority="low" type="module" src="/_astro/LanguageMenu.b.js"></script>');
    expect(html).toContain('<script type="module">document.title</script>');
  });

  it('keeps the browser’s priority on a page an island draws at once, and never writes the attribute twice', () => {
    const drawn = page('<link rel="modulepreload" href="/_astro/AdminApp.c.js">', '<astro-island uid="1" ssr client="load"></astro-island><script type="module" src="/_astro/x.js"></script>');
    expect(withScriptsAfterPaint(drawn)).toBe(drawn);
    const once = withScriptsAfterPaint(page('', '<script type="module" src="/_astro/x.js"></script>'));
    expect(withScriptsAfterPaint(once)).toBe(once);
    const waiting = page('', '<astro-island uid="1" ssr client="visible"></astro-island><script type="module" src="/_astro/y.js"></script>');
    expect(withScriptsAfterPaint(waiting)).toContain('<script fetchpriority="low" type="module" src="/_astro/y.js">');
  });
});
