import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import * as v from 'valibot';
import { INVITATION_TTL_MS, passwordProblem, type InvitationAcceptSchema, type InvitationInput, type PendingInvitation } from '../../shared/staff.ts';
import { isRole } from '../../shared/roles.ts';
import { recordEvent, withActor, type AuditActor, type Trx } from '../audit/actor.ts';
import type { Db } from '../db/index.ts';
import { serverEnv } from '../env.ts';
import { HttpError } from '../http/errors.ts';
import { queueStaffMail, staffMailConfigured } from '../notify/staff-mail.ts';
import { isLocale, localizePath } from '../../i18n/locales.ts';
import type { Staff } from './access.ts';
import { createLink, linkToken, takeLink } from './link-tokens.ts';
import { hashPassword } from './passwords.ts';
import { openSession } from './sessions.ts';
import { assertFree } from './users.ts';

export interface InvitationResult {
  invitation: PendingInvitation;
  /** `queued`: the mail is in the outbox; `off`: no SMTP is configured, so the owner gets the link to pass on. */
  mail: 'queued' | 'off';
  link?: string;
}

/**
 * POST /api/admin/invitations (owner): a single-use link for 72 hours, mailed in the invitee's language.
 * Inviting an address again replaces its earlier link; an address that already has an account is 409.
 */
export async function invite(staff: Staff, input: InvitationInput, db: Db): Promise<InvitationResult> {
  const mailOn = staffMailConfigured();
  const { id, expiresAt } = await withActor(staff.actor, async (trx) => {
    await assertFree(trx, { email: input.email });
    await trx
      .updateTable('authTokens')
      .set({ revokedAt: sql<Date>`now()` })
      .where('purpose', '=', 'invitation')
      .where(sql<boolean>`lower(email) = ${input.email}`)
      .where('usedAt', 'is', null)
      .where('revokedAt', 'is', null)
      .execute();
    const link = await createLink(trx, { purpose: 'invitation', email: input.email, name: input.name, role: input.role, locale: input.locale, ttlMs: INVITATION_TTL_MS, createdBy: staff.id });
    await recordEvent(trx, staff.actor, { action: 'invite', entity: 'invitation', entityId: link.id, changes: { email: [null, input.email], name: [null, input.name], role: [null, input.role] } });
    await queueStaffMail(trx, { kind: 'invitation', linkId: link.id });
    return link;
  }, { db });
  const invitation = { id, email: input.email, name: input.name, role: input.role, createdAt: new Date().toISOString(), expiresAt: expiresAt.toISOString() };
  return delivered(invitation, input.locale, mailOn);
}

/** The mail is queued, or (no SMTP) the owner gets the link to pass on, in the invitee's language. */
async function delivered(invitation: PendingInvitation, locale: string, mailOn: boolean): Promise<InvitationResult> {
  if (mailOn) return { invitation, mail: 'queued' };
  const token = await linkToken('invitation', invitation.id);
  return { invitation, mail: 'off', link: `${serverEnv().siteUrl}${localizePath(isLocale(locale) ? locale : 'ko', '/admin')}#invitation=${token}` };
}

export const invitationNotFound = () => new HttpError(404, 'not_found', 'No pending invitation with this id');

/** Marks a live invitation revoked in the caller's transaction; null when it is unknown, used, revoked or expired. */
async function revokeLive(trx: Trx, id: string) {
  return trx
    .updateTable('authTokens')
    .set({ revokedAt: sql<Date>`now()` })
    .where('id', '=', id)
    .where('purpose', '=', 'invitation')
    .where('usedAt', 'is', null)
    .where('revokedAt', 'is', null)
    .where('expiresAt', '>', new Date())
    .returning(['id', 'email', 'name', 'role', 'locale'])
    .executeTakeFirst();
}

/**
 * DELETE /api/admin/invitations/:id (owner): the link stops working at once (accepting it is 400
 * `invalid_token`) and a queued mail of it is not sent; 404 `not_found` for one unknown, used, revoked or expired.
 */
export async function revokeInvitation(staff: Staff, id: string, db: Db): Promise<void> {
  await withActor(staff.actor, async (trx) => {
    const row = await revokeLive(trx, id);
    if (!row) throw invitationNotFound();
    await recordEvent(trx, staff.actor, { action: 'revoke', entity: 'invitation', entityId: row.id, changes: { email: [row.email, null], name: [row.name, null] } });
  }, { db });
}

/**
 * POST /api/admin/invitations/:id/resend (owner): the old link stops working and a new single-use one with a
 * fresh expiry goes out in the invitee's language (or is returned to pass on); 404 `not_found` as for revoking.
 */
export async function resendInvitation(staff: Staff, id: string, db: Db): Promise<InvitationResult> {
  const mailOn = staffMailConfigured();
  const { invitation, locale } = await withActor(staff.actor, async (trx) => {
    const old = await revokeLive(trx, id);
    if (!old) throw invitationNotFound();
    const role = isRole(old.role) ? old.role : 'viewer';
    const link = await createLink(trx, { purpose: 'invitation', email: old.email, name: old.name, role, locale: old.locale, ttlMs: INVITATION_TTL_MS, createdBy: staff.id });
    await recordEvent(trx, staff.actor, { action: 'resend', entity: 'invitation', entityId: link.id, changes: { email: [null, old.email], name: [null, old.name] } });
    await queueStaffMail(trx, { kind: 'invitation', linkId: link.id });
    const pending: PendingInvitation = { id: link.id, email: old.email, name: old.name ?? '', role, createdAt: new Date().toISOString(), expiresAt: link.expiresAt.toISOString() };
    return { invitation: pending, locale: old.locale };
  }, { db });
  return delivered(invitation, locale, mailOn);
}

/** Invitations not yet accepted, replaced or expired. */
export async function listInvitations(db: Db): Promise<PendingInvitation[]> {
  const rows = await db
    .selectFrom('authTokens')
    .select(['id', 'email', 'name', 'role', 'createdAt', 'expiresAt'])
    .where('purpose', '=', 'invitation')
    .where('usedAt', 'is', null)
    .where('revokedAt', 'is', null)
    .where('expiresAt', '>', new Date())
    .orderBy('createdAt', 'desc')
    .execute();
  return rows.map((row) => ({
    id: row.id,
    email: row.email,
    name: row.name ?? '',
    role: isRole(row.role) ? row.role : 'viewer',
    createdAt: new Date(row.createdAt).toISOString(),
    expiresAt: new Date(row.expiresAt).toISOString(),
  }));
}

/**
 * POST /api/admin/invitations/accept: the invitee chooses a username and password; the account is made
 * with the invited name, address, role and language, the link is spent, and a session opens. A taken
 * username (409) or a weak password (400) leaves the link usable; a used or expired one is 400 `invalid_token`.
 */
export async function acceptInvitation(input: v.InferOutput<typeof InvitationAcceptSchema>, req: Request, address: string, db: Db): Promise<string> {
  const password = await hashPassword(input.password);
  const userId = randomUUID();
  const actor: AuditActor = { id: userId, name: input.username, address };
  return withActor(actor, async (trx) => {
    const link = await takeLink(trx, 'invitation', input.token);
    const problem = passwordProblem(input.password, { username: input.username, email: link.email });
    if (problem) throw new HttpError(400, 'invalid_input', 'The password is too weak', { fields: { password: problem } });
    await assertFree(trx, { username: input.username, email: link.email });
    await trx
      .insertInto('users')
      .values({ id: userId, username: input.username, displayName: link.name ?? input.username, email: link.email, role: isRole(link.role) ? link.role : 'viewer', locale: link.locale, password, active: true, lastSignInAt: sql<Date>`now()` })
      .execute();
    await trx.updateTable('authTokens').set({ userId }).where('id', '=', link.id).execute();
    const { token, sessionId } = await openSession(trx, userId, req, address);
    await recordEvent(trx, actor, { action: 'sign_in', entity: 'session', entityId: sessionId, changes: { method: [null, 'invitation'] } });
    return token;
  }, { db });
}
