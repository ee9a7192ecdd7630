import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import { sql } from 'kysely';
import type { PasskeyInfo } from '../../shared/staff.ts';
import { deviceOf } from '../../shared/user-agent.ts';
import { recordEvent, withActor } from '../audit/actor.ts';
import type { Db } from '../db/index.ts';
import { serverEnv } from '../env.ts';
import { HttpError } from '../http/errors.ts';
import type { Staff } from './access.ts';
import { openSession } from './sessions.ts';

/** A ceremony's challenge is good for five minutes and one answer. */
const CHALLENGE_TTL_MS = 5 * 60_000;
const RP_NAME = 'B TOWER';

const failed = () => new HttpError(400, 'passkey_failed', 'The passkey could not be verified');

/**
 * Where a ceremony runs: the page's origin (Origin header), accepted only when it is the site's own
 * (SITE_URL), or, outside production, http://localhost on any port (WebAuthn needs a secure context and a
 * domain: http://localhost counts, 127.0.0.1 does not). The RP ID is that origin's host.
 */
export function relyingParty(req: Request): { origin: string; rpID: string } {
  const origin = req.headers.get('origin') ?? '';
  const { siteUrl, production } = serverEnv();
  const site = new URL(siteUrl).origin;
  if (origin === site || (!production && /^http:\/\/localhost(:\d{1,5})?$/.test(origin))) return { origin, rpID: new URL(origin).hostname };
  throw new HttpError(400, 'passkey_unavailable', `Passkeys work on ${site} only`);
}

async function storeChallenge(db: Db, challenge: string, purpose: 'register' | 'sign-in', userId: string | null): Promise<string> {
  await db.deleteFrom('webauthnChallenges').where('expiresAt', '<', new Date()).execute();
  const row = await db
    .insertInto('webauthnChallenges')
    .values({ challenge, purpose, userId, expiresAt: new Date(Date.now() + CHALLENGE_TTL_MS) })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Takes (deletes) a live challenge: a second answer to the same one finds nothing. */
async function takeChallenge(db: Db, id: string, purpose: 'register' | 'sign-in', userId: string | null): Promise<string> {
  const row = await db
    .deleteFrom('webauthnChallenges')
    .where('id', '=', id)
    .where('purpose', '=', purpose)
    .where('expiresAt', '>', new Date())
    .$if(userId !== null, (query) => query.where('userId', '=', userId!))
    .returning('challenge')
    .executeTakeFirst();
  if (!row) throw new HttpError(400, 'invalid_challenge', 'Start again: this passkey request expired or was already answered');
  return row.challenge;
}

/** POST /api/admin/passkeys/register/options: what the browser needs to make a passkey for me. */
export async function registrationOptions(staff: Staff, req: Request, db: Db) {
  const { rpID } = relyingParty(req);
  const mine = await db.selectFrom('passkeys').select(['id', 'transports']).where('userId', '=', staff.id).execute();
  const options = await generateRegistrationOptions({
    rpName: RP_NAME,
    rpID,
    userName: staff.username,
    userDisplayName: staff.name,
    userID: new TextEncoder().encode(staff.id),
    attestationType: 'none',
    excludeCredentials: mine.map((key) => ({ id: key.id, transports: key.transports })),
    // A discoverable credential: signing in then needs no username.
    authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' },
  });
  return { challengeId: await storeChallenge(db, options.challenge, 'register', staff.id), options };
}

/** POST /api/admin/passkeys/register/verify: checks the new passkey and keeps it. */
export async function verifyRegistration(staff: Staff, req: Request, body: { challengeId: string; response: unknown; name?: string }, db: Db): Promise<PasskeyInfo> {
  const { origin, rpID } = relyingParty(req);
  const expectedChallenge = await takeChallenge(db, body.challengeId, 'register', staff.id);
  const verification = await verifyRegistrationResponse({
    response: body.response as RegistrationResponseJSON,
    expectedChallenge,
    expectedOrigin: origin,
    expectedRPID: rpID,
    requireUserVerification: false,
  }).catch(() => null);
  if (!verification?.verified) throw failed();
  const { credential, credentialDeviceType, credentialBackedUp } = verification.registrationInfo;
  const name = body.name?.trim() || deviceOf(req.headers.get('user-agent')) || 'Passkey';
  return withActor(staff.actor, async (trx) => {
    const row = await trx
      .insertInto('passkeys')
      .values({
        id: credential.id,
        userId: staff.id,
        publicKey: Buffer.from(credential.publicKey).toString('base64url'),
        counter: credential.counter,
        transports: credential.transports ?? [],
        deviceType: credentialDeviceType,
        backedUp: credentialBackedUp,
        name,
      })
      .onConflict((conflict) => conflict.column('id').doNothing())
      .returning(['id', 'name', 'createdAt', 'lastUsedAt'])
      .executeTakeFirst();
    if (!row) throw new HttpError(409, 'passkey_exists', 'This passkey is already registered');
    return toInfo(row);
  }, { db });
}

function toInfo(row: { id: string; name: string; createdAt: Date; lastUsedAt: Date | null }): PasskeyInfo {
  return { id: row.id, name: row.name, createdAt: new Date(row.createdAt).toISOString(), lastUsedAt: row.lastUsedAt ? new Date(row.lastUsedAt).toISOString() : null };
}

/** POST /api/admin/passkeys/sign-in/options: a challenge for any passkey of this site (no username needed). */
export async function signInOptions(req: Request, db: Db) {
  const { rpID } = relyingParty(req);
  const options = await generateAuthenticationOptions({ rpID, userVerification: 'preferred' });
  return { challengeId: await storeChallenge(db, options.challenge, 'sign-in', null), options };
}

/**
 * POST /api/admin/passkeys/sign-in/verify: a signed challenge from a passkey of an active account opens a
 * session, as a password does. The signature counter must move on (a cloned key would repeat it).
 */
export async function verifySignIn(req: Request, body: { challengeId: string; response: unknown }, address: string, db: Db): Promise<string> {
  const { origin, rpID } = relyingParty(req);
  const expectedChallenge = await takeChallenge(db, body.challengeId, 'sign-in', null);
  const response = body.response as AuthenticationResponseJSON;
  const key = typeof response?.id === 'string'
    ? await db
        .selectFrom('passkeys as p')
        .innerJoin('users as u', 'u.id', 'p.userId')
        .select(['p.id', 'p.publicKey', 'p.counter', 'p.transports', 'u.id as userId', 'u.username', 'u.active'])
        .where('p.id', '=', response.id)
        .executeTakeFirst()
    : undefined;
  const verification = key?.active
    ? await verifyAuthenticationResponse({
        response,
        expectedChallenge,
        expectedOrigin: origin,
        expectedRPID: rpID,
        credential: { id: key.id, publicKey: Buffer.from(key.publicKey, 'base64url'), counter: Number(key.counter), transports: key.transports },
        requireUserVerification: false,
      }).catch(() => null)
    : null;
  const actor = { id: key?.userId ?? null, name: key?.username ?? null, address };
  if (!key || !verification?.verified) {
    await recordEvent(db, actor, { action: 'sign_in_failed', entity: 'user', entityId: key?.userId ?? null, changes: { method: [null, 'passkey'] } });
    throw new HttpError(401, 'passkey_failed', 'team.login.passkeyFailed');
  }
  return withActor(actor, async (trx) => {
    await trx.updateTable('passkeys').set({ counter: verification.authenticationInfo.newCounter, lastUsedAt: sql<Date>`now()` }).where('id', '=', key.id).execute();
    await trx.updateTable('users').set({ lastSignInAt: sql<Date>`now()` }).where('id', '=', key.userId).execute();
    const { token, sessionId } = await openSession(trx, key.userId, req, address);
    await recordEvent(trx, actor, { action: 'sign_in', entity: 'session', entityId: sessionId, changes: { method: [null, 'passkey'] } });
    return token;
  }, { db });
}

/** GET /api/admin/passkeys: mine, newest first. */
export async function listPasskeys(db: Db, userId: string): Promise<PasskeyInfo[]> {
  const rows = await db.selectFrom('passkeys').select(['id', 'name', 'createdAt', 'lastUsedAt']).where('userId', '=', userId).orderBy('createdAt', 'desc').execute();
  return rows.map(toInfo);
}

/** DELETE /api/admin/passkeys/{id}: one of mine; false when it is not (or no longer) mine. */
export async function removePasskey(staff: Staff, id: string, db: Db): Promise<boolean> {
  return withActor(staff.actor, async (trx) => {
    const result = await trx.deleteFrom('passkeys').where('id', '=', id).where('userId', '=', staff.id).executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }, { db });
}
