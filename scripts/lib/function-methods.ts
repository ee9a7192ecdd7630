import type { FunctionRoute } from './function-routes.ts';

/**
 * The methods each function answers, as Netlify's edge knows them: asked once per function with a
 * method nobody declares (every handler's first step is allowMethods, which answers 405 with `Allow`).
 * TRACE, TRACK and CONNECT cannot even be put in a web Request, so without this they crashed into 500s.
 */
const PROBE_METHOD = 'PROBE';
const known = new Map<string, Promise<string[] | null>>();

async function probe(route: FunctionRoute, url: URL, params: Record<string, string>): Promise<string[] | null> {
  const response = await route.handler(new Request(url, { method: PROBE_METHOD }), { params });
  const allow = response.status === 405 ? response.headers.get('allow') : null;
  return allow ? allow.split(',').map((method) => method.trim().toUpperCase()).filter(Boolean) : null;
}

/** The `Allow` list when `method` is not one the route answers (then answer 405), else null. */
export async function refusedMethod(route: FunctionRoute, method: string, url: URL, params: Record<string, string>): Promise<string | null> {
  if (!known.has(route.name)) known.set(route.name, probe(route, url, params).catch(() => null));
  const allowed = await known.get(route.name);
  if (!allowed) return ['CONNECT', 'TRACE', 'TRACK'].includes(method) ? 'GET, HEAD' : null;
  const upper = method.toUpperCase();
  if (allowed.includes(upper) || (upper === 'HEAD' && allowed.includes('GET'))) return null;
  return allowed.join(', ');
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
