import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { resetServerEnv } from '../env.ts';

/**
 * Local runs without ADMIN_PASSWORD: a random password is generated, printed once and kept in
 * `$DATA_DIR/admin-password` (owner-only) so later starts reuse it silently. Sets ADMIN_PASSWORD.
 */
export async function ensureLocalAdminPassword(dataDir: string): Promise<string> {
  if (process.env.ADMIN_PASSWORD?.trim()) return process.env.ADMIN_PASSWORD;
  const file = path.join(dataDir, 'admin-password');
  let password = await readFile(file, 'utf8').then((text) => text.trim(), () => '');
  if (!password) {
    password = randomBytes(18).toString('base64url');
    await mkdir(dataDir, { recursive: true });
    await writeFile(file, `${password}\n`, { mode: 0o600 });
    console.log(`Admin password (generated, kept in ${file}): ${password}`);
  }
  process.env.ADMIN_PASSWORD = password;
  resetServerEnv();
  return password;
}
