/**
 * `npx node scripts/diff-built-pages.ts <before-dist> <after-dist>`: compares every built HTML page of two
 * builds, for changes that must not change what visitors get (a content-model migration, a refactor).
 * Pages are normalised first: runs of whitespace collapsed (none between tags), and tooltip ids, random in
 * every build (Tooltip.astro), numbered in order of appearance. Hashed file names are compared as they are:
 * the same picture, resized the same way, keeps its name. Prints each differing page with the first differing stretch; exits 1 on any.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

const [before, after] = process.argv.slice(2);
if (!before || !after) {
  console.error('usage: npx node scripts/diff-built-pages.ts <before-dist> <after-dist>');
  process.exit(2);
}

function htmlFiles(root: string, dir = ''): string[] {
  return readdirSync(path.join(root, dir)).flatMap((name) => {
    const relative = path.join(dir, name);
    if (statSync(path.join(root, relative)).isDirectory()) return relative === 'cms' ? [] : htmlFiles(root, relative);
    return name.endsWith('.html') ? [relative] : [];
  });
}

/** The page with incidental differences removed. */
export function normalise(html: string): string {
  const tooltipIds = new Map<string, string>();
  return html
    .replace(/tooltip-[a-z0-9]{8}/g, (id) => tooltipIds.get(id) ?? tooltipIds.set(id, `tooltip-${tooltipIds.size + 1}`).get(id)!)
    .replace(/>\s+</g, '><')
    .replace(/\s+/g, ' ')
    .trim();
}

function firstDifference(a: string, b: string): string {
  let i = 0;
  while (i < a.length && a[i] === b[i]) i++;
  const from = Math.max(0, i - 120);
  return `  before: …${a.slice(from, i + 160)}…\n  after:  …${b.slice(from, i + 160)}…`;
}

const pagesBefore = htmlFiles(before).sort();
const pagesAfter = htmlFiles(after).sort();
const missing = pagesBefore.filter((page) => !pagesAfter.includes(page));
const added = pagesAfter.filter((page) => !pagesBefore.includes(page));
let differing = 0;
for (const page of pagesBefore.filter((p) => pagesAfter.includes(p))) {
  const a = normalise(readFileSync(path.join(before, page), 'utf8'));
  const b = normalise(readFileSync(path.join(after, page), 'utf8'));
  if (a === b) continue;
  differing++;
  console.log(`${page} differs\n${firstDifference(a, b)}`);
}
for (const page of missing) console.log(`${page} is gone`);
for (const page of added) console.log(`${page} is new`);
const compared = pagesBefore.length - missing.length;
console.log(`${compared} pages compared: ${compared - differing} identical, ${differing} differ, ${missing.length} gone, ${added.length} new`);
process.exit(differing + missing.length + added.length > 0 ? 1 : 0);
