import { lstat, mkdir, open, readdir, readFile, readlink, rename, rm, symlink } from 'node:fs/promises';
import path from 'node:path';

/**
 * Where the builds of a served folder are kept: `<root>/.builds/<folder name>/<build id>/`. The served
 * folder itself (`dist`, or ASTRO_OUT_DIR) is a symbolic link to one of them.
 */
export function buildsDirOf(outDir: string): string {
  return path.join(path.dirname(outDir), '.builds', path.basename(outDir));
}

/** Build folders are named by start time, so they sort oldest first. */
const buildId = (what = 'build') => `${new Date().toISOString().replace(/[:.]/g, '-')}-${what}-${process.pid}`;

/** A fresh folder to build into, beside the served one. */
export async function stagingDirFor(outDir: string): Promise<string> {
  const dir = path.join(buildsDirOf(outDir), buildId());
  await mkdir(path.dirname(dir), { recursive: true });
  return dir;
}

/**
 * Makes `outDir` serve `built`, at once: a new link is written beside it and renamed over it, which
 * replaces the old link atomically (rename(2)), so a server reading `outDir` sees either the whole old
 * build or the whole new one, never a missing or half-written folder. An `outDir` that is still a real
 * folder (a checkout built before this existed) is moved into the builds folder first, once.
 * Keeps the previous build (a request may still be reading it) and removes older ones; builds started
 * later (another build running meanwhile) are left alone.
 */
export async function publishBuild(outDir: string, built: string): Promise<void> {
  const builds = buildsDirOf(outDir);
  const current = await lstat(outDir).catch(() => null);
  if (current && !current.isSymbolicLink()) {
    // Named to sort before every build, so it is removed with the old builds below.
    await rename(outDir, path.join(builds, `0-before-links-${process.pid}`));
  }
  const previous = current?.isSymbolicLink() ? path.resolve(path.dirname(outDir), await readlink(outDir)) : null;
  const link = `${outDir}.link-${process.pid}`;
  await rm(link, { force: true });
  // Relative, so the repository can be moved or mounted elsewhere.
  await symlink(path.relative(path.dirname(outDir), built), link);
  await rename(link, outDir);
  const keep = new Set([path.resolve(built), previous && path.resolve(previous)]);
  for (const name of await readdir(builds)) {
    const dir = path.join(builds, name);
    if (name < path.basename(built) && !keep.has(path.resolve(dir))) await rm(dir, { recursive: true, force: true });
  }
}

/** The lock file of a served folder's builds: `<root>/.builds/<folder name>.lock`, holding its builder's PID. */
export function buildLockOf(outDir: string): string {
  return `${buildsDirOf(outDir)}.lock`;
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/**
 * Runs `work` (build into a fresh folder, then publish it) while no other build of `outDir` runs: builds of
 * one folder queue (issue 29). Two at once (npm start's rebuild on a content change and an `npm run build`)
 * shared Astro's caches and removed each other's unfinished folders, and an older build could publish
 * over a newer one: the site answered 404 and the new text never showed. Queued, each build reads the
 * content as it is when its turn comes, so the last one to run publishes the newest content. A lock left
 * by a build that died (its PID gone) is taken over. `onWait` is told once when the build has to wait.
 */
export async function withBuildLock<T>(outDir: string, work: () => Promise<T>, onWait?: (holder: number) => void): Promise<T> {
  const lock = buildLockOf(outDir);
  await mkdir(path.dirname(lock), { recursive: true });
  let told = false;
  for (;;) {
    const handle = await open(lock, 'wx').catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'EEXIST') return null;
      throw error;
    });
    if (handle) {
      await handle.writeFile(String(process.pid));
      await handle.close();
      break;
    }
    const holder = Number((await readFile(lock, 'utf8').catch(() => '')).trim());
    if (holder && !alive(holder)) {
      // Read again right before removing: another waiter may have taken the stale lock over meanwhile.
      if (Number((await readFile(lock, 'utf8').catch(() => '')).trim()) === holder) await rm(lock, { force: true });
      continue;
    }
    if (!told && holder) {
      told = true;
      onWait?.(holder);
    }
    // A lock being written has no PID yet: wait as for a live one.
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  try {
    return await work();
  } finally {
    if (Number((await readFile(lock, 'utf8').catch(() => '')).trim()) === process.pid) await rm(lock, { force: true });
  }
}
