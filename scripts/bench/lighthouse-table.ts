/**
 * Lighthouse 13 (mobile preset, simulated throttling) on a list of URLs, interleaved: run 1 of every URL,
 * then run 2…, so a change in the machine's load falls on every page alike. Prints each URL's median
 * (by LCP) of `--runs` (3) as a Markdown table: performance, FCP, LCP, TBT, CLS, the render-blocking
 * requests Lighthouse names, and the machine's load (`uptime`) before and after.
 *   node scripts/bench/lighthouse-table.ts [--runs=3] <url> [<url> …]
 */
import { execFileSync } from 'node:child_process';
import lighthouse from 'lighthouse';
import * as chromeLauncher from 'chrome-launcher';
import { CHROME, CHROME_FLAGS, type LighthouseResult } from '../lib/lighthouse-run.ts';

const runs = Number(process.argv.find((arg) => arg.startsWith('--runs='))?.slice('--runs='.length) ?? 3);
const urls = process.argv.slice(2).filter((arg) => !arg.startsWith('--'));
const load = () => execFileSync('uptime', { encoding: 'utf8' }).replace(/.*load average:\s*/, '').trim();

const metric = (lhr: LighthouseResult, id: string) => lhr.audits[id]?.numericValue ?? NaN;
const results = new Map<string, LighthouseResult[]>(urls.map((url) => [url, []]));
const loadBefore = load();
const chrome = await chromeLauncher.launch({ chromePath: CHROME, chromeFlags: CHROME_FLAGS });
try {
  for (let run = 0; run < runs; run += 1) {
    for (const url of urls) {
      const lhr = (await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error' }))?.lhr;
      if (lhr) results.get(url)!.push(lhr);
      // Each run as it ends, with the load: a long run cut short still leaves its figures.
      if (lhr) console.error(`run ${run + 1} ${url}: perf ${Math.round((lhr.categories.performance?.score ?? 0) * 100)}, LCP ${(metric(lhr, 'largest-contentful-paint') / 1000).toFixed(2)} s, TBT ${Math.round(metric(lhr, 'total-blocking-time'))} ms, CLS ${metric(lhr, 'cumulative-layout-shift').toFixed(3)}; load ${load()}`);
    }
  }
} finally {
  chrome.kill();
}
const loadAfter = load();

console.log(`\nLighthouse ${runs} interleaved run(s), median by LCP; load before ${loadBefore}, after ${loadAfter}\n`);
console.log('| page | perf | FCP s | LCP s | TBT ms | CLS | render-blocking | LCP of runs |');
console.log('|---|---|---|---|---|---|---|---|');
for (const [url, lhrs] of results) {
  const sorted = lhrs.toSorted((a, b) => metric(a, 'largest-contentful-paint') - metric(b, 'largest-contentful-paint'));
  const median = sorted[Math.floor(sorted.length / 2)];
  if (!median) {
    console.log(`| ${url} | no result |`);
    continue;
  }
  const blocking = (median.audits['render-blocking-insight'] ?? median.audits['render-blocking-resources'])?.details as { items?: { url?: string }[] } | undefined;
  const blockers = (blocking?.items ?? []).map((item) => item.url?.replace(/^https?:\/\/[^/]+/, '')).filter(Boolean);
  console.log(`| ${url.replace(/^https?:\/\/127\.0\.0\.1/, '')} | ${Math.round((median.categories.performance?.score ?? 0) * 100)} | ${(metric(median, 'first-contentful-paint') / 1000).toFixed(2)} | ${(metric(median, 'largest-contentful-paint') / 1000).toFixed(2)} | ${Math.round(metric(median, 'total-blocking-time'))} | ${metric(median, 'cumulative-layout-shift').toFixed(3)} | ${blockers.length ? blockers.join(' ') : 'none'} | ${sorted.map((lhr) => (metric(lhr, 'largest-contentful-paint') / 1000).toFixed(2)).join(' ')} |`);
}
