import { readFile, writeFile } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { cspHash, pagePolicy } from '../src/server/http/page-policy.ts';
import { SITE_SECURITY_HEADERS } from '../src/server/http/security-headers.ts';
import { loadNetlifyRules } from '../netlify-local/netlify-rules.ts';
import { htmlFiles } from './html-files.ts';

const POLICY_META = /<meta http-equiv="content-security-policy" content="([^"]*)">/i;
const CHARSET_META = /<meta charset="[^"]*">/i;
const INLINE_SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script>/gi;
const INLINE_STYLE = /<style\b[^>]*>([\s\S]*?)<\/style>/gi;
const HASH_SOURCE = /^'sha(256|384|512)-/;
/** Script types a browser does not run (data blocks): JSON-LD and the like need no hash. */
const DATA_BLOCK = /\btype="(?!module"|text\/javascript"|application\/javascript")[^"]*"/i;

export interface PageHeaders {
  /** The request paths Netlify serves this file for: `/brands`, `/brands/`, `/brands/index.html`. */
  paths: string[];
  policy: string;
  /** Headers the rule sends besides its policy. */
  headers?: Readonly<Record<string, string>>;
}

/**
 * Astro's `security.csp` writes each page's script and style hashes into a CSP <meta>. A meta applies
 * only from where it stands (an inline script before it ran unchecked on /brands) and cannot say
 * frame-ancestors, so the build turns it into the page's response header (issue 16): every built page
 * gets `Content-Security-Policy` in `dist/_headers`, Netlify's per-path header file (the local server
 * reads the same file), made of the shared page policy and that page's hashes; the meta moves to the very
 * top of <head>, so it applies before anything too (for a 404 page served at an unknown path, where no
 * header rule names the path). The build fails when an inline script has no hash: it would not run.
 * HTML without a CSP meta (a page of its own, e.g. a CMS under /cms/ with its netlify.toml headers) is
 * left alone. How to add a page of another kind: docs/decisions/012-csp-as-a-header.md.
 */
export function cspHeaders(): AstroIntegration {
  return {
    name: 'csp-headers',
    hooks: {
      'astro:build:done': async ({ dir, logger }) => {
        const root = fileURLToPath(dir);
        const rules: PageHeaders[] = [];
        for (const file of await htmlFiles(root)) {
          const page = await pageHeaders(await readFile(file, 'utf8'), relative(root, file).split(sep).join('/'));
          if (!page) continue;
          await writeFile(file, page.html);
          rules.push(page.headers);
        }
        const toml = await loadNetlifyRules(fileURLToPath(new URL('../netlify.toml', import.meta.url)));
        const configured = toml.headers.flatMap((rule) => Object.entries(rule.values).filter(([name]) => name.toLowerCase() === 'content-security-policy').map(([, value]) => value));
        // The site's security headers go on every file under `/*`, from the list functions use too.
        const fallback = { paths: ['/*'], policy: fallbackPolicy([...rules.map((rule) => rule.policy), ...configured]), headers: SITE_SECURITY_HEADERS };
        await writeFile(join(root, '_headers'), headersFile([fallback, ...rules]));
        logger.info(`Content-Security-Policy header for ${rules.length} page(s) and the security headers for every file in _headers`);
      },
    },
  };
}

/** The request paths of a built file: `en/brands/index.html` → `/en/brands`, `/en/brands/`, `/en/brands/index.html`. */
export function requestPaths(file: string): string[] {
  const path = `/${file}`;
  if (!path.endsWith('/index.html')) return [path, path.replace(/\.html$/, '')];
  const folder = path.slice(0, -'index.html'.length);
  return folder === '/' ? ['/', '/index.html'] : [folder.slice(0, -1), folder, path];
}

/**
 * The page with its policy meta first in <head>, and its header: the shared page policy with the
 * meta's script and style sources, hashes only of the inline scripts and styles this page carries (in the
 * meta too). Null for HTML without a policy meta.
 */
export async function pageHeaders(html: string, file: string): Promise<{ html: string; headers: PageHeaders } | null> {
  const meta = POLICY_META.exec(html);
  if (!meta) return null;
  const directives = new Map(meta[1]!.split(';').map((part) => part.trim()).filter(Boolean).map((part) => {
    const [name = '', ...sources] = part.split(/\s+/);
    return [name, sources.filter((source) => source !== "'self'")] as const;
  }));
  const scripts = directives.get('script-src') ?? [];
  const onPage = new Set<string>();
  for (const [, attributes, body] of html.matchAll(INLINE_SCRIPT)) {
    if (/\bsrc=/.test(attributes!) || DATA_BLOCK.test(attributes!) || !body) continue;
    const hash = await cspHash(body);
    if (!scripts.includes(hash)) throw new Error(`${file}: an inline script has no hash in the page's policy (${hash}); it would not run`);
    onPage.add(hash);
  }
  if (scripts.includes("'unsafe-inline'")) throw new Error(`${file}: the page policy allows 'unsafe-inline' scripts`);
  for (const [, body] of html.matchAll(INLINE_STYLE)) onPage.add(await cspHash(body!));
  // Astro lists the hashes of every inline script and style of the whole site on each page; only the
  // page's own are needed (~13 hashes, 0.7 KB that no compression shrinks, in the HTML and the header).
  const own = (sources: readonly string[]) => sources.filter((source) => !HASH_SOURCE.test(source) || onPage.has(source));
  const policyMeta = meta[0].replace(meta[1]!, meta[1]!.split(';').map((part) => own(part.split(/\s+/)).join(' ')).join(';'));
  const withoutMeta = html.replace(meta[0], '');
  const charset = CHARSET_META.exec(withoutMeta);
  const at = charset ? charset.index + charset[0].length : withoutMeta.indexOf('<head>') + '<head>'.length;
  return {
    html: withoutMeta.slice(0, at) + policyMeta + withoutMeta.slice(at),
    headers: { paths: requestPaths(file), policy: pagePolicy({ scripts: own(scripts), styles: own(directives.get('style-src') ?? []) }) },
  };
}

/** Netlify's `_headers` format: a path, then its headers indented. */
export function headersFile(rules: readonly PageHeaders[]): string {
  const lines = [
    '# Generated by build/csp-headers.ts at build: the security headers of every file (src/server/http/security-headers.ts)',
    '# and each page\'s Content-Security-Policy with its hashes.',
  ];
  for (const rule of rules) {
    for (const path of rule.paths) {
      lines.push(path, ...Object.entries(rule.headers ?? {}).map(([name, value]) => `  ${name}: ${value}`), `  Content-Security-Policy: ${rule.policy}`);
    }
  }
  return `${lines.join('\n')}\n`;
}

/** Fetch directives a policy without them governs by default-src (worker-src by script-src first). */
const FETCH_DIRECTIVES = ['script-src', 'style-src', 'img-src', 'font-src', 'connect-src', 'media-src', 'object-src', 'frame-src', 'child-src', 'worker-src', 'manifest-src'];

function parsePolicy(policy: string): Map<string, string[]> {
  return new Map(policy.split(';').map((part) => part.trim()).filter(Boolean).map((part) => {
    const [name = '', ...sources] = part.split(/\s+/);
    return [name.toLowerCase(), sources] as const;
  }));
}

/** What a policy allows for a directive: its own sources, its fallback's, or null when nothing restricts it. */
function effectiveSources(policy: Map<string, string[]>, directive: string): string[] | null {
  const own = policy.get(directive);
  if (own) return own;
  if (directive === 'worker-src') return policy.get('child-src') ?? policy.get('script-src') ?? policy.get('default-src') ?? null;
  if (directive === 'frame-src') return policy.get('child-src') ?? policy.get('default-src') ?? null;
  return FETCH_DIRECTIVES.includes(directive) ? (policy.get('default-src') ?? null) : null;
}

/**
 * The policy for every path (`/*`): a not-found page answers paths no rule names (issue 29), so this is the
 * header it gets on Netlify, where its own page policy still applies through its meta, first in <head>.
 * Netlify may send both this and a path's own policy on a known page (two policies: the browser enforces
 * each), so this one allows everything any page or netlify.toml's policies (the CMS's) allow: directive by
 * directive the union of what each allows; a directive some policy leaves open is left out; where one allows
 * inline code outright ('unsafe-inline'), hashes are dropped (a hash would switch 'unsafe-inline' off). It
 * still forbids framing, plugins, foreign forms and a foreign <base> everywhere, which a meta cannot do.
 */
export function fallbackPolicy(policies: readonly string[]): string {
  const parsed = policies.map(parsePolicy);
  const names = [...new Set(parsed.flatMap((policy) => [...policy.keys()]))];
  const directives: string[] = [];
  for (const name of names) {
    const each = parsed.map((policy) => effectiveSources(policy, name));
    if (each.some((sources) => sources === null)) continue;
    let union = [...new Set(each.flatMap((sources) => sources!))];
    if (union.length > 1) union = union.filter((source) => source !== "'none'");
    if (union.includes("'unsafe-inline'")) union = union.filter((source) => !/^'(sha(256|384|512)|nonce)-/.test(source));
    directives.push(`${name} ${union.join(' ')}`);
  }
  return directives.join('; ');
}
