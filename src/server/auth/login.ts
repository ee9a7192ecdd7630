import { createHash, randomBytes, scrypt, timingSafeEqual } from 'node:crypto';
import { promisify } from 'node:util';
import { sql } from 'kysely';
import { SESSION_TTL_MS } from '../../shared/api.ts';
import { LOGIN_CLIENT_LIMIT, LOGIN_GLOBAL_LIMIT, LOGIN_TRUST_MS } from '../../shared/abuse.ts';
import { getDb } from '../db/index.ts';
import { serverEnv } from '../env.ts';
import { HttpError } from '../http/errors.ts';
import { hashedClient } from '../http/throttle.ts';
import { sessionTokenHash } from './sessions.ts';

const scryptAsync = promisify(scrypt) as (password: string, salt: Buffer, keylen: number) => Promise<Buffer>;

/** The configured password, kept only as a salted scrypt hash in memory (re-derived if it changes). */
let configured: { source: string; value: Promise<{ salt: Buffer; hash: Buffer }> } | undefined;

function configuredHash(password: string) {
  const source = sha256(password);
  if (configured?.source !== source) {
    const salt = randomBytes(16);
    configured = { source, value: scryptAsync(password, salt, 32).then((hash) => ({ salt, hash })) };
  }
  return configured.value;
}

function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

async function passwordMatches(attempt: string, expected: string): Promise<boolean> {
  const { salt, hash } = await configuredHash(expected);
  const candidate = await scryptAsync(attempt, salt, 32);
  return timingSafeEqual(candidate, hash);
}

/** 429 with Retry-After (seconds); the message is the admin dictionary's key, the card says how long. */
function tooManyAttempts(retryAfter: number): HttpError {
  return new HttpError(429, 'too_many_attempts', 'admin.login.tooManyAttempts', {
    headers: { 'Retry-After': String(Math.max(1, Math.ceil(retryAfter))) },
  });
}

/**
 * Checks the admin password and opens a session. Refused with 429 before the password is checked when
 * the client has LOGIN_CLIENT_LIMIT failures in its window, or when all clients together have
 * LOGIN_GLOBAL_LIMIT failures in the hour and this client has not signed in lately (so rotating
 * addresses does not give unlimited guesses, and the admin's own browser is not locked out by them).
 * Serialised per client so parallel guesses cannot slip past its count.
 */
export async function login(attempt: string, client: string): Promise<string> {
  const { adminPassword, production } = serverEnv();
  if (!adminPassword) {
    const where = production ? 'in production' : 'for this server';
    throw new HttpError(503, 'login_disabled', `Admin login is disabled: ADMIN_PASSWORD is not set ${where}`);
  }
  const db = await getDb();
  return db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(hashtext(${`login:${client}`}))`.execute(trx);
    const now = Date.now();
    const clientSince = new Date(now - LOGIN_CLIENT_LIMIT.windowMs);
    const globalSince = new Date(now - LOGIN_GLOBAL_LIMIT.windowMs);
    // Housekeeping on the way, for every client: failures outside both windows, old trust, dead sessions.
    await trx.deleteFrom('loginAttempts').where('at', '<=', new Date(Math.min(clientSince.getTime(), globalSince.getTime()))).execute();
    await trx.deleteFrom('loginTrustedClients').where('at', '<=', new Date(now - LOGIN_TRUST_MS)).execute();
    await trx.deleteFrom('sessions').where('expiresAt', '<', sql<Date>`now() - interval '1 day'`).execute();
    const failures = (since: Date, ofClient: boolean) =>
      trx
        .selectFrom('loginAttempts')
        .select([sql<number>`count(*)::int`.as('failures'), sql<Date | null>`min(at)`.as('oldest')])
        .where('at', '>', since)
        .$if(ofClient, (query) => query.where('clientKey', '=', client))
        .executeTakeFirstOrThrow();
    const waitFor = (oldest: Date | null, windowMs: number) => ((oldest ? new Date(oldest).getTime() : now) + windowMs - now) / 1000;
    const own = await failures(clientSince, true);
    if (own.failures >= LOGIN_CLIENT_LIMIT.max) throw tooManyAttempts(waitFor(own.oldest, LOGIN_CLIENT_LIMIT.windowMs));
    const all = await failures(globalSince, false);
    if (all.failures >= LOGIN_GLOBAL_LIMIT.max) {
      const trusted = await trx.selectFrom('loginTrustedClients').select('clientKey').where('clientKey', '=', hashedClient(client)).executeTakeFirst();
      if (!trusted) throw tooManyAttempts(waitFor(all.oldest, LOGIN_GLOBAL_LIMIT.windowMs));
    }
    if (!(await passwordMatches(attempt, adminPassword))) {
      await trx.insertInto('loginAttempts').values({ clientKey: client }).execute();
      return null;
    }
    await trx.deleteFrom('loginAttempts').where('clientKey', '=', client).execute();
    await trx
      .insertInto('loginTrustedClients')
      .values({ clientKey: hashedClient(client) })
      .onConflict((conflict) => conflict.column('clientKey').doUpdateSet({ at: sql<Date>`now()` }))
      .execute();
    const token = randomBytes(32).toString('base64url');
    await trx
      .insertInto('sessions')
      .values({ tokenHash: sessionTokenHash(token, adminPassword), expiresAt: sql<Date>`now() + ${SESSION_TTL_MS} * interval '1 millisecond'` })
      .execute();
    return token;
  }).then((token) => {
    // Thrown after the commit so the failure stays counted.
    if (!token) throw new HttpError(401, 'wrong_password', 'admin.login.wrongPassword');
    return token;
  });
}
