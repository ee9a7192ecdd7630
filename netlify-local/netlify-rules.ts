import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
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

/**
 * Netlify's `_headers` file of the publish folder (the build writes each page's Content-Security-Policy
 * there): a path on its own line, then its headers indented as `Name: value`; `#` starts a comment.
 */
export function parseHeadersFile(text: string): HeaderRule[] {
  const rules: HeaderRule[] = [];
  let current: HeaderRule | null = null;
  for (const line of text.split(/\r?\n/)) {
    const trimmed = line.trim();
    if (!trimmed || trimmed.startsWith('#')) continue;
    if (!/^\s/.test(line)) {
      current = { pattern: pathPattern(trimmed), values: {} };
      rules.push(current);
      continue;
    }
    const colon = trimmed.indexOf(':');
    if (current && colon > 0) current.values[trimmed.slice(0, colon).trim()] = trimmed.slice(colon + 1).trim();
  }
  return rules;
}

/**
 * The header rules in force for the site in `distDir`: its `_headers`, then netlify.toml's (which win on
 * the same header, as on Netlify). `_headers` is read again whenever a build has rewritten it, so a
 * rebuilt site is served with its own hashes.
 */
export function siteHeaderRules(toml: NetlifyRules, distDir: string): () => Promise<NetlifyRules> {
  const file = path.join(distDir, '_headers');
  let seen = -1;
  let fileRules: HeaderRule[] = [];
  return async () => {
    const modified = await stat(file).then((info) => info.mtimeMs, () => 0);
    if (modified !== seen) {
      seen = modified;
      fileRules = modified ? parseHeadersFile(await readFile(file, 'utf8').catch(() => '')) : [];
    }
    return { ...toml, headers: [...fileRules, ...toml.headers] };
  };
}
