import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/** Every HTML file of a built site, at any depth. */
export async function htmlFiles(folder: string): Promise<string[]> {
  const entries = await readdir(folder, { withFileTypes: true, recursive: true });
  return entries.filter((entry) => entry.isFile() && entry.name.endsWith('.html')).map((entry) => join(entry.parentPath, entry.name));
}

/** Passes every HTML file of a built site through `rewrite`, writes back the ones it changed, and says how many. */
export async function rewriteHtmlFiles(folder: string, rewrite: (html: string) => string): Promise<number> {
  let changed = 0;
  for (const file of await htmlFiles(folder)) {
    const html = await readFile(file, 'utf8');
    const next = rewrite(html);
    if (next === html) continue;
    await writeFile(file, next);
    changed += 1;
  }
  return changed;
}
