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
 * stop() sends SIGTERM to that PID and waits for the exit (PGlite closes its folder cleanly).
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
      await exited;
    },
  };
}
