import { sql } from 'kysely';
import { BOOTSTRAP_USERNAME, can, isRole, type Permission, type Role } from '../../shared/roles.ts';
import type { Locale } from '../../i18n/locales.ts';
import type { AuditActor } from '../audit/actor.ts';
import { serverEnv } from '../env.ts';
import { HttpError } from '../http/errors.ts';
import { clientKey } from '../http/client.ts';
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

/** last_used_at is written at most this often per session: one write a minute, not one per request. */
const LAST_USED_GRANULARITY_MS = 60_000;

export const unauthorized = () =>
  new HttpError(401, 'unauthorized', 'Sign in as a member of the leasing team', { headers: { 'WWW-Authenticate': 'Bearer' } });

/**
 * The signed-in staff member of a request, or null: a live session (not expired, not revoked) of an active
 * account. `admin`'s sessions count only while ADMIN_PASSWORD is set (it is that account's password).
 */
export async function currentStaff(req: Request, context?: { ip?: string }): Promise<Staff | null> {
  const token = bearerToken(req);
  if (!token) return null;
  const db = await dbWithBootstrapOwner();
  const row = await db
    .selectFrom('sessions as s')
    .innerJoin('users as u', 'u.id', 's.userId')
    .select(['s.id as sessionId', 's.lastUsedAt', 'u.id', 'u.username', 'u.displayName', 'u.email', 'u.role', 'u.locale'])
    .where('s.tokenHash', '=', sessionTokenHash(token))
    .where('s.revokedAt', 'is', null)
    .where('s.expiresAt', '>', new Date())
    .where('u.active', '=', true)
    .executeTakeFirst();
  if (!row || !isRole(row.role)) return null;
  if (row.username === BOOTSTRAP_USERNAME && !serverEnv().adminPassword) return null;
  if (Date.now() - new Date(row.lastUsedAt).getTime() > LAST_USED_GRANULARITY_MS) {
    await db.updateTable('sessions').set({ lastUsedAt: sql<Date>`now()` }).where('id', '=', row.sessionId).execute();
  }
  return {
    id: row.id,
    username: row.username,
    name: row.displayName || row.username,
    email: row.email,
    role: row.role,
    locale: asLocale(row.locale),
    sessionId: row.sessionId,
    actor: { id: row.id, name: row.username, address: clientKey(req, context) },
  };
}

/**
 * The one guard of every admin route: 401 `unauthorized` without a live session of an active account,
 * 403 `forbidden` when the account's role may not perform `permission` (src/shared/roles.ts).
 * @example const staff = await requireAccess(req, 'brands.write', context);
 */
export async function requireAccess(req: Request, permission: Permission, context?: { ip?: string }): Promise<Staff> {
  const staff = await currentStaff(req, context);
  if (!staff) throw unauthorized();
  if (!can(staff.role, permission)) throw new HttpError(403, 'forbidden', `The ${staff.role} role may not do this (${permission})`);
  return staff;
}
