import type { Plugin } from 'vite';

/**
 * Changes to Sveltia CMS's npm build (`@sveltia/cms/npm/index.js`, pinned) made while bundling it. Each one is
 * a text replacement that must match exactly once: an upgraded version that moved the code fails the build
 * here, naming the patch, instead of silently loading a CDN font, a third party or the slow start again.
 */
interface Patch {
  name: string;
  pattern: RegExp;
  replace: (match: string, ...groups: string[]) => string;
}

/**
 * The CMS's UI library declares its three fonts in CSS with jsDelivr URLs and then adds the same files,
 * bundled in the package, through the FontFace API: the browser asks the CDN first. The CSS is pointed at
 * the bundled files, so nothing is requested from a third party.
 */
const BUNDLED_FONTS: Record<string, string> = {
  'source-sans-3:vf@5.3.0/latin-wght-normal.woff2': 'source-sans-3-latin-wght-normal-BqRLTx4X.woff2',
  'noto-mono@5.3.0/latin-400-normal.woff2': 'noto-mono-latin-400-normal-DiC8lJru.woff2',
  'material-symbols-outlined:vf@5.3.7/latin-wght-normal.woff2': 'material-symbols-outlined-latin-wght-normal-_Z1IJPLg.woff2',
};
const CDN_FONT = /https:\/\/cdn\.jsdelivr\.net\/fontsource\/fonts\/([^)\s]+)/g;

function localFonts(code: string): string {
  const patched = code.replace(CDN_FONT, (url, font: string) => {
    const file = BUNDLED_FONTS[font];
    if (!file) throw new Error(`@sveltia/cms loads ${url}: map it to its bundled file in build/cms/sveltia-patches.ts`);
    // Inside the CSS template literal: Vite resolves the asset and emits it beside the app.
    return `\${new URL(\`assets/${file}\`, import.meta.url).href}`;
  });
  if (/https:\/\/(cdn\.jsdelivr\.net|unpkg\.com)\/[^`'"]*\.(css|woff2?)/.test(patched)) {
    throw new Error('@sveltia/cms references a stylesheet or font on a CDN: serve it from the bundle (build/cms/sveltia-patches.ts)');
  }
  return patched;
}

/** Decision 039: what each patch changes and why. */
export const SVELTIA_PATCHES: Patch[] = [
  {
    // The GitHub backend asks githubstatus.com for incidents on every load and every 5 minutes. Our policy
    // allows no third party, so each load logged a CSP violation (issue 28). The check reads a `data:` answer
    // instead ("no incident"): no request leaves the site and nothing is logged.
    name: 'no GitHub status check',
    pattern: /`https:\/\/www\.githubstatus\.com\/api\/v2\/status\.json`/g,
    replace: () => '`data:application/json,{"status":{"indicator":"none"}}`',
  },
  {
    // At every start the CMS validated our configuration against its own JSON Schema: ~20% of its start-up
    // script time (profiled). The configuration is generated and the same for every editor, so
    // tests/unit/cms-config.test.ts validates it against the package's schema instead (issue 29).
    name: 'configuration schema checked by the unit test, not at every start',
    pattern: /schemas:[\w$]+\(\),collectors:/g,
    replace: () => 'schemas:void 0,collectors:',
  },
  {
    // The configuration's version (a cache key) was the hash of the whole configuration written out as YAML:
    // ~15% of the start-up script time for our 180 KB configuration. The hash of its JSON is as good a key.
    name: 'configuration version hashed from JSON, not YAML',
    pattern: /(\.current=await [\w$]+\()[\w$]+(\([\w$]+\)\),console\.debug\(`CMS configuration:`)/g,
    replace: (_match, before, after) => `${before}JSON.stringify${after}`,
  },
  {
    // A failed sign-in is shown on the sign-in screen and was also logged as a console error. On the local
    // server GitHub's sign-in fails on purpose, with our message (src/cms/local-sign-in.ts): it is logged as
    // a warning, so a console error keeps meaning something went wrong.
    name: 'sign-in failures logged as warnings',
    pattern: /(\.signInError=\{message:[\w$]+,context:[\w$]+\},console\.)error(\()/g,
    replace: (_match, before, after) => `${before}warn${after}`,
  },
];

export function applySveltiaPatches(code: string, patches: Patch[] = SVELTIA_PATCHES): string {
  let patched = localFonts(code);
  for (const patch of patches) {
    const count = patched.match(patch.pattern)?.length ?? 0;
    if (count !== 1) throw new Error(`@sveltia/cms patch "${patch.name}" matched ${count} times (expected 1): update build/cms/sveltia-patches.ts for this version`);
    patched = patched.replace(patch.pattern, patch.replace as (substring: string, ...args: string[]) => string);
  }
  return patched;
}

export function sveltiaPatches(): Plugin {
  return {
    name: 'cms-app:sveltia-patches',
    transform(code, id) {
      if (!id.includes('/@sveltia/cms/npm/index.js')) return null;
      return { code: applySveltiaPatches(code), map: null };
    },
  };
}
