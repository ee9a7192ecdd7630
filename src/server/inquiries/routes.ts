import { INQUIRY_FILTER_KEYS, InquiryFilterSchema, InquiryPageSchema, InquiryPatchSchema } from '../../shared/inquiry.ts';
import { requireAdmin } from '../auth/sessions.ts';
import { getDb } from '../db/index.ts';
import { uuidParam, type RouteContext } from '../http/routes.ts';
import { HttpError } from '../http/errors.ts';
import { json, parseInput, readJson, sharedJsonBytes } from '../http/json.ts';
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

function filterOf(url: URL) {
  const query = queryOf(url);
  const filter = parseInput(InquiryFilterSchema, Object.fromEntries(INQUIRY_FILTER_KEYS.filter((key) => key in query).map((key) => [key, query[key]])));
  assertStorableText(filter);
  return filter;
}

/** GET /api/inquiries: one page of the filtered inbox. */
export async function listInquiriesRoute(req: Request): Promise<Response> {
  await requireAdmin(req);
  const url = new URL(req.url);
  const input = parseInput(InquiryPageSchema, queryOf(url));
  const filter = filterOf(url);
  const page = await listInquiryPage(await getDb(), filter, input.limit, input.cursor);
  const headers: Record<string, string> = { 'X-Total-Count': String(page.total) };
  if (page.nextCursor) {
    const next = new URL(url.pathname, url.origin);
    for (const [key, value] of url.searchParams) if (key !== 'cursor') next.searchParams.set(key, value);
    next.searchParams.set('cursor', page.nextCursor);
    headers.Link = `<${next.pathname}${next.search}>; rel="next"`;
  }
  return sizedJson(page.items, headers);
}

/** GET /api/inquiries/export: the filtered inbox as CSV. */
export async function exportInquiriesRoute(req: Request): Promise<Response> {
  await requireAdmin(req);
  const url = new URL(req.url);
  // Every parameter is checked before the answer starts (filterOf: real calendar days), so the file is whole or not sent.
  const filter = filterOf(url);
  const day = koreaTime(Date.now()).slice(0, 10);
  return new Response(await inquiryCsvStream(await getDb(), filter, asLocale(url.searchParams.get('lang'))), {
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
  await requireAdmin(req);
  const id = uuidParam(context);
  if (!id) throw notFound();
  const url = new URL(req.url);
  const n = context.params.n ?? '';
  const inquiry = await inquiryDetail(await getDb(), id);
  const path = inquiry?.attachments[Number(n)];
  if (!inquiry || !/^\d{1,2}$/.test(n) || !path) throw new HttpError(404, 'attachment_not_found', 'No such attachment');
  const lang = asLocale(url.searchParams.get('lang'));
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
export async function inquiryCountsRoute(req: Request): Promise<Response> {
  await requireAdmin(req);
  return sizedJson(await inquiryCounts(await getDb(), filterOf(new URL(req.url))));
}

/** GET /api/inquiries/stats: median first response and which notifications are configured. */
export async function inquiryStatsRoute(req: Request): Promise<Response> {
  await requireAdmin(req);
  return json({ medianFirstResponseSeconds: await medianFirstResponseSeconds(await getDb()), notifications: notificationSettings() });
}

/** GET /api/inquiries/{id}: the inquiry with its history and its attachments' names and sizes. */
export async function inquiryDetailRoute(req: Request, context: RouteContext): Promise<Response> {
  await requireAdmin(req);
  const id = uuidParam(context);
  const detail = id ? await inquiryDetail(await getDb(), id) : null;
  if (!detail) throw notFound();
  return json({ ...detail, attachmentFiles: await attachmentFacts(detail.attachments) });
}

/** PATCH /api/inquiries/{id}: a pipeline step, a note or a lost reason, appended to the history. */
export async function patchInquiryRoute(req: Request, context: RouteContext): Promise<Response> {
  await requireAdmin(req);
  const id = uuidParam(context);
  if (!id) throw notFound();
  const patch = parseInput(InquiryPatchSchema, await readJson(req));
  assertStorableText(patch);
  const detail = await patchInquiry(await getDb(), id, patch);
  if (!detail) throw notFound();
  return json(detail);
}
