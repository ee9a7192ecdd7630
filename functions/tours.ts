import type { Config } from '@netlify/functions';
import { routes } from '../src/server/http/routes.ts';
import {
  bookTourRoute,
  cancelTourRoute,
  listToursRoute,
  patchTourRoute,
  tourOutcomeRoute,
  tourRoute,
} from '../src/server/tours/routes.ts';

export const config: Config = {
  path: ['/api/inquiries/:id/tours', '/api/tours', '/api/tours/:id', '/api/tours/:id/cancel', '/api/tours/:id/outcome'],
};

/** Site visits (issue 26): booked from an inquiry, listed as an agenda, rescheduled, cancelled, concluded. */
export default routes(config, {
  '/api/inquiries/:id/tours': { POST: bookTourRoute },
  '/api/tours': { GET: listToursRoute },
  '/api/tours/:id': { GET: tourRoute, PATCH: patchTourRoute },
  '/api/tours/:id/cancel': { POST: cancelTourRoute },
  '/api/tours/:id/outcome': { POST: tourOutcomeRoute },
});
