import { spawn } from 'node:child_process';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { ensureLocalAdminPassword } from '../src/server/auth/local-password.ts';
import { seedDemo } from './demo/seed.ts';

/**
 * `npm run demo`: the site as `npm start` serves it (same PORT), on its own data folder (`.data/demo`
 * unless DATA_DIR is set), seeded with a believable building the first time that folder is used.
 */
const DATA_DIR = path.resolve(process.env.DATA_DIR ?? '.data/demo');
const PORT = Number(process.env.PORT ?? 8888);
const ORIGIN = `http://127.0.0.1:${PORT}`;

const isNew = await readdir(DATA_DIR).then((entries) => entries.length === 0, () => true);
// Known before the server starts, so the seeder can sign in (the server reads the same file).
const password = await ensureLocalAdminPassword(DATA_DIR);

const server = spawn(process.execPath, [path.resolve('netlify-local/server.ts'), '--watch-content'], {
  stdio: 'inherit',
  env: { ...process.env, DATA_DIR, PORT: String(PORT), ADMIN_PASSWORD: password },
});
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));

async function waitForServer(): Promise<void> {
  for (let attempt = 0; attempt < 600; attempt++) {
    if (server.exitCode !== null) throw new Error('the server stopped');
    const ok = await fetch(`${ORIGIN}/api/units`).then((response) => response.ok, () => false);
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`no answer from ${ORIGIN}`);
}

if (isNew) {
  try {
    await waitForServer();
    const seeded = await seedDemo(ORIGIN, password);
    console.log(`Demo data: ${seeded.brands} brands and ${seeded.units} units seeded in ${DATA_DIR}. Sign in at ${ORIGIN}/admin`);
  } catch (error) {
    console.error(`Seeding the demo failed (delete ${DATA_DIR} to seed again): ${error instanceof Error ? error.message : String(error)}`);
    server.kill('SIGTERM');
  }
} else {
  console.log(`Demo data folder ${DATA_DIR} is in use: starting without seeding.`);
}
