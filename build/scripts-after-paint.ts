import { createHash } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { minifySync } from 'vite';
import { rewriteHtmlFiles } from './html-files.ts';
import { AFTER_PAINT_LIST_ID } from '../src/client/after-paint/list-id.ts';

const EAGER_ISLAND = /<astro-island\b[^>]*\bclient="load"/;
const PAINTED_ISLAND = /<astro-island\b[^>]*\bclient="painted"/;
const SCRIPT_FILE = /<script\b(?=[^>]*\btype="module")[^>]*\bsrc="([^"]+)"[^>]*><\/script>/g;
const MODULE_PRELOAD = /<link\b(?=[^>]*\brel="modulepreload")[^>]*\bhref="([^"]+)"[^>]*>/g;
/** A plain inline script (no attributes): where Astro writes its island runtime and hydration directives. */
const PLAIN_INLINE_SCRIPT = /<script>((?:(?!<\/script>)[\s\S])*)<\/script>/g;
/** Astro's island runtime (the astro-island element) and its directives (client:visible, idle, painted…). */
const ISLAND_RUNTIME = /customElements\.define\("astro-island"|\(self\.Astro\|\|\(self\.Astro=\{\}\)\)\.\w+=/;

export { AFTER_PAINT_LIST_ID };

/**
 * Puts the page's script files in once its first screen is there: after the first contentful paint and the
 * pictures then on screen (the largest paint is often one of them; 2.5 s at most), decoded, and two frames later
 * so those pictures have been painted, not only loaded (a picture loaded but still decoding painted after the
 * scripts had started, and Lighthouse counted them before /brands' largest paint); or, for a page loaded out of sight, after its load event (a second
 * after load at the latest in any case). In their document order; marks the page `data-enhanced` once they have all
 * run. Inline and constant, so its one hash serves every page. Written to be read, and minified for the page (every
 * page carries it in its first round trip, decision 046, and `npm run audit` counts it in the page's script).
 */
const LOADER_SOURCE = `
const list = JSON.parse(document.getElementById('${AFTER_PAINT_LIST_ID}').textContent);
let started = false;
const start = () => {
  if (started) return;
  started = true;
  const all = document.createDocumentFragment();
  for (const href of list.preload) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.href = href;
    all.append(link);
  }
  let left = list.scripts.length;
  const ran = () => {
    if (--left === 0) document.documentElement.dataset.enhanced = '';
  };
  for (const src of list.scripts) {
    const script = document.createElement('script');
    script.type = 'module';
    script.async = false;
    script.src = src;
    script.onload = script.onerror = ran;
    all.append(script);
  }
  document.head.append(all);
};
const soon = () => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(start)));
const firstScreen = () => {
  setTimeout(start, 2500);
  const pictures = [...document.images].filter((img) => {
    if (img.complete) return false;
    const box = img.getBoundingClientRect();
    return box.bottom > 0 && box.top < innerHeight && box.width > 0;
  });
  let left = pictures.length;
  if (!left) return soon();
  const one = () => {
    if (--left === 0) soon();
  };
  for (const img of pictures) img.decode().then(one, one);
};
addEventListener('load', () => setTimeout(start, document.visibilityState === 'visible' ? 1000 : 0), { once: true });
if (PerformanceObserver.supportedEntryTypes?.includes('paint'))
  new PerformanceObserver((entries, observer) => {
    if (entries.getEntriesByName('first-contentful-paint').length) {
      observer.disconnect();
      firstScreen();
    }
  }).observe({ type: 'paint', buffered: true });
else requestAnimationFrame(soon);
`;

export const AFTER_PAINT_LOADER = minifySync('after-paint-loader.js', LOADER_SOURCE, { module: true, compress: true, mangle: { toplevel: true } }).code.trim();

/**
 * Page scripts that must run while the page is parsed, so Astro may write them into the page: the brand
 * directory's, which starts reading the list and shows the first picture before the island (decision 051).
 */
const PARSE_TIME_SCRIPTS = /(^|\/)brands\.astro_astro_type_script_/;

/**
 * Vite's `build.assetsInlineLimit` for the site: Astro writes a small page script (the top bar's, the reveal's,
 * the tooltips') into the page's HTML, where it runs before the first paint and costs the page's first round
 * trip its bytes (decision 052); as a file it goes to the loader with the others. Only PARSE_TIME_SCRIPTS stay in
 * the page. Other assets (fonts, pictures, stylesheets) keep Vite's own rule (undefined).
 */
export function inlineAssetLimit(file: string): boolean | undefined {
  return file.endsWith('.js') ? PARSE_TIME_SCRIPTS.test(file) : undefined;
}

/** The loader's `sha256-…` for the pages' script-src (astro.config.mjs). */
export const AFTER_PAINT_LOADER_HASH: `sha256-${string}` = `sha256-${createHash('sha256').update(AFTER_PAINT_LOADER).digest('base64')}`;

/**
 * A public page paints from its HTML alone (decision 035): its module scripts only enhance what is already on
 * screen (the menu, the lightbox, the plan's search). Fetched with the HTML they take the first round trips'
 * bandwidth and stand in Lighthouse's first-paint path; put in once the page has painted, they come a moment
 * later and the text comes first. A page with an island that hydrates at once (`client:load`: the admin panel) is
 * drawn by that script: it keeps its scripts where Astro put them; an island that can wait for them
 * (`client:painted`: the brand directory, whose first screen is its loading cards) hydrates after them. Figures: docs/decisions/050.
 */
export function scriptsAfterPaint(): AstroIntegration {
  return {
    name: 'scripts-after-paint',
    hooks: {
      // An island that waits for the loader: `client:painted` (the brand directory, decision 051).
      'astro:config:setup': ({ addClientDirective }) => {
        addClientDirective({ name: 'painted', entrypoint: fileURLToPath(new URL('../src/client/after-paint/hydrate-after-paint.ts', import.meta.url)) });
      },
      'astro:build:done': async ({ dir, logger }) => {
        const runtimes = new Map<string, string>();
        const pages = await rewriteHtmlFiles(fileURLToPath(dir), (html) => withScriptsAfterPaint(html, runtimes));
        for (const [path, code] of runtimes) await writeFile(fileURLToPath(new URL(`.${path}`, dir)), code);
        logger.info(`scripts put in after the first paint on ${pages} page(s); ${runtimes.size} island runtime file(s)`);
      },
    },
  };
}

/**
 * The page with its module script files and modulepreloads listed for the loader, unless an island draws it at once.
 * Astro's island runtime and directives, which it writes inline (4–5 KB, ~1.7 KB brotli: a tenth of a page that must
 * fit the first round trip, decision 046), go into a file of their own (`runtimes`: address → code, written by the
 * build), listed first: every island of such a page waits for the paint anyway, and inert until the runtime comes,
 * shows its server-rendered HTML.
 */
export function withScriptsAfterPaint(html: string, runtimes: Map<string, string> = new Map()): string {
  if (EAGER_ISLAND.test(html) || html.includes(`id="${AFTER_PAINT_LIST_ID}"`)) return html;
  const scripts: string[] = [];
  const preload: string[] = [];
  let rest = html.replace(SCRIPT_FILE, (_, src: string) => (scripts.push(src), '')).replace(MODULE_PRELOAD, (_, href: string) => (preload.push(href), ''));
  if (scripts.length === 0) {
    // Its island would wait for a loader that never comes.
    if (PAINTED_ISLAND.test(html)) throw new Error('A page with a client:painted island has no script file for the after-paint loader to put in');
    return html;
  }
  const runtime: string[] = [];
  rest = rest.replace(PLAIN_INLINE_SCRIPT, (script, code: string) => (ISLAND_RUNTIME.test(code) ? (runtime.push(code), '') : script));
  if (runtime.length > 0) {
    const code = runtime.join('\n');
    const path = `/_astro/island-runtime.${createHash('sha256').update(code).digest('base64url').slice(0, 10)}.js`;
    runtimes.set(path, code);
    scripts.unshift(path);
  }
  // `<` written as \u003c: no path holds one, and the block could never close early if one did.
  const list = JSON.stringify({ preload, scripts }).replaceAll('<', '\\u003c');
  const at = rest.lastIndexOf('</body>');
  return `${rest.slice(0, at)}<script type="application/json" id="${AFTER_PAINT_LIST_ID}">${list}</script><script type="module">${AFTER_PAINT_LOADER}</script>${rest.slice(at)}`;
}
