import { spawn } from 'node:child_process';
import { watch, type FSWatcher } from 'node:fs';
import path from 'node:path';

/** What an editor changes: the content files and the images they name. */
export const WATCHED_FOLDERS = ['content', 'src/assets/illustrations'];
/** A save writes several files (four languages, a photo): one rebuild after the last of them. */
const SETTLE_MS = 500;

export interface ContentWatcher {
  stop(): void;
}

/**
 * `npm start` rebuilds the site when content changes (an editor saving in /cms/ in local-repository mode,
 * or a file edited by hand), through the safe build (build/safe-build.ts): the served folder switches to
 * the new build only when it succeeds, so a mistake leaves the running site as it was and the log says why.
 * Changes made during a build lead to one more build after it.
 */
export function watchContent(root: string, outDir: string, log: (line: string) => void = console.log): ContentWatcher {
  let timer: NodeJS.Timeout | undefined;
  let building = false;
  let again = false;
  let stopped = false;

  const build = () => {
    if (stopped) return;
    if (building) {
      again = true;
      return;
    }
    building = true;
    again = false;
    const started = performance.now();
    log('content changed: rebuilding the site…');
    const child = spawn(process.execPath, [path.join(root, 'build/safe-build.ts')], {
      cwd: root,
      env: { ...process.env, ASTRO_OUT_DIR: outDir },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('exit', (code) => {
      building = false;
      const seconds = ((performance.now() - started) / 1000).toFixed(1);
      if (code === 0) log(`site rebuilt in ${seconds} s: the new content is live`);
      else log(`rebuild failed after ${seconds} s; still serving the previous build:\n${errorLines(output)}`);
      if (again) build();
    });
  };

  const changed = (file: string | null) => {
    if (file && /(^|\/)\.|~$|\.crswap$/.test(file)) return; // editors' and browsers' temporary files
    clearTimeout(timer);
    timer = setTimeout(build, SETTLE_MS);
  };
  const watchers: FSWatcher[] = WATCHED_FOLDERS.map((folder) =>
    watch(path.join(root, folder), { recursive: true }, (_event, file) => changed(file === null ? null : String(file))),
  );
  log(`watching ${WATCHED_FOLDERS.join(' and ')}: the site rebuilds when they change`);
  return {
    stop() {
      stopped = true;
      clearTimeout(timer);
      for (const watcher of watchers) watcher.close();
    },
  };
}

/** The lines of a failed build's output that say what failed (Astro's errors, our content checks). */
function errorLines(output: string): string {
  const lines = output.split('\n').filter((line) => /error|content\/|failed/i.test(line) && !/^\s+at /.test(line));
  return (lines.length > 0 ? lines : output.split('\n').slice(-15)).slice(0, 20).join('\n');
}
