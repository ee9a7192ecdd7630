import type { Config } from '@netlify/functions';
import { requireAccess } from '../src/server/auth/access.ts';
import { getDb } from '../src/server/db/index.ts';
import { json } from '../src/server/http/json.ts';
import { routes, type RouteContext } from '../src/server/http/routes.ts';
import { readDealSettings } from '../src/server/settings/deal-settings.ts';

export const config: Config = { path: '/api/deal-rates' };

/** The owner's rates and approval rules, for the proposal form's live figures (docs/api/proposals.md). */
export default routes(config, { '/api/deal-rates': { GET: read } });

async function read(req: Request, context: RouteContext): Promise<Response> {
  await requireAccess(req, 'proposals.write', context);
  return json(await readDealSettings(await getDb()));
}
