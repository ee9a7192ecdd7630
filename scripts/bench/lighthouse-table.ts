/**
 * Lighthouse 13 (mobile preset, simulated throttling) on a list of URLs, interleaved: run 1 of every URL,
 * then run 2…, so a change in the machine's load falls on every page alike. Prints each URL's median
 * (by LCP) of `--runs` (3) as a Markdown table: performance, FCP, LCP, TBT, CLS, the render-blocking
 * requests Lighthouse names, and the machine's load (`uptime`) before and after.
 *   node scripts/bench/lighthouse-table.ts [--runs=3] [--save=DIR] <url> [<url> …]
 * `--save=DIR` keeps every report as JSON (`<run>-<host+path>.json`) for a look at its requests and timings.
 * `--cpu=1` sets the simulated CPU slowdown (mobile: 4): on a loaded machine the observed CPU times swell
 * and, multiplied by 4, drown what a change of bytes or requests does to the simulated network; at 1 the
 * same graph is simulated with a quarter of that noise (a diagnostic, not the budget's figure).
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import lighthouse from 'lighthouse';
import * as chromeLauncher from 'chrome-launcher';
import { CHROME, CHROME_FLAGS, type LighthouseResult } from '../lib/lighthouse-run.ts';

const runs = Number(process.argv.find((arg) => arg.startsWith('--runs='))?.slice('--runs='.length) ?? 3);
const save = process.argv.find((arg) => arg.startsWith('--save='))?.slice('--save='.length);
if (save) mkdirSync(save, { recursive: true });
const cpu = process.argv.find((arg) => arg.startsWith('--cpu='))?.slice('--cpu='.length);
// Lighthouse's mobile preset (simulated slow 4G), only the CPU multiplier changed.
const throttling = cpu === undefined ? undefined : { rttMs: 150, throughputKbps: 1638.4, requestLatencyMs: 562.5, downloadThroughputKbps: 1474.56, uploadThroughputKbps: 675, cpuSlowdownMultiplier: Number(cpu) };
const urls = process.argv.slice(2).filter((arg) => !arg.startsWith('--'));
const load = () => execFileSync('uptime', { encoding: 'utf8' }).replace(/.*load average:\s*/, '').trim();

const metric = (lhr: LighthouseResult, id: string) => lhr.audits[id]?.numericValue ?? NaN;
const results = new Map<string, LighthouseResult[]>(urls.map((url) => [url, []]));
const loadBefore = load();
const chrome = await chromeLauncher.launch({ chromePath: CHROME, chromeFlags: CHROME_FLAGS });
try {
  for (let run = 0; run < runs; run += 1) {
    for (const url of urls) {
      const lhr = (await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', ...(throttling ? { throttling } : {}) }))?.lhr;
      if (lhr) results.get(url)!.push(lhr);
      if (lhr && save) writeFileSync(join(save, `${run + 1}-${url.replace(/^https?:\/\//, '').replace(/[^\w.-]+/g, '_')}.json`), JSON.stringify(lhr));
      // Each run as it ends, with the load: a long run cut short still leaves its figures.
      if (lhr) console.error(`run ${run + 1} ${url}: perf ${Math.round((lhr.categories.performance?.score ?? 0) * 100)}, LCP ${(metric(lhr, 'largest-contentful-paint') / 1000).toFixed(2)} s, TBT ${Math.round(metric(lhr, 'total-blocking-time'))} ms, CLS ${metric(lhr, 'cumulative-layout-shift').toFixed(3)}; load ${load()}`);
    }
  }
} finally {
  chrome.kill();
}
const loadAfter = load();

console.log(`\nLighthouse ${runs} interleaved run(s)${cpu === undefined ? '' : `, CPU slowdown ${cpu}`}, median by LCP; load before ${loadBefore}, after ${loadAfter}\n`);
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
