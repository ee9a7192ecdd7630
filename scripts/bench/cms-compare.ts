/**
 * /cms/ before and after, in one run (issue 29): two local servers, one per built site folder, and cold loads of
 * /cms/ interleaved (after a first warming pair) until the sign-in screen can be used; prints each run, the
 * medians of the time, of the main-thread script and task time (CDP Performance metrics: less swayed by the
 * machine's load than the clock) and of the bytes transferred, and the load average.
 *   npx node scripts/bench/cms-compare.ts <before dist> <after dist> [pairs=5]
 */
import { chromium } from '@playwright/test';
import { loadavg } from 'node:os';
import { freePort, startLocalServer } from '../../netlify-local/spawn.ts';
import { CHROME, CHROME_FLAGS } from '../lib/lighthouse-run.ts';
const [before, after] = [process.argv[2]!, process.argv[3]!];
const runs = Number(process.argv[4] ?? 5);
const start = async (dist: string, name: string) => startLocalServer(await freePort(), { DIST_DIR: dist, DATA_DIR: `/tmp/cms-cmp-${name}`, DATABASE_URL: 'memory://', ADMIN_PASSWORD: 'x' });
const servers = { before: await start(before, 'before'), after: await start(after, 'after') };
const times: Record<string, number[]> = { before: [], after: [] };
const bytes: Record<string, number[]> = { before: [], after: [] };
const loads: string[] = [];
const cpu: Record<string, number[]> = { before: [], after: [] };
const tasks: Record<string, number[]> = { before: [], after: [] };
try {
  const browser = await chromium.launch({ executablePath: CHROME, args: CHROME_FLAGS });
  for (let run = -1; run < runs; run++) {
    for (const name of (run % 2 ? ['before', 'after'] : ['after', 'before']) as ('before' | 'after')[]) {
      const origin = servers[name].origin;
      const context = await browser.newContext();
      const page = await context.newPage();
      await page.route((url) => !url.href.startsWith(origin), (r) => r.abort());
      const cdp = await context.newCDPSession(page);
      await cdp.send('Performance.enable');
      const t0 = performance.now();
      await page.goto(`${origin}/cms/`, { timeout: 120_000 });
      await page.getByRole('button', { name: '로컬 저장소로 작업' }).waitFor({ timeout: 120_000 });
      const ms = performance.now() - t0;
      const metrics = Object.fromEntries((await cdp.send('Performance.getMetrics')).metrics.map((m: any) => [m.name, m.value]));
      cpu[name]!.push(metrics.ScriptDuration * 1000); tasks[name]!.push(metrics.TaskDuration * 1000);
      const b = await page.evaluate(() => performance.getEntriesByType('resource').concat(performance.getEntriesByType('navigation')).reduce((s, e) => s + (e as PerformanceResourceTiming).transferSize, 0));
      await context.close();
      if (run < 0) { cpu[name]!.pop(); tasks[name]!.pop(); continue; } // the first of each warms the servers' compression caches, as an audit's first run does not
      times[name]!.push(ms); bytes[name]!.push(b);
      loads.push(loadavg()[0]!.toFixed(1));
      console.log(`${name} run ${run}: ${Math.round(ms)} ms, script ${Math.round(cpu[name]!.at(-1)!)} ms, tasks ${Math.round(tasks[name]!.at(-1)!)} ms, ${Math.round(b / 1024)} KB, load ${loadavg()[0]!.toFixed(1)}`);
    }
  }
  await browser.close();
} finally { await servers.before.stop(); await servers.after.stop(); }
const median = (v: number[]) => v.toSorted((a, b) => a - b)[Math.floor(v.length / 2)]!;
for (const name of ['before', 'after']) console.log(`${name}: script median ${Math.round(median(cpu[name]!))} ms, main-thread tasks median ${Math.round(median(tasks[name]!))} ms`);
for (const name of ['before', 'after']) console.log(`${name}: median ${Math.round(median(times[name]!))} ms of ${times[name]!.map(Math.round).join(', ')}; ${Math.round(median(bytes[name]!) / 1024)} KB`);
console.log(`1-min load during: ${loads.join(' ')}`);
