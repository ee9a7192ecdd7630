import { INQUIRY_FILTER_KEYS, InquiryFilterSchema, InquiryPageSchema, InquiryPatchSchema, type InquiryFilter } from '../../shared/inquiry.ts';
import { requireAccess, type Staff } from '../auth/access.ts';
import { recordEvent } from '../audit/actor.ts';
import { drainSoon } from '../notify/outbox.ts';
import { reminderHours, withResponseTimes } from './response-time.ts';
import { getDb } from '../db/index.ts';
import { uuidParam, type RouteContext } from '../http/routes.ts';
import { HttpError } from '../http/errors.ts';
import { json, parseInput, readJson, sharedJsonBytes } from '../http/json.ts';
import { expectedVersion, versionHeaders } from '../http/versions.ts';
import { inquiryDetail, patchInquiry } from './queries.ts';
import { inquiryCsvStream, koreaTime } from './export.ts';
import { inquiryCounts, listInquiryPage, medianFirstResponseSeconds } from './list.ts';
import { notificationSettings } from '../notify/config.ts';
import { asLocale } from '../i18n.ts';
import { assertStorableText } from '../http/storable-text.ts';
import { signedReadURL, objectMetadata } from '../objects/storage.ts';

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

/** GET /api/inquiries: one page of the filtered inbox. */
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
  return sizedJson(withResponseTimes(page.items, hours), headers);
}

/** GET /api/inquiries/export: the filtered inbox as CSV. */
export async function exportInquiriesRoute(req: Request, context: RouteContext): Promise<Response> {
  const staff = await requireAccess(req, 'inquiries.export', context);
  const url = new URL(req.url);
  // Every parameter is checked before the answer starts (real calendar days), so the file is whole or not sent.
  const filter = filterOf(url, staff);
  const day = koreaTime(Date.now()).slice(0, 10);
  const db = await getDb();
  const body = await inquiryCsvStream(db, filter, asLocale(url.searchParams.get('lang')));
  // Who took the personal data of which inquiries out of the system (the filter says which).
  await recordEvent(db, staff.actor, { action: 'export', entity: 'inquiry', changes: { filter: [null, filter] } });
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
  await recordEvent(await getDb(), staff.actor, { action: 'attachment_link', entity: 'inquiry', entityId: id, changes: { attachment: [null, Number(n)] } });
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

/** GET /api/inquiries/counts: the count per status for the same filters. */
export async function inquiryCountsRoute(req: Request, context: RouteContext): Promise<Response> {
  const staff = await requireAccess(req, 'inquiries.read', context);
  return sizedJson(await inquiryCounts(await getDb(), filterOf(new URL(req.url), staff)));
}

/** GET /api/inquiries/stats: median first response and which notifications are configured. */
export async function inquiryStatsRoute(req: Request, context: RouteContext): Promise<Response> {
  await requireAccess(req, 'inquiries.read', context);
  return json({ medianFirstResponseSeconds: await medianFirstResponseSeconds(await getDb()), notifications: notificationSettings() });
}

/** GET /api/inquiries/{id}: the inquiry with its history and its attachments' names and sizes. */
export async function inquiryDetailRoute(req: Request, context: RouteContext): Promise<Response> {
  await requireAccess(req, 'inquiries.read', context);
  const id = uuidParam(context);
  const db = await getDb();
  const detail = id ? await inquiryDetail(db, id) : null;
  if (!detail) throw notFound();
  const [timed] = withResponseTimes([detail], await reminderHours(db));
  return json({ ...timed, attachmentFiles: await attachmentFacts(detail.attachments) }, { headers: versionHeaders(detail) });
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
  const result = await patchInquiry(db, id, patch, staff, expected);
  if (!result) throw notFound();
  if (result.mailed) drainSoon(db, context);
  const [timed] = withResponseTimes([result.detail], await reminderHours(db));
  return json(timed, { headers: versionHeaders(result.detail) });
}
