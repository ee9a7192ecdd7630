import type { Config } from '@netlify/functions';
import { PasswordChangeSchema, ProfilePatchSchema } from '../src/shared/staff.ts';
import { TotpCodeInputSchema } from '../src/shared/second-factor.ts';
import { requireAccess, requireSession } from '../src/server/auth/access.ts';
import { confirmTotp, recoveryCodesLeft, renewRecoveryCodes, secondFactorOf, startTotp, turnOffTotp } from '../src/server/auth/second-factor.ts';
import { changePassword, findMe, patchProfile } from '../src/server/auth/users.ts';
import { getDb } from '../src/server/db/index.ts';
import { json, parseInput, readJson } from '../src/server/http/json.ts';
import { routes, type RouteContext } from '../src/server/http/routes.ts';
import { requireSameSite } from '../src/server/http/same-site.ts';
import { drainSoon } from '../src/server/notify/outbox.ts';

export const config: Config = { path: ['/api/admin/me', '/api/admin/me/password', '/api/admin/me/totp', '/api/admin/me/totp/confirm', '/api/admin/me/totp/recovery-codes'] };

/**
 * Who I am (`{id, username, name, email, role, locale, secondFactor, secondFactorSetupRequired,
 * recoveryCodesLeft, requireSecondFactor, idleTimeoutMinutes, sessionExpiresAt}`), my profile, my password, my TOTP. Any role, for itself. Reading
 * me and setting up TOTP work while the owner's required second factor is still missing.
 */
export default routes(config, {
  '/api/admin/me': { GET: readMe, PATCH: updateMe },
  '/api/admin/me/password': { POST: newPassword },
  '/api/admin/me/totp': { POST: beginTotp, DELETE: endTotp },
  '/api/admin/me/totp/confirm': { POST: confirm },
  '/api/admin/me/totp/recovery-codes': { POST: renewCodes },
});

async function readMe(req: Request, context: RouteContext): Promise<Response> {
  const { staff, session } = await requireSession(req, 'account.self', context, { duringSetup: true });
  const db = await getDb();
  return json({
    ...(await findMe(db, staff.id)),
    secondFactor: await secondFactorOf(db, staff.id),
    recoveryCodesLeft: await recoveryCodesLeft(db, staff.id),
    secondFactorSetupRequired: session.setupRequired,
    requireSecondFactor: session.requireSecondFactor,
    idleTimeoutMinutes: session.idleTimeoutMinutes,
    sessionExpiresAt: session.expiresAt.toISOString(),
    sessionSecondsLeft: Math.max(0, Math.round((session.expiresAt.getTime() - Date.now()) / 1000)),
  });
}

async function updateMe(req: Request, context: RouteContext): Promise<Response> {
  const staff = await requireAccess(req, 'account.self', context);
  return json(await patchProfile(staff, parseInput(ProfilePatchSchema, await readJson(req))));
}

/** The current and a new password; every other session of mine ends, this one stays. */
async function newPassword(req: Request, context: RouteContext): Promise<Response> {
  const staff = await requireAccess(req, 'account.self', context);
  const input = parseInput(PasswordChangeSchema, await readJson(req, 8192));
  const db = await getDb();
  await changePassword(staff, input.currentPassword, input.password, db);
  drainSoon(db, context);
  return json({ ok: true });
}

/** A new TOTP key for me, pending until confirmed: `{secret, otpauthUrl}` (409 `totp_already_on`). */
async function beginTotp(req: Request, context: RouteContext): Promise<Response> {
  requireSameSite(req);
  const staff = await requireAccess(req, 'account.self', context, { duringSetup: true });
  return json(await startTotp(staff, await getDb()));
}

/** The first code from the app turns it on: `{recoveryCodes}`, shown this once. */
async function confirm(req: Request, context: RouteContext): Promise<Response> {
  const staff = await requireAccess(req, 'account.self', context, { duringSetup: true });
  const { code } = parseInput(TotpCodeInputSchema, await readJson(req, 4096));
  return json(await confirmTotp(staff, code, await getDb()));
}

/** `{code}` (a current code or a recovery code) → ten new recovery codes `{recoveryCodes}`, shown this once; the old ones end. */
async function renewCodes(req: Request, context: RouteContext): Promise<Response> {
  const staff = await requireAccess(req, 'account.self', context);
  const { code } = parseInput(TotpCodeInputSchema, await readJson(req, 4096));
  return json(await renewRecoveryCodes(staff, code, await getDb()));
}

/** `{code}` (a current code or a recovery code) turns my TOTP off. */
async function endTotp(req: Request, context: RouteContext): Promise<Response> {
  const staff = await requireAccess(req, 'account.self', context);
  const { code } = parseInput(TotpCodeInputSchema, await readJson(req, 4096));
  await turnOffTotp(staff, code, await getDb());
  return new Response(null, { status: 204 });
}
