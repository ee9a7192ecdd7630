import { readFile } from 'node:fs/promises';
import { parse } from 'smol-toml';

export interface HeaderRule {
  pattern: RegExp;
  values: Record<string, string>;
}

export interface NotFoundRule {
  pattern: RegExp;
  to: string;
}

export interface NetlifyRules {
  headers: HeaderRule[];
  /** `[[redirects]]` with status 404: the page shown for unknown paths under `from`. */
  notFound: NotFoundRule[];
}

/** Netlify's path patterns: `*` matches the rest, `:name` one segment. */
export function pathPattern(glob: string): RegExp {
  const source = glob
    .split(/(\*|:[A-Za-z_]\w*)/)
    .map((piece) => (piece === '*' ? '.*' : piece.startsWith(':') ? '[^/]+' : piece.replace(/[.+?^${}()|[\]\\]/g, '\\$&')))
    .join('');
  return new RegExp(`^${source}$`);
}

interface TomlShape {
  headers?: { for?: string; values?: Record<string, unknown> }[];
  redirects?: { from?: string; to?: string; status?: number }[];
}

/** The parts of netlify.toml the local server mirrors for static files. */
export async function loadNetlifyRules(file = 'netlify.toml'): Promise<NetlifyRules> {
  const toml = parse(await readFile(file, 'utf8')) as TomlShape;
  const headers = (toml.headers ?? []).flatMap((rule) =>
    rule.for && rule.values
      ? [{ pattern: pathPattern(rule.for), values: Object.fromEntries(Object.entries(rule.values).map(([k, v]) => [k, String(v).replace(/\s*\n\s*/g, ' ').trim()])) }]
      : [],
  );
  const notFound = (toml.redirects ?? []).flatMap((rule) =>
    rule.status === 404 && rule.from && rule.to ? [{ pattern: pathPattern(rule.from), to: rule.to }] : [],
  );
  return { headers, notFound };
}

/** Every header of every rule whose pattern matches `pathname` (later rules win on the same name). */
export function headersFor(rules: NetlifyRules, pathname: string): Record<string, string> {
  const merged: Record<string, string> = {};
  for (const rule of rules.headers) if (rule.pattern.test(pathname)) Object.assign(merged, rule.values);
  return merged;
}
