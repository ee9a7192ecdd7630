import { LOCALES, localizePath } from '../../src/i18n/locales.ts';
import type { Brand } from '../../src/shared/brand-basics.ts';
import type { Unit } from '../../src/shared/units/unit.ts';
import { brandPath, spacePath, specSheetPath } from '../../src/shared/share-paths.ts';
import { seedDemo } from '../demo/seed.ts';
import { medianRun, metricOf, scoreOf } from '../lib/lighthouse-run.ts';

const KB = 1024;
/** Budgets of issue 18. /floors keeps today's: performance 100 (a static page), as `npm run audit` has it. */
export const SHARE_BUDGET = {
  pagePerformance: 95,
  pageLcpMs: 1500,
  pageBytes: 150 * KB,
  floorsPerformance: 100,
  sheetMs: 1000,
  sheetBytes: 400 * KB,
};

type Check = (ok: boolean, message: string) => string;

/**
 * Issue 18's figures on a furnished building (the demo's 12 brands and 30 spaces, with plans, beside the
 * photo brands already there): Lighthouse on a space page, a brand page and the searched plan; that a
 * share page's second view is a CDN hit; each language's spec sheet made on a cold cache (first
 * request), its time and size.
 */
export async function benchSharePages(origin: string, password: string, chromePort: number, runs: number, check: Check): Promise<void> {
  await seedDemo(origin, password);
  const units = (await (await fetch(`${origin}/api/units`)).json()) as Unit[];
  const brands = (await (await fetch(`${origin}/api/brands`)).json()) as Brand[];
  const withPlan = units.find((unit) => unit.plan && unit.status === 'available') ?? units[0]!;
  const photoBrand = brands.find((brand) => brand.slug && /^\/objects\//.test(brand.thumbnail ?? '') && brand.unit) ?? brands[0]!;
  const pages = [
    { path: localizePath('ko', spacePath(withPlan)), kind: 'page' },
    { path: localizePath('en', brandPath(photoBrand.slug!)), kind: 'page' },
    { path: '/floors', kind: 'floors' },
    { path: '/en/floors?use=Medical&minArea=100&maxArea=200&fromFloor=4F&toFloor=10F&view=list#stacking-plan', kind: 'floors' },
  ] as const;

  console.log(`\nShare pages (issue 18), ${units.length} spaces, Lighthouse 13 (mobile), median of ${runs} runs:`);
  const header = ['page', 'perf', 'a11y', 'bp', 'seo', 'LCP', 'TBT', 'CLS', 'bytes'];
  console.log(header[0]!.padEnd(40), ...header.slice(1).map((h) => h.padStart(7)));
  for (const { path, kind } of pages) {
    await medianRun(origin + path, chromePort, 1);
    const lhr = await medianRun(origin + path, chromePort, runs);
    const [perf, a11y, bp, seo] = ['performance', 'accessibility', 'best-practices', 'seo'].map((key) => scoreOf(lhr, key)) as [number, number, number, number];
    const lcp = lhr?.audits['largest-contentful-paint']?.numericValue ?? Infinity;
    const bytes = lhr?.audits['total-byte-weight']?.numericValue ?? Infinity;
    let missed = check(!lhr?.runtimeError, `${path}: Lighthouse error ${lhr?.runtimeError?.code}`);
    missed += check(a11y === 100 && bp === 100 && seo === 100, `${path}: accessibility ${a11y}, best practices ${bp}, SEO ${seo} (budget 100)`);
    if (kind === 'page') {
      missed += check(perf >= SHARE_BUDGET.pagePerformance, `${path}: performance ${perf} (budget ${SHARE_BUDGET.pagePerformance})`);
      missed += check(lcp <= SHARE_BUDGET.pageLcpMs, `${path}: LCP ${(lcp / 1000).toFixed(2)} s (budget ${SHARE_BUDGET.pageLcpMs / 1000} s)`);
      missed += check(bytes <= SHARE_BUDGET.pageBytes, `${path}: ${Math.round(bytes / KB)} KB before interaction (budget ${SHARE_BUDGET.pageBytes / KB} KB)`);
    } else {
      missed += check(perf >= SHARE_BUDGET.floorsPerformance, `${path}: performance ${perf} (budget ${SHARE_BUDGET.floorsPerformance})`);
    }
    const cells = [perf, a11y, bp, seo].map(String);
    cells.push(`${(lcp / 1000).toFixed(2)}s`, metricOf(lhr, 'total-blocking-time', 'ms'), metricOf(lhr, 'cumulative-layout-shift', ''), `${Math.round(bytes / KB)} KB`);
    console.log(path.slice(0, 40).padEnd(40), ...cells.map((cell) => cell.padStart(7)), missed ? ' MISSED' : '');
  }

  // Between writes a share page is the CDN's: the second request invokes no function.
  for (const { path } of pages.filter((page) => page.kind === 'page')) {
    await fetch(origin + path);
    const status = (await fetch(origin + path)).headers.get('cache-status') ?? '';
    console.log(`${path}: second request ${status}${check(status.includes('hit'), `${path}: second request not served from the CDN cache (${status})`)}`);
  }

  console.log(`\nSpec sheets of ${withPlan.floor} ${withPlan.unitNumber} (with its uploaded plan), cold cache:`);
  for (const locale of LOCALES) {
    const path = localizePath(locale, specSheetPath(withPlan));
    const started = performance.now();
    const response = await fetch(origin + path);
    const bytes = (await response.arrayBuffer()).byteLength;
    const ms = performance.now() - started;
    let missed = check(response.ok && response.headers.get('cache-status')?.includes('miss') === true, `${path}: ${response.status} ${response.headers.get('cache-status')}`);
    missed += check(ms <= SHARE_BUDGET.sheetMs, `${path}: ${Math.round(ms)} ms (budget ${SHARE_BUDGET.sheetMs} ms)`);
    missed += check(bytes <= SHARE_BUDGET.sheetBytes, `${path}: ${Math.round(bytes / KB)} KB (budget ${SHARE_BUDGET.sheetBytes / KB} KB)`);
    console.log(`  ${locale}: ${Math.round(ms)} ms, ${Math.round(bytes / KB)} KB${missed}`);
  }
}
