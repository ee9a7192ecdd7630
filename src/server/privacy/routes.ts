import { PrivacyActionSchema, PrivacyConfirmSchema, PrivacyRequestInputSchema, PRIVACY_CONFIRM_RATE_LIMITS, PRIVACY_REQUEST_RATE_LIMITS } from '../../shared/privacy/requests.ts';
import { recordAccess } from '../audit/access.ts';
import { requireAccess } from '../auth/access.ts';
import { getDb } from '../db/index.ts';
import { clientKey } from '../http/client.ts';
import { HttpError } from '../http/errors.ts';
import { json, parseInput, readJson } from '../http/json.ts';
import { uuidParam, type RouteContext } from '../http/routes.ts';
import { expectedVersion, versionHeaders } from '../http/versions.ts';
import { assertStorableText } from '../http/storable-text.ts';
import { throttle } from '../http/throttle.ts';
import { findInquiry } from '../inquiries/queries.ts';
import { drainSoon } from '../notify/outbox.ts';
import { destroyInquiry } from './destroy.ts';
import { actOnPrivacyRequest, confirmPrivacyRequest, createPrivacyRequest, listPrivacyRequests } from './requests.ts';

/** POST /api/inquiries/{id}/destroy (owner): the retention run's destruction, now. 409 `inquiry_destroyed` when done already. */
export async function destroyInquiryRoute(req: Request, context: RouteContext): Promise<Response> {
  const staff = await requireAccess(req, 'privacy.manage', context);
  const id = uuidParam(context);
  const db = await getDb();
  const existing = id ? await findInquiry(db, id) : null;
  if (!id || !existing) throw new HttpError(404, 'inquiry_not_found', 'No inquiry with this id');
  const done = await destroyInquiry(db, id, staff.actor);
  if (!done) throw new HttpError(409, 'inquiry_destroyed', 'This inquiry\'s personal data was destroyed already');
  return json({ inquiry: await findInquiry(db, id), touched: done.touched });
}

/**
 * POST /api/privacy/requests (anyone): 202 with the same body whatever the address (no way to tell whether we hold
 * it, or whether its daily links are spent); throttled per client. A link is mailed only to an address we hold
 * inquiries of, a few a day at most (decision 023).
 */
export async function createPrivacyRequestRoute(req: Request, context: RouteContext): Promise<Response> {
  await throttle('privacy-request', clientKey(req, context), PRIVACY_REQUEST_RATE_LIMITS);
  const input = parseInput(PrivacyRequestInputSchema, await readJson(req));
  assertStorableText(input);
  const db = await getDb();
  if (await createPrivacyRequest(db, input)) drainSoon(db, context);
  return json({ accepted: true }, { status: 202 });
}

/**
 * POST /api/privacy/requests/confirm (link holder): `{kind, status, alreadyConfirmed}`; 400 `invalid_token` for an
 * expired or unknown link. Throttled in a bucket of its own: opening a link does not use up the request form's limit.
 */
export async function confirmPrivacyRequestRoute(req: Request, context: RouteContext): Promise<Response> {
  await throttle('privacy-confirm', clientKey(req, context), PRIVACY_CONFIRM_RATE_LIMITS);
  const { token } = parseInput(PrivacyConfirmSchema, await readJson(req));
  const db = await getDb();
  const result = await confirmPrivacyRequest(db, token);
  if (result.status === 'closed' && !result.alreadyConfirmed) drainSoon(db, context);
  return json(result);
}

/** GET /api/admin/privacy-requests (owner): the confirmed requests, open ones first. */
export async function listPrivacyRequestsRoute(req: Request, context: RouteContext): Promise<Response> {
  const staff = await requireAccess(req, 'privacy.manage', context);
  const db = await getDb();
  const requests = await listPrivacyRequests(db);
  // Reading requesters' addresses and their inquiries is an access (issue 25): one record for the list as shown.
  if (requests.length > 0) {
    const targetId = requests.length === 1 ? requests[0]!.id : null;
    const inquiryIds = [...new Set(requests.flatMap((request) => request.inquiryIds))];
    await recordAccess(db, staff.actor, { action: 'privacy_request.view', targetId, inquiryIds, count: requests.length });
  }
  return json(requests);
}

/**
 * POST /api/admin/privacy-requests/{id}/actions (owner): send_copy | destroy | suspend | correct | close. With
 * If-Match (the request's version from the list), a request another owner acted on since is 409 `conflict`.
 */
export async function privacyRequestActionRoute(req: Request, context: RouteContext): Promise<Response> {
  const staff = await requireAccess(req, 'privacy.manage', context);
  const id = uuidParam(context);
  if (!id) throw new HttpError(404, 'privacy_request_not_found', 'No confirmed privacy request with this id');
  const expected = expectedVersion(req);
  const input = parseInput(PrivacyActionSchema, await readJson(req));
  assertStorableText(input);
  const db = await getDb();
  const result = await actOnPrivacyRequest(db, id, input, staff, undefined, expected);
  drainSoon(db, context);
  return json(result, { headers: versionHeaders(result) });
}
