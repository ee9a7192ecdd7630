// @ts-check
import { defineConfig } from 'astro/config';
import react from '@astrojs/react';
import tailwindcss from '@tailwindcss/vite';
import { DEFAULT_LOCALE, LOCALES } from './src/i18n/locales.ts';
import { preactIslands } from './build/preact-islands.ts';
import { islandPreloads } from './build/island-preloads.ts';
import { scriptsAfterPaint, inlineAssetLimit, AFTER_PAINT_LOADER_HASH } from './build/scripts-after-paint.ts';
import { cspHeaders } from './build/csp-headers.ts';
import { inlineStyles } from './build/inline-styles.ts';
import { cmsApp } from './build/cms-app.ts';
import { contentChecks } from './build/content-checks.ts';

export default defineConfig({
  site: process.env.SITE_URL ?? 'https://btower.example',
  output: 'static',
  // Helpers and CI may build side by side; each can pick its own folder.
  outDir: process.env.ASTRO_OUT_DIR ?? 'dist',
  trailingSlash: 'ignore',
  integrations: [contentChecks(), react(), islandPreloads(), scriptsAfterPaint(), inlineStyles(), cspHeaders(), cmsApp()],
  i18n: {
    defaultLocale: DEFAULT_LOCALE,
    locales: [...LOCALES],
    routing: { prefixDefaultLocale: false },
  },
  // Hashes every script and style Astro emits into a CSP <meta>, so no page needs 'unsafe-inline'; the
  // build sends it as each page's response header too (build/csp-headers.ts → _headers).
  // The one inline script a build step adds after Astro (build/scripts-after-paint.ts) is hashed here.
  security: { csp: { scriptDirective: { hashes: [AFTER_PAINT_LOADER_HASH] } } },
  // No code blocks on this site; Shiki's inline styles would also fight the CSP.
  markdown: { syntaxHighlight: false },
  // The illustrations are our own SVG files (no user uploads go through astro:assets), so letting sharp
  // rasterise them to WebP/AVIF is safe, and far lighter to paint than detailed vector scenes.
  image: { dangerouslyProcessSVG: true },
  vite: {
    plugins: [tailwindcss(), preactIslands()],
    resolve: { alias: { '~': new URL('./src', import.meta.url).pathname } },
    // Chunks by who loads them (decision 062): valibot alone, so public islands, which validate
    // nothing, never load it; 'site', what every page's own scripts share with islands (no framework);
    // 'islands', what every public island needs: one request instead of five on /brands' first paint.
    // A group takes in whatever its modules import, so a module the islands import (shared/api → abuse, BrandCard →
    // the space names) lands in 'islands', and a static page's script that imports it loads the framework (12 KB) for
    // a few bytes: what static pages' scripts share with the islands has a group of its own, of higher priority.
    // Page scripts as files, put in after the first paint (decision 052); the few that must run while parsing stay inline.
    build: { assetsInlineLimit: inlineAssetLimit, rolldownOptions: { output: { codeSplitting: { groups: [
      { name: 'valibot', test: /node_modules[\\/]valibot[\\/]/, priority: 3 },
      { name: 'site', test: /src[\\/](i18n[\\/]locales|shared[\\/]inquiry-basics|scripts[\\/]visit-source)\./, priority: 2 },
      // Image addresses (the Image CDN): the brand cards' and the plan's space dialog.
      { name: 'images', test: /src[\\/]shared[\\/]image-url\./, priority: 2 },
      // What the plan draws on its first paint (/floors: 10 KB before any interaction): a space's one name
      // (units.space), its status and "available from" in words, counted phrases. Apart from 'units' and from the
      // rest of a space's facts (units/facts.ts), which only the plan's dialog, list and search need.
      { name: 'space-words', test: /src[\\/](shared[\\/]units[\\/](space-name|availability)|i18n[\\/]plural)\./, priority: 2 },
      // The spaces' rules and addresses the static pages' scripts (home, space page, the proposal page) share with the islands.
      { name: 'units', test: /src[\\/]shared[\\/](units[\\/]basics|share-paths)\./, priority: 2 },
      { name: 'islands', test: /node_modules[\\/](preact|nanostores)[\\/]|src[\\/](shared[\\/](abuse|api|brand-basics|uploads)|client[\\/](stores|api|hooks[\\/]use-translator|hooks[\\/]use-query)|i18n[\\/]translate|islands[\\/]BrandCard)\./, priority: 1 },
    ] } } } },
    server: {
      // `npm run dev`: API and uploaded objects go to the local function server.
      proxy: {
        '/api': `http://127.0.0.1:${process.env.API_PORT ?? 8899}`,
        '/objects': `http://127.0.0.1:${process.env.API_PORT ?? 8899}`,
      },
    },
  },
});
