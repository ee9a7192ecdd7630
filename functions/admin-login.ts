import type { Config, Context } from '@netlify/functions';
import { LoginInputSchema, type LoginResponse } from '../src/shared/admin-login.ts';
import { clientKey } from '../src/server/http/client.ts';
import { login } from '../src/server/auth/login.ts';
import { allowMethods, handle } from '../src/server/http/handler.ts';
import { json, parseInput, readJson } from '../src/server/http/json.ts';

/** Password → opaque session token; wrong → 401, too many failures → 429 with Retry-After. */
export default handle(async (req: Request, context: Context) => {
  allowMethods(req, ['POST']);
  const { password } = parseInput(LoginInputSchema, await readJson(req, 4096));
  const body: LoginResponse = { token: await login(password, clientKey(req, context)) };
  return json(body);
});

export const config: Config = { path: '/api/admin/login' };
