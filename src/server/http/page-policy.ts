/**
 * The Content-Security-Policy of every HTML page we send, static or rendered by a function: nothing
 * loads from anywhere but this site except the two embeds (each by origin and path), no framing, no
 * plugins, forms post here only. Scripts and styles are allowed by file ('self') and, inline, only by the
 * hash of each one: never 'unsafe-inline'. Static pages get it as a response header generated at build
 * (build/csp-headers.ts → dist/_headers); a function that renders HTML sets it with the hashes of its own
 * inline code (docs/decisions/012-csp-as-a-header.md).
 */
export const PAGE_POLICY_BASE: Readonly<Record<string, string>> = {
  'default-src': "'self'",
  'frame-ancestors': "'none'",
  'base-uri': "'self'",
  'object-src': "'none'",
  'form-action': "'self'",
  'img-src': "'self' data: blob:",
  'frame-src': 'https://www.youtube-nocookie.com/embed/ https://www.google.com/maps',
  'connect-src': "'self'",
};

/** `'sha256-…'` of a script or style exactly as it stands between its tags. */
export async function cspHash(source: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(source));
  return `'sha256-${Buffer.from(digest).toString('base64')}'`;
}

/**
 * The page policy with `scripts` and `styles` (hash sources, `'sha256-…'`) as its only inline code.
 * @example pagePolicy({ scripts: [await cspHash('console.log(1)')] })
 */
export function pagePolicy({ scripts = [], styles = [] }: { scripts?: readonly string[]; styles?: readonly string[] }): string {
  const directives: Record<string, string> = {
    ...PAGE_POLICY_BASE,
    'script-src': ["'self'", ...scripts].join(' '),
    'style-src': ["'self'", ...styles].join(' '),
  };
  return Object.entries(directives).map(([name, value]) => `${name} ${value}`).join('; ');
}
