import type { Config } from '@netlify/functions';
import { routes } from '../src/server/http/routes.ts';
import { confirmPrivacyRequestRoute, createPrivacyRequestRoute } from '../src/server/privacy/routes.ts';

export const config: Config = { path: ['/api/privacy/requests', '/api/privacy/requests/confirm'] };

/** A visitor's privacy requests (issue 24): ask (a link is mailed), then confirm with the link's token. */
export default routes(config, {
  '/api/privacy/requests': { POST: createPrivacyRequestRoute },
  '/api/privacy/requests/confirm': { POST: confirmPrivacyRequestRoute },
});
