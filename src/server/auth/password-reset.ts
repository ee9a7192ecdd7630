import { sql } from 'kysely';
import { PASSWORD_RESET_LIMITS } from '../../shared/abuse.ts';
import { BOOTSTRAP_USERNAME } from '../../shared/roles.ts';
import { PASSWORD_RESET_TTL_MS, passwordProblem } from '../../shared/staff.ts';
import type { Locale } from '../../i18n/locales.ts';
import { recordEvent, setActor, withActor } from '../audit/actor.ts';
import type { Db } from '../db/index.ts';
import { HttpError } from '../http/errors.ts';
import { throttle } from '../http/throttle.ts';
import { queueStaffMail } from '../notify/staff-mail.ts';
import { createLink, takeLink } from './link-tokens.ts';
import { hashPassword } from './passwords.ts';
import { revokeUserSessions } from './sessions.ts';

/**
 * POST /api/admin/password-reset: when the address is an active account's (not `admin`, whose password is
 * ADMIN_PASSWORD), a single-use link for one hour is mailed in the account's language and any earlier
 * link is replaced. The caller answers 202 either way, so the answer tells nobody which addresses exist;
 * the mail leaves after the answer. Limited per client.
 */
export async function requestPasswordReset(email: string, address: string, db: Db): Promise<void> {
  await throttle('password-reset', address, PASSWORD_RESET_LIMITS);
  const user = await db
    .selectFrom('users')
    .select(['id', 'username', 'email', 'locale'])
    .where(sql<boolean>`lower(email) = ${email}`)
    .where('active', '=', true)
    .executeTakeFirst();
  if (!user?.email || user.username === BOOTSTRAP_USERNAME) return;
  await withActor({ id: null, name: null, address }, async (trx) => {
    await trx
      .updateTable('authTokens')
      .set({ revokedAt: sql<Date>`now()` })
      .where('purpose', '=', 'password-reset')
      .where('userId', '=', user.id)
      .where('usedAt', 'is', null)
      .where('revokedAt', 'is', null)
      .execute();
    const link = await createLink(trx, { purpose: 'password-reset', email: user.email!, userId: user.id, locale: user.locale as Locale, ttlMs: PASSWORD_RESET_TTL_MS, createdBy: null });
    await recordEvent(trx, { id: null, name: null, address }, { action: 'password_reset_request', entity: 'user', entityId: user.id });
    await queueStaffMail(trx, { kind: 'password-reset', linkId: link.id });
  }, { db });
}

/**
 * POST /api/admin/password-reset/confirm: the link's token and a new password. The link is spent, every
 * session of the account ends (no automatic sign-in: the person signs in with the new password), and a
 * mail says the password changed.
 */
export async function confirmPasswordReset(token: string, password: string, address: string, db: Db): Promise<void> {
  const hash = await hashPassword(password);
  await withActor({ id: null, name: null, address }, async (trx) => {
    const link = await takeLink(trx, 'password-reset', token);
    const user = link.userId
      ? await trx.selectFrom('users').select(['id', 'username', 'email', 'active']).where('id', '=', link.userId).executeTakeFirst()
      : undefined;
    if (!user?.active) throw new HttpError(400, 'invalid_token', 'This account cannot sign in any more', { fields: { token: 'team.errors.invalidToken' } });
    const problem = passwordProblem(password, user);
    if (problem) throw new HttpError(400, 'invalid_input', 'The password is too weak', { fields: { password: problem } });
    // The change is the account holder's own, proven by the link.
    await setActor(trx, { id: user.id, name: user.username, address }, 'password_reset');
    await trx.updateTable('users').set({ password: hash }).where('id', '=', user.id).execute();
    await revokeUserSessions(trx, user.id);
    await queueStaffMail(trx, { kind: 'password-changed', userId: user.id });
  }, { db });
}
