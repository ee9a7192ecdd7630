import type { Config } from '@netlify/functions';
import { LinkCheckSchema, PasswordResetConfirmSchema, PasswordResetRequestSchema } from '../src/shared/staff.ts';
import { checkLink } from '../src/server/auth/link-tokens.ts';
import { confirmPasswordReset, requestPasswordReset } from '../src/server/auth/password-reset.ts';
import { getDb } from '../src/server/db/index.ts';
import { clientKey } from '../src/server/http/client.ts';
import { json, parseInput, readJson } from '../src/server/http/json.ts';
import { routes, type RouteContext } from '../src/server/http/routes.ts';
import { drainSoon } from '../src/server/notify/outbox.ts';

export const config: Config = { path: ['/api/admin/password-reset', '/api/admin/password-reset/check', '/api/admin/password-reset/confirm'] };

/**
 * "Forgot password" from the login card: request a link (always 202); the mailed link is checked as it opens
 * (a used one says so before a password is asked for), then sets a new password.
 */
export default routes(config, {
  '/api/admin/password-reset': { POST: request },
  '/api/admin/password-reset/check': { POST: check },
  '/api/admin/password-reset/confirm': { POST: confirm },
});

async function check(req: Request): Promise<Response> {
  const { token } = parseInput(LinkCheckSchema, await readJson(req, 1024));
  await checkLink(await getDb(), 'password-reset', token);
  return json({ ok: true });
}

async function request(req: Request, context: RouteContext): Promise<Response> {
  const { email } = parseInput(PasswordResetRequestSchema, await readJson(req));
  const db = await getDb();
  await requestPasswordReset(email, clientKey(req, context), db);
  // The mail leaves after the answer, so an existing address does not answer more slowly.
  drainSoon(db, context);
  return json({ ok: true }, { status: 202 });
}

async function confirm(req: Request, context: RouteContext): Promise<Response> {
  const input = parseInput(PasswordResetConfirmSchema, await readJson(req, 8192));
  const db = await getDb();
  await confirmPasswordReset(input.token, input.password, clientKey(req, context), db);
  drainSoon(db, context);
  return json({ ok: true });
}
