import { TourCancelSchema, TourCreateSchema, TourFilterSchema, TourOutcomeSchema, TourPatchSchema } from '../../shared/tours.ts';
import { maskTour } from '../../shared/masking.ts';
import { can } from '../../shared/roles.ts';
import { requireAccess, type Staff } from '../auth/access.ts';

import { getDb } from '../db/index.ts';
import { HttpError } from '../http/errors.ts';
import { json, parseInput, readJson, sharedJsonBytes } from '../http/json.ts';
import { uuidParam, type RouteContext } from '../http/routes.ts';
import { expectedVersion, versionHeaders } from '../http/versions.ts';
import { assertStorableText } from '../http/storable-text.ts';
import { drainSoon } from '../notify/outbox.ts';
import { calendarFeedText, calendarFeedUrl, rotateCalendarFeed } from './feed.ts';
import { bookTour, cancelTour, findTour, listTours, patchTour, recordOutcome, tourNotFound } from './queries.ts';

const editorOf = (staff: Staff) => ({ id: staff.id, actor: staff.actor });

/** Viewers read tours without the prospect's company in full or the staff's words about them (issue 25). */
const readsMasked = (staff: Staff) => !can(staff.role, 'inquiries.personal');

function tourId(context: RouteContext): string {
  const id = uuidParam(context);
  if (!id) throw tourNotFound();
  return id;
}

/** POST /api/inquiries/{id}/tours: books a tour; the invitations go out after the answer. */
export async function bookTourRoute(req: Request, context: RouteContext): Promise<Response> {
  const staff = await requireAccess(req, 'tours.write', context);
  const inquiryId = uuidParam(context);
  if (!inquiryId) throw new HttpError(404, 'inquiry_not_found', 'No inquiry with this id');
  const input = parseInput(TourCreateSchema, await readJson(req));
  assertStorableText(input);
  const db = await getDb();
  const tour = await bookTour(db, inquiryId, input, editorOf(staff));
  drainSoon(db, context);
  return json(tour, { status: 201, headers: versionHeaders(tour) });
}

/** GET /api/tours?from=&to=&hostId=&status=&inquiryId=: the agenda (every role). */
export async function listToursRoute(req: Request, context: RouteContext): Promise<Response> {
  const staff = await requireAccess(req, 'tours.read', context);
  const query = Object.fromEntries([...new URL(req.url).searchParams].filter(([, value]) => value !== ''));
  const filter = parseInput(TourFilterSchema, query);
  const hostId = filter.hostId === 'me' ? staff.id : filter.hostId;
  // Sent in one piece with its length (as the inbox list): a week of tours is one answer, not chunked.
  const tours = await listTours(await getDb(), { ...filter, hostId });
  return sharedJsonBytes(new TextEncoder().encode(JSON.stringify(readsMasked(staff) ? tours.map(maskTour) : tours)));
}

/** GET /api/tours/{id}. */
export async function tourRoute(req: Request, context: RouteContext): Promise<Response> {
  const staff = await requireAccess(req, 'tours.read', context);
  const tour = await findTour(await getDb(), tourId(context));
  if (!tour) throw tourNotFound();
  return json(readsMasked(staff) ? maskTour(tour) : tour, { headers: versionHeaders(tour) });
}

/**
 * PATCH /api/tours/{id}: reschedule or change; the prospect and host get the update (SEQUENCE + 1). Like
 * cancel and outcome, it takes If-Match: a tour changed since it was read is 409 `conflict` (decision 033).
 */
export async function patchTourRoute(req: Request, context: RouteContext): Promise<Response> {
  const staff = await requireAccess(req, 'tours.write', context);
  const id = tourId(context);
  const expected = expectedVersion(req);
  const patch = parseInput(TourPatchSchema, await readJson(req));
  assertStorableText(patch);
  const db = await getDb();
  const tour = await patchTour(db, id, patch, editorOf(staff), undefined, expected);
  drainSoon(db, context);
  return json(tour, { headers: versionHeaders(tour) });
}

/** POST /api/tours/{id}/cancel {reason}. */
export async function cancelTourRoute(req: Request, context: RouteContext): Promise<Response> {
  const staff = await requireAccess(req, 'tours.write', context);
  const id = tourId(context);
  const expected = expectedVersion(req);
  const input = parseInput(TourCancelSchema, await readJson(req));
  assertStorableText(input);
  const db = await getDb();
  const tour = await cancelTour(db, id, input.reason, editorOf(staff), expected);
  drainSoon(db, context);
  return json(tour, { headers: versionHeaders(tour) });
}

/** POST /api/tours/{id}/outcome (after the end). */
export async function tourOutcomeRoute(req: Request, context: RouteContext): Promise<Response> {
  const staff = await requireAccess(req, 'tours.write', context);
  const id = tourId(context);
  const expected = expectedVersion(req);
  const input = parseInput(TourOutcomeSchema, await readJson(req));
  assertStorableText(input);
  const tour = await recordOutcome(await getDb(), id, input, editorOf(staff), undefined, expected);
  return json(tour, { headers: versionHeaders(tour) });
}

/** GET /api/admin/me/calendar-feed: my private feed's address. */
export async function calendarFeedRoute(req: Request, context: RouteContext): Promise<Response> {
  const staff = await requireAccess(req, 'account.self', context);
  return json({ url: await calendarFeedUrl(await getDb(), staff.id) }, { headers: { 'Cache-Control': 'no-store' } });
}

/** POST /api/admin/me/calendar-feed/rotate: a new address; the old one stops working. */
export async function rotateCalendarFeedRoute(req: Request, context: RouteContext): Promise<Response> {
  const staff = await requireAccess(req, 'account.self', context);
  return json({ url: await rotateCalendarFeed(await getDb(), staff.id) }, { headers: { 'Cache-Control': 'no-store' } });
}

/** GET /api/calendar-feed/{token}: the feed itself (text/calendar); an unknown or replaced token is 404. */
export async function calendarFeedTextRoute(_req: Request, context: RouteContext): Promise<Response> {
  const token = context.params.token ?? '';
  const text = /^[A-Za-z0-9_-]{43}$/.test(token) ? await calendarFeedText(await getDb(), token) : null;
  if (text === null) throw new HttpError(404, 'feed_not_found', 'No calendar feed at this address');
  return new Response(text, { headers: { 'Content-Type': 'text/calendar; charset=utf-8', 'Cache-Control': 'private, max-age=300', 'X-Robots-Tag': 'noindex' } });
}
