import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, realpath } from 'node:fs/promises';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import path from 'node:path';
import { startLoopbackBlobs } from './blobs.ts';
import { loadFunctionRoutes, matchFunction, type FunctionRoute } from './function-routes.ts';
import { clientAddress, refusedMethod } from './function-methods.ts';
import { headersFor, loadNetlifyRules, siteHeaderRules, type NetlifyRules } from './netlify-rules.ts';
import { BodyTooLargeError, functionGetsBody, readNodeBody, sendWebResponse, toWebRequest } from './node-http.ts';
import { compressFor, negotiateEncoding } from './compression.ts';
import { findNotFoundPage, findStatic, precompressedCopy, type StaticFile } from './static-files.ts';
import { loadScheduledFunctions, startScheduler } from './scheduled-functions.ts';
import { compressResponse } from './compress-response.ts';
import { LocalCdnCache } from './cdn-cache.ts';
import { IMAGE_ROUTE } from '../src/shared/image-url.ts';

/**
 * The local server behind `npm start` and the e2e tests (design: Local serving): the built site and
 * every function on 127.0.0.1, mirroring Netlify's contract. `--api-only` serves just the functions,
 * for `npm run dev` where Astro serves the pages and proxies /api and /objects here.
 */
const API_ONLY = process.argv.includes('--api-only');
/** `npm start`: rebuild the site when content/ changes (netlify-local/content-watch.ts). */
const WATCH_CONTENT = process.argv.includes('--watch-content');
const PORT = Number(process.env.PORT ?? (API_ONLY ? process.env.API_PORT ?? 8899 : 8888));
const DIST_DIR = path.resolve(process.env.DIST_DIR ?? 'dist');
process.env.DATA_DIR = path.resolve(process.env.DATA_DIR ?? '.data');
const DATA_DIR = process.env.DATA_DIR;
/** Netlify refuses function requests over 6 MB. */
const FUNCTION_BODY_MAX_BYTES = 6 * 1024 * 1024;
const ORIGIN = `http://127.0.0.1:${PORT}`;
// The share functions read the built site's shells from here (src/server/share/shell.ts).
process.env.DIST_DIR = DIST_DIR;
/** Where the local CDN's purge API answers (see startLocalCdn). */
const PURGE_PATH = '/.netlify/local-purge';

await mkdir(DATA_DIR, { recursive: true });
if (!API_ONLY && !existsSync(path.join(DIST_DIR, 'index.html'))) {
  console.warn(`${DIST_DIR} has no built site: run \`npm run build\` (or \`npm start\`, which builds first).`);
}
if (!process.env.ADMIN_PASSWORD?.trim()) {
  const { ensureLocalAdminPassword } = await import('../src/server/auth/local-password.ts');
  await ensureLocalAdminPassword(DATA_DIR);
}
// Refuses to start on an unsafe configuration (a short ADMIN_PASSWORD in production), with its reason.
(await import('../src/server/env.ts')).serverEnv();
// The database opens while the rest starts, and before we listen: a new PGlite folder takes seconds of
// CPU to initialise, which would stall every request made meanwhile. A failure (e.g. a folder locked by
// another server) is reported now; the API then answers 503 until it can open.
const { getDb, closeDb } = await import('../src/server/db/index.ts');
const dbReady = getDb().catch((error: unknown) => console.error(`Database not ready: ${error instanceof Error ? error.message : String(error)}`));
const blobs = await startLoopbackBlobs(path.join(DATA_DIR, 'blobs'));
const cdn = startLocalCdn();
const routes: FunctionRoute[] = await loadFunctionRoutes();
const rules: NetlifyRules = await loadNetlifyRules();
/** netlify.toml's rules and the built site's own _headers (each page's CSP), as Netlify serves them. */
const siteRules = siteHeaderRules(rules, DIST_DIR);

function jsonError(res: ServerResponse, status: number, code: string, message: string): void {
  res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', 'X-Content-Type-Options': 'nosniff' });
  res.end(JSON.stringify({ error: { code, message } }));
}

/**
 * Netlify's CDN cache of function answers (netlify-local/cdn-cache.ts), with its purge API answered here:
 * the functions' own purgeTags() reaches it through @netlify/functions' purgeCache, as on Netlify.
 * `NETLIFY_LOCAL_CDN=off` serves every request from the function; a purge API set from outside
 * (NETLIFY_PURGE_API_URL) turns it off too, since purges would never reach this cache.
 */
function startLocalCdn(): { cache: LocalCdnCache; token: string } | null {
  if (process.env.NETLIFY_LOCAL_CDN === 'off' || process.env.NETLIFY_PURGE_API_URL) return null;
  const token = randomUUID();
  process.env.NETLIFY_PURGE_API_TOKEN = token;
  process.env.NETLIFY_PURGE_API_URL = `${ORIGIN}${PURGE_PATH}`;
  process.env.SITE_ID ??= 'local-site';
  return { cache: new LocalCdnCache(), token };
}

let servedBuild = '';
/**
 * A new build in DIST_DIR (the safe build moves the link: a content edit under `npm start`, or `npm run
 * build` beside it) is a new deploy, and Netlify's CDN keeps function answers only until a new deploy
 * goes live: answers made from the old build's files (the brand directory, the share pages) go too.
 */
async function forgetEntriesOfOlderBuilds(cache: LocalCdnCache): Promise<void> {
  const build = await realpath(DIST_DIR).catch(() => DIST_DIR);
  if (servedBuild && build !== servedBuild) cache.purge([]);
  servedBuild = build;
}

async function purgeRequest(req: IncomingMessage, res: ServerResponse): Promise<void> {
  if (!cdn || req.headers.authorization !== `Bearer ${cdn.token}`) return jsonError(res, 401, 'unauthorized', 'Not this server\'s purge token');
  const body = JSON.parse((await readNodeBody(req, 64 * 1024)).toString('utf8') || '{}') as { cache_tags?: string[] };
  cdn.cache.purge(body.cache_tags ?? []);
  res.writeHead(202).end();
}

async function callFunction(req: IncomingMessage, res: ServerResponse, route: FunctionRoute, params: Record<string, string>): Promise<void> {
  const allow = await refusedMethod(route, req.method ?? 'GET', new URL(req.url ?? '/', ORIGIN), params);
  if (allow) {
    res.writeHead(405, { Allow: allow, 'Content-Type': 'application/json; charset=utf-8', 'X-Content-Type-Options': 'nosniff' });
    return void res.end(JSON.stringify({ error: { code: 'method_not_allowed', message: `Use ${allow}` } }));
  }
  // As Netlify's edge does: the client address in the header and in context.ip.
  const ip = clientAddress(req.headers['x-nf-client-connection-ip'], req.socket.remoteAddress);
  req.headers['x-nf-client-connection-ip'] = ip;
  let body: Buffer | null = null;
  try {
    body = req.method === 'GET' || req.method === 'HEAD' ? null : await readNodeBody(req, FUNCTION_BODY_MAX_BYTES);
  } catch (error) {
    if (!(error instanceof BodyTooLargeError)) throw error;
    return jsonError(res, 413, 'payload_too_large', `Request body exceeds ${FUNCTION_BODY_MAX_BYTES} bytes`);
  }
  const request = toWebRequest(req, ORIGIN, functionGetsBody(req.method, req.headers['content-type'], body) ? body : null);
  const cacheable = cdn !== null && req.method === 'GET';
  const url = new URL(request.url);
  if (cacheable) await forgetEntriesOfOlderBuilds(cdn.cache);
  const kept = cacheable ? cdn.cache.lookup(url, request.headers) : null;
  if (kept?.response) return sendWebResponse(res, await compressResponse(kept.response, req.headers['accept-encoding']));
  const context = {
    params,
    ip,
    requestId: randomUUID(),
    url: new URL(request.url),
    site: { id: 'local-site', name: 'btower-local', url: ORIGIN },
    deploy: { context: 'dev', id: 'local', published: false },
    waitUntil: (promise: Promise<unknown>) => void promise.catch((error: unknown) => console.error(error)),
  };
  let answer = await route.handler(request, context);
  if (cacheable && kept) answer = await cdn.cache.keep(url, request.headers, answer, kept.ticket);
  const response = await compressResponse(answer, req.headers['accept-encoding']);
  await sendWebResponse(res, response, req.method === 'HEAD');
}

/** Netlify's Image CDN route, answered locally with sharp (docs/decisions/006-image-cdn.md). */
async function serveImage(req: IncomingMessage, res: ServerResponse, search: URLSearchParams): Promise<void> {
  const { imageResponse } = await import('./images/route.ts');
  const response = await imageResponse(search, req.headers.accept, (source) => fetch(new URL(source, ORIGIN)));
  await sendWebResponse(res, response, req.method === 'HEAD');
}

/**
 * `headersOf`: whose header rules the answer carries besides the path asked for: a not-found page answers
 * an unknown path with its own (its full Content-Security-Policy, frame-ancestors included; issue 29).
 */
async function sendStatic(req: IncomingMessage, res: ServerResponse, status: number, file: StaticFile, pathname: string, headersOf = pathname): Promise<void> {
  const encoding = negotiateEncoding(req.headers['accept-encoding']);
  const packed = (await precompressedCopy(file, encoding)) ?? compressFor(file.body, file.type, encoding);
  const body = packed ?? file.body;
  const headers: Record<string, string> = {
    'Content-Type': file.type,
    'Content-Length': String(body.byteLength),
    'Cache-Control': 'public, max-age=0, must-revalidate',
    Vary: 'Accept-Encoding',
    ...(packed && encoding ? { 'Content-Encoding': encoding } : {}),
    ...headersFor(await siteRules(), pathname),
    ...(headersOf !== pathname ? headersFor(await siteRules(), headersOf) : {}),
  };
  res.writeHead(status, headers);
  res.end(req.method === 'HEAD' ? undefined : body);
}

async function serveStatic(req: IncomingMessage, res: ServerResponse, pathname: string): Promise<void> {
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    res.writeHead(405, { Allow: 'GET, HEAD' }).end();
    return;
  }
  const file = await findStatic(DIST_DIR, pathname);
  if (file) return sendStatic(req, res, 200, file, pathname);
  const notFound = await findNotFoundPage(DIST_DIR, rules, pathname);
  if (notFound) return sendStatic(req, res, 404, notFound, pathname, notFound.path);
  res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8', ...headersFor(await siteRules(), pathname) }).end('Not found');
}

const server = createServer(async (req, res) => {
  try {
    const { pathname, searchParams } = new URL(req.url ?? '/', ORIGIN);
    if (pathname === IMAGE_ROUTE && (req.method === 'GET' || req.method === 'HEAD')) return await serveImage(req, res, searchParams);
    if (pathname === `${PURGE_PATH}/api/v1/purge` && req.method === 'POST') return await purgeRequest(req, res);
    const match = matchFunction(routes, pathname);
    if (match) return await callFunction(req, res, match.route, match.params);
    if (API_ONLY) return jsonError(res, 404, 'not_found', 'No function at this path');
    await serveStatic(req, res, pathname);
  } catch (error) {
    console.error(error);
    if (!res.headersSent) jsonError(res, 500, 'internal_error', 'Unexpected server error');
    else res.destroy();
  }
});

// Clients keep connections open between requests, as browsers and CDNs do. Node closes an idle one after
// 5 s by default, and a client that reuses it at that moment gets ECONNRESET: outlast the clients instead.
server.keepAliveTimeout = 75_000;
server.headersTimeout = 76_000;

await dbReady;

await new Promise<void>((resolve) => server.listen(PORT, '127.0.0.1', resolve));
console.log(`B TOWER ${API_ONLY ? 'functions' : 'site'} on ${ORIGIN}/ (data in ${DATA_DIR})`);
// Scheduled functions (the upload sweep, the notification outbox) run on their cron, as on Netlify.
const scheduler = startScheduler(await loadScheduledFunctions(), ORIGIN);
const contentWatcher = WATCH_CONTENT && !API_ONLY ? (await import('./content-watch.ts')).watchContent(process.cwd(), DIST_DIR) : null;

let stopping = false;
async function shutdown(signal: string): Promise<void> {
  if (stopping) return;
  stopping = true;
  console.log(`${signal}: stopping`);
  scheduler.stop();
  contentWatcher?.stop();
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  await blobs.stop();
  // PGlite flushes its folder and releases the lock only when closed.
  await closeDb().catch((error: unknown) => console.error(error));
  process.exit(0);
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));
