/**
 * `npm run audit:public`: issue 29's table of every public page × language on the furnished building of
 * `npm run bench:real` (40 photo brands, then `npm run demo`'s 12 brands and 42 spaces), plus /brands of a
 * building with no brands at all. Serves the existing build (`npm run build` first; `ASTRO_OUT_DIR` to
 * serve another) with the local server, compressed as `npm start` serves it.
 *
 * Lighthouse 13 mobile (simulated throttling), `--runs` (3) runs of each page, interleaved (run 1 of every
 * page, then run 2…) so a change in the machine's load falls on every page alike. Per page: the median run
 * by performance score (its perf, a11y, FCP, LCP, TBT), the worst CLS of all runs (CLS 0 must hold in every
 * load), the longest main-thread task of the median run and the JavaScript it loaded (gzip, transfer size),
 * and whether any stylesheet blocked rendering. Prints a Markdown table with `uptime`'s load before/after
 * and the time taken; each run goes to stderr as it ends. Exits 1 when a budget is missed.
 *
 *   node scripts/bench/public-pages.ts [--runs=3] [--langs=ko,en,zh,ja] [--only=/floors,/brands-empty]
 *       [--photos=40] [--save=DIR]
 * `--only` takes the page keys of the first column (locale-free). `--save` keeps every run's report (JSON).
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import lighthouse from 'lighthouse';
import * as chromeLauncher from 'chrome-launcher';
import { freePort, startLocalServer, type RunningServer } from '../../netlify-local/spawn.ts';
import { CHROME, CHROME_FLAGS, performanceOf, type LighthouseResult } from '../lib/lighthouse-run.ts';
import { LOCALES, localizePath, type Locale } from '../../src/i18n/locales.ts';
import type { Brand } from '../../src/shared/brand-basics.ts';
import type { Unit } from '../../src/shared/units/unit.ts';
import { brandPath, spacePath } from '../../src/shared/share-paths.ts';
import { seedDemo } from '../demo/seed.ts';
import { benchPhotos } from './real-photos.ts';
import { seedPhotoBrands } from './real-seed.ts';

const arg = (name: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
const RUNS = Number(arg('runs') ?? 3);
const LANGS = (arg('langs')?.split(',') ?? [...LOCALES]) as Locale[];
const ONLY = arg('only')?.split(',');
const PHOTOS = Number(arg('photos') ?? 40);
const SAVE_DIR = arg('save');
const PASSWORD = 'public-pages-password';
/** Issue 29's budgets for every public page; issue 30's (perf 100, LCP ≤ 1 s) are shown beside them. */
const BUDGET = { performance: 98, tbtMs: 100, cls: 0, accessibility: 100 };

const load = () => execFileSync('uptime', { encoding: 'utf8' }).replace(/.*load average:\s*/, '').trim();
const started = performance.now();
const loadBefore = load();

async function startServer(): Promise<{ server: RunningServer; dataDir: string }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'btower-public-pages-'));
  const server = await startLocalServer(await freePort(), { DATA_DIR: dataDir, ADMIN_PASSWORD: PASSWORD, DIST_DIR: process.env.ASTRO_OUT_DIR ?? 'dist' });
  return { server, dataDir };
}

const furnished = await startServer();
const empty = await startServer();
try {
  console.error(`Seeding ${PHOTOS} photo brands and the demo building…`);
  if (PHOTOS > 0) await seedPhotoBrands(furnished.server.origin, PASSWORD, await benchPhotos(join(tmpdir(), 'btower-bench-photos-v2'), PHOTOS));
  await seedDemo(furnished.server.origin, PASSWORD);
  const units = (await (await fetch(`${furnished.server.origin}/api/units`)).json()) as Unit[];
  const brands = (await (await fetch(`${furnished.server.origin}/api/brands`)).json()) as Brand[];
  const space = units.find((unit) => unit.plan && unit.status === 'available') ?? units[0]!;
  const brand = brands.find((b) => b.slug && b.unit) ?? brands[0]!;
  console.error(`${units.length} spaces, ${brands.length} brands; space page ${spacePath(space)}, brand page ${brandPath(brand.slug!)}`);

  /** Page key (locale-free, first column) → the server and path (without locale) it is read from. */
  const PAGES: { key: string; origin: string; path: string; suffix?: string }[] = [
    { key: '/', origin: furnished.server.origin, path: '/' },
    { key: '/about', origin: furnished.server.origin, path: '/about' },
    { key: '/architecture', origin: furnished.server.origin, path: '/architecture' },
    { key: '/floors', origin: furnished.server.origin, path: '/floors' },
    { key: '/floors filtered', origin: furnished.server.origin, path: '/floors', suffix: '?use=Medical&minArea=100&maxArea=200&fromFloor=4F&toFloor=10F#stacking-plan' },
    { key: '/floors list', origin: furnished.server.origin, path: '/floors', suffix: '?use=Medical&view=list#stacking-plan' },
    { key: '/directions', origin: furnished.server.origin, path: '/directions' },
    { key: '/brands', origin: furnished.server.origin, path: '/brands' },
    { key: '/brands-empty', origin: empty.server.origin, path: '/brands' },
    { key: '/contact', origin: furnished.server.origin, path: '/contact' },
    { key: '/privacy', origin: furnished.server.origin, path: '/privacy' },
    { key: 'space page', origin: furnished.server.origin, path: spacePath(space) },
    { key: 'brand page', origin: furnished.server.origin, path: brandPath(brand.slug!) },
  ].filter((page) => !ONLY || ONLY.includes(page.key));
  const targets = PAGES.flatMap((page) => LANGS.map((locale) => ({ ...page, locale, url: page.origin + localizePath(locale, page.path) + (page.suffix ?? '') })));

  // Warm-up: one visit each, so images transformed on first request (the CDN's copies on Netlify) exist.
  for (const target of targets) await fetch(target.url).then((r) => r.arrayBuffer(), () => undefined);

  const results = new Map<string, LighthouseResult[]>(targets.map((t) => [t.url, []]));
  const chrome = await chromeLauncher.launch({ chromePath: CHROME, chromeFlags: CHROME_FLAGS });
  try {
    for (let run = 0; run < RUNS; run += 1) {
      for (const target of targets) {
        const lhr = (await lighthouse(target.url, { port: chrome.port, output: 'json', logLevel: 'error' }))?.lhr;
        if (!lhr) continue;
        results.get(target.url)!.push(lhr);
        if (SAVE_DIR) {
          mkdirSync(SAVE_DIR, { recursive: true });
          writeFileSync(join(SAVE_DIR, `${target.locale}${target.key.replace(/[^a-z]+/gi, '_')}-${run + 1}.json`), JSON.stringify(lhr));
        }
        const r = row(lhr);
        console.error(`run ${run + 1} ${target.locale} ${target.key}: perf ${r.perf}, TBT ${r.tbt} ms, LCP ${r.lcp} s, CLS ${r.cls}, longest task ${r.longest} ms; load ${load()}`);
      }
    }
  } finally {
    chrome.kill();
  }

  const failures: string[] = [];
  const lines = ['| page | lang | perf | a11y | TBT ms | LCP s | FCP s | CLS (worst) | longest task ms | JS KB gz | blocking CSS | perf of runs |', '|---|---|---|---|---|---|---|---|---|---|---|---|'];
  for (const target of targets) {
    const lhrs = results.get(target.url)!;
    const sorted = lhrs.toSorted((a, b) => performanceOf(a) - performanceOf(b));
    const median = sorted[Math.floor(sorted.length / 2)];
    if (!median) {
      lines.push(`| ${target.key} | ${target.locale} | no result |`);
      failures.push(`${target.locale} ${target.key}: no Lighthouse result`);
      continue;
    }
    const r = row(median);
    const worstCls = Math.max(...lhrs.map((lhr) => lhr.audits['cumulative-layout-shift']?.numericValue ?? Infinity));
    const missed = [
      r.perf < BUDGET.performance && `perf ${r.perf}`,
      r.tbt > BUDGET.tbtMs && `TBT ${r.tbt} ms`,
      worstCls > BUDGET.cls && `CLS ${worstCls.toFixed(3)}`,
      r.a11y < BUDGET.accessibility && `a11y ${r.a11y}`,
      median.runtimeError && `Lighthouse error ${median.runtimeError.code}`,
    ].filter(Boolean);
    if (missed.length) failures.push(`${target.locale} ${target.key}: ${missed.join(', ')}`);
    lines.push(`| ${target.key} | ${target.locale} | ${r.perf} | ${r.a11y} | ${r.tbt} | ${r.lcp} | ${r.fcp} | ${worstCls.toFixed(3)} | ${r.longest} | ${r.js} | ${r.blocking} | ${sorted.map((lhr) => Math.round(performanceOf(lhr) * 100)).join(' ')} |`);
  }
  const minutes = ((performance.now() - started) / 60_000).toFixed(1);
  console.log(`\nLighthouse 13 mobile, ${RUNS} interleaved run(s) per page, median run by performance (CLS: worst run); ${units.length} spaces, ${brands.length} brands.`);
  console.log(`Load before ${loadBefore}, after ${load()}; ${minutes} min.\n`);
  console.log(lines.join('\n'));
  if (failures.length) {
    console.log(`\n${failures.length} page(s) over budget (perf ≥ ${BUDGET.performance}, TBT ≤ ${BUDGET.tbtMs} ms, CLS 0, a11y 100):\n- ${failures.join('\n- ')}`);
    process.exitCode = 1;
  } else {
    console.log('\nEvery page within budget.');
  }
} finally {
  await furnished.server.stop();
  await empty.server.stop();
  rmSync(furnished.dataDir, { recursive: true, force: true });
  rmSync(empty.dataDir, { recursive: true, force: true });
}

/** The figures of one run, as the table shows them. */
function row(lhr: LighthouseResult) {
  const metric = (id: string) => lhr.audits[id]?.numericValue ?? NaN;
  const tasks = (lhr.audits['long-tasks']?.details as { items?: { duration?: number }[] } | undefined)?.items ?? [];
  const requests = (lhr.audits['network-requests']?.details as { items?: { resourceType?: string; transferSize?: number }[] } | undefined)?.items ?? [];
  const blocking = (lhr.audits['render-blocking-insight'] ?? lhr.audits['render-blocking-resources'])?.details as { items?: { url?: string }[] } | undefined;
  const sheets = (blocking?.items ?? []).map((item) => item.url ?? '').filter((url) => /\.css(\?|$)/.test(url));
  return {
    perf: Math.round(performanceOf(lhr) * 100),
    a11y: Math.round((lhr.categories.accessibility?.score ?? 0) * 100),
    tbt: Math.round(metric('total-blocking-time')),
    lcp: (metric('largest-contentful-paint') / 1000).toFixed(2),
    fcp: (metric('first-contentful-paint') / 1000).toFixed(2),
    cls: metric('cumulative-layout-shift').toFixed(3),
    longest: Math.round(Math.max(0, ...tasks.map((task) => task.duration ?? 0))),
    js: (requests.filter((r) => r.resourceType === 'Script').reduce((sum, r) => sum + (r.transferSize ?? 0), 0) / 1024).toFixed(1),
    blocking: sheets.length ? sheets.map((url) => url.replace(/^https?:\/\/[^/]+/, '')).join(' ') : 'none',
  };
}
