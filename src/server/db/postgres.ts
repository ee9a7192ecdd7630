import { CamelCasePlugin, Kysely, PostgresDialect, type PostgresPool } from 'kysely';
import { UnavailableError } from '../http/errors.ts';
import type { Database } from './types.ts';
import { loadSchema } from './schema.ts';

/** The part of a pg / Neon pool this module uses. */
interface PgLikePool {
  connect(): Promise<PgLikeClient>;
  end(): Promise<void>;
}
interface PgLikeClient {
  query(...args: unknown[]): Promise<unknown>;
  release(): void;
  on(event: 'error', listener: (error: unknown) => void): unknown;
}

/** Errors the server sent carry a SQLSTATE; anything else (socket closed, refused, timed out) means it is unreachable. */
function isServerError(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code) && !/^(08|57P0)/.test(code);
}

function unavailable(error: unknown): UnavailableError {
  return new UnavailableError('The database cannot be reached', { cause: error });
}

const guarded = new WeakSet<PgLikeClient>();

/** Wraps the pool so connection failures become UnavailableError (→ 503) and query errors stay as they are. */
function guardPool(pool: PgLikePool): PgLikePool {
  return {
    async connect() {
      const client = await pool.connect().catch((error: unknown) => {
        throw unavailable(error);
      });
      if (!guarded.has(client)) {
        // A connection lost while the client is checked out is also emitted as the client's 'error' event,
        // which the pool only listens to on idle clients: unheard, it would crash the process. The query in
        // flight fails with the same error (→ 503) and the pool drops the dead client on release.
        client.on('error', () => {});
        const query = client.query.bind(client);
        client.query = (...args: unknown[]) =>
          query(...args).catch((error: unknown) => {
            throw isServerError(error) ? error : unavailable(error);
          });
        guarded.add(client);
      }
      return client;
    },
    end: () => pool.end(),
  };
}

/**
 * Applies schema.sql once, serialised across processes by an advisory lock (parallel IF NOT EXISTS can
 * race). The lock is the transaction's own: behind a transaction-mode pooler (Neon's pooled connection
 * string) a session lock could be taken and released on different server connections and stay held.
 */
async function applySchema(pool: PgLikePool): Promise<void> {
  const schema = await loadSchema();
  const client = await pool.connect();
  try {
    await client.query('begin');
    try {
      await client.query('select pg_advisory_xact_lock(727274)');
      await client.query(schema);
      await client.query('commit');
    } catch (error) {
      await client.query('rollback').catch(() => {});
      throw error;
    }
  } finally {
    client.release();
  }
}

/** A Postgres server through `pg`, or through Neon's serverless driver (WebSocket) for a Neon host. */
export async function openPostgres(url: string, driver: 'pg' | 'neon'): Promise<Kysely<Database>> {
  let pool: PgLikePool;
  if (driver === 'neon') {
    const { Pool } = await import('@neondatabase/serverless');
    pool = new Pool({ connectionString: url, max: 10, connectionTimeoutMillis: 5000 }) as unknown as PgLikePool;
  } else {
    const { default: pg } = await import('pg');
    pool = new pg.Pool({ connectionString: url, max: 10, connectionTimeoutMillis: 5000 }) as unknown as PgLikePool;
  }
  // An idle client losing its connection must not crash the process.
  (pool as unknown as { on?: (event: string, fn: (e: unknown) => void) => void }).on?.('error', (error) => {
    console.error('database pool error', error);
  });
  const safePool = guardPool(pool);
  try {
    await applySchema(safePool);
  } catch (error) {
    await pool.end().catch(() => {});
    throw error;
  }
  return new Kysely<Database>({
    dialect: new PostgresDialect({ pool: safePool as unknown as PostgresPool }),
    plugins: [new CamelCasePlugin({ maintainNestedObjectKeys: true })],
  });
}
