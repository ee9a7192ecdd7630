import type { Config } from '@netlify/functions';
import { getDb } from '../src/server/db/index.ts';
import { CACHE_TAGS, publicListHeaders } from '../src/server/http/cdn-cache.ts';
import { json } from '../src/server/http/json.ts';
import { routes } from '../src/server/http/routes.ts';
import { privacyNotice } from '../src/server/privacy/notice.ts';

export const config: Config = { path: '/api/privacy/notice' };

/**
 * GET (public): `{ version, effectiveDate, retention }` of the collection notice the form shows now. Cached at
 * the CDN like the public lists; a settings change purges it (functions/admin-settings.ts).
 */
export default routes(config, { '/api/privacy/notice': { GET: read } });

async function read(): Promise<Response> {
  return json(await privacyNotice(await getDb()), { headers: publicListHeaders(CACHE_TAGS.privacy) });
}
