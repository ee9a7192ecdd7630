// Static: Astro closes the module runner its config was loaded with before build:done, so an import from
// there fails (it did once another integration ran before this one).
import { build } from 'vite';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import type { Plugin } from 'vite';

/** Where the content editors' app is served (/admin/ is the leasing team's panel). */
export const CMS_PATH = '/cms/';
const CMS_SOURCE = fileURLToPath(new URL('../src/cms/', import.meta.url));
const NO_CODE_HIGHLIGHTING = fileURLToPath(new URL('./cms/no-code-highlighting.js', import.meta.url));

/**
 * The CMS's UI library declares its three fonts in CSS with jsDelivr URLs and then adds the same files,
 * bundled in the package, through the FontFace API: the browser asks the CDN first. The CSS is pointed at
 * the bundled files, so nothing is requested from a third party. A new CDN URL in an upgraded version fails
 * the build here rather than slipping through (and the CMS end-to-end test fails on any outside request).
 */
const BUNDLED_FONTS: Record<string, string> = {
  'source-sans-3:vf@5.3.0/latin-wght-normal.woff2': 'source-sans-3-latin-wght-normal-BqRLTx4X.woff2',
  'noto-mono@5.3.0/latin-400-normal.woff2': 'noto-mono-latin-400-normal-DiC8lJru.woff2',
  'material-symbols-outlined:vf@5.3.7/latin-wght-normal.woff2': 'material-symbols-outlined-latin-wght-normal-_Z1IJPLg.woff2',
};
const CDN_FONT = /https:\/\/cdn\.jsdelivr\.net\/fontsource\/fonts\/([^)\s]+)/g;

export function localCmsFonts(): Plugin {
  return {
    name: 'cms-app:local-fonts',
    transform(code, id) {
      if (!id.includes('/@sveltia/cms/npm/index.js')) return null;
      const patched = code.replace(CDN_FONT, (url, font: string) => {
        const file = BUNDLED_FONTS[font];
        if (!file) throw new Error(`@sveltia/cms loads ${url}: map it to its bundled file in build/cms-app.ts`);
        // Inside the CSS template literal: Vite resolves the asset and emits it beside the app.
        return `\${new URL(\`assets/${file}\`, import.meta.url).href}`;
      });
      if (/https:\/\/(cdn\.jsdelivr\.net|unpkg\.com)\/[^`'"]*\.(css|woff2?)/.test(patched)) {
        throw new Error('@sveltia/cms references a stylesheet or font on a CDN: serve it from the bundle (build/cms-app.ts)');
      }
      return { code: patched, map: null };
    },
  };
}

/**
 * The GitHub repository the CMS commits to: CMS_GITHUB_REPO (owner/name), else the one Netlify builds from
 * (REPOSITORY_URL, set in every Netlify build). Without either (a local build) the CMS still works in
 * local-repository mode, which needs no repository name.
 */
export function cmsRepository(env: NodeJS.ProcessEnv): string | undefined {
  if (env.CMS_GITHUB_REPO) return env.CMS_GITHUB_REPO;
  return /github\.com[/:]([^/]+\/[^/]+?)(\.git)?$/.exec(env.REPOSITORY_URL ?? '')?.[1];
}

/**
 * Builds the content editors' app (Sveltia CMS from npm, src/cms/) into `<outDir>/cms/` once the site is
 * built. It is a separate Vite build, outside Astro's pages: no public page imports it or shares a chunk
 * with it, it gets no CSP <meta> (the CMS injects its styles at run time; /cms/* has its own header policy
 * in netlify.toml) and no page machinery (sitemap, preloads). The npm build of the CMS imports its
 * dependencies and UI strings as modules, so everything it loads comes from this site. Decision 019.
 */
export function cmsApp(): AstroIntegration {
  return {
    name: 'cms-app',
    hooks: {
      'astro:build:done': async ({ dir, logger }) => {
        const started = performance.now();
        await build({
          configFile: false,
          root: CMS_SOURCE,
          base: CMS_PATH,
          logLevel: 'warn',
          // Only the files the page needs: the config is bundled (it is generated, see src/cms/config.ts).
          publicDir: false,
          plugins: [localCmsFonts()],
          resolve: { alias: [{ find: /^@shikijs\/(langs|themes)\/.*$/, replacement: NO_CODE_HIGHLIGHTING }] },
          define: {
            CMS_GITHUB_REPO: JSON.stringify(cmsRepository(process.env) ?? ''),
            CMS_GITHUB_BRANCH: JSON.stringify(process.env.CMS_GITHUB_BRANCH ?? ''),
          },
          build: {
            outDir: fileURLToPath(new URL(`.${CMS_PATH}`, dir)),
            emptyOutDir: true,
            assetsDir: 'assets',
            reportCompressedSize: false,
            chunkSizeWarningLimit: 4096,
          },
        });
        logger.info(`content editors' app built into ${CMS_PATH} in ${Math.round(performance.now() - started)} ms`);
      },
    },
  };
}
