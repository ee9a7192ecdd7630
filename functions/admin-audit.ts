import type { Config } from '@netlify/functions';
import { AUDIT_FILTER_KEYS, AuditFilterSchema, AuditPageSchema, type AuditFilter } from '../src/shared/audit.ts';
import { requireAccess } from '../src/server/auth/access.ts';
import { recordEvent } from '../src/server/audit/actor.ts';
import { listAccessPage } from '../src/server/audit/access.ts';
import { listAccessReviews, markAccessReviewDone } from '../src/server/audit/review.ts';
import { accessCsvStream, auditCsvStream } from '../src/server/audit/export.ts';
import { listAuditPage } from '../src/server/audit/list.ts';
import { withRefs } from '../src/server/audit/refs.ts';
import { can } from '../src/shared/roles.ts';
import { getDb } from '../src/server/db/index.ts';
import { asLocale } from '../src/server/i18n.ts';
import { json, parseInput } from '../src/server/http/json.ts';
import { routes, type RouteContext } from '../src/server/http/routes.ts';

export const config: Config = { path: ['/api/admin/audit', '/api/admin/audit/export', '/api/admin/access-reviews', '/api/admin/access-reviews/:month/done'] };

/**
 * The activity log (owner): paged like the inbox, and as CSV; the monthly access reviews and marking one
 * done. Nothing here edits or deletes the log.
 */
export default routes(config, {
  '/api/admin/audit': { GET: list },
  '/api/admin/audit/export': { GET: exportCsv },
  '/api/admin/access-reviews': { GET: reviews },
  '/api/admin/access-reviews/:month/done': { POST: reviewDone },
});

/** The monthly reviews so far, newest first: month, when mailed, when and by whom marked done. */
async function reviews(req: Request, context: RouteContext): Promise<Response> {
  await requireAccess(req, 'audit.read', context);
  return json(await listAccessReviews(await getDb()));
}

/** Marks a month's review done (recorded in the activity log); 404 `review_not_found` for a month never reviewed. */
async function reviewDone(req: Request, context: RouteContext): Promise<Response> {
  const staff = await requireAccess(req, 'audit.review', context);
  return json(await markAccessReviewDone(await getDb(), staff, context.params.month ?? ''));
}

function queryOf(url: URL): Record<string, string> {
  return Object.fromEntries([...url.searchParams].filter(([, value]) => value !== ''));
}

function filterOf(query: Record<string, string>): AuditFilter {
  return parseInput(AuditFilterSchema, Object.fromEntries(AUDIT_FILTER_KEYS.filter((key) => key in query).map((key) => [key, query[key]])));
}

/**
 * An array, newest first; `Link: <…>; rel="next"` names the next page (keyset cursor). `kind` (access, view,
 * download) lists the access records instead of the writes.
 */
async function list(req: Request, context: RouteContext): Promise<Response> {
  const staff = await requireAccess(req, 'audit.read', context);
  const url = new URL(req.url);
  const query = queryOf(url);
  const input = parseInput(AuditPageSchema, query);
  const filter = filterOf(query);
  const db = await getDb();
  // The writes carry the records they name (`refs`: names, not ids), the inquirer masked for who reads masked.
  const page = filter.kind
    ? await listAccessPage(db, filter, filter.kind, input.limit, input.cursor)
    : await listAuditPage(db, filter, input.limit, input.cursor).then(async (writes) => ({ ...writes, items: await withRefs(db, writes.items, !can(staff.role, 'inquiries.personal')) }));
  const headers: Record<string, string> = {};
  if (page.nextCursor) {
    const next = new URL(url.pathname, url.origin);
    for (const [key, value] of url.searchParams) if (key !== 'cursor') next.searchParams.set(key, value);
    next.searchParams.set('cursor', page.nextCursor);
    headers.Link = `<${next.pathname}${next.search}>; rel="next"`;
  }
  return json(page.items, { headers });
}

async function exportCsv(req: Request, context: RouteContext): Promise<Response> {
  const staff = await requireAccess(req, 'audit.read', context);
  const url = new URL(req.url);
  const filter = filterOf(queryOf(url));
  const db = await getDb();
  await recordEvent(db, staff.actor, { action: 'export', entity: 'audit', changes: { filter: [null, filter] } });
  const day = new Date(Date.now() + 9 * 3600_000).toISOString().slice(0, 10);
  const locale = asLocale(url.searchParams.get('lang'));
  return new Response(filter.kind ? accessCsvStream(db, filter, filter.kind, locale) : auditCsvStream(db, filter, locale, !can(staff.role, 'inquiries.personal')), {
    headers: { 'Content-Type': 'text/csv; charset=utf-8', 'Content-Disposition': `attachment; filename="activity-${day}.csv"`, 'Cache-Control': 'no-store' },
  });
}
