import type { Config } from '@netlify/functions';
import { UserCreateSchema, UserPatchSchema } from '../src/shared/staff.ts';
import { requireAccess } from '../src/server/auth/access.ts';
import { resetSecondFactor } from '../src/server/auth/second-factor.ts';
import { requireSameSite } from '../src/server/http/same-site.ts';
import { createUser, listAssignees, listUsers, notFound, patchUser } from '../src/server/auth/users.ts';
import { getDb } from '../src/server/db/index.ts';
import { json, parseInput, readJson } from '../src/server/http/json.ts';
import { routes, uuidParam, type RouteContext } from '../src/server/http/routes.ts';
import { assertStorableText } from '../src/server/http/storable-text.ts';
import { expectedVersion, versionHeaders } from '../src/server/http/versions.ts';
import { drainSoon } from '../src/server/notify/outbox.ts';

export const config: Config = { path: ['/api/admin/users', '/api/admin/users/:id', '/api/admin/users/:id/second-factor', '/api/admin/assignees'] };

/** The team (owner): list, make an account, change a name, role or active, remove a lost second factor; who inquiries can go to (everyone). */
export default routes(config, {
  '/api/admin/users': { GET: list, POST: create },
  '/api/admin/users/:id': { PATCH: update },
  '/api/admin/users/:id/second-factor': { DELETE: resetFactor },
  '/api/admin/assignees': { GET: assignees },
});

async function list(req: Request, context: RouteContext): Promise<Response> {
  await requireAccess(req, 'team.manage', context);
  return json(await listUsers(await getDb()));
}

async function create(req: Request, context: RouteContext): Promise<Response> {
  const staff = await requireAccess(req, 'team.manage', context);
  const input = parseInput(UserCreateSchema, await readJson(req, 8192));
  assertStorableText(input);
  return json(await createUser(staff, input), { status: 201 });
}

/** A role change or deactivation signs the person out at once; a deactivation hands their open inquiries back. */
async function update(req: Request, context: RouteContext): Promise<Response> {
  const staff = await requireAccess(req, 'team.manage', context);
  const id = uuidParam(context);
  if (!id) throw notFound();
  const expected = expectedVersion(req);
  const patch = parseInput(UserPatchSchema, await readJson(req));
  assertStorableText(patch);
  const db = await getDb();
  const user = await patchUser(staff, id, patch, db, expected);
  drainSoon(db, context);
  return json(user, { headers: versionHeaders(user) });
}

async function assignees(req: Request, context: RouteContext): Promise<Response> {
  await requireAccess(req, 'team.directory', context);
  return json(await listAssignees(await getDb()));
}

/** A lost phone: the person's TOTP, recovery codes and passkeys go (recorded); 404 for no such account. */
async function resetFactor(req: Request, context: RouteContext): Promise<Response> {
  requireSameSite(req);
  const staff = await requireAccess(req, 'team.manage', context);
  const id = uuidParam(context);
  if (!id || !(await resetSecondFactor(staff, id, await getDb()))) throw notFound();
  return new Response(null, { status: 204 });
}
