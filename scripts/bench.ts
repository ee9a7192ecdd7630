import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { freePort, startLocalServer, type RunningServer } from '../netlify-local/spawn.ts';
import { brandInput, THUMBNAIL_PNG } from './bench/fixtures.ts';
import { LeanHttpClient } from './bench/lean-http.ts';
import { percentile, printTable, timeSequential, type Row } from './bench/stats.ts';
import { BRAND_CATEGORIES, DIRECTORY_FLOORS } from '../src/shared/brand.ts';
import { inboxBench } from './bench/inbox.ts';
import { reportsBench } from './bench/reports.ts';
import { loginBench, secondFactorBench } from './bench/login.ts';
import { currentNoticeVersion } from '../src/server/privacy/notice.ts';
import { toursBench } from './bench/tours.ts';
import { leasesBench } from './bench/leases.ts';
import { proposalsBench } from './bench/proposals.ts';

/**
 * `npm run bench`: the API budgets through the local server on PGlite (issue 3): GET /api/brands with
 * 1,000 brands with and without search (p95 ≤ 10 ms), 100 concurrent inquiries (all stored exactly
 * once), sign-in with the memory-hard password hash and sign-in with a second factor, each step (p95 ≤ 300 ms,
 * scripts/bench/login.ts) and the brands
 * function's cold start on an existing PGlite folder. Then the inbox budgets with 10,000 inquiries
 * (scripts/bench/inbox.ts), the tours budgets with 2,000 tours (scripts/bench/tours.ts), and the reports' with the
 * same inquiries and two years of daily space status (scripts/bench/reports.ts).
 */
const BRANDS = 1000;
const SAMPLES = 200;
const CONCURRENT_INQUIRIES = 100;
const P95_BUDGET_MS = 10;
const PASSWORD = 'bench-admin-password';

/** `client`: the sender's address as Netlify's edge names it, so concurrent visitors are distinct people. */
async function api(server: RunningServer, method: string, pathname: string, body?: unknown, token?: string, client?: string) {
  const headers: Record<string, string> = {};
  if (client) headers['x-nf-client-connection-ip'] = client;
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  if (token) headers.Authorization = `Bearer ${token}`;
  const response = await fetch(`${server.origin}${pathname}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${pathname} → ${response.status}: ${text}`);
  return text ? JSON.parse(text) : null;
}

async function uploadThumbnail(server: RunningServer, token: string): Promise<string> {
  const { uploadURL, objectPath } = await api(server, 'POST', '/api/objects/upload', { purpose: 'thumbnail', filename: 'logo.png', size: THUMBNAIL_PNG.byteLength, type: 'image/png' }, token);
  const put = await fetch(`${server.origin}${uploadURL}`, { method: 'PUT', body: THUMBNAIL_PNG, headers: { 'Content-Type': 'image/png' } });
  if (!put.ok) throw new Error(`thumbnail upload → ${put.status}: ${await put.text()}`);
  return objectPath;
}

async function inParallel<T>(count: number, limit: number, task: (i: number) => Promise<T>): Promise<T[]> {
  const results: T[] = [];
  let next = 0;
  await Promise.all(Array.from({ length: limit }, async () => {
    while (next < count) {
      const i = next++;
      results[i] = await task(i);
    }
  }));
  return results;
}

/** Time to the last byte of the answer through fetch: what a Node client sees, its own GC pauses included. */
async function fetchBody(server: RunningServer, pathname: string): Promise<void> {
  const response = await fetch(`${server.origin}${pathname}`);
  await response.arrayBuffer();
  if (!response.ok) throw new Error(`GET ${pathname} → ${response.status}`);
}

/** The budget: the server's time to the last byte, measured by a client that makes no garbage of its own. */
async function listLatency(server: RunningServer, label: string, query: (i: number) => string): Promise<Row> {
  const client = await LeanHttpClient.connect(server.origin);
  try {
    const get = async (i: number) => {
      const { status } = await client.get(`/api/brands${query(i)}`);
      if (status !== 200) throw new Error(`GET /api/brands${query(i)} → ${status}`);
    };
    await timeSequential(20, get);
    const durations = await timeSequential(SAMPLES, get);
    const p95 = percentile(durations, 0.95);
    return { measure: label, p50: percentile(durations, 0.5), p95, budget: `p95 ≤ ${P95_BUDGET_MS} ms`, ok: p95 <= P95_BUDGET_MS };
  } finally {
    client.close();
  }
}

/** For comparison only: the same reads through fetch, whose half-megabyte buffers make the client collect garbage. */
async function fetchLatency(server: RunningServer, label: string, query: (i: number) => string): Promise<Row> {
  await timeSequential(20, (i) => fetchBody(server, `/api/brands${query(i)}`));
  const durations = await timeSequential(SAMPLES, (i) => fetchBody(server, `/api/brands${query(i)}`));
  return { measure: label, p50: percentile(durations, 0.5), p95: percentile(durations, 0.95), value: 'client GC included' };
}

async function concurrentInquiries(server: RunningServer, token: string): Promise<Row> {
  const run = `bench-${Date.now()}`;
  const durations: number[] = [];
  await Promise.all(Array.from({ length: CONCURRENT_INQUIRIES }, async (_, i) => {
    const start = performance.now();
    await api(server, 'POST', '/api/inquiries', { privacyNoticeVersion: currentNoticeVersion(), name: `${run}-${i}`, email: `visitor${i}@example.com`, phone: '010-0000-0000', message: 'Leasing conditions for 3F, please.' }, undefined, `10.1.${i >> 8}.${i & 255}`);
    durations.push(performance.now() - start);
  }));
  // The list is paged (at most 200 a page): one search for this run's names fits in one page.
  const stored = (await api(server, 'GET', `/api/inquiries?limit=200&search=${run}`, undefined, token)) as { name: string }[];
  const names = stored.map((inquiry) => inquiry.name).filter((name) => name.startsWith(run));
  const exactlyOnce = names.length === CONCURRENT_INQUIRIES && new Set(names).size === CONCURRENT_INQUIRIES;
  return {
    measure: `${CONCURRENT_INQUIRIES} concurrent POST /api/inquiries`,
    p50: percentile(durations, 0.5),
    p95: percentile(durations, 0.95),
    value: `${new Set(names).size}/${CONCURRENT_INQUIRIES} stored, ${names.length - new Set(names).size} duplicates`,
    budget: 'all stored exactly once',
    ok: exactlyOnce,
  };
}

async function coldStart(dataDir: string): Promise<Row[]> {
  const started = performance.now();
  const { stdout } = await promisify(execFile)(process.execPath, ['scripts/bench/cold-start.ts'], { env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' } });
  const processMs = performance.now() - started;
  const result = JSON.parse(stdout.trim().split('\n').pop() ?? '{}') as { status: number; brands: number; importMs: number; firstQueryMs: number };
  return [
    { measure: 'cold start: import functions/brands.ts', value: `${result.importMs.toFixed(0)} ms` },
    { measure: 'cold start: first GET (open PGlite + query)', value: `${result.firstQueryMs.toFixed(0)} ms (${result.status}, ${result.brands} brands)` },
    { measure: 'cold start: whole process incl. Node boot', value: `${processMs.toFixed(0)} ms` },
  ];
}

/**
 * The parts, each runnable alone: `npm run bench -- --only=reports,tours` (comma-separated). `brands`: the
 * directory lists, the concurrent inquiries and the cold start; `login`: sign-in with the password and with a
 * second factor; `inbox`, `tours`, `reports`, `leases` (the rent roll and expiries with 300 leases), `proposals` (saving one with 10,000 inquiries and 2,000 proposals): scripts/bench/*.ts. BENCH_BASE / BENCH_BASE_DIST add
 * before-and-after rows to the reports and the inbox's paint (see those files).
 */
const PARTS = ['brands', 'login', 'inbox', 'tours', 'reports', 'leases', 'proposals'] as const;
type Part = (typeof PARTS)[number];
const onlyArg = process.argv.slice(2).find((arg) => arg.startsWith('--only='));
const only = onlyArg ? onlyArg.slice('--only='.length).split(',').filter(Boolean) : [...PARTS];
const unknown = only.filter((part) => !(PARTS as readonly string[]).includes(part));
if (unknown.length) {
  console.error(`Unknown bench part(s): ${unknown.join(', ')}. Parts: ${PARTS.join(', ')}`);
  process.exit(2);
}
const runs = (part: Part) => only.includes(part);

const dataDir = await mkdtemp(path.join(tmpdir(), 'btower-bench-'));
const env = { DATA_DIR: dataDir, ADMIN_PASSWORD: PASSWORD, DATABASE_URL: '', OBJECT_SIGNING_SECRET: 'bench-signing-secret' };
let server: RunningServer | undefined;
const rows: Row[] = [];
try {
  if (runs('brands') || runs('login')) {
    server = await startLocalServer(await freePort(), env, { apiOnly: true });
    const { token } = await api(server, 'POST', '/api/admin/login', { password: PASSWORD });
    if (runs('brands')) {
      const thumbnail = await uploadThumbnail(server, token);
      const seedStart = performance.now();
      await inParallel(BRANDS, 8, (i) => api(server as RunningServer, 'POST', '/api/brands', brandInput(i, thumbnail), token));
      const seedMs = performance.now() - seedStart;
      const searches = ['coffee', 'roastery', 'TAG7', 'studio', 'tenant 42', '평', 'open-late', 'nothing-matches'];
      rows.push(
        { measure: `seed ${BRANDS} brands (POST, 8 at a time)`, value: `${seedMs.toFixed(0)} ms` },
        await listLatency(server, `GET /api/brands (${BRANDS} brands, no filter)`, () => ''),
        await listLatency(server, 'GET /api/brands?search=… (8 repeated terms)', (i) => `?search=${encodeURIComponent(searches[i % searches.length] as string)}`),
        // Every term new, so none is answered from the list cache: the database's own search time.
        await listLatency(server, 'GET /api/brands?search=… (uncached terms)', (i) => `?search=${encodeURIComponent(`tenant ${i + 1}`)}`),
        await listLatency(server, 'GET /api/brands?category&floor&isAvailable', (i) => `?category=${encodeURIComponent(BRAND_CATEGORIES[i % 7] as string)}&floor=${DIRECTORY_FLOORS[i % 11]}&isAvailable=true`),
        await fetchLatency(server, `  same list through fetch (${BRANDS} brands, no filter)`, () => ''),
        await fetchLatency(server, '  same search through fetch', (i) => `?search=${encodeURIComponent(searches[i % searches.length] as string)}`),
        await concurrentInquiries(server, token),
      );
    }
    if (runs('login')) rows.push(...(await loginBench(server.origin, PASSWORD)), ...(await secondFactorBench(server.origin, token)));
    await server.stop();
    server = undefined;
    if (runs('brands')) rows.push(...(await coldStart(dataDir)));
  }
  if (runs('inbox')) rows.push(...(await inboxBench()));
  if (runs('tours')) rows.push(...(await toursBench()));
  if (runs('reports')) rows.push(...(await reportsBench()));
  if (runs('leases')) rows.push(...(await leasesBench()));
  if (runs('proposals')) rows.push(...(await proposalsBench()));
  // Latency percentiles mean little on a busy machine: say how busy it was.
  console.log(`${availableParallelism()} CPUs, load average ${loadavg().map((n) => n.toFixed(1)).join(' / ')} (1/5/15 min)\n`);
  printTable(rows);
  if (rows.some((row) => row.ok === false)) process.exitCode = 1;
} finally {
  await server?.stop();
  await rm(dataDir, { recursive: true, force: true });
}
