import type { ApiErrorBody } from '../../shared/api.ts';
import { HttpError, isUnavailable } from './errors.ts';
import { json } from './json.ts';
import { withSecurityHeaders } from './security-headers.ts';
import { withSessionHeaders } from './session-headers.ts';

export function errorResponse(error: HttpError): Response {
  const body: ApiErrorBody = { error: { ...error.details, code: error.code, message: error.message } };
  if (error.fields) body.error.fields = error.fields;
  if (error.nextFree) body.error.nextFree = error.nextFree;
  return json(body, { status: error.status, headers: error.headers });
}

/**
 * Wraps a function handler: HttpErrors become their JSON response, a database outage becomes 503,
 * anything else 500 without internals; every response gets the security headers, and an answer to a
 * signed-in request the session's (session-headers.ts).
 */
export function handle<TContext>(
  handler: (req: Request, context: TContext) => Promise<Response>,
): (req: Request, context: TContext) => Promise<Response> {
  return async (req, context) => withSessionHeaders(req, await answer(req, context));
  async function answer(req: Request, context: TContext): Promise<Response> {
    try {
      return withSecurityHeaders(await handler(req, context));
    } catch (error) {
      if (error instanceof HttpError) return withSecurityHeaders(errorResponse(error));
      if (isUnavailable(error)) {
        // The visitor gets a generic 503; the operator's function log says which dependency and why.
        console.error(`503: ${error instanceof Error ? error.message : String(error)}`);
        return withSecurityHeaders(
          errorResponse(new HttpError(503, 'service_unavailable', 'A service is temporarily unavailable', { headers: { 'Retry-After': '5' } })),
        );
      }
      console.error(error);
      return withSecurityHeaders(errorResponse(new HttpError(500, 'internal_error', 'Unexpected server error')));
    }
  }
}
