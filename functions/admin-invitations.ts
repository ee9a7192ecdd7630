import type { Config } from '@netlify/functions';
import { InvitationAcceptSchema, InvitationInputSchema } from '../src/shared/staff.ts';
import { requireAccess } from '../src/server/auth/access.ts';
import { acceptInvitation, invite, listInvitations } from '../src/server/auth/invitations.ts';
import { getDb } from '../src/server/db/index.ts';
import { clientKey } from '../src/server/http/client.ts';
import { json, parseInput, readJson } from '../src/server/http/json.ts';
import { routes, type RouteContext } from '../src/server/http/routes.ts';
import { assertStorableText } from '../src/server/http/storable-text.ts';
import { drainSoon } from '../src/server/notify/outbox.ts';

export const config: Config = { path: ['/api/admin/invitations', '/api/admin/invitations/accept'] };

/** Invitations (owner: list, invite) and their acceptance (anyone holding a live link). */
export default routes(config, {
  '/api/admin/invitations': { GET: list, POST: create },
  '/api/admin/invitations/accept': { POST: accept },
});

async function list(req: Request, context: RouteContext): Promise<Response> {
  await requireAccess(req, 'team.manage', context);
  return json(await listInvitations(await getDb()));
}

/** 201 with the invitation and whether its mail is queued (`mail: 'off'` also gives the link to pass on). */
async function create(req: Request, context: RouteContext): Promise<Response> {
  const staff = await requireAccess(req, 'team.manage', context);
  const input = parseInput(InvitationInputSchema, await readJson(req));
  assertStorableText(input);
  const db = await getDb();
  const result = await invite(staff, input, db);
  if (result.mail === 'queued') drainSoon(db, context);
  return json(result, { status: 201 });
}

/** The invitee's username and password → their first session's token. */
async function accept(req: Request, context: RouteContext): Promise<Response> {
  const input = parseInput(InvitationAcceptSchema, await readJson(req, 8192));
  return json({ token: await acceptInvitation(input, req, clientKey(req, context), await getDb()) });
}
