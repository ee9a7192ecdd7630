/**
 * Where a page's main-thread time goes, from a Chromium trace rather than a score: loads each URL in a
 * phone-sized page with the CPU slowed 4× (as Lighthouse's mobile preset assumes), records a trace until the
 * page is quiet, and prints every task over `--over` ms (50) with what ran in it (scripts by URL and function,
 * style, layout, paint, parse), the layout shifts with the nodes that moved, and the JavaScript it loaded
 * (gzip). For finding causes on a loaded machine, where Lighthouse's totals swing from run to run.
 *   node scripts/bench/page-tasks.ts [--over=50] [--cpu=4] <url> [<url> …]
 */
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { CHROME, CHROME_FLAGS } from '../lib/lighthouse-run.ts';

const arg = (name: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
const OVER = Number(arg('over') ?? 50);
const CPU = Number(arg('cpu') ?? 4);
const urls = process.argv.slice(2).filter((a) => !a.startsWith('--'));

interface TraceEvent { name: string; cat: string; ph: string; ts: number; dur?: number; tid: number; pid: number; args?: Record<string, any> }

const browser = await chromium.launch({ executablePath: CHROME, args: CHROME_FLAGS });
try {
  for (const url of urls) {
    const context = await browser.newContext({ viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true });
    const page = await context.newPage();
    await page.route((u) => !u.href.startsWith(new URL(url).origin), (r) => r.abort());
    const scripts: Promise<number>[] = [];
    page.on('response', (response) => {
      if (response.request().resourceType() === 'script') scripts.push(response.body().then((b) => gzipSync(b).byteLength, () => 0));
    });
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU });
    const events: TraceEvent[] = [];
    cdp.on('Tracing.dataCollected', ({ value }) => events.push(...(value as unknown as TraceEvent[])));
    await cdp.send('Tracing.start', {
      transferMode: 'ReportEvents',
      traceConfig: { includedCategories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'loading', 'disabled-by-default-devtools.timeline.stack', 'v8.execute', 'disabled-by-default-layout_shift.debug'] },
    });
    await page.goto(url, { waitUntil: 'networkidle' });
    await page.waitForTimeout(1500); // the trace must cover what runs after the network settles (frames, idle work)
    const done = new Promise<void>((resolve) => cdp.once('Tracing.tracingComplete', () => resolve()));
    await cdp.send('Tracing.end');
    await done;
    const inline = await page.$$eval('script:not([src])', (els) => els.map((e) => e.textContent ?? '').join(''));
    const jsBytes = (await Promise.all(scripts)).reduce((a, b) => a + b, 0) + (inline ? gzipSync(inline).byteLength : 0);

    // The page's main thread: the renderer thread that parsed the page's HTML.
    const parse = events.filter((e) => e.name === 'ParseHTML' && String(e.args?.beginData?.url ?? '').startsWith(url.split('#')[0]!))[0];
    const onMain = events.filter((e) => parse && e.pid === parse.pid && e.tid === parse.tid);
    const nav = events.find((e) => e.name === 'navigationStart' && parse && e.pid === parse.pid)?.ts ?? parse?.ts ?? 0;
    const tasks = onMain.filter((e) => e.name === 'RunTask' && e.ph === 'X' && (e.dur ?? 0) / 1000 > OVER);
    console.log(`\n${url}  (CPU ×${CPU}; JS ${(jsBytes / 1024).toFixed(1)} KB gzip; tasks over ${OVER} ms: ${tasks.length})`);
    for (const task of tasks) {
      const end = task.ts + task.dur!;
      const inside = onMain.filter((e) => e !== task && e.ph === 'X' && e.ts >= task.ts && e.ts < end && (e.dur ?? 0) > 2000);
      // The largest pieces of the task (nested pieces included), biggest first.
      const parts = inside
        .toSorted((a, b) => (b.dur ?? 0) - (a.dur ?? 0))
        .slice(0, 8)
        .map((e) => {
          const data = e.args?.data ?? e.args?.beginData ?? {};
          const where = data.url ? ` ${String(data.url).replace(/^https?:\/\/[^/]+/, '')}${data.functionName ? ` ${data.functionName}` : ''}${data.lineNumber ? `:${data.lineNumber}` : ''}` : data.functionName ? ` ${data.functionName}` : data.type ? ` ${data.type}` : '';
          const count = e.name === 'UpdateLayoutTree' ? ` (${data.elementCount ?? e.args?.elementCount ?? '?'} el)` : e.name === 'Layout' ? ` (${e.args?.beginData?.dirtyObjects ?? '?'}/${e.args?.beginData?.totalObjects ?? '?'} obj)` : '';
          return `${e.name}${where}${count} ${((e.dur ?? 0) / 1000).toFixed(0)}`;
        });
      console.log(`  task at ${((task.ts - nav) / 1000).toFixed(0)} ms: ${(task.dur! / 1000).toFixed(0)} ms — ${parts.join(' | ')}`);
    }
    const shifts = events.filter((e) => e.name === 'LayoutShift' && e.args?.data?.had_recent_input === false);
    for (const shift of shifts) {
      const data = shift.args!.data!;
      console.log(`  layout shift at ${((shift.ts - nav) / 1000).toFixed(0)} ms: score ${Number(data.score).toFixed(4)}; moved ${JSON.stringify((data.impacted_nodes ?? []).map((n: any) => [n.node_id, n.old_rect, n.new_rect]))}`);
    }
    await context.close();
  }
} finally {
  await browser.close();
}
