/**
 * The security headers of everything the site answers, defined once. Netlify applies `_headers` and netlify.toml's
 * [[headers]] to static files only, never to a function's answer, so the same list reaches both from here:
 * - static files: the build writes it into `dist/_headers` under `/*` (build/csp-headers.ts);
 * - functions: every route table's handler adds it to each answer (src/server/http/handler.ts), HTML pages
 *   (the brand directory, share pages, their 404 and 410 pages, object error pages) and JSON alike.
 * Each page's Content-Security-Policy is its own (src/server/http/page-policy.ts), as are cache headers.
 */
export const SITE_SECURITY_HEADERS: Readonly<Record<string, string>> = {
  // A year, for every subdomain too: once a browser has seen the site over HTTPS it refuses plain HTTP.
  'Strict-Transport-Security': 'max-age=31536000; includeSubDomains',
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  // Browsers too old for the policy's frame-ancestors still refuse to frame the site.
  'X-Frame-Options': 'DENY',
  'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), payment=(), usb=()',
};

/**
 * What a function's answer adds where it did not set its own: a policy under which nothing runs or frames (a JSON
 * answer opened as a page shows text, nothing more), and no other site may embed the answer as a resource.
 */
export const FUNCTION_ANSWER_DEFAULTS: Readonly<Record<string, string>> = {
  'Content-Security-Policy': "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'",
  'Cross-Origin-Resource-Policy': 'same-origin',
};

/**
 * `response` with the site's security headers, and the defaults for what it left unset; a header the function
 * set itself (a page's own policy) stays.
 */
export function withSecurityHeaders(response: Response): Response {
  for (const [name, value] of Object.entries({ ...SITE_SECURITY_HEADERS, ...FUNCTION_ANSWER_DEFAULTS })) {
    if (!response.headers.has(name)) response.headers.set(name, value);
  }
  return response;
}
