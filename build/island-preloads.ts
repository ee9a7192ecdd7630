import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import type { Plugin } from 'vite';
import { rewriteHtmlFiles } from './html-files.ts';

/** Static imports of every client chunk, by file name (`_astro/x.js` → its `_astro/…` imports). */
type ChunkGraph = Map<string, readonly string[]>;

const ISLAND = /<astro-island\b[^>]*>/g;
const MODULE_SCRIPT = /<script\b[^>]*\btype="module"[^>]*>/g;
const attribute = (tag: string, name: string) => new RegExp(`\\s${name}="([^"]*)"`).exec(tag)?.[1];

/**
 * An island the page hydrates at once (`client:load`) starts its code only when the parser reaches it,
 * and then the browser finds its chunks one import level at a time: entry → shared chunks → theirs.
 * On /brands the first card's picture waited for three such round trips. This integration lists each
 * eager island's whole static import graph as `<link rel="modulepreload">` in the page's head, so all of
 * it is requested in one round with the page, and what the page's module scripts import (the parser finds
 * the scripts, not their imports). Islands that wait (idle, visible) are left alone: their code must not
 * compete with what the visitor sees first. Reasons and figures: docs/decisions/006.
 */
export function islandPreloads(): AstroIntegration {
  const graph: ChunkGraph = new Map();
  const recordClientChunks: Plugin = {
    name: 'island-preloads:chunk-graph',
    apply: 'build',
    generateBundle(_options, bundle) {
      if (this.environment && this.environment.config.consumer !== 'client') return;
      for (const output of Object.values(bundle)) if (output.type === 'chunk') graph.set(output.fileName, output.imports);
    },
  };
  return {
    name: 'island-preloads',
    hooks: {
      'astro:config:setup': ({ updateConfig }) => {
        updateConfig({ vite: { plugins: [recordClientChunks] } });
      },
      'astro:build:done': async ({ dir, logger }) => {
        const pages = await rewriteHtmlFiles(fileURLToPath(dir), (html) => withModulePreloads(html, graph));
        logger.info(`modulepreload for eager islands on ${pages} page(s)`);
      },
    },
  };
}

/** The page with a modulepreload for every chunk its `client:load`/`client:painted` islands and module scripts import, before `</head>`. */
export function withModulePreloads(html: string, graph: ChunkGraph): string {
  const urls = new Set<string>();
  for (const [tag] of html.matchAll(ISLAND)) {
    // Hydrated at once, or once the after-paint loader has put these links in (build/scripts-after-paint.ts).
    if (!['load', 'painted'].includes(attribute(tag, 'client') ?? '')) continue;
    for (const name of ['component-url', 'renderer-url']) {
      const url = attribute(tag, name);
      if (url?.startsWith('/')) for (const file of importClosure(url.slice(1), graph)) urls.add(`/${file}`);
    }
  }
  // Page scripts are found by the parser, but not what they import: that too, so no chain runs longer.
  for (const [tag] of html.matchAll(MODULE_SCRIPT)) {
    const src = attribute(tag, 'src');
    if (src?.startsWith('/')) for (const file of importClosure(src.slice(1), graph).slice(1)) urls.add(`/${file}`);
  }
  if (urls.size === 0 || !html.includes('</head>')) return html;
  const links = [...urls].map((url) => `<link rel="modulepreload" href="${url}">`).join('');
  return html.replace('</head>', `${links}</head>`);
}

/** A chunk and everything it imports statically, depth first (the entry first). */
function importClosure(entry: string, graph: ChunkGraph): string[] {
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const imported of graph.get(file) ?? []) visit(imported);
  };
  visit(entry);
  return [...seen];
}
