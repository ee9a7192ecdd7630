import { createHash, createHmac, randomBytes, scrypt, timingSafeEqual } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'kysely';
import { SESSION_TTL_MS } from '../../shared/api.ts';
import { LOGIN_CLIENT_LIMIT, LOGIN_GLOBAL_LIMIT, LOGIN_TRUST_MS } from '../../shared/abuse.ts';
import { getDb } from '../db/index.ts';
import { resetServerEnv, serverEnv } from '../env.ts';
import { HttpError } from '../http/handler.ts';
import { hashedClient } from '../http/throttle.ts';

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

/**
 * What the sessions table keeps for a token: an HMAC keyed by the admin password, so a session counts
 * only under the password it was opened with. Changing ADMIN_PASSWORD therefore signs every admin out,
 * and the stored value alone is no token (nor a way to guess the password).
 */
export function sessionTokenHash(token: string, password: string): string {
  return createHmac('sha256', password).update(token).digest('hex');
}

async function passwordMatches(attempt: string, expected: string): Promise<boolean> {
  const { salt, hash } = await configuredHash(expected);
  const candidate = await scryptAsync(attempt, salt, 32);
  return timingSafeEqual(candidate, hash);
}

/** Netlify gives the client address as context.ip and in x-nf-client-connection-ip. */
export function clientKey(req: Request, context?: { ip?: string }): string {
  return context?.ip || req.headers.get('x-nf-client-connection-ip') || 'unknown';
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

function bearerToken(req: Request): string | null {
  const match = req.headers.get('authorization')?.match(/^Bearer\s+([A-Za-z0-9_-]{20,200})\s*$/);
  return match?.[1] ?? null;
}

/**
 * Admin routes: a live (not expired, not revoked) session token in `Authorization: Bearer`, opened
 * under the current ADMIN_PASSWORD, else 401.
 */
export async function requireAdmin(req: Request): Promise<void> {
  const token = bearerToken(req);
  const { adminPassword } = serverEnv();
  if (token && adminPassword) {
    const db = await getDb();
    const session = await db
      .selectFrom('sessions')
      .select('tokenHash')
      .where('tokenHash', '=', sessionTokenHash(token, adminPassword))
      .where('revokedAt', 'is', null)
      .where('expiresAt', '>', new Date())
      .executeTakeFirst();
    if (session) return;
  }
  throw new HttpError(401, 'unauthorized', 'Sign in as administrator', {
    headers: { 'WWW-Authenticate': 'Bearer' },
  });
}

/** Revokes the request's session; an unknown or already revoked token is a 401 like any other. */
export async function logout(req: Request): Promise<void> {
  await requireAdmin(req);
  const token = bearerToken(req) as string;
  const password = serverEnv().adminPassword as string;
  const db = await getDb();
  await db.updateTable('sessions').set({ revokedAt: new Date() }).where('tokenHash', '=', sessionTokenHash(token, password)).execute();
}

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
