import { sql } from 'kysely';
import { LOGIN_ACCOUNT_LIMIT, LOGIN_CLIENT_LIMIT, LOGIN_GLOBAL_LIMIT, LOGIN_TRUST_MS } from '../../shared/abuse.ts';
import type { LoginInput } from '../../shared/admin-login.ts';
import { BOOTSTRAP_USERNAME } from '../../shared/roles.ts';
import { recordEvent, withActor, type AuditActor } from '../audit/actor.ts';
import type { Db } from '../db/index.ts';
import { serverEnv } from '../env.ts';
import { HttpError } from '../http/errors.ts';
import { hashedClient } from '../http/throttle.ts';
import { accountDeactivated } from './access.ts';
import { dbWithBootstrapOwner } from './bootstrap.ts';
import { hashPassword, needsRehash, verifyNothing, verifyPassword } from './passwords.ts';
import { openChallenge, secondFactorOf } from './second-factor.ts';
import { openSession } from './sessions.ts';

/** 429 with Retry-After (seconds); the message is the admin dictionary's key, the card says how long. */
function tooManyAttempts(retryAfter: number): HttpError {
  return new HttpError(429, 'too_many_attempts', 'admin.login.tooManyAttempts', {
    headers: { 'Retry-After': String(Math.max(1, Math.ceil(retryAfter))) },
  });
}

export const wrongPassword = () => new HttpError(401, 'wrong_password', 'admin.login.wrongPassword');

/**
 * Counts one failure in advance (the attempt is a failure until the password proves otherwise), after
 * the bounds: LOGIN_CLIENT_LIMIT failures of this client in its window; LOGIN_GLOBAL_LIMIT of all
 * clients together in the hour and LOGIN_ACCOUNT_LIMIT on this account from anywhere, unless this client
 * signed in lately (so rotating addresses does not give unlimited guesses, and the team's own browsers
 * are not locked out by them). Serialised per client and per account, so parallel guesses cannot slip
 * past a count; the slow hash runs after, outside any lock. Returns the reserved attempt's id.
 */
async function reserveAttempt(db: Db, client: string, account: string): Promise<string> {
  return db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(hashtext(${`login:${client}`}))`.execute(trx);
    await sql`select pg_advisory_xact_lock(hashtext(${`login-account:${account}`}))`.execute(trx);
    const now = Date.now();
    const windows = [LOGIN_CLIENT_LIMIT, LOGIN_GLOBAL_LIMIT, LOGIN_ACCOUNT_LIMIT].map((limit) => limit.windowMs);
    // Housekeeping on the way, for every client: failures outside every window, old trust, dead sessions.
    await trx.deleteFrom('loginAttempts').where('at', '<=', new Date(now - Math.max(...windows))).execute();
    await trx.deleteFrom('loginTrustedClients').where('at', '<=', new Date(now - LOGIN_TRUST_MS)).execute();
    await trx.deleteFrom('sessions').where('expiresAt', '<', sql<Date>`now() - interval '1 day'`).execute();
    const failures = (windowMs: number, only?: ['clientKey' | 'account', string]) =>
      trx
        .selectFrom('loginAttempts')
        .select([sql<number>`count(*)::int`.as('failures'), sql<Date | null>`min(at)`.as('oldest')])
        .where('at', '>', new Date(now - windowMs))
        .$if(Boolean(only), (query) => query.where(only![0], '=', only![1]))
        .executeTakeFirstOrThrow();
    const waitFor = (oldest: Date | null, windowMs: number) => ((oldest ? new Date(oldest).getTime() : now) + windowMs - now) / 1000;
    const own = await failures(LOGIN_CLIENT_LIMIT.windowMs, ['clientKey', client]);
    if (own.failures >= LOGIN_CLIENT_LIMIT.max) throw tooManyAttempts(waitFor(own.oldest, LOGIN_CLIENT_LIMIT.windowMs));
    const trusted = await trx.selectFrom('loginTrustedClients').select('clientKey').where('clientKey', '=', hashedClient(client)).executeTakeFirst();
    if (!trusted) {
      const all = await failures(LOGIN_GLOBAL_LIMIT.windowMs);
      if (all.failures >= LOGIN_GLOBAL_LIMIT.max) throw tooManyAttempts(waitFor(all.oldest, LOGIN_GLOBAL_LIMIT.windowMs));
      const onAccount = await failures(LOGIN_ACCOUNT_LIMIT.windowMs, ['account', account]);
      if (onAccount.failures >= LOGIN_ACCOUNT_LIMIT.max) throw tooManyAttempts(waitFor(onAccount.oldest, LOGIN_ACCOUNT_LIMIT.windowMs));
    }
    const row = await trx.insertInto('loginAttempts').values({ clientKey: client, account }).returning('id').executeTakeFirstOrThrow();
    return row.id;
  });
}

/**
 * Signs a staff member in with username and password and opens a session; an empty username is the
 * bootstrap owner `admin` (the spec's password-only login). A wrong password and an unknown username
 * answer the same 401, in about the same time; a right password of a deactivated account is 403
 * `account_deactivated`. An account with TOTP gets `{challenge}` for the second step (the function
 * answers 401 `second_factor_required`); one whose only factor is a passkey, 401 `passkey_required`. Every attempt is in the activity
 * log. A hash made with older parameters is replaced by one with today's.
 */
export async function login(input: LoginInput, req: Request, client: string): Promise<{ token: string } | { challenge: string }> {
  const username = input.username?.trim().toLowerCase() || BOOTSTRAP_USERNAME;
  const { adminPassword, production } = serverEnv();
  if (username === BOOTSTRAP_USERNAME && !adminPassword) {
    const where = production ? 'in production' : 'for this server';
    throw new HttpError(503, 'login_disabled', `Admin login is disabled: ADMIN_PASSWORD is not set ${where}`);
  }
  const db = await dbWithBootstrapOwner();
  const attemptId = await reserveAttempt(db, client, username);
  const user = await db
    .selectFrom('users')
    .select(['id', 'password', 'active'])
    .where(sql<boolean>`lower(username) = ${username}`)
    .executeTakeFirst();
  const matches = user ? await verifyPassword(input.password, user.password) : await verifyNothing(input.password);
  const actor: AuditActor = { id: user?.id ?? null, name: username, address: client };
  if (!user || !matches || !user.active) {
    // The reserved failure stays counted; the log says who was tried, from where.
    await recordEvent(db, actor, { action: 'sign_in_failed', entity: 'user', entityId: user?.id ?? null, changes: { username: [null, username], ...(user && matches ? { reason: [null, 'deactivated'] } : {}) } });
    // Only someone who knows the password learns that the account exists and was deactivated (issue 28):
    // they are told whom to ask instead of being sent to retype a right password.
    if (user && matches) throw accountDeactivated(403);
    throw wrongPassword();
  }
  const factor = await secondFactorOf(db, user.id);
  if (factor !== 'none') {
    // The password was right: its reserved failure goes; the session waits for the second factor.
    await db.deleteFrom('loginAttempts').where('id', '=', attemptId).execute();
    if (factor === 'passkey') {
      await recordEvent(db, actor, { action: 'sign_in_failed', entity: 'user', entityId: user.id, changes: { method: [null, 'password'], reason: [null, 'passkey_required'] } });
      throw new HttpError(401, 'passkey_required', 'secondFactor.errors.passkeyRequired');
    }
    return { challenge: await openChallenge(db, user.id, client) };
  }
  if (needsRehash(user.password)) {
    const upgraded = await hashPassword(input.password);
    await withActor(actor, (trx) => trx.updateTable('users').set({ password: upgraded }).where('id', '=', user.id).where('password', '=', user.password).execute(), { action: 'password_rehash', db });
  }
  return withActor(actor, async (trx) => {
    await trx.deleteFrom('loginAttempts').where((eb) => eb.or([eb('clientKey', '=', client), eb('id', '=', attemptId)])).execute();
    await trx
      .insertInto('loginTrustedClients')
      .values({ clientKey: hashedClient(client) })
      .onConflict((conflict) => conflict.column('clientKey').doUpdateSet({ at: sql<Date>`now()` }))
      .execute();
    await trx.updateTable('users').set({ lastSignInAt: sql<Date>`now()` }).where('id', '=', user.id).execute();
    const { token, sessionId } = await openSession(trx, user.id, req, client);
    await recordEvent(trx, actor, { action: 'sign_in', entity: 'session', entityId: sessionId, changes: { method: [null, 'password'] } });
    return { token };
  }, { db });
}
