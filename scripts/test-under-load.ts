/**
 * `npm run test:loaded [-- --runs=3]`: runs `npm test` while a CPU-heavy job runs beside it on the same machine
 * (the site's own build, in a loop, into a throwaway folder), as a shared CI machine would, and reports each run's
 * result, duration and the load average seen during it. A suite that only passes on a quiet machine fails here.
 * Exits 1 when a run fails.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';

const { values } = parseArgs({ options: { runs: { type: 'string', default: '1' } } });
const runs = Math.max(1, Number(values.runs));

/** The site's build, again and again, until stopped: two cores' worth of Vite, sharp and Astro. */
function startLoad(outDir: string): { stop(): Promise<void> } {
  let stopped = false;
  let child: ChildProcess | undefined;
  const loop = async () => {
    while (!stopped) {
      child = spawn('npx', ['astro', 'build'], { env: { ...process.env, ASTRO_OUT_DIR: outDir }, stdio: 'ignore', detached: true });
      await new Promise((resolve) => child!.once('exit', resolve));
    }
  };
  const running = loop();
  return {
    async stop() {
      stopped = true;
      if (child?.pid && child.exitCode === null) process.kill(-child.pid, 'SIGTERM');
      await running;
    },
  };
}

function runTests(): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn('npm', ['test'], { stdio: 'inherit' });
    child.once('exit', (code) => resolve(code ?? 1));
  });
}

const results: { run: number; code: number; minutes: string; load: string }[] = [];
for (let run = 1; run <= runs; run += 1) {
  const outDir = await mkdtemp(path.join(tmpdir(), 'btower-load-build-'));
  const load = startLoad(outDir);
  const samples: number[] = [];
  const sampler = setInterval(() => samples.push(loadavg()[0]!), 10_000);
  const started = Date.now();
  const code = await runTests();
  clearInterval(sampler);
  await load.stop();
  await rm(outDir, { recursive: true, force: true });
  const mean = samples.reduce((sum, value) => sum + value, 0) / Math.max(1, samples.length);
  results.push({
    run,
    code,
    minutes: ((Date.now() - started) / 60_000).toFixed(1),
    load: `mean ${mean.toFixed(1)}, max ${Math.max(...samples, 0).toFixed(1)} (1-min load average, ${samples.length} samples)`,
  });
}
console.table(results);
process.exit(results.every((result) => result.code === 0) ? 0 : 1);
