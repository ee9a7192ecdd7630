import { createHash } from 'node:crypto';
import { readFile, realpath } from 'node:fs/promises';
import path from 'node:path';
import type { Locale } from '../../i18n/locales.ts';
import { SHELL_TOKENS, shellPath, wordsPath, type ShareWords, type ShellKind } from '../../shared/share-shell.ts';
import { escapeHtml, type SafeHtml } from './html.ts';

/**
 * The share pages' shells and words (decision 017), read from the built site: `DIST_DIR` (the local
 * server and the tests set it), else `dist` in the working directory, where Netlify puts the function's
 * included files. Read once per build: on Netlify they change only with a deploy; locally `dist` is a
 * link the safe build moves to each new build (a content edit under `npm start`), so each file is kept
 * under the folder the link names now.
 */
function siteRoot(): string {
  return path.resolve(process.env.DIST_DIR ?? 'dist');
}

function siteFile(relative: string): string {
  return path.join(siteRoot(), relative);
}

const cache = new Map<string, Promise<string>>();
let cachedBuild = '';

async function readOnce(relative: string): Promise<string> {
  const build = await realpath(siteRoot()).catch(() => siteRoot());
  // A new build: what was read from the old one is not asked for again.
  if (build !== cachedBuild) cache.clear();
  cachedBuild = build;
  const file = path.join(build, relative);
  let text = cache.get(file);
  if (!text) {
    text = readFile(file, 'utf8').catch((error: unknown) => {
      cache.delete(file);
      throw new Error(`${relative} is missing from the built site (run npm run build): ${error instanceof Error ? error.message : String(error)}`);
    });
    cache.set(file, text);
  }
  return text;
}

/** Forgets what was read (tests that build another site folder). */
export function forgetShells(): void {
  cache.clear();
}

/** A file of the built site as bytes (a floor's card), read each time: it is asked for rarely. */
export async function siteFileBytes(relative: string): Promise<Uint8Array | null> {
  const bytes = await readFile(siteFile(relative)).catch(() => null);
  return bytes && new Uint8Array(bytes);
}

/** A file of the built site as text, read once (a not-found page, a shell, a words file). */
export function siteFileText(relative: string): Promise<string> {
  return readOnce(relative);
}

export async function shareWords(locale: Locale): Promise<ShareWords> {
  return JSON.parse(await readOnce(wordsPath(locale))) as ShareWords;
}

export function loadShell(kind: ShellKind, locale: Locale): Promise<string> {
  return readOnce(`${shellPath(kind, locale)}index.html`);
}

export interface ShellFill {
  /** The page's address after /floors/ or /brands/, already URL-encoded: '8f/801'. */
  slug: string;
  title: string;
  description: string;
  /** Root-relative path of the share image. */
  image: string;
  imageAlt: string;
  head: SafeHtml;
  main: SafeHtml;
}

/** The shell with a page's facts in place of its tokens. */
export function fillShell(shell: string, fill: ShellFill): string {
  return shell
    .replaceAll(SHELL_TOKENS.slug, fill.slug)
    .replaceAll(SHELL_TOKENS.image, escapeHtml(fill.image))
    .replaceAll(SHELL_TOKENS.imageAlt, escapeHtml(fill.imageAlt))
    .replaceAll(SHELL_TOKENS.title, escapeHtml(fill.title))
    .replaceAll(SHELL_TOKENS.description, escapeHtml(fill.description))
    .replace(SHELL_TOKENS.head, () => fill.head.value)
    .replace(SHELL_TOKENS.main, () => fill.main.value);
}

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;
/** Inline scripts a browser runs: no src, and a JavaScript type (JSON and JSON-LD are data, never run). */
const INLINE_SCRIPT = /<script(?![^>]*\bsrc=)((?:(?!type=)[^>])*|[^>]*type="module"[^>]*)>([\s\S]*?)<\/script>/g;
const INLINE_STYLE = /<style[^>]*>([\s\S]*?)<\/style>/g;

/**
 * The page's Content-Security-Policy header: netlify.toml's [[headers]] never reach a function's
 * response, so the page brings its own. Inline scripts and styles are allowed by their hashes only
 * (no 'unsafe-inline'), computed from the very HTML sent: whatever the build inlined keeps working,
 * anything else inline is refused.
 */
export function pageCsp(page: string): string {
  const scripts = [...page.matchAll(INLINE_SCRIPT)].map((match) => sha256(match[2]!));
  const styles = [...page.matchAll(INLINE_STYLE)].map((match) => sha256(match[1]!));
  return [
    "default-src 'self'",
    ["script-src 'self'", ...new Set(scripts)].join(' '),
    ["style-src 'self'", ...new Set(styles)].join(' '),
    "img-src 'self' data: blob:",
    "connect-src 'self'",
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "object-src 'none'",
    "form-action 'self'",
  ].join('; ');
}
