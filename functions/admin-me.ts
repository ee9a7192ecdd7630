import type { Config } from '@netlify/functions';
import { PasswordChangeSchema, ProfilePatchSchema } from '../src/shared/staff.ts';
import { requireAccess } from '../src/server/auth/access.ts';
import { changePassword, findMe, patchProfile } from '../src/server/auth/users.ts';
import { getDb } from '../src/server/db/index.ts';
import { json, parseInput, readJson } from '../src/server/http/json.ts';
import { routes, type RouteContext } from '../src/server/http/routes.ts';
import { drainSoon } from '../src/server/notify/outbox.ts';

export const config: Config = { path: ['/api/admin/me', '/api/admin/me/password'] };

/** Who I am (`{id, username, name, email, role, locale}`), my profile, my password. Any role, for itself. */
export default routes(config, {
  '/api/admin/me': { GET: readMe, PATCH: updateMe },
  '/api/admin/me/password': { POST: newPassword },
});

async function readMe(req: Request, context: RouteContext): Promise<Response> {
  const staff = await requireAccess(req, 'account.self', context);
  return json(await findMe(await getDb(), staff.id));
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
