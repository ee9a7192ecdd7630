import { createHash, randomBytes, randomInt } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import { sql } from 'kysely';
import { SECOND_FACTOR_ACCOUNT_LIMITS, SECOND_FACTOR_CLIENT_LIMITS } from '../../shared/abuse.ts';
import {
  isTotpCode,
  normalizeRecoveryCode,
  RECOVERY_CODE_COUNT,
  RECOVERY_CODE_LENGTH,
  SECOND_FACTOR_CHALLENGE_MAX_FAILURES,
  SECOND_FACTOR_CHALLENGE_TTL_MS,
  TOTP_DIGITS,
  TOTP_PERIOD_SECONDS,
  TOTP_WINDOW,
  type SecondFactor,
  type TotpSetup,
} from '../../shared/second-factor.ts';
import { recordEvent, withActor, type AuditActor, type Trx } from '../audit/actor.ts';
import type { Db } from '../db/index.ts';
import { HttpError } from '../http/errors.ts';
import { throttle } from '../http/throttle.ts';
import type { Staff } from './access.ts';
import { openSession } from './sessions.ts';

/** The name an authenticator app shows above the code. */
const ISSUER = 'B TOWER';
/** Crockford's base32 alphabet (no i, l, o, u): a recovery code read aloud or copied by hand survives. */
const RECOVERY_ALPHABET = '0123456789abcdefghjkmnpqrstvwxyz';

export const invalidCode = (status: 400 | 401 = 401) =>
  new HttpError(status, 'invalid_code', 'secondFactor.errors.invalidCode', status === 400 ? { fields: { code: 'secondFactor.errors.invalidCode' } } : {});
const expiredChallenge = () => new HttpError(401, 'challenge_expired', 'secondFactor.errors.challengeExpired');

function totpOf(secret: string, label: string): TOTP {
  return new TOTP({ issuer: ISSUER, label, algorithm: 'SHA1', digits: TOTP_DIGITS, period: TOTP_PERIOD_SECONDS, secret: Secret.fromBase32(secret) });
}

/**
 * The time step a TOTP code belongs to (this one, or one either side), or null. Read from the process clock
 * (Date.now), as every other window of ours, so tests can move it.
 */
function matchingStep(secret: string, code: string): number | null {
  const timestamp = Date.now();
  const delta = totpOf(secret, '').validate({ token: code.replace(/\s+/g, ''), timestamp, window: TOTP_WINDOW });
  return delta === null ? null : Math.floor(timestamp / 1000 / TOTP_PERIOD_SECONDS) + delta;
}

const recoveryHash = (userId: string, code: string) => createHash('sha256').update(`recovery:${userId}:${normalizeRecoveryCode(code)}`).digest('hex');

/** Ten new codes, shown as `abcd-efgh-jkmn-pqrs`. */
function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const chars = Array.from({ length: RECOVERY_CODE_LENGTH }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]).join('');
    return chars.match(/.{4}/g)!.join('-');
  });
}

/** An account's strong factor: TOTP when it is on, else a passkey, else none. */
export async function secondFactorOf(db: Db | Trx, userId: string): Promise<SecondFactor> {
  const row = await db
    .selectFrom('users as u')
    .select([
      sql<boolean>`exists (select 1 from user_totp t where t.user_id = u.id and t.enabled_at is not null)`.as('totp'),
      sql<boolean>`exists (select 1 from passkeys p where p.user_id = u.id)`.as('passkey'),
    ])
    .where('u.id', '=', userId)
    .executeTakeFirst();
  return row?.totp ? 'totp' : row?.passkey ? 'passkey' : 'none';
}

/**
 * Checks a code against the account's TOTP key (a step not used before) or one of its unused recovery
 * codes, and spends it: the step is remembered, the recovery code marked used. False when neither fits.
 */
async function spendCode(trx: Trx, userId: string, code: string): Promise<'totp' | 'recovery' | null> {
  await sql`select pg_advisory_xact_lock(hashtext(${`second-factor:${userId}`}))`.execute(trx);
  if (isTotpCode(code)) {
    const totp = await trx.selectFrom('userTotp').select(['secret', 'lastStep']).where('userId', '=', userId).where('enabledAt', 'is not', null).executeTakeFirst();
    const step = totp?.secret ? matchingStep(totp.secret, code) : null;
    if (step === null || (totp!.lastStep !== null && step <= Number(totp!.lastStep))) return null;
    await trx.updateTable('userTotp').set({ lastStep: step, updatedAt: new Date() }).where('userId', '=', userId).execute();
    return 'totp';
  }
  const used = await trx
    .updateTable('recoveryCodes')
    .set({ usedAt: new Date() })
    .where('userId', '=', userId)
    .where('codeHash', '=', recoveryHash(userId, code))
    .where('usedAt', 'is', null)
    .returning('id')
    .executeTakeFirst();
  return used ? 'recovery' : null;
}

/** A second-step challenge for `userId` after a right password: the token to send back, kept as a digest. */
export async function openChallenge(db: Db, userId: string, address: string): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db.deleteFrom('secondFactorChallenges').where('expiresAt', '<', new Date()).execute();
  await db
    .insertInto('secondFactorChallenges')
    .values({ tokenHash: createHash('sha256').update(token).digest('hex'), userId, clientAddress: address, expiresAt: new Date(Date.now() + SECOND_FACTOR_CHALLENGE_TTL_MS), createdAt: new Date() })
    .execute();
  return token;
}

/**
 * POST /api/admin/login/second-factor: a live challenge and a TOTP or recovery code → a session token.
 * Throttled per client and per account (every attempt counts); a wrong code is 401 `invalid_code` and
 * counts against the challenge, which is gone after five of them or its five minutes (401
 * `challenge_expired`); a right one spends the challenge. Every attempt is in the activity log.
 */
export async function finishSecondFactor(input: { challenge: string; code: string }, req: Request, address: string, db: Db): Promise<string> {
  await throttle('second-factor', address, SECOND_FACTOR_CLIENT_LIMITS);
  const tokenHash = createHash('sha256').update(input.challenge).digest('hex');
  const challenge = await db
    .selectFrom('secondFactorChallenges as c')
    .innerJoin('users as u', 'u.id', 'c.userId')
    .select(['c.id', 'c.userId', 'c.expiresAt', 'c.failures', 'u.username', 'u.active'])
    .where('c.tokenHash', '=', tokenHash)
    .executeTakeFirst();
  if (!challenge || new Date(challenge.expiresAt).getTime() <= Date.now() || challenge.failures >= SECOND_FACTOR_CHALLENGE_MAX_FAILURES || !challenge.active) {
    throw expiredChallenge();
  }
  await throttle('second-factor-account', challenge.userId, SECOND_FACTOR_ACCOUNT_LIMITS);
  const actor: AuditActor = { id: challenge.userId, name: challenge.username, address };
  const result = await withActor(actor, async (trx) => {
    // Taken first (under the row's lock): two answers to one challenge cannot both open a session.
    const live = await trx.selectFrom('secondFactorChallenges').select('id').where('id', '=', challenge.id).forUpdate().executeTakeFirst();
    if (!live) return { expired: true as const };
    const method = await spendCode(trx, challenge.userId, input.code);
    if (!method) return { method: null };
    await trx.deleteFrom('secondFactorChallenges').where('id', '=', challenge.id).execute();
    await trx.updateTable('users').set({ lastSignInAt: new Date() }).where('id', '=', challenge.userId).execute();
    const { token, sessionId } = await openSession(trx, challenge.userId, req, address);
    await recordEvent(trx, actor, { action: 'sign_in', entity: 'session', entityId: sessionId, changes: { method: [null, `password+${method}`] } });
    return { token };
  }, { db });
  if ('expired' in result) throw expiredChallenge();
  if (!result.token) {
    await db.updateTable('secondFactorChallenges').set((eb) => ({ failures: eb('failures', '+', 1) })).where('id', '=', challenge.id).execute();
    await recordEvent(db, actor, { action: 'sign_in_failed', entity: 'user', entityId: challenge.userId, changes: { method: [null, 'second_factor'] } });
    throw invalidCode();
  }
  return result.token;
}

/** POST /api/admin/me/totp: a new key, pending until its first code is confirmed (409 while one is on). */
export async function startTotp(staff: Staff, db: Db): Promise<TotpSetup> {
  const current = await db.selectFrom('userTotp').select('enabledAt').where('userId', '=', staff.id).executeTakeFirst();
  if (current?.enabledAt) throw new HttpError(409, 'totp_already_on', 'secondFactor.errors.alreadyOn');
  const secret = new Secret({ size: 20 }).base32;
  await withActor(staff.actor, async (trx) => {
    await trx
      .insertInto('userTotp')
      .values({ userId: staff.id, pendingSecret: secret, updatedAt: new Date() })
      .onConflict((conflict) => conflict.column('userId').doUpdateSet({ pendingSecret: secret, updatedAt: new Date() }))
      .execute();
    await recordEvent(trx, staff.actor, { action: 'totp_start', entity: 'user', entityId: staff.id });
  }, { db });
  return { secret, otpauthUrl: totpOf(secret, staff.username).toString() };
}

/**
 * POST /api/admin/me/totp/confirm: the first code from the app turns the pending key on and gives ten new
 * recovery codes (any older ones are gone), returned this once. A wrong code is 400 `invalid_code`.
 */
export async function confirmTotp(staff: Staff, code: string, db: Db): Promise<{ recoveryCodes: string[] }> {
  return withActor(staff.actor, async (trx) => {
    await sql`select pg_advisory_xact_lock(hashtext(${`second-factor:${staff.id}`}))`.execute(trx);
    const row = await trx.selectFrom('userTotp').select(['pendingSecret', 'enabledAt']).where('userId', '=', staff.id).executeTakeFirst();
    if (row?.enabledAt) throw new HttpError(409, 'totp_already_on', 'secondFactor.errors.alreadyOn');
    if (!row?.pendingSecret) throw new HttpError(409, 'totp_not_started', 'secondFactor.errors.notStarted');
    const step = isTotpCode(code) ? matchingStep(row.pendingSecret, code) : null;
    if (step === null) throw invalidCode(400);
    await trx
      .updateTable('userTotp')
      .set({ secret: row.pendingSecret, pendingSecret: null, enabledAt: new Date(), lastStep: step, updatedAt: new Date() })
      .where('userId', '=', staff.id)
      .execute();
    const recoveryCodes = newRecoveryCodes();
    await trx.deleteFrom('recoveryCodes').where('userId', '=', staff.id).execute();
    await trx.insertInto('recoveryCodes').values(recoveryCodes.map((value) => ({ userId: staff.id, codeHash: recoveryHash(staff.id, value) }))).execute();
    await recordEvent(trx, staff.actor, { action: 'totp_on', entity: 'user', entityId: staff.id, changes: { secondFactor: [null, 'totp'], recoveryCodes: [null, RECOVERY_CODE_COUNT] } });
    return { recoveryCodes };
  }, { db });
}

/** The fifth wrong code from one session ended it: sign in again (and give the code there). */
export const secondFactorLocked = () =>
  new HttpError(401, 'second_factor_locked', 'secondFactor.session.locked', { headers: { 'WWW-Authenticate': 'Bearer error="invalid_token"' } });

/** How many of my recovery codes are still unused (none without TOTP on). */
export async function recoveryCodesLeft(db: Db | Trx, userId: string): Promise<number> {
  const row = await db.selectFrom('recoveryCodes').select(sql<number>`count(*)::int`.as('n')).where('userId', '=', userId).where('usedAt', 'is', null).executeTakeFirst();
  return Number(row?.n ?? 0);
}

/**
 * What a signed-in person does with a current code of their own (turn the app off, make new recovery codes), guarded
 * as the sign-in's second step is (issue 38): every attempt counts against the client's and the account's limits
 * (the same buckets, so guesses here and there add up; 429 with Retry-After), a wrong code is 400 `invalid_code` and
 * counts against the session, and the fifth wrong one ends the session as it ends a challenge (401
 * `second_factor_locked`: sign in again). Each wrong code is in the activity log under `failed` (or `locked`).
 */
async function withOwnCode<T>(staff: Staff, code: string, db: Db, audit: { failed: string; locked: string }, work: (trx: Trx) => Promise<T>): Promise<T> {
  await throttle('second-factor', staff.actor.address ?? staff.sessionId, SECOND_FACTOR_CLIENT_LIMITS);
  await throttle('second-factor-account', staff.id, SECOND_FACTOR_ACCOUNT_LIMITS);
  const done = await withActor(staff.actor, async (trx) => {
    const on = await trx.selectFrom('userTotp').select('enabledAt').where('userId', '=', staff.id).executeTakeFirst();
    if (!on?.enabledAt) throw new HttpError(409, 'totp_not_on', 'secondFactor.errors.notOn');
    if (!(await spendCode(trx, staff.id, code))) return null;
    return { value: await work(trx) };
  }, { db });
  if (done) return done.value;
  const locked = await withActor(staff.actor, async (trx) => {
    const session = await trx
      .updateTable('sessions')
      .set((eb) => ({ codeFailures: eb('codeFailures', '+', 1) }))
      .where('id', '=', staff.sessionId)
      .returning('codeFailures')
      .executeTakeFirstOrThrow();
    const ended = session.codeFailures >= SECOND_FACTOR_CHALLENGE_MAX_FAILURES;
    if (ended) await trx.updateTable('sessions').set({ revokedAt: new Date() }).where('id', '=', staff.sessionId).execute();
    await recordEvent(trx, staff.actor, { action: ended ? audit.locked : audit.failed, entity: 'user', entityId: staff.id, changes: { codeFailures: [session.codeFailures - 1, session.codeFailures] } });
    return ended;
  }, { db });
  throw locked ? secondFactorLocked() : invalidCode(400);
}

/** DELETE /api/admin/me/totp: a current code (or a recovery code) turns my TOTP off with its recovery codes (withOwnCode). */
export async function turnOffTotp(staff: Staff, code: string, db: Db): Promise<void> {
  await withOwnCode(staff, code, db, { failed: 'totp_off_failed', locked: 'totp_off_locked' }, async (trx) => {
    await trx.deleteFrom('userTotp').where('userId', '=', staff.id).execute();
    await trx.deleteFrom('recoveryCodes').where('userId', '=', staff.id).execute();
    await recordEvent(trx, staff.actor, { action: 'totp_off', entity: 'user', entityId: staff.id, changes: { secondFactor: ['totp', null] } });
  });
}

/**
 * POST /api/admin/me/totp/recovery-codes: a current code (or one of the recovery codes) makes ten new recovery codes,
 * returned this once; the old ones stop working. Guarded as turning the app off is (withOwnCode).
 */
export async function renewRecoveryCodes(staff: Staff, code: string, db: Db): Promise<{ recoveryCodes: string[] }> {
  return withOwnCode(staff, code, db, { failed: 'recovery_codes_failed', locked: 'recovery_codes_locked' }, async (trx) => {
    const recoveryCodes = newRecoveryCodes();
    await trx.deleteFrom('recoveryCodes').where('userId', '=', staff.id).execute();
    await trx.insertInto('recoveryCodes').values(recoveryCodes.map((value) => ({ userId: staff.id, codeHash: recoveryHash(staff.id, value) }))).execute();
    await recordEvent(trx, staff.actor, { action: 'recovery_codes_renewed', entity: 'user', entityId: staff.id, changes: { recoveryCodes: [null, RECOVERY_CODE_COUNT] } });
    return { recoveryCodes };
  });
}

/**
 * DELETE /api/admin/users/{id}/second-factor (owner): a lost phone. Removes the person's TOTP, recovery
 * codes and passkeys, recorded in the activity log; their next sign-in is by password (and, if the owner
 * requires a factor, they set a new one up first). An owner's own factor goes through "my account" (409).
 */
export async function resetSecondFactor(staff: Staff, userId: string, db: Db): Promise<boolean> {
  if (userId === staff.id) throw new HttpError(409, 'own_second_factor', 'secondFactor.errors.ownFactor');
  return withActor(staff.actor, async (trx) => {
    const user = await trx.selectFrom('users').select('id').where('id', '=', userId).executeTakeFirst();
    if (!user) return false;
    const before = await secondFactorOf(trx, userId);
    await trx.deleteFrom('userTotp').where('userId', '=', userId).execute();
    await trx.deleteFrom('recoveryCodes').where('userId', '=', userId).execute();
    const passkeys = await trx.deleteFrom('passkeys').where('userId', '=', userId).executeTakeFirst();
    await recordEvent(trx, staff.actor, {
      action: 'second_factor_reset',
      entity: 'user',
      entityId: userId,
      changes: { secondFactor: [before, 'none'], passkeys: [Number(passkeys.numDeletedRows), 0] },
    });
    return true;
  }, { db });
}
