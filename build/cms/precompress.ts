import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Text the local server would compress anyway (netlify-local/compression.ts), and no smaller than it would. */
const TEXT = /\.(js|mjs|css|html|json|svg)$/;
const MIN_BYTES = 1024;

/**
 * Writes `<file>.br` (quality 11) and `<file>.gz` (level 9) beside every text file of `folder`: the local
 * server sends them as they are (netlify-local/static-files.ts), instead of compressing 2.3 MB of script at
 * quality 9 on the first request (issue 29). Netlify's CDN compresses on its own and never serves these
 * files, so they are written only for builds served locally. Returns the number of files compressed.
 */
export async function precompress(folder: string): Promise<number> {
  const files = (await readdir(folder, { recursive: true })).map((name) => path.join(folder, name)).filter((file) => TEXT.test(file));
  let count = 0;
  for (const file of files) {
    if ((await stat(file)).size < MIN_BYTES) continue;
    const body = await readFile(file);
    const [br, gz] = await Promise.all([
      brotli(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: body.byteLength } }),
      gzipAsync(body, { level: 9 }),
    ]);
    await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gz)]);
    count += 1;
  }
  return count;
}
