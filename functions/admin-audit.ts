import type { Config } from '@netlify/functions';
import { AUDIT_FILTER_KEYS, AuditFilterSchema, AuditPageSchema, type AuditFilter } from '../src/shared/audit.ts';
import { requireAccess } from '../src/server/auth/access.ts';
import { recordEvent } from '../src/server/audit/actor.ts';
import { auditCsvStream } from '../src/server/audit/export.ts';
import { listAuditPage } from '../src/server/audit/list.ts';
import { getDb } from '../src/server/db/index.ts';
import { asLocale } from '../src/server/i18n.ts';
import { json, parseInput } from '../src/server/http/json.ts';
import { routes, type RouteContext } from '../src/server/http/routes.ts';

export const config: Config = { path: ['/api/admin/audit', '/api/admin/audit/export'] };

/** The activity log (owner): paged like the inbox, and as CSV. Nothing here edits or deletes it. */
export default routes(config, {
  '/api/admin/audit': { GET: list },
  '/api/admin/audit/export': { GET: exportCsv },
});

function queryOf(url: URL): Record<string, string> {
  return Object.fromEntries([...url.searchParams].filter(([, value]) => value !== ''));
}

function filterOf(query: Record<string, string>): AuditFilter {
  return parseInput(AuditFilterSchema, Object.fromEntries(AUDIT_FILTER_KEYS.filter((key) => key in query).map((key) => [key, query[key]])));
}

/** An array, newest first; `Link: <…>; rel="next"` names the next page (keyset cursor). */
async function list(req: Request, context: RouteContext): Promise<Response> {
  await requireAccess(req, 'audit.read', context);
  const url = new URL(req.url);
  const query = queryOf(url);
  const input = parseInput(AuditPageSchema, query);
  const page = await listAuditPage(await getDb(), filterOf(query), input.limit, input.cursor);
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
  return new Response(auditCsvStream(db, filter, asLocale(url.searchParams.get('lang'))), {
    headers: { 'Content-Type': 'text/csv; charset=utf-8', 'Content-Disposition': `attachment; filename="activity-${day}.csv"`, 'Cache-Control': 'no-store' },
  });
}
