import type { Config } from '@netlify/functions';
import { SettingsPatchSchema } from '../src/shared/settings.ts';
import { requireAccess } from '../src/server/auth/access.ts';
import { getDb } from '../src/server/db/index.ts';
import { CACHE_TAGS, purgeTags } from '../src/server/http/cdn-cache.ts';
import { json, parseInput, readJson } from '../src/server/http/json.ts';
import { routes, type RouteContext } from '../src/server/http/routes.ts';
import { expectedVersion, versionHeaders } from '../src/server/http/versions.ts';
import { readVersionedSettings, updateSettings } from '../src/server/settings/queries.ts';

export const config: Config = { path: '/api/admin/settings' };

/** The owner's settings: the response-time reminder's office hours. */
export default routes(config, { '/api/admin/settings': { GET: read, PATCH: update } });

async function read(req: Request, context: RouteContext): Promise<Response> {
  await requireAccess(req, 'settings.manage', context);
  const settings = await readVersionedSettings(await getDb());
  return json(settings, { headers: versionHeaders(settings) });
}

async function update(req: Request, context: RouteContext): Promise<Response> {
  const staff = await requireAccess(req, 'settings.manage', context);
  const expected = expectedVersion(req);
  const settings = await updateSettings(staff, parseInput(SettingsPatchSchema, await readJson(req)), await getDb(), expected);
  // GET /api/privacy/notice shows the retention periods in force, which are settings.
  await purgeTags([CACHE_TAGS.privacy]);
  return json(settings, { headers: versionHeaders(settings) });
}
