import { lstat, mkdir, readdir, readlink, rename, rm, symlink } from 'node:fs/promises';
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
