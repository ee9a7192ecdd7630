import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { Locale } from '../../i18n/locales.ts';
import { ASSIGNABLE_ROLES, BOOTSTRAP_USERNAME, isRole } from '../../shared/roles.ts';
import type { Assignee, Me, ProfilePatch, StaffUser, UserCreate, UserPatch } from '../../shared/staff.ts';
import { passwordProblem } from '../../shared/staff.ts';
import { withActor, type Trx } from '../audit/actor.ts';
import type { Db } from '../db/index.ts';
import { HttpError } from '../http/errors.ts';
import { conflict } from '../http/versions.ts';
import { asLocale } from '../i18n.ts';
import { queueStaffMail } from '../notify/staff-mail.ts';
import type { Staff } from './access.ts';
import { hashPassword, verifyPassword } from './passwords.ts';
import { revokeUserSessions } from './sessions.ts';
import { handBackTours } from '../tours/hand-back.ts';

const COLUMNS = ['id', 'username', 'displayName', 'email', 'role', 'active', 'locale', 'createdAt', 'lastSignInAt', 'version'] as const;
type UserRow = { id: string; username: string; displayName: string; email: string | null; role: string; active: boolean; locale: string; createdAt: Date; lastSignInAt: Date | null; version: number };

export function toStaffUser(row: UserRow): StaffUser {
  return {
    id: row.id,
    username: row.username,
    name: row.displayName || row.username,
    email: row.email,
    role: isRole(row.role) ? row.role : 'viewer',
    active: row.active,
    locale: asLocale(row.locale),
    createdAt: new Date(row.createdAt).toISOString(),
    lastSignInAt: row.lastSignInAt ? new Date(row.lastSignInAt).toISOString() : null,
    version: row.version,
  };
}

export const notFound = () => new HttpError(404, 'user_not_found', 'No staff account with this id');
const taken = (field: 'username' | 'email') =>
  new HttpError(409, `${field}_taken`, `This ${field} belongs to another account`, { fields: { [field]: `team.errors.${field}Taken` } });

/** 409 when another account already has this username or address (case does not make them differ). */
export async function assertFree(db: Db | Trx, values: { username?: string; email?: string | null }, except?: string): Promise<void> {
  for (const field of ['username', 'email'] as const) {
    const value = values[field];
    if (!value) continue;
    const clash = await db
      .selectFrom('users')
      .select('id')
      .where(sql<boolean>`lower(${sql.ref(field)}) = ${value.toLowerCase()}`)
      .$if(Boolean(except), (query) => query.where('id', '!=', except!))
      .executeTakeFirst();
    if (clash) throw taken(field);
  }
}

/** Everyone on the team, active first, then by name. */
export async function listUsers(db: Db): Promise<StaffUser[]> {
  const rows = await db
    .selectFrom('users as u')
    .select(COLUMNS.map((column) => `u.${column}` as const))
    .select([
      sql<boolean>`exists (select 1 from user_totp t where t.user_id = u.id and t.enabled_at is not null)`.as('totp'),
      sql<boolean>`exists (select 1 from passkeys p where p.user_id = u.id)`.as('passkey'),
    ])
    .orderBy('u.active', 'desc')
    .orderBy('u.displayName')
    .orderBy('u.username')
    .execute();
  // Each person's second factor, so the owner sees who has none and can remove a lost one.
  return rows.map((row) => ({ ...toStaffUser(row), secondFactor: row.totp ? 'totp' : row.passkey ? 'passkey' : 'none' }));
}

/** Who can be given an inquiry: active agents and owners. */
export async function listAssignees(db: Db): Promise<Assignee[]> {
  const rows = await db
    .selectFrom('users')
    .select(['id', 'username', 'displayName', 'role'])
    .where('active', '=', true)
    .where('role', 'in', [...ASSIGNABLE_ROLES])
    .orderBy('displayName')
    .orderBy('username')
    .execute();
  return rows.map((row) => ({ id: row.id, name: row.displayName || row.username, role: isRole(row.role) ? row.role : 'agent' }));
}

export async function findMe(db: Db, id: string): Promise<Me> {
  const row = await db.selectFrom('users').select([...COLUMNS]).where('id', '=', id).executeTakeFirstOrThrow();
  const { username, name, email, role, locale } = toStaffUser(row);
  return { id, username, name, email, role, locale };
}

/** POST /api/admin/users: the owner makes an account and hands over its first password. */
export async function createUser(staff: Staff, input: UserCreate): Promise<StaffUser> {
  const password = await hashPassword(input.password);
  return withActor(staff.actor, async (trx) => {
    await assertFree(trx, input);
    const row = await trx
      .insertInto('users')
      .values({ id: randomUUID(), username: input.username, displayName: input.name, email: input.email, role: input.role, locale: input.locale, password, active: true })
      .returning([...COLUMNS])
      .executeTakeFirstOrThrow();
    return toStaffUser(row);
  });
}

/** Active owners other than `except`: the team must keep one. */
async function otherOwners(trx: Trx, except: string): Promise<number> {
  const row = await trx
    .selectFrom('users')
    .select(sql<number>`count(*)::int`.as('n'))
    .where('role', '=', 'owner')
    .where('active', '=', true)
    .where('id', '!=', except)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * PATCH /api/admin/users/{id}: name, role, active. A role change or a deactivation ends the person's
 * sessions at once (their next request is 401); a deactivation or a demotion to viewer also hands their open
 * inquiries back to "unassigned", each with a history entry, mails the other owners, and gives their scheduled tours
 * to another host (src/server/tours/hand-back.ts). The last active owner can neither
 * be demoted nor deactivated (409 `last_owner`).
 */
export async function patchUser(staff: Staff, id: string, patch: UserPatch, db?: Db, expected: number | null = null): Promise<StaffUser> {
  return withActor(staff.actor, async (trx) => {
    const current = await trx.selectFrom('users').select([...COLUMNS]).where('id', '=', id).forUpdate().executeTakeFirst();
    if (!current) throw notFound();
    // Locked until the transaction ends: an edit based on an older version changes nothing (decision 033).
    if (expected !== null && current.version !== expected) throw conflict(toStaffUser(current));
    const demoted = patch.role !== undefined && patch.role !== 'owner';
    const deactivated = patch.active === false && current.active;
    if (current.role === 'owner' && current.active && (demoted || patch.active === false) && (await otherOwners(trx, id)) === 0) {
      throw new HttpError(409, 'last_owner', 'The team needs an active owner', { fields: { role: 'team.errors.lastOwner' } });
    }
    const row = await trx
      .updateTable('users')
      .set({ ...(patch.name !== undefined ? { displayName: patch.name } : {}), ...(patch.role ? { role: patch.role } : {}), ...(patch.active !== undefined ? { active: patch.active } : {}) })
      .where('id', '=', id)
      .returning([...COLUMNS])
      .executeTakeFirstOrThrow();
    if ((patch.role !== undefined && patch.role !== current.role) || deactivated) await revokeUserSessions(trx, id);
    // An inquiry cannot stay with someone who can no longer work it (deactivated, or now a viewer), nor can a tour.
    if (deactivated || (patch.role === 'viewer' && current.role !== 'viewer')) {
      await handBack(trx, staff, toStaffUser(current));
      await handBackTours(trx, { personId: id, ownerId: staff.id });
    }
    return toStaffUser(row);
  }, { db });
}

/** Gives `person`'s open inquiries back to "unassigned" (history says who did it) and tells the owners. */
async function handBack(trx: Trx, staff: Staff, person: StaffUser): Promise<void> {
  const handed = await trx
    .updateTable('inquiries')
    .set({ assigneeId: null })
    .where('assigneeId', '=', person.id)
    .where('status', 'not in', ['won', 'lost'])
    .returning('id')
    .execute();
  if (handed.length > 0) {
    await trx.insertInto('inquiryHistory').values(handed.map((row) => ({ inquiryId: row.id, actorId: staff.id, assigned: true, assigneeId: null, status: null, note: null, lostReason: null }))).execute();
  }
  const owners = await trx.selectFrom('users').select('id').where('role', '=', 'owner').where('active', '=', true).where('email', 'is not', null).where('id', '!=', person.id).execute();
  for (const owner of owners) await queueStaffMail(trx, { kind: 'deactivated', userId: person.id, ownerId: owner.id, handedBack: handed.length });
}

/** PATCH /api/admin/me: my name, address and mail language. */
export async function patchProfile(staff: Staff, patch: ProfilePatch): Promise<Me> {
  return withActor(staff.actor, async (trx) => {
    if (patch.email) await assertFree(trx, { email: patch.email }, staff.id);
    await trx
      .updateTable('users')
      .set({ ...(patch.name !== undefined ? { displayName: patch.name } : {}), ...(patch.email !== undefined ? { email: patch.email } : {}), ...(patch.locale ? { locale: patch.locale as Locale } : {}) })
      .where('id', '=', staff.id)
      .execute();
    const row = await trx.selectFrom('users').select([...COLUMNS]).where('id', '=', staff.id).executeTakeFirstOrThrow();
    const { username, name, email, role, locale } = toStaffUser(row);
    return { id: staff.id, username, name, email, role, locale };
  });
}

/**
 * POST /api/admin/me/password: the current password, then a new one; every other session of mine ends
 * and a mail tells me it happened. `admin`'s password is ADMIN_PASSWORD and changes only there (409).
 */
export async function changePassword(staff: Staff, currentPassword: string, password: string, db: Db): Promise<void> {
  if (staff.username === BOOTSTRAP_USERNAME) {
    throw new HttpError(409, 'password_from_environment', 'The admin account’s password is ADMIN_PASSWORD: change it there', { fields: { password: 'team.errors.passwordFromEnvironment' } });
  }
  const row = await db.selectFrom('users').select(['password', 'email']).where('id', '=', staff.id).executeTakeFirstOrThrow();
  if (!(await verifyPassword(currentPassword, row.password))) {
    throw new HttpError(400, 'invalid_input', 'The current password is wrong', { fields: { currentPassword: 'team.errors.currentPasswordWrong' } });
  }
  const problem = passwordProblem(password, { username: staff.username, email: row.email });
  if (problem) throw new HttpError(400, 'invalid_input', 'The new password is too weak', { fields: { password: problem } });
  const hash = await hashPassword(password);
  await withActor(staff.actor, async (trx) => {
    await trx.updateTable('users').set({ password: hash }).where('id', '=', staff.id).execute();
    await revokeUserSessions(trx, staff.id, staff.sessionId);
    await queueStaffMail(trx, { kind: 'password-changed', userId: staff.id });
  }, { action: 'password_change', db });
}
