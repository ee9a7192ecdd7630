import { chromium } from '@playwright/test';
import { startLocalServer } from '../netlify-local/spawn.ts';
import { CHROME, CHROME_FLAGS } from '../scripts/lib/lighthouse-run.ts';
const dist = process.argv[2]!;
const server = await startLocalServer(4431, { DIST_DIR: dist, DATA_DIR: '/tmp/cms-probe-data', DATABASE_URL: 'memory://', ADMIN_PASSWORD: 'x' });
try {
  const browser = await chromium.launch({ executablePath: CHROME, args: CHROME_FLAGS });
  // warm the server's compression cache
  const w = await browser.newContext(); const wp = await w.newPage(); await wp.goto(`${server.origin}/cms/`, { timeout: 120000 }); await wp.getByRole('button', { name: '로컬 저장소로 작업' }).waitFor({ timeout: 120_000 }); await w.close();
  const context = await browser.newContext({ locale: 'ko-KR' });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Profiler.enable'); await cdp.send('Profiler.setSamplingInterval', { interval: 200 }); await cdp.send('Profiler.start');
  const t0 = performance.now();
  await page.goto(`${server.origin}/cms/`, { timeout: 120000 });
  await page.getByRole('button', { name: '로컬 저장소로 작업' }).waitFor({ timeout: 120_000 });
  const total = performance.now() - t0;
  const { profile } = await cdp.send('Profiler.stop');
  const byId = new Map(profile.nodes.map((n: any) => [n.id, n]));
  const self = new Map<number, number>();
  const dts = profile.timeDeltas!;
  profile.samples!.forEach((id: number, i: number) => self.set(id, (self.get(id) ?? 0) + (dts[i] ?? 0)));
  const agg = new Map<string, number>();
  for (const [id, us] of self) { const n: any = byId.get(id); const key = `${n.callFrame.functionName || '(anon)'} ${n.callFrame.url.split('/').pop()}:${n.callFrame.lineNumber}:${n.callFrame.columnNumber}`; agg.set(key, (agg.get(key) ?? 0) + us); }
  const byUrl = new Map<string, number>();
  for (const [id, us] of self) { const n: any = byId.get(id); const key = n.callFrame.url.split('/').pop() || n.callFrame.functionName; byUrl.set(key, (byUrl.get(key) ?? 0) + us); }
  console.log('total', Math.round(total));
  console.log([...byUrl].sort((a, b) => b[1] - a[1]).slice(0, 12).map(([k, v]) => `${(v / 1000).toFixed(0)}ms ${k}`).join('\n'));
  console.log('---');
  console.log([...agg].sort((a, b) => b[1] - a[1]).slice(0, 40).map(([k, v]) => `${(v / 1000).toFixed(0)}ms ${k}`).join('\n'));
  await browser.close();
} finally { await server.stop(); }
