import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { rewriteHtmlFiles } from './html-files.ts';

const EAGER_ISLAND = /<astro-island\b[^>]*\bclient="load"/;
const SCRIPT_FILE = /<script\b(?=[^>]*\btype="module")(?=[^>]*\bsrc=")(?![^>]*\bfetchpriority=)/g;
const MODULE_PRELOAD = /<link\b(?=[^>]*\brel="modulepreload")(?![^>]*\bfetchpriority=)/g;

/**
 * A public page paints from its HTML alone (decision 035): its module scripts only enhance what is already
 * on screen (the menu, the lightbox, the plan's search). Chromium fetches module scripts and modulepreloads
 * at high priority, ahead of the page's pictures and in Lighthouse's first-paint path; at low priority they
 * still come with the page, after what the first screen needs. A page with an island that hydrates at once
 * (`client:load`: the admin panel, the brand directory) is drawn by that script: it keeps the browser's
 * priority. Figures: docs/decisions/048.
 */
export function scriptPriority(): AstroIntegration {
  return {
    name: 'script-priority',
    hooks: {
      'astro:build:done': async ({ dir, logger }) => {
        const pages = await rewriteHtmlFiles(fileURLToPath(dir), withScriptsAfterPaint);
        logger.info(`scripts fetched after the first paint on ${pages} page(s)`);
      },
    },
  };
}

/** The page with `fetchpriority="low"` on its module script files and modulepreloads, unless an island draws it at once. */
export function withScriptsAfterPaint(html: string): string {
  if (EAGER_ISLAND.test(html)) return html;
  return html.replace(SCRIPT_FILE, '<script fetchpriority="low"').replace(MODULE_PRELOAD, '<link fetchpriority="low"');
}
