/**
 * `npm run build`: builds the site into a fresh folder and, only when the build succeeds, makes the served
 * folder (`dist`, or ASTRO_OUT_DIR) point at it in one atomic step (build/publish.ts). A failed build —
 * a bad value in content/, a JSON syntax error — leaves the running site (`npm start`, `npm run demo`)
 * exactly as it was, and a good one replaces it without a moment of 404s. Issue 16 item 6, decision 019.
 *
 * Builds of one folder queue (a lock beside it, build/publish.ts withBuildLock): never two at once.
 *
 * On Netlify (NETLIFY=true) nothing is being served from the folder while it builds, and the publish
 * folder must be a plain one: the build writes straight into it.
 */
import { spawn } from 'node:child_process';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { publishBuild, stagingDirFor, withBuildLock } from './publish.ts';

const outDir = path.resolve(process.env.ASTRO_OUT_DIR ?? 'dist');
const astro = path.resolve('node_modules/astro/bin/astro.mjs');

function astroBuild(into: string): Promise<number> {
  const child = spawn(process.execPath, [astro, 'build', ...process.argv.slice(2)], {
    stdio: 'inherit',
    env: { ...process.env, ASTRO_OUT_DIR: into },
  });
  return new Promise((resolve) => child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0))));
}

if (process.env.NETLIFY === 'true') process.exit(await astroBuild(outDir));

// One build of a folder at a time (issue 29): the server's own rebuild and an `npm run build` queue.
const code = await withBuildLock(
  outDir,
  async () => {
    const staging = await stagingDirFor(outDir);
    const code = await astroBuild(staging);
    if (code !== 0) {
      await rm(staging, { recursive: true, force: true });
      console.error(`\nThe build failed: ${path.relative(process.cwd(), outDir) || outDir} still serves the previous build.`);
      return code;
    }
    await publishBuild(outDir, staging);
    console.log(`${path.relative(process.cwd(), outDir)} now serves ${path.relative(process.cwd(), staging)}`);
    return 0;
  },
  (holder) => console.log(`Another build of ${path.relative(process.cwd(), outDir) || outDir} is running (process ${holder}): this one waits for it to finish.`),
);
process.exit(code);
