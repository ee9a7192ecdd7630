/**
 * A small static server for side-by-side measurements: serves a built site folder the way a CDN does,
 * gzip (level 6, as Netlify's default) for text, `folder/` → `folder/index.html`, `/path` → `/path/index.html`
 * or `/path.html`, 404.html for anything else. The same server for every site compared, so the comparison is
 * of the sites, not of their servers (issue 30's AstroWind figure).
 *   node scripts/bench/static-gzip.ts <folder> <port> [<folder> <port> …]
 */
import { createServer } from 'node:http';
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8', '.css': 'text/css', '.js': 'text/javascript', '.mjs': 'text/javascript',
  '.json': 'application/json', '.svg': 'image/svg+xml', '.xml': 'application/xml', '.txt': 'text/plain',
  '.png': 'image/png', '.jpg': 'image/jpeg', '.jpeg': 'image/jpeg', '.webp': 'image/webp', '.avif': 'image/avif',
  '.woff2': 'font/woff2', '.woff': 'font/woff', '.ico': 'image/x-icon', '.webmanifest': 'application/manifest+json',
};
const COMPRESSIBLE = /^(text\/|application\/(json|xml|manifest)|image\/svg)/;

async function file(root: string, pathname: string): Promise<string | null> {
  const base = path.join(root, path.normalize(decodeURIComponent(pathname)).replace(/^(\.\.[/\\])+/, ''));
  for (const candidate of [base, path.join(base, 'index.html'), `${base}.html`]) {
    const info = await stat(candidate).catch(() => null);
    if (info?.isFile()) return candidate;
  }
  return null;
}

export function serveStatic(root: string, port: number): Promise<void> {
  const cache = new Map<string, Buffer>();
  const server = createServer(async (req, res) => {
    const { pathname } = new URL(req.url ?? '/', 'http://x');
    let found = await file(root, pathname);
    const status = found ? 200 : 404;
    found ??= path.join(root, '404.html');
    const body = await readFile(found).catch(() => Buffer.from('not found'));
    const type = TYPES[path.extname(found)] ?? 'application/octet-stream';
    const headers: Record<string, string> = { 'content-type': type, 'cache-control': 'public, max-age=0, must-revalidate' };
    if (COMPRESSIBLE.test(type) && /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''))) {
      let zipped = cache.get(found);
      if (!zipped) cache.set(found, (zipped = gzipSync(body, { level: 6 })));
      res.writeHead(status, { ...headers, 'content-encoding': 'gzip', vary: 'accept-encoding', 'content-length': String(zipped.length) });
      res.end(zipped);
    } else {
      res.writeHead(status, { ...headers, 'content-length': String(body.length) });
      res.end(body);
    }
  });
  return new Promise((resolve) => server.listen(port, '127.0.0.1', () => resolve()));
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const args = process.argv.slice(2);
  for (let i = 0; i + 1 < args.length; i += 2) {
    await serveStatic(path.resolve(args[i]!), Number(args[i + 1]));
    console.log(`serving ${args[i]} on http://127.0.0.1:${args[i + 1]}`);
  }
}
