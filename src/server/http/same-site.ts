import { HttpError } from './errors.ts';

/** Loopback names are one host: the dev server's pages may say localhost while the functions say 127.0.0.1. */
const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]']);
const sameHost = (a: string, b: string) => a === b || (LOOPBACK.has(a) && LOOPBACK.has(b));

/**
 * Refuses (403 `cross_site_request`) a write sent from another site: a form or `fetch` on a foreign page
 * carries its `Origin`, and browsers mark it `Sec-Fetch-Site: cross-site`. Requests without either
 * (curl, server-to-server) are not a browser's cross-site post and pass.
 */
export function requireSameSite(req: Request): void {
  const refuse = () => new HttpError(403, 'cross_site_request', 'Requests from other sites are refused');
  if (req.headers.get('sec-fetch-site') === 'cross-site') throw refuse();
  const origin = req.headers.get('origin');
  if (origin === null) return;
  let host: string;
  try {
    host = new URL(origin).hostname;
  } catch {
    throw refuse();
  }
  if (!sameHost(host, new URL(req.url).hostname)) throw refuse();
}
