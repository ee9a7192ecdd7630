import type { Config } from '@netlify/functions';
import * as v from 'valibot';
import { PASSKEY_SIGN_IN_LIMITS } from '../src/shared/abuse.ts';
import { STAFF_LIMITS } from '../src/shared/staff.ts';
import { requireAccess } from '../src/server/auth/access.ts';
import { listPasskeys, registrationOptions, removePasskey, signInOptions, verifyRegistration, verifySignIn } from '../src/server/auth/passkeys.ts';
import { getDb } from '../src/server/db/index.ts';
import { clientKey } from '../src/server/http/client.ts';
import { HttpError } from '../src/server/http/errors.ts';
import { json, parseInput, readJson } from '../src/server/http/json.ts';
import { routes, type RouteContext } from '../src/server/http/routes.ts';
import { requireSameSite } from '../src/server/http/same-site.ts';
import { throttle } from '../src/server/http/throttle.ts';

export const config: Config = {
  path: [
    '/api/admin/passkeys',
    '/api/admin/passkeys/:id',
    '/api/admin/passkeys/register/options',
    '/api/admin/passkeys/register/verify',
    '/api/admin/passkeys/sign-in/options',
    '/api/admin/passkeys/sign-in/verify',
  ],
};

/**
 * Passkeys (WebAuthn, @simplewebauthn/server): my list and removing one; registering one for me (options,
 * then the browser's answer); signing in with one (options, then the signed challenge) → a session token.
 */
export default routes(config, {
  '/api/admin/passkeys': { GET: list },
  '/api/admin/passkeys/:id': { DELETE: remove },
  '/api/admin/passkeys/register/options': { POST: startRegistration },
  '/api/admin/passkeys/register/verify': { POST: finishRegistration },
  '/api/admin/passkeys/sign-in/options': { POST: startSignIn },
  '/api/admin/passkeys/sign-in/verify': { POST: finishSignIn },
});

const Answer = {
  challengeId: v.pipe(v.string('team.errors.invalid'), v.uuid('team.errors.invalid')),
  response: v.looseObject({ id: v.string('team.errors.invalid') }, 'team.errors.invalid'),
};
const RegistrationAnswer = v.strictObject({ ...Answer, name: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(STAFF_LIMITS.passkeyName, 'team.errors.tooLong'))) }, 'team.errors.invalid');
const SignInAnswer = v.strictObject(Answer, 'team.errors.invalid');

async function list(req: Request, context: RouteContext): Promise<Response> {
  const staff = await requireAccess(req, 'account.self', context, { duringSetup: true });
  return json(await listPasskeys(await getDb(), staff.id));
}

async function remove(req: Request, context: RouteContext): Promise<Response> {
  requireSameSite(req);
  const staff = await requireAccess(req, 'account.self', context);
  const id = context.params.id ?? '';
  if (!/^[A-Za-z0-9_-]{1,1024}$/.test(id) || !(await removePasskey(staff, id, await getDb()))) {
    throw new HttpError(404, 'passkey_not_found', 'No passkey of yours with this id');
  }
  return new Response(null, { status: 204 });
}

async function startRegistration(req: Request, context: RouteContext): Promise<Response> {
  requireSameSite(req);
  const staff = await requireAccess(req, 'account.self', context, { duringSetup: true });
  return json(await registrationOptions(staff, req, await getDb()));
}

async function finishRegistration(req: Request, context: RouteContext): Promise<Response> {
  const staff = await requireAccess(req, 'account.self', context, { duringSetup: true });
  const answer = parseInput(RegistrationAnswer, await readJson(req, 64 * 1024));
  return json(await verifyRegistration(staff, req, answer, await getDb()), { status: 201 });
}

async function startSignIn(req: Request, context: RouteContext): Promise<Response> {
  requireSameSite(req);
  await throttle('passkey-sign-in', clientKey(req, context), PASSKEY_SIGN_IN_LIMITS);
  return json(await signInOptions(req, await getDb()));
}

async function finishSignIn(req: Request, context: RouteContext): Promise<Response> {
  const answer = parseInput(SignInAnswer, await readJson(req, 64 * 1024));
  return json({ token: await verifySignIn(req, answer, clientKey(req, context), await getDb()) });
}
