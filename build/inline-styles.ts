import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import postcss, { type AtRule, type ChildNode, type Container, type Declaration, type Root, type Rule } from 'postcss';
import { cspHash } from '../src/server/http/page-policy.ts';
import { htmlFiles } from './html-files.ts';

/**
 * Pages that keep the site's whole stylesheet as a file: the admin panel is one page whose app loads
 * most of its code later, so its classes are not all known from the page; it is never a public page.
 */
export const LINKED_PAGES = ['admin/'];

/**
 * Pages whose content a function writes at request time into the built page (a share shell, decision
 * 017): the classes that content uses are in the renderer's source, so the renderer's folder counts as
 * part of the page.
 */
export const PAGE_SOURCES: Readonly<Record<string, readonly string[]>> = { 'share-shell/': ['src/server/share'] };

const STYLESHEET_LINK = /<link\b[^>]*\brel="stylesheet"[^>]*>/gi;
const POLICY_META = /(<meta http-equiv="content-security-policy" content="[^"]*style-src 'self')([^";]*)/i;
const CHUNK_URL = /\/_astro\/[\w.~-]+\.js/g;
/** File names a chunk names (static imports, dynamic imports, preload lists): `./x.js`, `"_astro/x.js"`. */
const CHUNK_NAME = /[\w.~-]+\.js\b/g;
/** What never stands inside a class name in markup or in a script's string: a token ends there. */
const TOKEN_BREAK = /[\s"'`{}<>;\\]+/;

/**
 * A public page paints from its HTML alone (issue 30): its `<link rel="stylesheet">` to the site's one
 * shared stylesheet (52 KB; every page's classes, the admin panel's too) becomes a `<style>` holding only
 * the rules this page can use, so the first paint never waits for a second round trip. A rule is kept when
 * every class its selector needs appears in the page: in its HTML, in the scripts it loads (islands, the
 * page's own scripts, and everything they import, lazily too: a dialog opened later, the plan drawn from
 * /api/units), or in the renderer of a function-filled page (PAGE_SOURCES). Rules that name no class
 * (elements, attributes, the theme's variables, keyframes, @property) are kept. Each style's hash joins
 * the page's CSP meta (style-src), which build/csp-headers.ts then sends as the header. Decision 035.
 */
export function inlineStyles(): AstroIntegration {
  return {
    name: 'inline-styles',
    hooks: {
      'astro:build:done': async ({ dir, logger }) => {
        const root = fileURLToPath(dir);
        const site = new SiteFiles(root);
        let pages = 0;
        let before = 0;
        let after = 0;
        for (const file of await htmlFiles(root)) {
          const name = relative(root, file).split(sep).join('/');
          if (LINKED_PAGES.some((prefix) => name.startsWith(prefix))) continue;
          const html = await readFile(file, 'utf8');
          const extra = await Promise.all(Object.entries(PAGE_SOURCES).filter(([prefix]) => name.startsWith(prefix)).flatMap(([, folders]) => folders.map(sourceText)));
          const page = await inlinePageStyles(html, site, extra.join('\n'), name);
          if (!page) continue;
          await writeFile(file, page.html);
          pages += 1;
          before += page.linkedBytes;
          after += page.inlinedBytes;
        }
        if (pages > 0) logger.info(`styles inlined on ${pages} page(s): ${Math.round(after / pages / 1024)} KB a page on average instead of ${Math.round(before / pages / 1024)} KB`);
      },
    },
  };
}

/** The built site's stylesheets and scripts, each read and parsed once. */
export class SiteFiles {
  private readonly texts = new Map<string, Promise<string | null>>();
  private readonly sheets = new Map<string, Promise<Root>>();
  private readonly root: string;
  constructor(root: string) {
    this.root = root;
  }

  text(url: string): Promise<string | null> {
    let text = this.texts.get(url);
    if (!text) {
      text = readFile(join(this.root, url), 'utf8').catch(() => null);
      this.texts.set(url, text);
    }
    return text;
  }

  sheet(url: string): Promise<Root> {
    let sheet = this.sheets.get(url);
    if (!sheet) {
      sheet = this.text(url).then((css) => {
        if (css === null) throw new Error(`${url} is linked but not built`);
        return postcss.parse(css);
      });
      this.sheets.set(url, sheet);
    }
    return sheet;
  }

  /** The text of every script the page may run: the chunks it names and, transitively, the chunks they name. */
  async scripts(html: string): Promise<string[]> {
    const seen = new Set<string>();
    const queue = [...html.matchAll(CHUNK_URL)].map((match) => match[0]);
    const texts: string[] = [];
    while (queue.length > 0) {
      const url = queue.pop()!;
      if (seen.has(url)) continue;
      seen.add(url);
      const text = await this.text(url);
      if (text === null) continue;
      texts.push(text);
      for (const [name] of text.matchAll(CHUNK_NAME)) queue.push(`/_astro/${name.replace(/^.*\//, '')}`);
    }
    return texts;
  }
}

/**
 * The page with each stylesheet link replaced by a `<style>` of the rules it uses, and their hashes in
 * its CSP meta. Null for a page without a stylesheet link or without a policy meta (left as it is).
 */
export async function inlinePageStyles(html: string, site: SiteFiles, extraSource = '', name = 'page'): Promise<{ html: string; linkedBytes: number; inlinedBytes: number } | null> {
  const links = [...html.matchAll(STYLESHEET_LINK)].filter(([tag]) => /\bhref="\/_astro\/[^"]+\.css"/.test(tag));
  if (links.length === 0 || !POLICY_META.test(html)) return null;
  const used = usedNames([html, decodeEntities(html), extraSource, ...(await site.scripts(html))]);
  let out = html;
  const hashes: string[] = [];
  let linkedBytes = 0;
  let inlinedBytes = 0;
  for (const [tag] of links) {
    const href = /\bhref="([^"]+)"/.exec(tag)![1]!;
    linkedBytes += (await site.text(href))!.length;
    const css = usedCss(await site.sheet(href), used);
    if (/<\/style/i.test(css)) throw new Error(`${name}: ${href} holds "</style", it cannot be inlined`);
    inlinedBytes += css.length;
    hashes.push(await cspHash(css));
    out = out.replace(tag, () => `<style>${css}</style>`);
  }
  out = out.replace(POLICY_META, (_all, head: string, rest: string) => `${head} ${hashes.join(' ')}${rest}`);
  return { html: out, linkedBytes, inlinedBytes };
}

/** Whether a class is used: it stands as a token of the page's texts, or (a class with a quote or brace in it) anywhere in them. */
export interface UsedNames {
  has(className: string): boolean;
  /** Whether any text names it at all (a custom property in a style attribute or a script). */
  mentions(text: string): boolean;
}

export function usedNames(texts: readonly string[]): UsedNames {
  const tokens = new Set<string>();
  for (const text of texts) for (const token of text.split(TOKEN_BREAK)) if (token) tokens.add(token);
  return {
    has: (className) => tokens.has(className) || (TOKEN_BREAK.test(className) && texts.some((text) => text.includes(className))),
    mentions: (name) => texts.some((text) => text.includes(name)),
  };
}

/** The stylesheet without the rules whose selectors all need a class the page never uses. */
export function usedCss(sheet: Root, used: UsedNames): string {
  const copy = sheet.clone();
  prune(copy, used);
  pruneVariables(copy, used);
  return copy.toString();
}

function prune(container: Container, used: UsedNames): void {
  container.each((node) => {
    if (node.type === 'rule') {
      // Keyframe steps (`from`, `50%`) name no class and are kept whole.
      const kept = node.selectors.filter((selector) => selectorClasses(selector).every((name) => used.has(name)) && selectorElements(selector).every((anyOf) => anyOf.some((name) => used.has(name))));
      if (kept.length === 0) node.remove();
      else if (kept.length < node.selectors.length) node.selector = kept.join(',');
    } else if (node.type === 'atrule' && node.nodes && !/keyframes$/i.test(node.name)) {
      prune(node, used);
      if (node.nodes.length === 0) node.remove();
    }
  });
}

/**
 * The classes a selector needs on the page, unescaped (`.md\\:px-6` → `md:px-6`, `.\\32 xl\\:p-4` →
 * `2xl:p-4`). Those inside `:is()`/`:where()` count (Tailwind writes `:where(.space-y-4>…)` and
 * `:is(:where(.group)… .group-open\\:hidden)`) unless the group is a list (`:is(.a,.b)` needs either);
 * those inside other pseudo-classes (`:not(.x)`, `:has(.x)`) and attribute selectors do not: the rule may
 * match without them.
 */
export function selectorClasses(selector: string): string[] {
  const names: string[] = [];
  collect(selector, names);
  return names;
}

function collect(selector: string, names: string[]): void {
  let bracket = false;
  for (let i = 0; i < selector.length; i += 1) {
    const char = selector[i]!;
    if (char === '\\') {
      i += 1;
    } else if (bracket) {
      if (char === ']') bracket = false;
    } else if (char === '[') {
      bracket = true;
    } else if (char === '(') {
      const end = closingParen(selector, i);
      const inner = selector.slice(i + 1, end);
      if (/:(is|where)$/.test(selector.slice(0, i)) && !hasTopLevelComma(inner)) collect(inner, names);
      i = end;
    } else if (char === '.') {
      let name = '';
      let j = i + 1;
      while (j < selector.length) {
        const next = selector[j]!;
        if (next === '\\') {
          const hex = /^[0-9a-fA-F]{1,6} ?/.exec(selector.slice(j + 1, j + 8));
          if (hex) {
            name += String.fromCodePoint(parseInt(hex[0].trim(), 16));
            j += 1 + hex[0].length;
          } else {
            name += selector[j + 1] ?? '';
            j += 2;
          }
        } else if (/[\w-]/.test(next) || next.charCodeAt(0) > 127) {
          name += next;
          j += 1;
        } else break;
      }
      if (name) names.push(name);
      i = j - 1;
    }
  }
}

/** Pseudo-elements that exist only on some elements: Tailwind's reset styles them for form fields. */
const PSEUDO_ELEMENT_HOSTS: readonly [RegExp, readonly string[]][] = [
  [/^::(file-selector-button|-webkit-(date|datetime|calendar|inner-spin|outer-spin|search))/, ['input']],
  [/^::placeholder/, ['input', 'textarea']],
];

/**
 * The elements a selector needs on the page, each as the names any of which will do: its type selectors
 * outside parentheses and attribute selectors (`sub,sup` → one each; `:where(select…) optgroup` →
 * optgroup) and the hosts of form fields' pseudo-elements (`::placeholder` → input or textarea). Tailwind's
 * reset styles a dozen elements most pages never have (tables, code, sub/sup, date fields); a rule for an
 * element no page text names cannot match.
 */
export function selectorElements(selector: string): string[][] {
  const needs: string[][] = [];
  let bracket = false;
  let compoundStart = true;
  for (let i = 0; i < selector.length; i += 1) {
    const char = selector[i]!;
    if (char === '\\') {
      i += 1;
      compoundStart = false;
    } else if (bracket) {
      if (char === ']') bracket = false;
    } else if (char === '[') {
      bracket = true;
      compoundStart = false;
    } else if (char === '(') {
      i = closingParen(selector, i);
    } else if (/[\s>+~]/.test(char)) {
      compoundStart = true;
    } else if (char === ':' && selector[i + 1] === ':') {
      const hosts = PSEUDO_ELEMENT_HOSTS.find(([pattern]) => pattern.test(selector.slice(i)))?.[1];
      if (hosts) needs.push([...hosts]);
      i += 1;
      compoundStart = false;
    } else if (compoundStart && /[a-z]/i.test(char)) {
      const name = /^[a-z][a-z0-9-]*/i.exec(selector.slice(i))![0];
      needs.push([name.toLowerCase()]);
      i += name.length - 1;
      compoundStart = false;
    } else {
      compoundStart = false;
    }
  }
  return needs;
}

/** The index of the `)` closing the `(` at `open` (escapes and attribute selectors skipped). */
function closingParen(selector: string, open: number): number {
  let depth = 0;
  let bracket = false;
  for (let i = open; i < selector.length; i += 1) {
    const char = selector[i]!;
    if (char === '\\') i += 1;
    else if (bracket) bracket = char !== ']';
    else if (char === '[') bracket = true;
    else if (char === '(') depth += 1;
    else if (char === ')' && (depth -= 1) === 0) return i;
  }
  return selector.length;
}

function hasTopLevelComma(selector: string): boolean {
  let depth = 0;
  let bracket = false;
  for (let i = 0; i < selector.length; i += 1) {
    const char = selector[i]!;
    if (char === '\\') i += 1;
    else if (bracket) bracket = char !== ']';
    else if (char === '[') bracket = true;
    else if (char === '(') depth += 1;
    else if (char === ')') depth -= 1;
    else if (char === ',' && depth === 0) return true;
  }
  return false;
}

/**
 * Custom properties no kept rule, page text or other kept property reads: the theme's variables
 * (`:root,:host{--color-…}`), Tailwind's `@property --tw-…` registrations and their fallbacks in
 * `@layer properties`. Declarations in other rules (a utility setting `--tw-shadow`) are left alone.
 */
function pruneVariables(sheet: Root, used: UsedNames): void {
  const removable = (decl: Declaration) =>
    decl.prop.startsWith('--') && decl.parent?.type === 'rule' && (isThemeRule(decl.parent as Rule) || insideLayer(decl, 'properties'));
  for (;;) {
    const read = new Set<string>();
    sheet.walkDecls((decl) => {
      for (const [, name] of decl.value.matchAll(/var\((--[\w-]+)/g)) read.add(name!);
    });
    let removed = 0;
    sheet.walkDecls((decl) => {
      if (removable(decl) && !read.has(decl.prop) && !used.mentions(decl.prop)) {
        decl.remove();
        removed += 1;
      }
    });
    sheet.walkAtRules('property', (rule) => {
      if (!read.has(rule.params.trim()) && !used.mentions(rule.params.trim())) {
        rule.remove();
        removed += 1;
      }
    });
    if (removed === 0) break;
  }
  removeEmpty(sheet);
}

const isThemeRule = (rule: Rule) => rule.selectors.every((selector) => selector === ':root' || selector === ':host');

function insideLayer(node: ChildNode, name: string): boolean {
  for (let parent = node.parent; parent; parent = parent.parent as Container | undefined) {
    if (parent.type === 'atrule' && (parent as AtRule).name === 'layer' && (parent as AtRule).params === name) return true;
  }
  return false;
}

function removeEmpty(container: Container): void {
  container.each((node) => {
    if ((node.type === 'rule' || node.type === 'atrule') && node.nodes) {
      removeEmpty(node);
      if (node.nodes.length === 0) node.remove();
    }
  });
}

function decodeEntities(html: string): string {
  return html.replace(/&(amp|lt|gt|quot|#39|#x27);/g, (_all, name: string) => ({ amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", '#x27': "'" })[name]!);
}

/** The repository's root: PAGE_SOURCES are named from it. */
const REPO = fileURLToPath(new URL('../', import.meta.url));

async function sourceText(folder: string): Promise<string> {
  const entries = await readdir(join(REPO, folder), { withFileTypes: true, recursive: true });
  const files = entries.filter((entry) => entry.isFile()).map((entry) => join(entry.parentPath, entry.name));
  return (await Promise.all(files.map((file) => readFile(file, 'utf8')))).join('\n');
}
