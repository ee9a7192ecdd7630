import type { Config } from '@netlify/functions';
import { InvitationAcceptSchema, InvitationInputSchema } from '../src/shared/staff.ts';
import { requireAccess } from '../src/server/auth/access.ts';
import { acceptInvitation, invitationNotFound, invite, listInvitations, resendInvitation, revokeInvitation } from '../src/server/auth/invitations.ts';
import { getDb } from '../src/server/db/index.ts';
import { clientKey } from '../src/server/http/client.ts';
import { json, parseInput, readJson } from '../src/server/http/json.ts';
import { routes, uuidParam, type RouteContext } from '../src/server/http/routes.ts';
import { requireSameSite } from '../src/server/http/same-site.ts';
import { assertStorableText } from '../src/server/http/storable-text.ts';
import { drainSoon } from '../src/server/notify/outbox.ts';

export const config: Config = { path: ['/api/admin/invitations', '/api/admin/invitations/accept', '/api/admin/invitations/:id', '/api/admin/invitations/:id/resend'] };

/** Invitations (owner: list, invite, revoke, resend) and their acceptance (anyone holding a live link). */
export default routes(config, {
  '/api/admin/invitations': { GET: list, POST: create },
  '/api/admin/invitations/accept': { POST: accept },
  '/api/admin/invitations/:id': { DELETE: revoke },
  '/api/admin/invitations/:id/resend': { POST: resend },
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

/** 204: the link no longer works; 404 `not_found` for an unknown, used, revoked or expired invitation. */
async function revoke(req: Request, context: RouteContext): Promise<Response> {
  requireSameSite(req);
  const staff = await requireAccess(req, 'team.manage', context);
  const id = uuidParam(context);
  if (!id) throw invitationNotFound();
  await revokeInvitation(staff, id, await getDb());
  return new Response(null, { status: 204 });
}

/** 201 with the new invitation (a new id and expiry) as create answers; the old link no longer works. */
async function resend(req: Request, context: RouteContext): Promise<Response> {
  requireSameSite(req);
  const staff = await requireAccess(req, 'team.manage', context);
  const id = uuidParam(context);
  if (!id) throw invitationNotFound();
  const db = await getDb();
  const result = await resendInvitation(staff, id, db);
  if (result.mail === 'queued') drainSoon(db, context);
  return json(result, { status: 201 });
}
