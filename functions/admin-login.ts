import type { Config } from '@netlify/functions';
import { LoginInputSchema, type LoginResponse } from '../src/shared/admin-login.ts';
import { clientKey } from '../src/server/http/client.ts';
import { login } from '../src/server/auth/login.ts';
import { routes, type RouteContext } from '../src/server/http/routes.ts';
import { json, parseInput, readJson } from '../src/server/http/json.ts';

export const config: Config = { path: '/api/admin/login' };

export default routes(config, { '/api/admin/login': { POST: signIn } });

/**
 * `{username?, password}` → opaque session token; no username is the bootstrap owner `admin` (the spec's
 * password-only login). Wrong → 401, too many failures → 429 with Retry-After.
 */
async function signIn(req: Request, context: RouteContext): Promise<Response> {
  const input = parseInput(LoginInputSchema, await readJson(req, 4096));
  const body: LoginResponse = { token: await login(input, req, clientKey(req, context)) };
  return json(body);
}
