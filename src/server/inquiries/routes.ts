import { INQUIRY_FILTER_KEYS, InquiryFilterSchema, InquiryPageSchema, InquiryPatchSchema } from '../../shared/inquiry.ts';
import { requireAdmin } from '../auth/sessions.ts';
import { getDb } from '../db/index.ts';
import { allowMethods } from '../http/handler.ts';
import { HttpError } from '../http/errors.ts';
import { json, parseInput, readJson, sharedJsonBytes } from '../http/json.ts';
import { inquiryDetail, patchInquiry } from './queries.ts';
import { inquiryCsvStream } from './export.ts';
import { inquiryCounts, listInquiryPage, medianFirstResponseSeconds } from './list.ts';
import { notificationSettings } from '../notify/config.ts';
import { asLocale } from '../i18n.ts';
import { assertStorableText } from '../http/storable-text.ts';
import { signedReadURL, objectMetadata } from '../objects/storage.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
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

async function listRoute(url: URL): Promise<Response> {
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

async function exportRoute(url: URL): Promise<Response> {
  const filter = filterOf(url);
  const db = await getDb();
  {
    const day = new Date(Date.now() + 9 * 3600_000).toISOString().slice(0, 10);
    return new Response(inquiryCsvStream(db, filter, asLocale(url.searchParams.get('lang'))), {
      headers: {
        'Content-Type': 'text/csv; charset=utf-8',
        'Content-Disposition': `attachment; filename="inquiries-${day}.csv"`,
        'Cache-Control': 'no-store',
      },
    });
  }
}

/** Signs one attachment at the moment the admin opens it; `lang` makes an expired link's page readable. */
async function attachmentLinkRoute(id: string, n: string, url: URL): Promise<Response> {
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

/**
 * The admin's inquiry routes under /api/inquiries: the paged list (GET), /counts, /stats, /export,
 * /{id} (GET, PATCH) and /{id}/attachments/{n}/link (POST). Every one requires an admin session.
 */
export async function inquiryAdminRoute(req: Request): Promise<Response> {
  const url = new URL(req.url);
  const parts = url.pathname.replace(/\/+$/, '').split('/').slice(3);
  // The bare path also takes the public POST (handled by the function), so a wrong method there is 405 for anyone.
  if (parts.length === 0) allowMethods(req, ['GET', 'POST']);
  await requireAdmin(req);
  const [first, second, third, fourth] = parts;
  if (first === undefined) {
    allowMethods(req, ['GET']);
    return listRoute(url);
  }
  if (parts.length === 1 && (first === 'counts' || first === 'stats' || first === 'export')) {
    allowMethods(req, ['GET']);
    if (first === 'export') return exportRoute(url);
    const db = await getDb();
    if (first === 'counts') return sizedJson(await inquiryCounts(db, filterOf(url)));
    return json({ medianFirstResponseSeconds: await medianFirstResponseSeconds(db), notifications: notificationSettings() });
  }
  if (!UUID.test(first)) throw notFound();
  const id = first.toLowerCase();
  if (parts.length === 4 && second === 'attachments' && fourth === 'link') {
    allowMethods(req, ['POST']);
    return attachmentLinkRoute(id, third!, url);
  }
  if (parts.length !== 1) throw notFound();
  allowMethods(req, ['GET', 'PATCH']);
  const db = await getDb();
  if (req.method === 'PATCH') {
    const patch = parseInput(InquiryPatchSchema, await readJson(req));
    assertStorableText(patch);
    const detail = await patchInquiry(db, id, patch);
    if (!detail) throw notFound();
    return json(detail);
  }
  const detail = await inquiryDetail(db, id);
  if (!detail) throw notFound();
  return json({ ...detail, attachmentFiles: await attachmentFacts(detail.attachments) });
}
