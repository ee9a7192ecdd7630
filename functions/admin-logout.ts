import type { Config } from '@netlify/functions';
import * as v from 'valibot';
import { requireAccess } from '../src/server/auth/access.ts';
import { recordEvent } from '../src/server/audit/actor.ts';
import { revokeSession, revokeUserSessions } from '../src/server/auth/sessions.ts';
import { getDb } from '../src/server/db/index.ts';
import { readOptionalJson } from '../src/server/http/body.ts';
import { json, parseInput } from '../src/server/http/json.ts';
import { routes, type RouteContext } from '../src/server/http/routes.ts';

export const config: Config = { path: '/api/admin/logout' };

export default routes(config, { '/api/admin/logout': { POST: signOut } });

const LogoutSchema = v.optional(v.strictObject({ all: v.optional(v.boolean('team.errors.invalid')) }, 'team.errors.invalid'), {});

/** Ends this session at once (it would otherwise live until it expires), or with `{all: true}` every one of mine. */
async function signOut(req: Request, context: RouteContext): Promise<Response> {
  const staff = await requireAccess(req, 'account.self', context, { duringSetup: true });
  const { all } = parseInput(LogoutSchema, await readOptionalJson(req));
  const db = await getDb();
  const ended = all ? await revokeUserSessions(db, staff.id) : Number(await revokeSession(db, staff.id, staff.sessionId));
  await recordEvent(db, staff.actor, { action: 'sign_out', entity: 'session', entityId: all ? null : staff.sessionId, changes: { sessions: [null, ended] } });
  return json({ ok: true, ended });
}
