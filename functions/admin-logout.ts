import type { Config } from '@netlify/functions';
import { logout } from '../src/server/auth/sessions.ts';
import { allowMethods, handle } from '../src/server/http/handler.ts';
import { json } from '../src/server/http/json.ts';

/** Revokes the bearer token at once (it would otherwise live until it expires). */
export default handle(async (req: Request) => {
  allowMethods(req, ['POST']);
  await logout(req);
  return json({ ok: true });
});

export const config: Config = { path: '/api/admin/logout' };
