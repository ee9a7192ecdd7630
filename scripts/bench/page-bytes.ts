/**
 * What each built public page sends before its first paint, from a built folder (no server): the HTML's
 * size (raw and gzip, level 6 as Netlify's default), the inline CSS in it, the stylesheets it links
 * (blocking in <head>, or not), the HTML in brotli as `npm start` sends it, and whether the HTML fits the first round trip (~14.6 KB: ten TCP
 * segments, the initial congestion window Lighthouse's simulation uses). Two folders side by side make
 * the before/after table of issue 30.
 *   node scripts/bench/page-bytes.ts <dist> [<dist-before>]
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const PAGES = ['index.html', 'about/index.html', 'architecture/index.html', 'directions/index.html', 'contact/index.html', 'brands/index.html', 'floors/index.html', 'privacy/index.html', 'privacy/request/index.html', 'privacy/request/confirm/index.html', 'admin/index.html', 'share-shell/space-ko/index.html', 'share-shell/brand-ko/index.html'];
const LANGS = ['', 'en/'];
const FIRST_WINDOW = 14_600;

const gz = (text: string) => gzipSync(text, { level: 6 }).length;
/** Brotli as the local server (netlify-local/compression.ts) and Netlify's CDN send HTML: quality 9. */
const br = (text: string) => brotliCompressSync(text, { params: { [constants.BROTLI_PARAM_QUALITY]: 9 } }).length;
const kb = (bytes: number) => (bytes / 1000).toFixed(1);

interface PageBytes { html: number; htmlGz: number; htmlBr: number; inline: number; inlineGz: number; blocking: number; blockingGz: number; later: number; laterGz: number }

async function pageBytes(dist: string, file: string): Promise<PageBytes | null> {
  const html = await readFile(join(dist, file), 'utf8').catch(() => null);
  if (html === null) return null;
  const styles = [...html.matchAll(/<style\b[^>]*>([\s\S]*?)<\/style>/gi)].map((match) => match[1]!).join('');
  const head = html.slice(0, html.search(/<body\b/i));
  const bytes: PageBytes = { html: Buffer.byteLength(html), htmlGz: gz(html), htmlBr: br(html), inline: Buffer.byteLength(styles), inlineGz: gz(styles), blocking: 0, blockingGz: 0, later: 0, laterGz: 0 };
  for (const match of html.matchAll(/<link\b[^>]*\brel="stylesheet"[^>]*>/gi)) {
    const href = /\bhref="\/([^"]+)"/.exec(match[0])?.[1];
    const css = href ? await readFile(join(dist, href), 'utf8').catch(() => '') : '';
    const inHead = match.index! < head.length && !/\bmedia="print"/.test(match[0]);
    if (inHead) { bytes.blocking += Buffer.byteLength(css); bytes.blockingGz += gz(css); } else { bytes.later += Buffer.byteLength(css); bytes.laterGz += gz(css); }
  }
  return bytes;
}

const cell = (b: PageBytes | null) => b
  ? [`${kb(b.inline)} (${kb(b.inlineGz)})`, b.blocking ? `${kb(b.blocking)} (${kb(b.blockingGz)})` : '–', b.later ? `${kb(b.later)} (${kb(b.laterGz)})` : '–', `${kb(b.html)} (${kb(b.htmlGz)})${b.htmlGz > FIRST_WINDOW ? ' ✗' : ''}`, `${kb(b.htmlBr)}${b.htmlBr > FIRST_WINDOW ? ' ✗' : ''}`]
  : ['–', '–', '–', '–', '–'];

const [after, before] = process.argv.slice(2);
if (!after) throw new Error('usage: page-bytes.ts <dist> [<dist-before>]');
const columns = ['inline CSS', 'blocking CSS file', 'CSS file after paint', 'HTML', 'HTML brotli'];
const header = before ? [...columns.map((c) => `${c} before`), ...columns.map((c) => `${c} after`)] : columns;
console.log(`KB raw (gzip); HTML brotli as npm start and Netlify send it; ✗ = over the first round trip (${kb(FIRST_WINDOW)} KB)\n`);
console.log(`| page | ${header.join(' | ')} |`);
console.log(`|---|${header.map(() => '---').join('|')}|`);
for (const lang of LANGS) {
  for (const page of PAGES) {
    const file = page.startsWith('share-shell/') ? page.replace('-ko/', lang ? `-${lang.slice(0, -1)}/` : '-ko/') : lang + page;
    const now = await pageBytes(after, file);
    const then = before ? await pageBytes(before, file) : undefined;
    if (!now && !then) continue;
    console.log(`| /${file.replace(/index\.html$/, '')} | ${[...(before ? cell(then ?? null) : []), ...cell(now)].join(' | ')} |`);
  }
}
