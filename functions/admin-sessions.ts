import type { Config } from '@netlify/functions';
import { requireAccess } from '../src/server/auth/access.ts';
import { recordEvent } from '../src/server/audit/actor.ts';
import { listSessions, revokeSession } from '../src/server/auth/sessions.ts';
import { getDb } from '../src/server/db/index.ts';
import { HttpError } from '../src/server/http/errors.ts';
import { json } from '../src/server/http/json.ts';
import { routes, uuidParam, type RouteContext } from '../src/server/http/routes.ts';
import { requireSameSite } from '../src/server/http/same-site.ts';

export const config: Config = { path: ['/api/admin/sessions', '/api/admin/sessions/:id'] };

/** Where I am signed in (device, place, last use), and signing one of them out. Any role, for itself. */
export default routes(config, {
  '/api/admin/sessions': { GET: list },
  '/api/admin/sessions/:id': { DELETE: remove },
});

async function list(req: Request, context: RouteContext): Promise<Response> {
  const staff = await requireAccess(req, 'account.self', context);
  return json(await listSessions(await getDb(), staff.id, staff.sessionId));
}

async function remove(req: Request, context: RouteContext): Promise<Response> {
  requireSameSite(req);
  const staff = await requireAccess(req, 'account.self', context);
  const id = uuidParam(context);
  const db = await getDb();
  if (!id || !(await revokeSession(db, staff.id, id))) throw new HttpError(404, 'session_not_found', 'No live session of yours with this id');
  await recordEvent(db, staff.actor, { action: 'sign_out', entity: 'session', entityId: id });
  return new Response(null, { status: 204 });
}
