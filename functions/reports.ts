import type { Config } from '@netlify/functions';
import { routes, type RouteContext } from '../src/server/http/routes.ts';
import { reportRoute } from '../src/server/reports/routes.ts';
import type { ReportName } from '../src/shared/reports.ts';

export const config: Config = {
  path: ['/api/reports/funnel', '/api/reports/sources', '/api/reports/speed', '/api/reports/team', '/api/reports/spaces', '/api/reports/rent-roll', '/api/reports/expiries', '/api/reports/proposals'],
};

const report = (name: ReportName) => (req: Request, context: RouteContext) => reportRoute(name, req, context);

/** GET /api/reports/{funnel|sources|speed|team|spaces|rent-roll|expiries|proposals}: the owner's reports (src/server/reports/routes.ts). */
export default routes(config, {
  '/api/reports/funnel': { GET: report('funnel') },
  '/api/reports/sources': { GET: report('sources') },
  '/api/reports/speed': { GET: report('speed') },
  '/api/reports/team': { GET: report('team') },
  '/api/reports/spaces': { GET: report('spaces') },
  '/api/reports/rent-roll': { GET: report('rent-roll') },
  '/api/reports/expiries': { GET: report('expiries') },
  '/api/reports/proposals': { GET: report('proposals') },
});
