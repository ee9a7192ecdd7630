import { INQUIRY_FILTER_KEYS, InquiryFilterSchema, InquiryPageSchema, InquiryPatchSchema, type InquiryFilter } from '../../shared/inquiry.ts';
import { requireAccess, type Staff } from '../auth/access.ts';
import { recordAccess } from '../audit/access.ts';
import { ExportReasonSchema } from '../../shared/access.ts';
import { maskInquiry, maskInquiryDetail } from '../../shared/masking.ts';
import { can } from '../../shared/roles.ts';
import { drainSoon } from '../notify/outbox.ts';
import { reminderHours, withResponseTimes } from './response-time.ts';
import { getDb } from '../db/index.ts';
import { uuidParam, type RouteContext } from '../http/routes.ts';
import { HttpError } from '../http/errors.ts';
import { json, parseInput, readJson, sharedJsonBytes } from '../http/json.ts';
import { expectedVersion, versionHeaders } from '../http/versions.ts';
import { inquiryDetail, patchInquiry } from './queries.ts';
import { inquiryCsvStream, koreaTime } from './export.ts';
import { inquiryCounts, inquiryIdsMatching, listInquiryPage, medianFirstResponseSeconds } from './list.ts';
import { notificationSettings } from '../notify/config.ts';
import { asLocale } from '../i18n.ts';
import { assertStorableText } from '../http/storable-text.ts';
import { signedReadURL, objectMetadata } from '../objects/storage.ts';
import { inquiriesTouringToday } from '../tours/queries.ts';

/** A link signed on click only needs to outlive the click. */
const ATTACHMENT_LINK_TTL_SECONDS = 5 * 60;

const notFound = () => new HttpError(404, 'inquiry_not_found', 'No inquiry with this id');

/** The query's parameters, an empty one meaning "no filter". */
function queryOf(url: URL): Record<string, string> {
  return Object.fromEntries([...url.searchParams].filter(([, value]) => value !== ''));
}

/** JSON with its length, as the brand list: the answer goes out in one piece, not chunked. */
function sizedJson(data: unknown, headers: Record<string, string> = {}): Response {
  const response = sharedJsonBytes(new TextEncoder().encode(JSON.stringify(data)));
  for (const [name, value] of Object.entries(headers)) response.headers.set(name, value);
  return response;
}

/** The query's filters; `assignee=me` becomes the signed-in person, `all` no filter. */
function filterOf(url: URL, staff: Staff): InquiryFilter {
  const query = queryOf(url);
  const filter = parseInput(InquiryFilterSchema, Object.fromEntries(INQUIRY_FILTER_KEYS.filter((key) => key in query).map((key) => [key, query[key]])));
  assertStorableText(filter);
  if (filter.assignee === 'me') return { ...filter, assignee: staff.id };
  if (filter.assignee === 'all') {
    const { assignee: _all, ...rest } = filter;
    return rest;
  }
  return filter;
}

/** Whether this person reads visitors' personal data masked (a viewer; src/shared/masking.ts). */
const readsMasked = (staff: Staff) => !can(staff.role, 'inquiries.personal');

/** GET /api/inquiries: one page of the filtered inbox (masked for a viewer). */
export async function listInquiriesRoute(req: Request, context: RouteContext): Promise<Response> {
  const staff = await requireAccess(req, 'inquiries.read', context);
  const url = new URL(req.url);
  const input = parseInput(InquiryPageSchema, queryOf(url));
  const filter = filterOf(url, staff);
  const db = await getDb();
  const [page, hours] = await Promise.all([listInquiryPage(db, filter, input.limit, input.cursor), reminderHours(db)]);
  const headers: Record<string, string> = { 'X-Total-Count': String(page.total) };
  if (page.nextCursor) {
    const next = new URL(url.pathname, url.origin);
    for (const [key, value] of url.searchParams) if (key !== 'cursor') next.searchParams.set(key, value);
    next.searchParams.set('cursor', page.nextCursor);
    headers.Link = `<${next.pathname}${next.search}>; rel="next"`;
  }
  // The inbox marks inquiries with a tour today (issue 26).
  const touring = await inquiriesTouringToday(db, page.items.map((item) => item.id));
  const items = withResponseTimes(page.items, hours).map((item) => ({ ...item, tourToday: touring.has(item.id) }));
  return sizedJson(readsMasked(staff) ? items.map(maskInquiry) : items, headers);
}

/** GET /api/inquiries/export: the filtered inbox as CSV, for a reason (`reason`, `reasonText`). */
export async function exportInquiriesRoute(req: Request, context: RouteContext): Promise<Response> {
  const staff = await requireAccess(req, 'inquiries.export', context);
  const url = new URL(req.url);
  // Every parameter is checked before the answer starts (real calendar days), so the file is whole or not sent.
  const query = queryOf(url);
  const why = parseInput(ExportReasonSchema, { reason: query.reason ?? '', ...(query.reasonText ? { reasonText: query.reasonText } : {}) });
  assertStorableText(why);
  const filter = filterOf(url, staff);
  const day = koreaTime(Date.now()).slice(0, 10);
  const db = await getDb();
  const ids = await inquiryIdsMatching(db, filter);
  const body = await inquiryCsvStream(db, filter, asLocale(url.searchParams.get('lang')));
  // Who took the personal data of which inquiries out of the system, how many and why (access record).
  await recordAccess(db, staff.actor, { action: 'inquiries.export', inquiryIds: ids, count: ids.length, reason: why.reason, reasonText: why.reasonText || null });
  return new Response(body, {
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="inquiries-${day}.csv"`,
      'Cache-Control': 'no-store',
    },
  });
}

/**
 * POST /api/inquiries/{id}/attachments/{n}/link: signs one attachment at the moment the admin opens it;
 * `lang` makes an expired link's page readable.
 */
export async function attachmentLinkRoute(req: Request, context: RouteContext): Promise<Response> {
  const staff = await requireAccess(req, 'inquiries.attachments', context);
  const id = uuidParam(context);
  if (!id) throw notFound();
  const url = new URL(req.url);
  const n = context.params.n ?? '';
  const inquiry = await inquiryDetail(await getDb(), id);
  const path = inquiry?.attachments[Number(n)];
  if (!inquiry || !/^\d{1,2}$/.test(n) || !path) throw new HttpError(404, 'attachment_not_found', 'No such attachment');
  const lang = asLocale(url.searchParams.get('lang'));
  await recordAccess(await getDb(), staff.actor, { action: 'attachment.link', inquiryIds: [id], targetId: n });
  return json({ url: `${await signedReadURL(path, ATTACHMENT_LINK_TTL_SECONDS)}&lang=${lang}` });
}

/** Names and sizes of an inquiry's attachments (from the objects' metadata; a missing one has none). */
async function attachmentFacts(paths: string[]) {
  return Promise.all(
    paths.map(async (path) => {
      const metadata = await objectMetadata(path);
      return { name: metadata?.filename ?? null, size: metadata?.size ?? null, contentType: metadata?.contentType ?? null };
    }),
  );
}

/** GET /api/inquiries/counts: the count per status for the same filters (counts are the same for every role). */
export async function inquiryCountsRoute(req: Request, context: RouteContext): Promise<Response> {
  const staff = await requireAccess(req, 'inquiries.read', context);
  return sizedJson(await inquiryCounts(await getDb(), filterOf(new URL(req.url), staff)));
}

/** GET /api/inquiries/stats: median first response and which notifications are configured. */
export async function inquiryStatsRoute(req: Request, context: RouteContext): Promise<Response> {
  await requireAccess(req, 'inquiries.read', context);
  return json({ medianFirstResponseSeconds: await medianFirstResponseSeconds(await getDb()), notifications: notificationSettings() });
}

/**
 * GET /api/inquiries/{id}: the inquiry with its history and its attachments' names and sizes; each opening is
 * an access record (`inquiry.view`). A viewer gets it masked, attachments without their names.
 */
export async function inquiryDetailRoute(req: Request, context: RouteContext): Promise<Response> {
  const staff = await requireAccess(req, 'inquiries.read', context);
  const id = uuidParam(context);
  const db = await getDb();
  const detail = id ? await inquiryDetail(db, id) : null;
  if (!detail) throw notFound();
  const [timed, files] = await Promise.all([reminderHours(db).then((hours) => withResponseTimes([detail], hours)[0]!), attachmentFacts(detail.attachments)]);
  await recordAccess(db, staff.actor, { action: 'inquiry.view', inquiryIds: [detail.id] });
  if (readsMasked(staff)) return json({ ...maskInquiryDetail(timed), attachmentFiles: files.map((file) => ({ ...file, name: null })) }, { headers: versionHeaders(detail) });
  return json({ ...timed, attachmentFiles: files }, { headers: versionHeaders(detail) });
}

/** PATCH /api/inquiries/{id}: a pipeline step, a note or a lost reason, appended to the history. */
export async function patchInquiryRoute(req: Request, context: RouteContext): Promise<Response> {
  const staff = await requireAccess(req, 'inquiries.write', context);
  const id = uuidParam(context);
  if (!id) throw notFound();
  const expected = expectedVersion(req);
  const patch = parseInput(InquiryPatchSchema, await readJson(req));
  assertStorableText(patch);
  const db = await getDb();
  const result = await patchInquiry(db, id, patch, { ...staff, mayOverrideWon: can(staff.role, 'leases.sign') }, expected);
  if (!result) throw notFound();
  if (result.mailed) drainSoon(db, context);
  const [timed] = withResponseTimes([result.detail], await reminderHours(db));
  return json(timed, { headers: versionHeaders(result.detail) });
}
