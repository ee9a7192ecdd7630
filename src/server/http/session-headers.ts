import { IDLE_TIMEOUT_HEADER } from '../../shared/api.ts';

/** The idle timeout the session guard applied to each request it let through (a request is answered once). */
const idleMinutesApplied = new WeakMap<Request, number>();

/** The guard (src/server/auth/access.ts) found a live session for `req` under the owner's `minutes`. */
export function noteIdleTimeout(req: Request, minutes: number): void {
  idleMinutesApplied.set(req, minutes);
}

/**
 * The headers an answer to `req` carries for its session: the idle timeout in force (IDLE_TIMEOUT_HEADER), as
 * read at this request — an owner's shorter setting reaches every open panel at its next request or poll. None
 * without a live session. Added by the one function wrapper (handler.ts), answers and refusals alike.
 */
export function withSessionHeaders(req: Request, response: Response): Response {
  const minutes = idleMinutesApplied.get(req);
  if (minutes !== undefined && !response.headers.has(IDLE_TIMEOUT_HEADER)) response.headers.set(IDLE_TIMEOUT_HEADER, String(minutes));
  return response;
}
