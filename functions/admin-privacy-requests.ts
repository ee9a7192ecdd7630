import type { Config } from '@netlify/functions';
import { routes } from '../src/server/http/routes.ts';
import { listPrivacyRequestsRoute, privacyRequestActionRoute } from '../src/server/privacy/routes.ts';

export const config: Config = { path: ['/api/admin/privacy-requests', '/api/admin/privacy-requests/:id/actions'] };

/** The owner's list of confirmed privacy requests and the actions that work them (issue 24). */
export default routes(config, {
  '/api/admin/privacy-requests': { GET: listPrivacyRequestsRoute },
  '/api/admin/privacy-requests/:id/actions': { POST: privacyRequestActionRoute },
});
