import type { FunctionRoute } from './function-routes.ts';

/**
 * Methods a web Request cannot carry (fetch forbids them), so a function can never see them: without
 * this they crashed into 500s. Netlify's edge answers them 405; every other method reaches the
 * function, whose route table answers 405 with `Allow` itself.
 */
const UNREQUESTABLE = new Set(['CONNECT', 'TRACE', 'TRACK']);
/** A method nobody declares: the function's answer names the ones it does. */
const PROBE_METHOD = 'PROBE';

/** The `Allow` list when `method` can never reach the function (then answer 405), else null. */
export async function refusedMethod(route: FunctionRoute, method: string, url: URL, params: Record<string, string>): Promise<string | null> {
  if (!UNREQUESTABLE.has(method.toUpperCase())) return null;
  const response = await Promise.resolve(route.handler(new Request(url, { method: PROBE_METHOD }), { params })).catch(() => null);
  const allow = response?.status === 405 ? response.headers.get('allow') : null;
  return allow || 'GET, HEAD';
}

/**
 * The client's address as Netlify gives it (context.ip and x-nf-client-connection-ip). The server only
 * listens on loopback, so whatever connects is a local proxy or load generator standing in for
 * Netlify's edge: a client address it names is honoured, otherwise the socket's own.
 */
export function clientAddress(header: string | string[] | undefined, socketAddress: string | undefined): string {
  const named = Array.isArray(header) ? header[0] : header;
  return named?.trim() || socketAddress || '127.0.0.1';
}
