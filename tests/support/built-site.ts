import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** A built /brands page as the build writes it: the list's preload, an inline page script and the first loading card's hidden picture. */
export const builtBrandsPage = (lang: string) => `<!DOCTYPE html><html lang="${lang}"><head><link id="directory-list" rel="preload" as="fetch" fetchpriority="low" href="/api/brands"><script type="module">console.log("page script")</script></head>
<body><h1>${lang} brands</h1><div aria-hidden="true"><div class="relative"><img id="directory-first-picture" hidden="" alt="" class="absolute inset-0 h-full w-full object-cover"/></div></div></body></html>`;

/**
 * A built site of `files` (path → text) that functions reading the build (DIST_DIR) are pointed at until
 * `remove()` puts the previous DIST_DIR back and deletes the folder.
 */
export async function useBuiltSite(files: Record<string, string>): Promise<{ dir: string; remove(): Promise<void> }> {
  const dir = await mkdtemp(path.join(tmpdir(), 'btower-site-'));
  for (const [file, text] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(dir, file)), { recursive: true });
    await writeFile(path.join(dir, file), text);
  }
  const saved = process.env.DIST_DIR;
  process.env.DIST_DIR = dir;
  return {
    dir,
    async remove() {
      if (saved === undefined) delete process.env.DIST_DIR;
      else process.env.DIST_DIR = saved;
      await rm(dir, { recursive: true, force: true });
    },
  };
}
