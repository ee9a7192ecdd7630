import { spawn, type ChildProcess } from 'node:child_process';

/**
 * `npm run dev`: Astro's dev server for the pages, and the function server in API-only mode on
 * API_PORT, where astro.config.mjs proxies /api and /objects. Either one ending stops the other.
 */
const API_PORT = process.env.API_PORT ?? '8899';
const env = { ...process.env, API_PORT };
const children: ChildProcess[] = [
  spawn(process.execPath, ['netlify-local/server.ts', '--api-only'], { env: { ...env, PORT: API_PORT }, stdio: 'inherit' }),
  spawn(process.execPath, ['node_modules/astro/bin/astro.mjs', 'dev', '--host', '127.0.0.1', ...process.argv.slice(2)], { env, stdio: 'inherit' }),
];

let exiting = false;
function stopAll(code: number): void {
  if (exiting) return;
  exiting = true;
  for (const child of children) if (child.exitCode === null && child.pid) process.kill(child.pid, 'SIGTERM');
  setTimeout(() => process.exit(code), 3000).unref();
  Promise.all(children.map((child) => (child.exitCode === null ? new Promise((resolve) => child.once('exit', resolve)) : null))).then(() => process.exit(code));
}
for (const child of children) child.once('exit', (code) => stopAll(code ?? 0));
process.on('SIGINT', () => stopAll(0));
process.on('SIGTERM', () => stopAll(0));
