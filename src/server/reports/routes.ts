import { can } from '../../shared/roles.ts';
import { reportTables } from '../../shared/report-tables.ts';
import { REPORTS, ReportQuerySchema, type ReportName } from '../../shared/reports.ts';
import { requireAccess } from '../auth/access.ts';
import { getDb, type Db } from '../db/index.ts';
import { HttpError } from '../http/errors.ts';
import { parseInput, sharedJsonBytes } from '../http/json.ts';
import type { RouteContext } from '../http/routes.ts';
import { asLocale } from '../i18n.ts';
import { cachedReport, REPORT_CACHE_SECONDS } from './cache.ts';
import { tableCsv } from './csv.ts';
import { funnelReport } from './funnel.ts';
import { periodOf, type Period } from './period.ts';
import { proposalsReport } from './proposals.ts';
import { sourcesReport } from './sources.ts';
import { spacesReport } from './spaces.ts';
import { asOfDay, expiriesReport, rentRollReport } from './leases.ts';
import { speedReport } from './speed.ts';
import { teamReport } from './team.ts';

/** What the reader may see beyond the team's totals: people's figures, and free texts that can name a prospect. */
export interface ReportReader {
  people: boolean;
  personal: boolean;
}

/** One report's figures for a period, as far as the reader may see them (decision 031; the inbox's masking). */
export function computeReport(db: Db, name: ReportName, period: Period, reader: ReportReader): Promise<unknown> {
  const { people } = reader;
  switch (name) {
    case 'funnel':
      return funnelReport(db, period, reader.personal);
    case 'sources':
      return sourcesReport(db, period);
    case 'speed':
      return speedReport(db, period, people);
    case 'team':
      return teamReport(db, period);
    case 'spaces':
      return spacesReport(db, period);
    case 'rent-roll':
      return rentRollReport(db, period);
    case 'expiries':
      return expiriesReport(db, period);
    case 'proposals':
      return proposalsReport(db, period);
  }
}

/**
 * GET /api/reports/{name}?from&to&interval[&format=csv&table=&lang=]: viewers read the team's totals
 * (reports.read), the team report and per-person speed need reports.people (decision 031).
 */
export async function reportRoute(name: ReportName, req: Request, context: RouteContext): Promise<Response> {
  const staff = await requireAccess(req, name === 'team' ? 'reports.people' : 'reports.read', context);
  const params = new URL(req.url).searchParams;
  const { table: tableName, lang, ...rest } = Object.fromEntries(params);
  const query = parseInput(ReportQuerySchema, rest);
  // A viewer reads the reports as the inbox shows them: the team's totals, no free text about a prospect.
  const reader: ReportReader = { people: can(staff.role, 'reports.people'), personal: can(staff.role, 'inquiries.personal') };
  const db = await getDb();
  const period = periodOf(query);
  // The lease reports read the leases as of one day: every period ending on it asks the same question.
  const key = name === 'rent-roll' || name === 'expiries'
    ? `${name}|${asOfDay(period)}`
    : `${name}|${query.from}|${query.to}|${query.interval}|${reader.people}|${reader.personal}|${period.today}`;
  const report = await cachedReport(db, key, () => computeReport(db, name, period, reader));
  const headers = { 'Cache-Control': `private, max-age=${REPORT_CACHE_SECONDS}` };
  if (query.format === 'json') {
    // With its length, as the inbox's lists: one chunk, no chunked encoding.
    const response = sharedJsonBytes(new TextEncoder().encode(JSON.stringify(report)));
    response.headers.set('Cache-Control', headers['Cache-Control']);
    return response;
  }
  const tables = reportTables(name, report as never, query.interval);
  const table = tableName === undefined ? tables[0]! : tables.find((one) => one.name === tableName);
  if (!table) throw new HttpError(400, 'invalid_input', 'No such table in this report', { fields: { table: 'reports.errors.tableInvalid' } });
  return new Response(tableCsv(table, asLocale(lang)), {
    headers: {
      ...headers,
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="${name}-${table.name}-${query.from}-${query.to}.csv"`,
    },
  });
}

export const REPORT_PATHS = REPORTS.map((name) => `/api/reports/${name}`);
