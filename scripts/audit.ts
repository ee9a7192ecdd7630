/**
 * `npm run audit`: the front-end budgets, measured on the production build served by the local server.
 *   - build time of every page × 4 locales (budget < 60 s)
 *   - JavaScript each page loads before any interaction, gzip (static pages ≤ 10 KB, island pages ≤ 60 KB)
 *   - Lighthouse 13, mobile preset, Debian chromium: performance / accessibility / best practices / SEO
 * `--all` audits every route in every locale with Lighthouse (slow); the default covers the budgeted pages.
 * Exits 1 when a budget is missed.
 */
import { execFileSync } from 'node:child_process';
import { gzipSync } from 'node:zlib';
import lighthouse from 'lighthouse';
import * as chromeLauncher from 'chrome-launcher';
import { chromium } from '@playwright/test';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, startLocalServer } from './lib/local-server.ts';
import { LOCALES, localizePath } from '../src/i18n/locales.ts';
import { NAV_ITEMS, EXTRA_PAGES } from '../src/navigation.ts';

const CHROME = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const CHROME_FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync'];
const ISLAND_PAGES = new Set(['/', '/brands', '/contact', '/admin']);
const JS_BUDGET_KB = (path: string) => (ISLAND_PAGES.has(path) ? 60 : 10);
const LIGHTHOUSE_DEFAULT = [
  ...['/', '/about', '/floors', '/directions', '/brands', '/contact'].flatMap((p) => [localizePath('ko', p), localizePath('en', p)]),
];
const ALL_ROUTES = [...NAV_ITEMS.map((i) => i.path), ...EXTRA_PAGES];

const failures: string[] = [];
const kb = (bytes: number) => (bytes / 1024).toFixed(1);

// 1. Build time
const started = performance.now();
execFileSync('npx', ['astro', 'build'], { stdio: 'ignore' });
const buildSeconds = (performance.now() - started) / 1000;
console.log(`\nBuild: ${buildSeconds.toFixed(1)} s for ${ALL_ROUTES.length} routes × ${LOCALES.length} locales (budget < 60 s)`);
if (buildSeconds >= 60) failures.push(`build took ${buildSeconds.toFixed(1)} s`);

const dataDir = mkdtempSync(join(tmpdir(), 'btower-audit-'));
const server = await startLocalServer(await freePort(), { DATA_DIR: dataDir, ADMIN_PASSWORD: 'audit-password' });
const origin = server.origin;
try {
  // 2. JavaScript per page, as the browser loads it (external hosts blocked, like a first visit with no consent).
  const browser = await chromium.launch({ executablePath: CHROME, args: CHROME_FLAGS });
  console.log('\nJavaScript loaded before interaction (gzip):');
  console.log('page'.padEnd(22), 'KB'.padStart(7), 'budget'.padStart(8));
  for (const route of ALL_ROUTES) {
    for (const locale of ['ko', 'en'] as const) {
      const page = await browser.newPage();
      await page.route((url) => !url.href.startsWith(origin), (r) => r.abort());
      const sizes: Promise<number>[] = [];
      page.on('response', (response) => {
        if (response.request().resourceType() !== 'script') return;
        sizes.push(response.body().then((body) => gzipSync(body).byteLength, () => 0));
      });
      await page.goto(origin + localizePath(locale, route), { waitUntil: 'networkidle' });
      // Every script body, counted once it has fully arrived.
      let bytes = (await Promise.all(sizes)).reduce((a, b) => a + b, 0);
      const inline = await page.$$eval('script:not([src])', (els) => els.map((e) => e.textContent ?? '').join(''));
      bytes += inline ? gzipSync(inline).byteLength : 0;
      const budget = JS_BUDGET_KB(route);
      const ok = bytes / 1024 <= budget;
      if (!ok) failures.push(`${localizePath(locale, route)} ships ${kb(bytes)} KB of JS (budget ${budget} KB)`);
      console.log(localizePath(locale, route).padEnd(22), kb(bytes).padStart(7), `${budget}`.padStart(8), ok ? '' : '  OVER');
      await page.close();
    }
  }
  await browser.close();

  // 3. Lighthouse, mobile preset
  const targets = process.argv.includes('--all')
    ? LOCALES.flatMap((l) => ALL_ROUTES.map((r) => localizePath(l, r)))
    : LIGHTHOUSE_DEFAULT;
  const chrome = await chromeLauncher.launch({ chromePath: CHROME, chromeFlags: CHROME_FLAGS });
  try {
    console.log('\nLighthouse 13 (mobile):');
    console.log('page'.padEnd(22), 'perf'.padStart(5), 'a11y'.padStart(5), 'bp'.padStart(5), 'seo'.padStart(5));
    for (const path of targets) {
      const result = await lighthouse(origin + path, { port: chrome.port, output: 'json', logLevel: 'error' });
      const c = result?.lhr.categories;
      const score = (key: string) => Math.round((c?.[key]?.score ?? 0) * 100);
      const [perf, a11y, bp, seo] = ['performance', 'accessibility', 'best-practices', 'seo'].map(score) as [number, number, number, number];
      const island = ISLAND_PAGES.has(path.replace(/^\/(en|zh|ja)(?=\/|$)/, '') || '/');
      const perfBudget = island ? 95 : 95;
      const misses = [perf < perfBudget && `performance ${perf}`, a11y < 100 && `accessibility ${a11y}`, bp < 95 && `best practices ${bp}`]
        .filter(Boolean);
      // SEO 100 is budgeted for public pages; /admin is deliberately noindex.
      if (seo < 100 && !path.endsWith('/admin')) misses.push(`seo ${seo}`);
      if (misses.length) failures.push(`${path}: ${misses.join(', ')}`);
      console.log(path.padEnd(22), `${perf}`.padStart(5), `${a11y}`.padStart(5), `${bp}`.padStart(5), `${seo}`.padStart(5));
    }
  } finally {
    chrome.kill();
  }
} finally {
  await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
}

if (failures.length) {
  console.log(`\n${failures.length} budget(s) missed:\n- ${failures.join('\n- ')}`);
  process.exit(1);
}
console.log('\nAll budgets met.');
