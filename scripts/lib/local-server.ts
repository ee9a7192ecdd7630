import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface RunningServer {
  url: string;
  pid: number;
  dataDir: string;
  stop(): Promise<void>;
}

/**
 * Starts the local server (scripts/serve.ts) on loopback with a throwaway data folder and waits until
 * it answers. Used by the audit and the benchmarks; stopped by its PID.
 */
export async function startLocalServer(options: { port: number; env?: Record<string, string> }): Promise<RunningServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'btower-'));
  const child: ChildProcess = spawn(process.execPath, ['scripts/serve.ts'], {
    env: { ...process.env, PORT: String(options.port), DATA_DIR: dataDir, ADMIN_PASSWORD: 'audit-password', ...options.env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${options.port}`;
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`local server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${url}/`)).ok) break;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
  return {
    url,
    pid: child.pid!,
    dataDir,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        process.kill(child.pid!, 'SIGTERM');
        await exited;
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
