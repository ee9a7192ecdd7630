/**
 * `npm run bench:real`: the site with a full building, as a new user would fill it. Generates 40
 * photo-like JPEGs (3000×2000, 1.5–4 MB, with GPS in their EXIF), seeds a fresh data folder with 40
 * brands through the real upload contract, then measures with Lighthouse (mobile, median of 3 runs)
 * `/`, `/brands` and `/en/brands`, and the image bytes of scrolling the whole directory on a phone
 * (390×844, 3× pixels, Playwright's chromium). Then issue 18's share pages on a furnished building
 * (scripts/bench/share-pages.ts): a space page, a brand page and the searched plan with Lighthouse, the
 * CDN hit of a second view, each language's spec sheet on a cold cache. Prints tables; exits 1 when a
 * budget is missed. `--share-only` skips the directory's figures.
 *   --skip-build   serve the existing build in ASTRO_OUT_DIR (default dist)
 *   --runs=N       Lighthouse runs per page (default 3)
 *   --save=DIR     keep each page's median Lighthouse report (JSON) in DIR, to see where time went
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import { chromium } from '@playwright/test';
import { freePort, startLocalServer } from '../netlify-local/spawn.ts';
import { CHROME, CHROME_FLAGS, medianRun, metricOf, scoreOf } from './lib/lighthouse-run.ts';
import { benchPhotos } from './bench/real-photos.ts';
import { seedPhotoBrands } from './bench/real-seed.ts';
import { benchSharePages } from './bench/share-pages.ts';

const BRANDS = 40;
const RUNS = Number(process.argv.find((arg) => arg.startsWith('--runs='))?.slice('--runs='.length) ?? 3);
const PASSWORD = 'bench-real-password';
const SAVE_DIR = process.argv.find((arg) => arg.startsWith('--save='))?.slice('--save='.length);
const KB = 1024;
/** Budgets of issue 8; performance and Total Blocking Time of issue 16 (the directory builds its cards in batches). */
const BUDGET = {
  brandsPerformance: 95,
  brandsTbtMs: 200,
  brandsLcpMs: 1500,
  brandsBytes: 600 * KB,
  homeBytes: 300 * KB,
  scrollImageBytes: 3 * KB * KB,
  accessibility: 100,
};
const PAGES = ['/', '/brands', '/en/brands'];

const failures: string[] = [];
/** `--share-only`: the share pages' figures without the directory's. */
const SHARE_ONLY = process.argv.includes('--share-only');
const check = (ok: boolean, message: string) => {
  if (!ok) failures.push(message);
  return ok ? '' : '  MISSED';
};
const kb = (bytes: number) => `${Math.round(bytes / KB)} KB`;

if (!process.argv.includes('--skip-build')) {
  console.log('Building the site…');
  execFileSync('npx', ['astro', 'build'], { stdio: 'ignore' });
}
// The folder's name changes with the generator, so photos made by an older one are not reused.
const photoDir = join(tmpdir(), 'btower-bench-photos-v2');
console.log(`Photos: ${BRANDS} × 3000×2000 JPEG in ${photoDir} (made once, then reused)…`);
const photos = await benchPhotos(photoDir, BRANDS);
const sizes = photos.map((p) => p.length).sort((a, b) => a - b);
console.log(`  ${kb(sizes[0]!)} – ${kb(sizes.at(-1)!)}, ${(sizes.reduce((a, b) => a + b, 0) / KB / KB).toFixed(1)} MB in all`);

const dataDir = mkdtempSync(join(tmpdir(), 'btower-bench-real-'));
const server = await startLocalServer(await freePort(), { DATA_DIR: dataDir, ADMIN_PASSWORD: PASSWORD, DIST_DIR: process.env.ASTRO_OUT_DIR ?? 'dist' });
try {
  const seededMs = await seedPhotoBrands(server.origin, PASSWORD, photos);
  console.log(`Seeded ${BRANDS} brands through the upload contract in ${(seededMs / 1000).toFixed(1)} s`);

  // Lighthouse, mobile preset. One warm-up visit per page first: the CDN's transformed copies (our
  // in-memory cache locally) exist after the first visitor, as they do on Netlify.
  const chrome = await chromeLauncher.launch({ chromePath: CHROME, chromeFlags: CHROME_FLAGS });
  try {
    console.log(`\nLighthouse 13 (mobile), median of ${RUNS} runs, ${BRANDS} photo brands:`);
    const header = ['page', 'perf', 'a11y', 'FCP', 'LCP', 'TBT', 'CLS', 'bytes'];
    console.log(header[0]!.padEnd(14), ...header.slice(1).map((h) => h.padStart(8)));
    for (const path of SHARE_ONLY ? [] : PAGES) {
      await medianRun(server.origin + path, chrome.port, 1);
      const lhr = await medianRun(server.origin + path, chrome.port, RUNS);
      const perf = scoreOf(lhr, 'performance');
      const a11y = scoreOf(lhr, 'accessibility');
      const lcp = lhr?.audits['largest-contentful-paint']?.numericValue ?? Infinity;
      const tbt = lhr?.audits['total-blocking-time']?.numericValue ?? Infinity;
      const bytes = lhr?.audits['total-byte-weight']?.numericValue ?? Infinity;
      if (SAVE_DIR) {
        mkdirSync(SAVE_DIR, { recursive: true });
        writeFileSync(join(SAVE_DIR, `${path.replace(/\//g, '_') || '_'}.json`), JSON.stringify(lhr));
      }
      let missed = check(!lhr?.runtimeError, `${path}: Lighthouse error ${lhr?.runtimeError?.code}: ${lhr?.runtimeError?.message}`);
      missed += check(a11y >= BUDGET.accessibility, `${path}: accessibility ${a11y}`);
      if (path.endsWith('/brands')) {
        missed += check(perf >= BUDGET.brandsPerformance, `${path}: performance ${perf} (budget ${BUDGET.brandsPerformance})`);
        missed += check(tbt <= BUDGET.brandsTbtMs, `${path}: Total Blocking Time ${Math.round(tbt)} ms (budget ${BUDGET.brandsTbtMs} ms)`);
        missed += check(lcp <= BUDGET.brandsLcpMs, `${path}: LCP ${(lcp / 1000).toFixed(2)} s (budget ${BUDGET.brandsLcpMs / 1000} s)`);
        missed += check(bytes <= BUDGET.brandsBytes, `${path}: first load ${kb(bytes)} (budget ${kb(BUDGET.brandsBytes)})`);
      } else {
        missed += check(bytes <= BUDGET.homeBytes, `${path}: first load ${kb(bytes)} (budget ${kb(BUDGET.homeBytes)})`);
      }
      const cells = [`${perf}`, `${a11y}`, metricOf(lhr, 'first-contentful-paint', 's'), `${(lcp / 1000).toFixed(2)}s`,
        metricOf(lhr, 'total-blocking-time', 'ms'), metricOf(lhr, 'cumulative-layout-shift', ''), kb(bytes)];
      console.log(path.padEnd(14), ...cells.map((c) => c.padStart(8)), missed ? ' MISSED' : '');
    }
    await benchSharePages(server.origin, PASSWORD, chrome.port, RUNS, check);
  } finally {
    chrome.kill();
  }

  if (!SHARE_ONLY) {
    // Scrolling the whole directory on a phone: every image byte the browser receives.
    const browser = await chromium.launch({ executablePath: CHROME, args: CHROME_FLAGS });
    try {
      const context = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, isMobile: true, hasTouch: true });
      const page = await context.newPage();
      let imageBytes = 0;
      let images = 0;
      page.on('requestfinished', async (request) => {
        if (request.resourceType() !== 'image') return;
        images += 1;
        imageBytes += (await request.sizes()).responseBodySize;
      });
      await page.goto(`${server.origin}/brands`);
      await page.getByTestId('brand-card').nth(BRANDS - 1).waitFor();
      // Pictures on screen or near it have arrived (lazy ones further down have not started, by design).
      const allLoaded = () =>
        page.waitForFunction(() =>
          [...document.querySelectorAll('img')].every((img) => {
            const box = img.getBoundingClientRect();
            return img.complete || box.top > innerHeight * 1.5 || box.bottom < 0;
          }),
        );
      for (;;) {
        await allLoaded();
        // An instant jump (the site scrolls smoothly, and a smooth scroll has not moved yet when read back); the
        // end is where a jump no longer moves the page, whatever scrollHeight says (the bench once hung here).
        const atEnd = await page.evaluate(() => {
          const before = scrollY;
          scrollBy({ top: innerHeight * 0.8, behavior: 'instant' });
          return scrollY === before || scrollY + innerHeight >= document.documentElement.scrollHeight - 2;
        });
        if (atEnd) break;
      }
      await allLoaded();
      await page.waitForLoadState('networkidle');
      const missed = check(imageBytes <= BUDGET.scrollImageBytes, `scrolling /brands: ${kb(imageBytes)} of images (budget ${kb(BUDGET.scrollImageBytes)})`);
      console.log(`\nScrolling the whole directory at 390×844 (3×): ${images} images, ${kb(imageBytes)} (budget ${kb(BUDGET.scrollImageBytes)})${missed}`);
      await context.close();
    } finally {
      await browser.close();
    }
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
