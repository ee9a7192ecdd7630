// Static: Astro closes the module runner its config was loaded with before build:done, so an import from
// there fails (it did once another integration ran before this one).
import { build } from 'vite';
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import type { Plugin } from 'vite';
import { precompress } from './cms/precompress.ts';
import { sveltiaPatches } from './cms/sveltia-patches.ts';

/** Where the content editors' app is served (/admin/ is the leasing team's panel). */
export const CMS_PATH = '/cms/';
const CMS_SOURCE = fileURLToPath(new URL('../src/cms/', import.meta.url));
const NO_CODE_HIGHLIGHTING = fileURLToPath(new URL('./cms/no-code-highlighting.js', import.meta.url));

/**
 * The GitHub repository the CMS commits to: CMS_GITHUB_REPO (owner/name), else the one Netlify builds from
 * (REPOSITORY_URL, set in every Netlify build), else the checkout's own `origin` when it is on GitHub.
 * Without any (a local copy with no remote) the page says how to set it; local-repository mode needs none.
 */
export function cmsRepository(env: NodeJS.ProcessEnv, gitOrigin?: string): string | undefined {
  if (env.CMS_GITHUB_REPO) return env.CMS_GITHUB_REPO;
  for (const url of [env.REPOSITORY_URL, gitOrigin]) {
    const repo = /github\.com[/:]([^/]+\/[^/]+?)(\.git)?\/?$/.exec(url ?? '')?.[1];
    if (repo) return repo;
  }
  return undefined;
}

/** The checkout's `origin` remote, if it has one. */
function gitOriginUrl(): string | undefined {
  try {
    return execFileSync('git', ['remote', 'get-url', 'origin'], { cwd: CMS_SOURCE, stdio: ['ignore', 'pipe', 'ignore'] }).toString().trim();
  } catch {
    return undefined;
  }
}

/**
 * The page's small start-up script (src/cms/start.ts) imports the CMS dynamically, after it has put up the
 * introduction; this starts the CMS's download at once, beside it, instead of after it (no waterfall).
 */
function preloadTheCms(): Plugin {
  return {
    name: 'cms-app:preload',
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        const chunks = Object.values(context.bundle ?? {}).filter((c) => c.type === 'chunk' && c.isDynamicEntry && c.facadeModuleId?.endsWith('/src/cms/main.ts'));
        const files = chunks.flatMap((chunk) => (chunk.type === 'chunk' ? [chunk.fileName, ...chunk.imports] : []));
        // Only the page that starts the CMS, and only what it does not load already.
        if (!html.includes('id="nc-root"')) return [];
        return [...new Set(files)].filter((file) => !html.includes(`${CMS_PATH}${file}`)).map((file) => ({
          tag: 'link',
          attrs: { rel: 'modulepreload', crossorigin: true, href: `${CMS_PATH}${file}` },
          injectTo: 'head' as const,
        }));
      },
    },
  };
}

/**
 * Builds the content editors' app (Sveltia CMS from npm, src/cms/) into `<outDir>/cms/` once the site is
 * built. It is a separate Vite build, outside Astro's pages: no public page imports it or shares a chunk
 * with it, it gets no CSP <meta> (the CMS injects its styles at run time; /cms/* has its own header policy
 * in netlify.toml) and no page machinery (sitemap, preloads). The npm build of the CMS imports its
 * dependencies and UI strings as modules, so everything it loads comes from this site. Decisions 019, 039.
 * `CMS_APP=off` builds the site without it (about half of a build's time on these machines): for builds whose
 * /cms/ nobody opens, such as the tests' builds of a copy of the site (tests/unit/safe-rebuild.test.ts).
 */
export function cmsApp(): AstroIntegration {
  return {
    name: 'cms-app',
    hooks: {
      'astro:build:done': async ({ dir, logger }) => {
        if (process.env.CMS_APP === 'off') {
          logger.info(`content editors' app not built (CMS_APP=off): ${CMS_PATH} answers 404`);
          return;
        }
        const started = performance.now();
        const outDir = fileURLToPath(new URL(`.${CMS_PATH}`, dir));
        await build({
          configFile: false,
          root: CMS_SOURCE,
          base: CMS_PATH,
          logLevel: 'warn',
          // Only the files the page needs: the config is bundled (it is generated, see src/cms/config.ts).
          publicDir: false,
          plugins: [sveltiaPatches(), preloadTheCms()],
          resolve: { alias: [{ find: /^@shikijs\/(langs|themes)\/.*$/, replacement: NO_CODE_HIGHLIGHTING }] },
          define: {
            CMS_GITHUB_REPO: JSON.stringify(cmsRepository(process.env, gitOriginUrl()) ?? ''),
            CMS_GITHUB_BRANCH: JSON.stringify(process.env.CMS_GITHUB_BRANCH ?? ''),
            CMS_CHECKOUT_FOLDER: JSON.stringify(path.basename(fileURLToPath(new URL('..', import.meta.url)))),
          },
          build: {
            outDir,
            emptyOutDir: true,
            assetsDir: 'assets',
            reportCompressedSize: false,
            chunkSizeWarningLimit: 4096,
            rollupOptions: {
              input: {
                index: fileURLToPath(new URL('index.html', `file://${CMS_SOURCE}`)),
                'local-sign-in': fileURLToPath(new URL('local-sign-in.html', `file://${CMS_SOURCE}`)),
              },
            },
          },
        });
        // Netlify's CDN compresses by itself; a build served by netlify-local sends these files as they are.
        const compressed = process.env.NETLIFY === 'true' ? 0 : await precompress(outDir);
        logger.info(`content editors' app built into ${CMS_PATH} in ${Math.round(performance.now() - started)} ms${compressed ? ` (${compressed} files precompressed)` : ''}`);
      },
    },
  };
}
