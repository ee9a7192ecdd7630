import type { Config } from '@netlify/functions';
import { LoginInputSchema, type LoginResponse, type SecondFactorRequiredBody } from '../src/shared/admin-login.ts';
import { SecondFactorInputSchema } from '../src/shared/second-factor.ts';
import { clientKey } from '../src/server/http/client.ts';
import { login } from '../src/server/auth/login.ts';
import { finishSecondFactor } from '../src/server/auth/second-factor.ts';
import { getDb } from '../src/server/db/index.ts';
import { routes, type RouteContext } from '../src/server/http/routes.ts';
import { json, parseInput, readJson } from '../src/server/http/json.ts';

export const config: Config = { path: ['/api/admin/login', '/api/admin/login/second-factor'] };

export default routes(config, {
  '/api/admin/login': { POST: signIn },
  '/api/admin/login/second-factor': { POST: secondStep },
});

/**
 * `{username?, password}` → opaque session token; no username is the bootstrap owner `admin` (the spec's
 * password-only login). Wrong → 401, too many failures → 429 with Retry-After. An account with a TOTP
 * key answers 401 `second_factor_required` with `{challenge}` for the second step.
 */
async function signIn(req: Request, context: RouteContext): Promise<Response> {
  const input = parseInput(LoginInputSchema, await readJson(req, 4096));
  const answer = await login(input, req, clientKey(req, context));
  if ('challenge' in answer) {
    const body: SecondFactorRequiredBody = { error: { code: 'second_factor_required', message: 'secondFactor.login.codeRequired' }, challenge: answer.challenge };
    return json(body, { status: 401 });
  }
  const body: LoginResponse = { token: answer.token };
  return json(body);
}

/** `{challenge, code}` (a TOTP or recovery code) → `{token}`; wrong → 401 `invalid_code`, stale → 401 `challenge_expired`. */
async function secondStep(req: Request, context: RouteContext): Promise<Response> {
  const input = parseInput(SecondFactorInputSchema, await readJson(req, 4096));
  const body: LoginResponse = { token: await finishSecondFactor(input, req, clientKey(req, context), await getDb()) };
  return json(body);
}
