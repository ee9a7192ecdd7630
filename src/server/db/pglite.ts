import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { CamelCasePlugin, Kysely, PGliteDialect, sql } from 'kysely';
import type { Database } from './types.ts';
import { acquirePgliteLock } from './pglite-lock.ts';
import { loadSchema } from './schema.ts';

export interface PgliteOptions {
  /** A folder to keep the data in; omitted → in memory. */
  dataDir?: string;
  /** A `dumpDataDir()` snapshot to start from (tests: a fresh database in well under a second). */
  snapshot?: Blob;
}

/** Opens PGlite with pg_trgm, applies schema.sql and wraps it in Kysely. A folder is locked to this process. */
export async function openPglite(options: PgliteOptions = {}): Promise<Kysely<Database>> {
  const { PGlite } = await import('@electric-sql/pglite');
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  let release = () => {};
  if (options.dataDir) {
    // PGlite creates only the last folder of its path.
    mkdirSync(path.dirname(options.dataDir), { recursive: true });
    release = acquirePgliteLock(`${options.dataDir}.lock`);
  }
  try {
    const pglite = await PGlite.create({
      dataDir: options.dataDir,
      loadDataDir: options.snapshot,
      extensions: { pg_trgm },
    });
    await pglite.exec(await loadSchema());
    const originalClose = pglite.close.bind(pglite);
    pglite.close = async () => {
      await originalClose();
      release();
    };
    const db = new Kysely<Database>({
      dialect: new PGliteDialect({ pglite }),
      plugins: [new CamelCasePlugin({ maintainNestedObjectKeys: true })],
    });
    // Kysely's destroy() closes PGlite only once its driver has run a query; run one so closing releases the folder.
    await sql`select 1`.execute(db);
    return db;
  } catch (error) {
    release();
    throw error;
  }
}

/** A snapshot of a freshly migrated in-memory database, for `openPglite({ snapshot })`. */
export async function pgliteSnapshot(): Promise<Blob> {
  const { PGlite } = await import('@electric-sql/pglite');
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  const pglite = await PGlite.create({ extensions: { pg_trgm } });
  await pglite.exec(await loadSchema());
  const snapshot = await pglite.dumpDataDir('none');
  await pglite.close();
  return snapshot;
}
