import { createHash, randomBytes } from 'node:crypto';
import { readFile, rename, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { Db } from '../../src/server/db/index.ts';
import { openPglite, pgliteSnapshot } from '../../src/server/db/pglite.ts';
import { openPostgres } from '../../src/server/db/postgres.ts';
import { startNeonProxy, useNeonProxy } from './neon-proxy.ts';

export interface OpenDb {
  db: Db;
  close(): Promise<void>;
}

/** A database backend the API suite runs on; `open()` gives a fresh, empty database with the schema. */
export interface Backend {
  name: string;
  open(): Promise<OpenDb>;
}

let snapshot: Promise<Blob> | undefined;

/**
 * Migrating a new PGlite costs seconds, so the migrated snapshot is shared by every test worker through
 * a file in the temp folder, named by the schema's hash (a changed schema makes a new one).
 */
export async function sharedSnapshot(): Promise<Blob> {
  const schema = await readFile(new URL('../../schema.sql', import.meta.url));
  const file = path.join(tmpdir(), `btower-pglite-${createHash('sha256').update(schema).digest('hex').slice(0, 16)}.tar`);
  const cached = await readFile(file).catch(() => null);
  if (cached) return new Blob([cached]);
  const fresh = await pgliteSnapshot();
  const partial = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
  await writeFile(partial, Buffer.from(await fresh.arrayBuffer()));
  await rename(partial, file);
  return fresh;
}

const pglite: Backend = {
  name: 'pglite',
  async open() {
    snapshot ??= sharedSnapshot();
    const db = await openPglite({ snapshot: await snapshot });
    return { db, close: () => db.destroy() };
  },
};

/**
 * Each test file gets its own schema on the shared server, so files running in parallel never see
 * each other's rows. pg_trgm goes to public once so every schema's search_path finds it.
 */
export async function isolatedUrl(serverUrl: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const schema = `t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query('create extension if not exists pg_trgm schema public').catch(() => undefined);
    await admin.query(`create schema ${schema}`);
  } finally {
    await admin.end();
  }
  const url = new URL(serverUrl);
  url.searchParams.set('options', `-c search_path=${schema},public`);
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      await client.query(`drop schema ${schema} cascade`);
      await client.end();
    },
  };
}

function postgresBackend(serverUrl: string): Backend {
  return {
    name: 'postgres',
    async open() {
      const { url, drop } = await isolatedUrl(serverUrl);
      const db = await openPostgres(url, 'pg');
      return { db, close: async () => (await db.destroy(), await drop()) };
    },
  };
}

let proxy: ReturnType<typeof startNeonProxy> | undefined;

function neonBackend(serverUrl: string): Backend {
  return {
    name: 'neon',
    async open() {
      proxy ??= startNeonProxy();
      await useNeonProxy((await proxy).port);
      const { url, drop } = await isolatedUrl(serverUrl);
      const db = await openPostgres(url, 'neon');
      return { db, close: async () => (await db.destroy(), await drop()) };
    },
  };
}

/**
 * In-memory PGlite always; real Postgres when TEST_DATABASE_URL is set, and with `{ neon: true }` the Neon driver
 * (through the local proxy) to that same server too. Neon's driver is node-postgres' code over a WebSocket: the
 * server, the SQL and the type parsers are the Postgres run's, so a suite runs on it only where the driver changes
 * what is checked — transactions and their conflicts, server errors turned into answers, values read back, every
 * route once (docs/testing.md, "Time in tests"; decision 043). The connection's loss is database-outage.test.ts's.
 */
export function availableBackends({ neon = false }: { neon?: boolean } = {}): Backend[] {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) return [pglite];
  const backends = [pglite, postgresBackend(serverUrl)];
  return neon ? [...backends, neonBackend(serverUrl)] : backends;
}
