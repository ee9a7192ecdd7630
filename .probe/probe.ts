import { chromium } from '@playwright/test';
import { startLocalServer } from '../netlify-local/spawn.ts';
import { CHROME, CHROME_FLAGS } from '../scripts/lib/lighthouse-run.ts';
const dist = process.argv[2]!;
const runs = Number(process.argv[3] ?? 3);
const server = await startLocalServer(4431, { DIST_DIR: dist, DATA_DIR: '/tmp/cms-probe-data', DATABASE_URL: 'memory://', ADMIN_PASSWORD: 'x' });
try {
  const browser = await chromium.launch({ executablePath: CHROME, args: CHROME_FLAGS });
  for (let run = 0; run < runs; run++) {
    const context = await browser.newContext({ locale: 'ko-KR' });
    const page = await context.newPage();
    const log: string[] = [];
    const t0 = performance.now();
    page.on('console', (m) => log.push(`console.${m.type()}: ${m.text().slice(0, 200)}`));
    page.on('requestfinished', async (r) => { const s = await r.sizes(); log.push(`${Math.round(performance.now() - t0)}ms ${r.url().replace(server.origin, '')} ${s.responseBodySize}B ${(await r.response())?.headers()['content-encoding'] ?? ''}`); });
    page.on('requestfailed', (r) => log.push(`FAILED ${r.url()} ${r.failure()?.errorText}`));
    await page.route((url) => !url.href.startsWith(server.origin), (r) => r.abort());
    await page.goto(`${server.origin}/cms/`);
    await page.getByRole('button', { name: '로컬 저장소로 작업' }).waitFor({ timeout: 60_000 });
    const marks = await page.evaluate(() => performance.getEntriesByType('resource').map((e: any) => `${e.name.split('/').pop()} start ${Math.round(e.startTime)} end ${Math.round(e.responseEnd)}`).join('\n') + `\nnow ${Math.round(performance.now())}`);
    console.log(`run ${run}: ${Math.round(performance.now() - t0)} ms`);
    if (process.env.MARKS) console.log(marks);
    if (run === runs - 1 || process.env.VERBOSE) console.log(log.join('\n'));
    if (process.env.SHOT) await page.screenshot({ path: process.env.SHOT });
    await context.close();
  }
  await browser.close();
} finally { await server.stop(); }
