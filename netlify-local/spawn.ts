import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';

/** A port nobody listens on right now, on loopback. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

/** How long a server may take to stop after SIGTERM (closing PGlite's folder at a load of ~20 takes seconds). */
const STOP_TIMEOUT_MS = 60_000;

export interface RunningServer {
  origin: string;
  /** What the server printed so far. */
  log(): string;
  pid: number;
  stop(): Promise<void>;
}

/**
 * Starts netlify-local/server.ts as a child on `port` with `env` (functions only with `apiOnly`, else the built
 * site too), resolves once it listens (within `timeoutMs`, 300 s by default: at a load of ~40 the imports and
 * PGlite alone took over 120 s). Used by the benchmarks, the audit and tests. `cwd` serves another checkout (its
 * netlify.toml, functions and content); `watchContent` rebuilds it when its content changes.
 * stop() sends SIGTERM to that PID and waits for the exit (PGlite closes its folder cleanly); a server still
 * running 60 s later is killed and stop() throws with the end of its log.
 */
export async function startLocalServer(
  port: number,
  env: Record<string, string>,
  options: { apiOnly?: boolean; timeoutMs?: number; cwd?: string; watchContent?: boolean } = {},
): Promise<RunningServer> {
  const timeoutMs = options.timeoutMs ?? 300_000;
  const args = ['netlify-local/server.ts', ...(options.apiOnly ? ['--api-only'] : []), ...(options.watchContent ? ['--watch-content'] : [])];
  const child: ChildProcess = spawn(process.execPath, args, {
    cwd: options.cwd,
    env: { ...process.env, ...env, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let log = '';
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => {
      // Not left running behind the caller's back: nobody would stop it.
      child.kill('SIGTERM');
      reject(new Error(`server did not start in ${timeoutMs / 1000} s:\n${log}`));
    }, timeoutMs);
    child.stdout?.on('data', (chunk: Buffer) => {
      log += chunk.toString();
      if (log.includes(`127.0.0.1:${port}`)) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.stderr?.on('data', (chunk: Buffer) => (log += chunk.toString()));
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited (${code}) before listening:\n${log}`));
    });
  });
  return {
    origin: `http://127.0.0.1:${port}`,
    log: () => log,
    pid: child.pid as number,
    async stop() {
      process.kill(child.pid as number, 'SIGTERM');
      // A server that does not stop is a defect to name, not a test left to hang until its own timeout.
      let timer: NodeJS.Timeout | undefined;
      const stuck = new Promise<true>((resolve) => (timer = setTimeout(() => resolve(true), STOP_TIMEOUT_MS)));
      const hung = await Promise.race([exited, stuck]);
      clearTimeout(timer);
      if (hung) {
        child.kill('SIGKILL');
        await exited;
        throw new Error(`server ${child.pid} did not stop within ${STOP_TIMEOUT_MS / 1000} s of SIGTERM and was killed; its log ends:\n${log.slice(-3000)}`);
      }
    },
  };
}
