import type { Config } from '@netlify/functions';
import { routes } from '../src/server/http/routes.ts';
import { calendarFeedRoute, calendarFeedTextRoute, rotateCalendarFeedRoute } from '../src/server/tours/routes.ts';

export const config: Config = {
  path: ['/api/admin/me/calendar-feed', '/api/admin/me/calendar-feed/rotate', '/api/calendar-feed/:token'],
};

/** Each staff member's private calendar feed of their upcoming tours: its address, a new one, the feed. */
export default routes(config, {
  '/api/admin/me/calendar-feed': { GET: calendarFeedRoute },
  '/api/admin/me/calendar-feed/rotate': { POST: rotateCalendarFeedRoute },
  '/api/calendar-feed/:token': { GET: calendarFeedTextRoute },
});
