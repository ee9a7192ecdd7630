import type { Config } from '@netlify/functions';
import { logout } from '../src/server/auth/sessions.ts';
import { routes } from '../src/server/http/routes.ts';
import { json } from '../src/server/http/json.ts';

export const config: Config = { path: '/api/admin/logout' };

export default routes(config, { '/api/admin/logout': { POST: signOut } });

/** Revokes the bearer token at once (it would otherwise live until it expires). */
async function signOut(req: Request): Promise<Response> {
  await logout(req);
  return json({ ok: true });
}
