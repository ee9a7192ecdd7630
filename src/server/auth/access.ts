import { sql } from 'kysely';
import { BOOTSTRAP_USERNAME, can, isRole, type Permission, type Role } from '../../shared/roles.ts';
import { DEFAULT_SETTINGS } from '../../shared/settings.ts';
import { BACKGROUND_HEADER } from '../../shared/api.ts';
import type { Locale } from '../../i18n/locales.ts';
import type { AuditActor } from '../audit/actor.ts';
import { serverEnv } from '../env.ts';
import { HttpError } from '../http/errors.ts';
import { clientKey } from '../http/client.ts';
import { noteIdleTimeout } from '../http/session-headers.ts';
import { asLocale } from '../i18n.ts';
import { dbWithBootstrapOwner } from './bootstrap.ts';
import { bearerToken, sessionTokenHash } from './sessions.ts';

/** A signed-in staff member, as a route that passed the guard knows them. */
export interface Staff {
  id: string;
  username: string;
  name: string;
  email: string | null;
  role: Role;
  locale: Locale;
  sessionId: string;
  /** How the activity log names them for this request (username and client address). */
  actor: AuditActor;
}

/**
 * last_used_at is written at most this often per session: one write a minute, not one per request. An idle
 * session therefore ends between N and N + 1 minutes after its last use (the panel, which knows its own
 * last request, signs out at N: docs/decisions/026-sessions-that-end.md).
 */
export const LAST_USED_GRANULARITY_MS = 60_000;

export const unauthorized = () =>
  new HttpError(401, 'unauthorized', 'Sign in as a member of the leasing team', { headers: { 'WWW-Authenticate': 'Bearer' } });
/**
 * A session that ran out: past its 12 hours, or unused for the owner's idle timeout — then the answer says so
 * and with which timeout (`reason: 'idle'`, `idleTimeoutMinutes`), so a panel that had not yet heard of a
 * shorter one still tells its person why.
 */
export const sessionExpired = (idleTimeoutMinutes?: number) =>
  new HttpError(401, 'session_expired', 'admin.login.expired', {
    headers: { 'WWW-Authenticate': 'Bearer error="invalid_token"' },
    ...(idleTimeoutMinutes === undefined ? {} : { details: { reason: 'idle', idleTimeoutMinutes } }),
  });
/** The holder of a session whose account the owner deactivated: told so, not "expired" (issue 28). */
export const accountDeactivated = (status: 401 | 403 = 401) =>
  new HttpError(status, 'account_deactivated', 'secondFactor.errors.deactivated', status === 401 ? { headers: { 'WWW-Authenticate': 'Bearer error="invalid_token"' } } : {});
export const secondFactorSetupRequired = () => new HttpError(403, 'second_factor_setup_required', 'secondFactor.errors.setupRequired');

/** What a bearer token is: a signed-in staff member (and whether they must set up a factor first), or why not. */
type SessionAnswer = { staff: Staff; setupRequired: boolean; settings: { idleTimeoutMinutes: number; requireSecondFactor: boolean }; expiresAt: Date } | { problem: HttpError };

/**
 * Resolves a bearer token: 401 `unauthorized` for no token, an unknown one or one signed out (revoked);
 * 401 `account_deactivated` for a session of an account the owner deactivated; 401 `session_expired` for
 * one past its 12 hours or unused for the owner's idle timeout (`idleTimeoutMinutes`). A live session is
 * touched (at most once a minute). `admin`'s sessions count only while ADMIN_PASSWORD is set.
 */
async function resolveSession(req: Request, context?: { ip?: string }): Promise<SessionAnswer> {
  const token = bearerToken(req);
  if (!token) return { problem: unauthorized() };
  const db = await dbWithBootstrapOwner();
  const row = await db
    .selectFrom('sessions as s')
    .innerJoin('users as u', 'u.id', 's.userId')
    .select(['s.id as sessionId', 's.lastUsedAt', 's.expiresAt', 's.revokedAt', 'u.id', 'u.username', 'u.displayName', 'u.email', 'u.role', 'u.locale', 'u.active'])
    .select([
      sql<unknown>`(select value from settings where key = 'idleTimeoutMinutes')`.as('idleSetting'),
      sql<unknown>`(select value from settings where key = 'requireSecondFactor')`.as('requireSetting'),
      sql<boolean>`exists (select 1 from user_totp t where t.user_id = u.id and t.enabled_at is not null) or exists (select 1 from passkeys p where p.user_id = u.id)`.as('hasFactor'),
    ])
    .where('s.tokenHash', '=', sessionTokenHash(token))
    .executeTakeFirst();
  if (!row || !isRole(row.role)) return { problem: unauthorized() };
  if (!row.active) return { problem: accountDeactivated() };
  if (row.revokedAt) return { problem: unauthorized() };
  if (row.username === BOOTSTRAP_USERNAME && !serverEnv().adminPassword) return { problem: unauthorized() };
  const now = Date.now();
  const idleTimeoutMinutes = typeof row.idleSetting === 'number' ? row.idleSetting : DEFAULT_SETTINGS.idleTimeoutMinutes;
  const idleFor = now - new Date(row.lastUsedAt).getTime();
  if (new Date(row.expiresAt).getTime() <= now) return { problem: sessionExpired() };
  // The setting as it is now, not as it was at sign-in: a shorter one ends sessions already open.
  if (idleFor > idleTimeoutMinutes * 60_000 + LAST_USED_GRANULARITY_MS) return { problem: sessionExpired(idleTimeoutMinutes) };
  noteIdleTimeout(req, idleTimeoutMinutes);
  // The panel's own polls (BACKGROUND_HEADER) are no use of the session: an open inbox tab still idles.
  if (idleFor > LAST_USED_GRANULARITY_MS && req.headers.get(BACKGROUND_HEADER) !== '1') {
    await db.updateTable('sessions').set({ lastUsedAt: new Date(now) }).where('id', '=', row.sessionId).execute();
  }
  const required = typeof row.requireSetting === 'boolean' ? row.requireSetting : DEFAULT_SETTINGS.requireSecondFactor;
  return {
    staff: {
      id: row.id,
      username: row.username,
      name: row.displayName || row.username,
      email: row.email,
      role: row.role,
      locale: asLocale(row.locale),
      sessionId: row.sessionId,
      actor: { id: row.id, name: row.username, address: clientKey(req, context) },
    },
    setupRequired: required && !row.hasFactor,
    settings: { idleTimeoutMinutes, requireSecondFactor: required },
    expiresAt: new Date(row.expiresAt),
  };
}

/**
 * The signed-in staff member of a request, or null: a live session (not expired, idle, revoked) of an
 * active account that is not waiting to set up a second factor the owner requires.
 */
export async function currentStaff(req: Request, context?: { ip?: string }): Promise<Staff | null> {
  const answer = await resolveSession(req, context);
  return 'staff' in answer && !answer.setupRequired ? answer.staff : null;
}

/** What the session of a request says of itself (GET /api/admin/me): its idle timeout, its end, the factor gate. */
export interface SessionState {
  setupRequired: boolean;
  requireSecondFactor: boolean;
  idleTimeoutMinutes: number;
  expiresAt: Date;
}

/**
 * The one guard of every admin route: 401 `unauthorized`, `session_expired` or `account_deactivated`
 * without a live session of an active account (resolveSession); 403 `second_factor_setup_required` while
 * the owner requires a second factor and the account has none, unless the route is one that sets one up
 * (`duringSetup`: me, TOTP and passkey set-up, logout); 403 `forbidden` when the account's role may not
 * perform `permission` (src/shared/roles.ts).
 * @example const staff = await requireAccess(req, 'brands.write', context);
 */
export async function requireAccess(req: Request, permission: Permission, context?: { ip?: string }, options: { duringSetup?: boolean } = {}): Promise<Staff> {
  return (await requireSession(req, permission, context, options)).staff;
}

/** requireAccess, with what the session says of itself. */
export async function requireSession(req: Request, permission: Permission, context?: { ip?: string }, options: { duringSetup?: boolean } = {}): Promise<{ staff: Staff; session: SessionState }> {
  const answer = await resolveSession(req, context);
  if ('problem' in answer) throw answer.problem;
  const { staff } = answer;
  if (answer.setupRequired && !options.duringSetup) throw secondFactorSetupRequired();
  if (!can(staff.role, permission)) throw new HttpError(403, 'forbidden', `The ${staff.role} role may not do this (${permission})`);
  return { staff, session: { setupRequired: answer.setupRequired, requireSecondFactor: answer.settings.requireSecondFactor, idleTimeoutMinutes: answer.settings.idleTimeoutMinutes, expiresAt: answer.expiresAt } };
}
