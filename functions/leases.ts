import type { Config } from '@netlify/functions';
import { routes } from '../src/server/http/routes.ts';
import {
  amendLeaseRoute, discardLeaseRoute, inquiryLeasesRoute, leaseDocumentLinkRoute, leaseHistoryRoute, leaseRoute, leaseScheduleRoute, listLeasesRoute, openLeaseRoute,
  patchLeaseRoute, signLeaseRoute,
} from '../src/server/leases/routes.ts';

export const config: Config = {
  path: [
    '/api/inquiries/:id/lease', '/api/leases', '/api/leases/:id', '/api/leases/:id/sign', '/api/leases/:id/amendments', '/api/leases/:id/schedule',
    '/api/leases/:id/document/link', '/api/leases/:id/history',
  ],
};

/** Leases (issue 40): opened from an inquiry's accepted proposal, drafted, signed, amended; their schedule, document and history. */
export default routes(config, {
  '/api/inquiries/:id/lease': { GET: inquiryLeasesRoute, POST: openLeaseRoute },
  '/api/leases': { GET: listLeasesRoute },
  '/api/leases/:id': { GET: leaseRoute, PATCH: patchLeaseRoute, DELETE: discardLeaseRoute },
  '/api/leases/:id/sign': { POST: signLeaseRoute },
  '/api/leases/:id/amendments': { POST: amendLeaseRoute },
  '/api/leases/:id/schedule': { GET: leaseScheduleRoute },
  '/api/leases/:id/document/link': { POST: leaseDocumentLinkRoute },
  '/api/leases/:id/history': { GET: leaseHistoryRoute },
});
