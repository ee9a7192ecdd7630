import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Encoding } from './compression.ts';
import type { NetlifyRules } from './netlify-rules.ts';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.gif': 'image/gif',
  '.ico': 'image/x-icon',
  '.pdf': 'application/pdf',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.mp4': 'video/mp4',
  '.webm': 'video/webm',
};

const CONFIGURATION_FILES = new Set(['/_headers', '/_redirects']);

export interface StaticFile {
  body: Buffer;
  type: string;
  /** Where it is on disk (its precompressed copies sit beside it). */
  file?: string;
}

async function fileAt(root: string, relative: string): Promise<StaticFile | null> {
  const file = path.join(root, relative);
  // Never leave the site folder, whatever `..` or encoded slashes the URL carried.
  if (file !== root && !file.startsWith(root + path.sep)) return null;
  const info = await stat(file).catch(() => null);
  if (!info?.isFile()) return null;
  return { body: await readFile(file), type: TYPES[path.extname(file).toLowerCase()] ?? 'application/octet-stream', file };
}

const EXTENSIONS: Record<Encoding, string> = { br: '.br', gzip: '.gz' };

/**
 * The copy of `file` the build compressed ahead (`<file>.br`, `<file>.gz`: the CMS's, build/cms/precompress.ts),
 * if there is one for this encoding and it is not older than the file, else null (compressed on the way out).
 */
export async function precompressedCopy(file: StaticFile, encoding: Encoding | null): Promise<Buffer | null> {
  if (!encoding || !file.file) return null;
  const copy = file.file + EXTENSIONS[encoding];
  const [original, packed] = await Promise.all([stat(file.file).catch(() => null), stat(copy).catch(() => null)]);
  if (!original || !packed?.isFile() || packed.mtimeMs < original.mtimeMs) return null;
  return readFile(copy);
}

/** The file Netlify would serve for `pathname`: itself, its folder's index.html, or `{path}.html`. */
export async function findStatic(root: string, pathname: string): Promise<StaticFile | null> {
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return null;
  }
  if (decoded.includes('\0')) return null;
  const clean = path.posix.normalize(decoded);
  // Netlify reads these configuration files of the publish folder and never serves them.
  if (CONFIGURATION_FILES.has(clean)) return null;
  const candidates = clean.endsWith('/') ? [`${clean}index.html`] : [clean, `${clean}/index.html`, `${clean}.html`];
  for (const candidate of candidates) {
    const found = await fileAt(root, candidate);
    if (found) return found;
  }
  return null;
}

/**
 * The 404 page for `pathname`: the locale's (netlify.toml 404 rules), else the site's default one, with
 * `path`, the page's own address (its header rules: its Content-Security-Policy).
 */
export async function findNotFoundPage(root: string, rules: NetlifyRules, pathname: string): Promise<(StaticFile & { path: string }) | null> {
  const targets = rules.notFound.filter((rule) => rule.pattern.test(pathname)).map((rule) => rule.to);
  for (const target of [...targets, '/404']) {
    const found = await findStatic(root, target);
    if (found) return { ...found, path: target };
  }
  return null;
}
