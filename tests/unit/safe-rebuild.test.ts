import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildLockOf, buildsDirOf, publishBuild, stagingDirFor } from '../../build/publish.ts';
import { watchContent } from '../../netlify-local/content-watch.ts';
import { findStatic } from '../../netlify-local/static-files.ts';
import { copyRepository } from '../support/repo-copy.ts';

const run = promisify(execFile);
const cleanup: string[] = [];
afterAll(() => cleanup.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

// The builds here (ours and the content watcher's, which inherits this environment) are of copies whose /cms/
// nobody opens: without the content editors' app each takes about half the time (build/cms-app.ts).
const cmsApp = process.env.CMS_APP;
beforeAll(() => {
  process.env.CMS_APP = 'off';
});
afterAll(() => {
  if (cmsApp === undefined) delete process.env.CMS_APP;
  else process.env.CMS_APP = cmsApp;
});

/** A built site whose home page says which build it is. */
async function fakeBuild(outDir: string, version: string): Promise<string> {
  const dir = await stagingDirFor(outDir);
  mkdirSync(path.join(dir, 'en'), { recursive: true });
  writeFileSync(path.join(dir, 'index.html'), `<!doctype html><title>${version}</title>`);
  writeFileSync(path.join(dir, 'en', 'index.html'), `<!doctype html><title>${version} en</title>`);
  return dir;
}

const servedVersion = (outDir: string) => /<title>([^<]*)</.exec(readFileSync(path.join(outDir, 'index.html'), 'utf8'))?.[1];

describe('publishing a build', () => {
  it('switches the running site to each new build at once: no request meets a 404 or a half-written site', async () => {
    const root = mkdtempSync(path.join(tmpdir(), 'publish-'));
    cleanup.push(root);
    const outDir = path.join(root, 'dist');
    // A checkout built before builds were published by link: a plain folder, moved aside once.
    mkdirSync(outDir);
    writeFileSync(path.join(outDir, 'index.html'), '<title>v0</title>');
    await publishBuild(outDir, await fakeBuild(outDir, 'v1'));
    expect(servedVersion(outDir)).toBe('v1');

    // Four visitors reload /en/ without pause (through the local server's file lookup, which reads the
    // served folder on every request) while 24 builds are published one after another.
    const seen: { status: number; version: string }[][] = [[], [], [], []];
    let publishing = true;
    const visitors = seen.map(async (mine) => {
      while (publishing || mine.length < 2) {
        const file = await findStatic(outDir, '/en/');
        mine.push({ status: file ? 200 : 404, version: /<title>v(\d+) en</.exec(file?.body.toString() ?? '')?.[1] ?? 'none' });
      }
    });
    for (let version = 2; version <= 25; version++) {
      const built = await fakeBuild(outDir, `v${version}`);
      const requests = seen.flat().length;
      await publishBuild(outDir, built);
      // Let the visitors make requests before the next switch, however busy the machine.
      await expect.poll(() => seen.flat().length, { interval: 5 }).toBeGreaterThan(requests + 4);
    }
    publishing = false;
    await Promise.all(visitors);
    expect(seen.flat().length).toBeGreaterThan(100);
    expect(seen.flat().filter((s) => s.status !== 200 || s.version === 'none')).toEqual([]);
    for (const mine of seen) {
      const versions = mine.map((s) => Number(s.version));
      expect(versions).toEqual([...versions].sort((a, b) => a - b));
      expect(versions.at(-1)).toBe(25);
    }
    // The current and the previous build stay (a slow request may still read it); older ones are removed.
    expect(readdirSync(buildsDirOf(outDir)).length).toBe(2);
  }, 120_000);
});

describe('a failed build', () => {
  const copy = copyRepository('safe-build-');
  cleanup.push(copy);
  const outDir = path.join(copy, 'dist');
  beforeAll(async () => publishBuild(outDir, await fakeBuild(outDir, 'good')));

  it('leaves the served site as it was and says why', async () => {
    const before = realpathSync(outDir);
    const units = readFileSync(path.join(copy, 'content/units.json'), 'utf8');
    writeFileSync(path.join(copy, 'content/units.json'), '{\n  "estimate": { "annualRatePercent": 5 },\n}\n');
    const failure = await run(process.execPath, ['build/safe-build.ts'], { cwd: copy, env: { ...process.env, ASTRO_OUT_DIR: outDir } }).then(
      () => null,
      (error: { code: number; stdout: string; stderr: string }) => error,
    );
    expect(failure?.code).not.toBe(0);
    expect(`${failure?.stdout}${failure?.stderr}`).toContain('content/units.json: line 3, column 1: not valid JSON');
    expect(failure?.stderr).toContain('dist still serves the previous build');
    expect(realpathSync(outDir)).toBe(before);
    expect(servedVersion(outDir)).toBe('good');
    expect(readdirSync(buildsDirOf(outDir))).toEqual([path.basename(before)]);
    writeFileSync(path.join(copy, 'content/units.json'), units);
  }, 120_000);

  it('is reported by the content watcher of npm start, which keeps serving the previous build', async () => {
    const before = realpathSync(outDir);
    const log: string[] = [];
    const watcher = watchContent(copy, outDir, (line) => log.push(line));
    try {
      writeFileSync(path.join(copy, 'content/i18n/en/nav.json'), '{ "home": "Home" }\n');
      await expect.poll(() => log.join('\n'), { timeout: 90_000, interval: 500 }).toContain('rebuild failed');
      expect(log.join('\n')).toContain('content/i18n/en/nav.json: "about" is missing (content/i18n/ko/nav.json has it)');
      expect(log.join('\n')).toContain('still serving the previous build');
      expect(realpathSync(outDir)).toBe(before);
    } finally {
      watcher.stop();
    }
  }, 120_000);
});

describe('two builds of one folder at once (issue 29)', () => {
  it('queue: every request during and after answers 200, and the newest text shows once the last build finishes', async () => {
    const copy = copyRepository('concurrent-build-');
    cleanup.push(copy);
    const outDir = path.join(copy, 'dist');
    await publishBuild(outDir, await fakeBuild(outDir, 'before'));
    const dictionary = path.join(copy, 'content/i18n/en/home.json');
    const words = JSON.parse(readFileSync(dictionary, 'utf8')) as { statsTitle: string };
    const newTitle = `${words.statsTitle} (rebuilt)`;

    // Visitors reload / and /en/ through the local server's file lookup the whole time.
    const answers: { path: string; status: number }[] = [];
    let visiting = true;
    const visitors = ['/', '/en/'].map(async (page) => {
      while (visiting) {
        answers.push({ path: page, status: (await findStatic(outDir, page)) ? 200 : 404 });
        await new Promise((resolve) => setImmediate(resolve));
      }
    });
    const log: string[] = [];
    const watcher = watchContent(copy, outDir, (line) => log.push(line));
    try {
      // `npm run build` starts; while it runs an editor saves a dictionary: npm start's watcher rebuilds too.
      let manualRunning = true;
      const manual = run(process.execPath, ['build/safe-build.ts'], { cwd: copy, env: { ...process.env, ASTRO_OUT_DIR: outDir } }).finally(() => (manualRunning = false));
      await expect.poll(() => existsSync(buildLockOf(outDir)), { timeout: 60_000, interval: 20 }).toBe(true);
      writeFileSync(dictionary, JSON.stringify({ ...words, statsTitle: newTitle }, null, 2));
      await expect.poll(() => log.join('\n'), { timeout: 60_000, interval: 50 }).toContain('content changed');
      expect(manualRunning, 'the two builds overlap').toBe(true);
      const { stdout } = await manual;
      expect(stdout).toContain('dist now serves');
      await expect.poll(() => log.join('\n'), { timeout: 540_000, interval: 500 }).toMatch(/site rebuilt|rebuild failed/);
      expect(log.join('\n')).toContain('the new content is live');
    } finally {
      watcher.stop();
      visiting = false;
      await Promise.all(visitors);
    }
    expect(answers.length).toBeGreaterThan(100);
    expect(answers.filter((answer) => answer.status !== 200)).toEqual([]);
    const english = (await findStatic(outDir, '/en/'))!.body.toString();
    expect(english).toContain(newTitle);
    // The served folder is a whole build, and the queue left no lock and no half-built folder behind.
    expect(existsSync(path.join(outDir, '_headers'))).toBe(true);
    expect(existsSync(buildLockOf(outDir))).toBe(false);
    expect(readdirSync(buildsDirOf(outDir)).length).toBeLessThanOrEqual(2);
  }, 600_000);
});
