import path from 'node:path';
import type { Kysely } from 'kysely';
import { serverEnv } from '../env.ts';
import { UnavailableError } from '../http/errors.ts';
import type { Database } from './types.ts';

export type Db = Kysely<Database>;
export type { Database } from './types.ts';

let current: Promise<Db> | undefined;

/** Which backend a DATABASE_URL selects (design: Data). */
export function backendFor(url: string | undefined): 'pglite-dir' | 'pglite-memory' | 'neon' | 'pg' {
  if (!url) return 'pglite-dir';
  if (url === 'memory://') return 'pglite-memory';
  if (!/^postgres(ql)?:\/\//.test(url)) {
    throw new Error('DATABASE_URL must be unset, memory:// or a postgres:// URL');
  }
  const host = new URL(url).hostname;
  return host.endsWith('.neon.tech') || process.env.NEON === '1' ? 'neon' : 'pg';
}

async function open(): Promise<Db> {
  const { databaseUrl, dataDir, onNetlify } = serverEnv();
  if (!databaseUrl && onNetlify) {
    throw new UnavailableError(
      'DATABASE_URL is not set: on Netlify the site needs a Postgres or Neon database (docs/operations.md, Deploying to Netlify). ' +
        'The embedded database runs only on a local server.',
    );
  }
  const backend = backendFor(databaseUrl);
  if (backend === 'pglite-dir' || backend === 'pglite-memory') {
    const { openPglite } = await import('./pglite.ts');
    return openPglite({ dataDir: backend === 'pglite-dir' ? path.join(dataDir, 'pglite') : undefined });
  }
  const { openPostgres } = await import('./postgres.ts');
  return openPostgres(databaseUrl as string, backend);
}

/**
 * The process's database, opened on first use with schema.sql applied. Drivers are imported only for
 * the chosen backend, so a deploy never loads PGlite. A failed open is retried on the next call.
 */
export function getDb(): Promise<Db> {
  current ??= open().catch((error: unknown) => {
    current = undefined;
    throw error;
  });
  return current;
}

/** Makes `db` the process's database (tests run one suite on several backends). */
export function setDb(db: Db | undefined): void {
  current = db ? Promise.resolve(db) : undefined;
}

/** Closes the database (releasing a PGlite folder's lock) so the process can exit or reopen. */
export async function closeDb(): Promise<void> {
  const db = current;
  current = undefined;
  if (db) await (await db.catch(() => undefined))?.destroy();
}
