import { execFileSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { freePort, startLocalServer, type RunningServer } from '../netlify-local/spawn.ts';
import { ADMIN_LABELS, createBrand, editBrands, signIn, uploadThumbnail, type SeededBrand } from './bench/load-admin.ts';
import { sender } from './bench/load-http.ts';
import { checkInquiries, describeInquiryCheck, inquiryCheckPassed } from './bench/load-inquiries.ts';
import { Recorder } from './bench/load-recorder.ts';
import { runClients } from './bench/load-run.ts';
import { discoverPages } from './bench/load-site.ts';
import { readBrands, readPage, sendInquiry, visitorAddress, VISITOR_LABELS, type Acknowledged } from './bench/load-visitors.ts';

/**
 * `npm run bench:load` (issue 5): a fresh production build served by the local server (PGlite in a new
 * temp folder) while this process, a separate one, drives it over loopback with `--clients` concurrent
 * clients for `--duration` seconds: one admin editing brands, the rest visitors reading pages and the
 * brand directory and sending inquiries with attachments. Afterwards every acknowledged inquiry must be
 * stored exactly once. Prints p50/p95/p99 per route; exits 1 on any error or lost/duplicated inquiry.
 * `--port` picks the server's port, `--brands` how many brands are seeded, `--skip-build` serves the
 * existing build in ASTRO_OUT_DIR.
 */
const { values: flags } = parseArgs({
  options: {
    duration: { type: 'string', default: '60' },
    clients: { type: 'string', default: '50' },
    brands: { type: 'string', default: '200' },
    port: { type: 'string' },
    'skip-build': { type: 'boolean', default: false },
  },
});
const DURATION_S = Number(flags.duration);
const CLIENTS = Number(flags.clients);
const BRANDS = Number(flags.brands);
if (!(DURATION_S > 0) || !(CLIENTS >= 2) || !(BRANDS >= 1)) throw new Error('--duration > 0, --clients ≥ 2 (one admin), --brands ≥ 1');
/** Share of visitor rounds that read a page, then the brand directory; the rest send an inquiry. */
const PAGE_SHARE = 0.6;
const BRANDS_SHARE = 0.3;
const PASSWORD = 'load-admin-password';

// Our own build folder unless one is given: others may be serving `dist` meanwhile.
const outDir = process.env.ASTRO_OUT_DIR ? path.resolve(process.env.ASTRO_OUT_DIR) : await mkdtemp(path.join(tmpdir(), 'btower-load-dist-'));
const dataDir = await mkdtemp(path.join(tmpdir(), 'btower-load-'));
let server: RunningServer | undefined;
try {
  if (!flags['skip-build']) {
    const started = performance.now();
    execFileSync('npx', ['astro', 'build'], { stdio: 'ignore', env: { ...process.env, ASTRO_OUT_DIR: outDir } });
    console.log(`Built ${outDir} in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  }
  const port = flags.port ? Number(flags.port) : await freePort();
  const env = { DATA_DIR: dataDir, DIST_DIR: outDir, ADMIN_PASSWORD: PASSWORD, DATABASE_URL: '', OBJECT_SIGNING_SECRET: 'load-signing-secret' };
  server = await startLocalServer(port, env);
  console.log(`Server pid ${server.pid} on ${server.origin}, data in ${dataDir}`);

  // Setting up (as an operator with a session of its own) is not measured, but must not fail either.
  const setupSend = sender(server.origin, new Recorder());
  const operatorToken = await signIn(setupSend, PASSWORD);
  const seedThumbnail = await uploadThumbnail(setupSend, operatorToken);
  const seeded: SeededBrand[] = [];
  for (let number = 0; number < BRANDS; number += 1) {
    seeded.push({ id: (await createBrand(setupSend, operatorToken, number, seedThumbnail)).id, number, thumbnail: seedThumbnail });
  }
  const pages = await discoverPages(server.origin);
  console.log(`Seeded ${BRANDS} brands; ${pages.length} pages (9 routes × 4 locales) with their hashed files`);

  const recorder = new Recorder();
  recorder.declare([...new Set(pages.map((page) => page.label)), ...Object.values(VISITOR_LABELS), ...Object.values(ADMIN_LABELS)]);
  const send = sender(server.origin, recorder);
  const run = `load-${Date.now().toString(36)}`;
  const acknowledged: Acknowledged[] = [];
  // The admin signs in once, on the first round, and keeps the token: the login allows 5 failures per 15 minutes.
  let adminToken: Promise<string> | undefined;
  console.log(`Running ${CLIENTS} clients (1 admin, ${CLIENTS - 1} visitors) for ${DURATION_S} s…`);
  const cpuBefore = process.cpuUsage();
  // A client's own stalls would be counted as server latency: measure them so the figures can be judged.
  const clientLag = monitorEventLoopDelay({ resolution: 10 });
  clientLag.enable();
  const seconds = await runClients(CLIENTS, DURATION_S * 1000, recorder, async (client, round) => {
    if (client === 0) {
      adminToken ??= signIn(send, PASSWORD);
      return editBrands(send, await adminToken, seeded, round);
    }
    const roll = Math.random();
    if (roll < PAGE_SHARE) return readPage(send, pages);
    if (roll < PAGE_SHARE + BRANDS_SHARE) return readBrands(send);
    return sendInquiry(send, `${run}-c${client}-r${round}`, acknowledged, visitorAddress(client, round));
  });
  const cpu = process.cpuUsage(cpuBefore);
  clientLag.disable();

  // Latency percentiles mean little on a busy machine: say how busy it was (the server shares these CPUs with this process).
  console.log(`\n${recorder.requestCount} requests in ${seconds.toFixed(1)} s; ${availableParallelism()} CPUs, load average ${loadavg().map((n) => n.toFixed(1)).join(' / ')} (1/5/15 min);`);
  const lagP99 = clientLag.percentile(99) / 1e6;
  console.log(`this load generator used ${((cpu.user + cpu.system) / 1e6).toFixed(1)} s of CPU; its event loop was held up ${lagP99.toFixed(1)} ms at p99.\n`);
  recorder.print(seconds);
  const stored = await checkInquiries(server.origin, operatorToken, run, acknowledged).then(
    (check) => (console.log(`\n${describeInquiryCheck(check)}`), inquiryCheckPassed(check)),
    (error: unknown) => (console.log(`\nThe stored inquiries could not be read: ${String(error)}`), false),
  );
  if (recorder.failureCount > 0) {
    console.log(`\n${recorder.failureCount} errors, by kind (one example each):`);
    for (const [kind, { example, count }] of recorder.kinds) console.log(`  ${count} × ${kind}: ${example.request} → ${example.problem}`);
  }
  const passed = recorder.failureCount === 0 && stored;
  console.log(`\n${passed ? 'PASS: no errors, every acknowledged inquiry stored exactly once' : 'FAIL'}`);
  if (!passed) process.exitCode = 1;
} finally {
  // A server that died on its own is already gone: say so rather than fail on stopping it.
  await server?.stop().catch(() => console.log(`The server (pid ${server?.pid}) had already exited.`));
  await rm(dataDir, { recursive: true, force: true });
  if (!process.env.ASTRO_OUT_DIR) await rm(outDir, { recursive: true, force: true });
}
