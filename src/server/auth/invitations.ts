import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import * as v from 'valibot';
import { INVITATION_TTL_MS, passwordProblem, type InvitationAcceptSchema, type InvitationInput, type PendingInvitation } from '../../shared/staff.ts';
import { isRole } from '../../shared/roles.ts';
import { recordEvent, withActor, type AuditActor } from '../audit/actor.ts';
import type { Db } from '../db/index.ts';
import { serverEnv } from '../env.ts';
import { HttpError } from '../http/errors.ts';
import { queueStaffMail, staffMailConfigured } from '../notify/staff-mail.ts';
import { localizePath } from '../../i18n/locales.ts';
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
  if (mailOn) return { invitation, mail: 'queued' };
  const token = await linkToken('invitation', id);
  return { invitation, mail: 'off', link: `${serverEnv().siteUrl}${localizePath(input.locale, '/admin')}#invitation=${token}` };
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
