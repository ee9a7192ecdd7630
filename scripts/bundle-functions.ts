/**
 * `npm run bundle [-- --out DIR]`: zips every function in functions/ as Netlify's build does
 * (@netlify/zip-it-and-ship-it with netlify.toml's [functions] settings), prints each bundle's size
 * and checks that the bundles work away from the repository:
 *   - routes: the paths Netlify reads from each function's `config` are the ones the local server serves;
 *   - files: a bundle whose code reads schema.sql, the brochures, the share pages' shells (from `dist/`:
 *     build first) or the PDFs' fonts carries them where the code looks, relative to the bundle's
 *     root (the working directory of a function on Netlify);
 *   - a run: the brochure function, unpacked into an empty folder and started from there, serves every
 *     language's PDF; with TEST_DATABASE_URL set, the brands function also applies its bundled
 *     schema.sql to that database and lists brands.
 * Offline: zip-it-and-ship-it bundles with the esbuild and nft in node_modules. Exits 1 when a check fails.
 */
import { mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { pathToFileURL } from 'node:url';
import { zipFunctions, type FunctionResult } from '@netlify/zip-it-and-ship-it';
import { loadFunctionRoutes, type FunctionHandler } from '../netlify-local/function-routes.ts';
import { loadFunctionsConfig, zisiConfig } from './lib/netlify-functions-config.ts';
import { zipEntries, type ZipEntry } from './lib/zip-entries.ts';
import { LOCALES } from '../src/i18n/locales.ts';
import { PDF_FONT_FILE } from '../src/server/pdf/fonts.ts';
import { isolatedUrl } from '../tests/support/db-backends.ts';

const root = process.cwd();
const { values } = parseArgs({ options: { out: { type: 'string', default: path.join(tmpdir(), 'btower-functions') } } });
const out = path.resolve(values.out);
const failures: string[] = [];
const kb = (bytes: number) => `${(bytes / 1024).toFixed(0)} KB`;

const config = await loadFunctionsConfig(path.join(root, 'netlify.toml'));
await rm(out, { recursive: true, force: true });
await mkdir(out, { recursive: true });
const started = performance.now();
const results = await zipFunctions([path.join(root, config.directory)], out, {
  archiveFormat: 'zip',
  basePath: root,
  repositoryRoot: root,
  config: zisiConfig(config, root),
  manifest: path.join(out, 'manifest.json'),
});
const seconds = ((performance.now() - started) / 1000).toFixed(1);
results.sort((a, b) => a.name.localeCompare(b.name));

// What each bundle's code opens at run time, and where: relative to the working directory (src/server/db/schema.ts, src/server/brochures.ts).
const brochures = (await readdir(path.join(root, 'content/brochures'))).filter((file) => file.endsWith('.pdf')).map((file) => `content/brochures/${file}`);
// The share pages' shells, words and not-found pages come from the build (decision 017): run `npm run build` first.
const builtFiles = async (dir: string, keep: (file: string) => boolean) =>
  (await readdir(path.join(root, dir), { recursive: true }).catch(() => [] as string[])).filter(keep).map((file) => `${dir}/${file}`);
const shells = await builtFiles('dist/share-shell', (file) => /\.(html|json)$/.test(file));
if (shells.length === 0) failures.push('dist/share-shell is empty: run `npm run build` before `npm run bundle`');
const notFoundPages = ['dist/404.html', ...LOCALES.filter((locale) => locale !== 'ko').map((locale) => `dist/${locale}/404/index.html`)];
const runtimeFiles = [
  { reads: /\bschema\.sql\b/, files: ['schema.sql'] },
  { reads: /content\/brochures/, files: brochures },
  { reads: /share-shell/, files: [...shells, ...notFoundPages] },
  { reads: /og\/floors\//, files: await builtFiles('dist/og/floors', (file) => file.endsWith('.png')) },
  { reads: /noto-sans-cjk-kr-sc-jp\.ttc/, files: [PDF_FONT_FILE] },
];

const localRoutes = new Map((await loadFunctionRoutes(path.join(root, config.directory))).map((route) => [route.name, route.patterns.map((p) => p.pathname)]));
const bundles = new Map<string, ZipEntry[]>();

console.log(`\nFunction bundles (zip-it-and-ship-it, ${results[0]?.runtimeVersion ?? '?'}), ${seconds} s, in ${out}:`);
console.log('function'.padEnd(20), 'zip'.padStart(9), 'unzipped'.padStart(10), 'files'.padStart(6), '  routes');
for (const result of results) {
  const entries = zipEntries(await readFile(result.path));
  bundles.set(result.name, entries);
  const unzipped = entries.reduce((sum, entry) => sum + entry.size, 0);
  const routes = (result.routes ?? []).map((route) => route.pattern);
  console.log(
    result.name.padEnd(20),
    kb((await stat(result.path)).size).padStart(9),
    kb(unzipped).padStart(10),
    String(entries.length).padStart(6),
    ' ',
    routes.join(' ') || `(schedule ${result.schedule})`,
  );
  checkRoutes(result, routes);
  checkRuntimeFiles(result, entries);
}
const zipped = await Promise.all(results.map(async (result) => (await stat(result.path)).size));
console.log('total'.padEnd(20), kb(zipped.reduce((a, b) => a + b, 0)).padStart(9));

await runBrochureBundle();
if (process.env.TEST_DATABASE_URL) {
  // A schema of its own, dropped after: applied to the server's public schema, the bundled schema.sql left tables
  // there that every test schema's search_path (`t_…, public`) then found, so a later CREATE … IF NOT EXISTS was
  // skipped and the API suites wrote into these stale tables.
  const schema = await isolatedUrl(process.env.TEST_DATABASE_URL);
  try {
    await runBrandsBundle(schema.url);
    await runSheetBundle(schema.url);
  } finally {
    await schema.drop();
  }
} else console.log('brands and spec-sheet bundle runs skipped: set TEST_DATABASE_URL to a Postgres server to run them');

if (failures.length > 0) {
  console.error(`\n${failures.length} check(s) failed:\n  ${failures.join('\n  ')}`);
  process.exit(1);
}
console.log('\nAll bundles carry their files and routes.');
// Database pools of the bundle runs would keep the process alive.
process.exit(0);

function checkRoutes(result: FunctionResult, routes: string[]): void {
  const local = localRoutes.get(result.name) ?? [];
  if ([...routes].sort().join(' ') !== [...local].sort().join(' ')) {
    failures.push(`${result.name}: Netlify routes [${routes.join(', ')}] but the local server serves [${local.join(', ')}]`);
  }
}

function checkRuntimeFiles(result: FunctionResult, entries: ZipEntry[]): void {
  const names = new Set(entries.map((entry) => entry.name));
  const main = entries.find((entry) => entry.name === `${config.directory}/${result.name}.mjs`);
  if (!main) {
    failures.push(`${result.name}: no ${config.directory}/${result.name}.mjs in the bundle`);
    return;
  }
  const code = main.read().toString('utf8');
  for (const { reads, files } of runtimeFiles) {
    if (!reads.test(code)) continue;
    for (const file of files) if (!names.has(file)) failures.push(`${result.name}: reads ${file} but the bundle lacks it`);
  }
}

/** Unpacks a bundle into a new folder outside the repository and imports its function from there. */
async function unpack(name: string): Promise<{ dir: string; handler: FunctionHandler }> {
  const dir = await mkdtemp(path.join(tmpdir(), `btower-bundle-${name}-`));
  for (const entry of bundles.get(name) ?? []) {
    const target = path.join(dir, entry.name);
    await mkdir(path.dirname(target), { recursive: true });
    await writeFile(target, entry.read());
  }
  // Netlify starts a function in its bundle's root.
  process.chdir(dir);
  const module = (await import(pathToFileURL(path.join(dir, config.directory, `${name}.mjs`)).href)) as { default: FunctionHandler };
  return { dir, handler: module.default };
}

async function runBrochureBundle(): Promise<void> {
  const { dir, handler } = await unpack('download-brochure');
  try {
    for (const locale of LOCALES) {
      const response = await handler(new Request(`http://localhost/api/download/brochure?lang=${locale}`, { method: 'HEAD' }), {});
      const expected = (await stat(path.join(root, 'content/brochures', `b-tower-${locale}.pdf`))).size;
      const length = Number(response.headers.get('Content-Length'));
      if (response.status !== 200 || length !== expected) {
        failures.push(`download-brochure run: ${locale} answered ${response.status} with ${length} bytes, expected 200 with ${expected}`);
      }
    }
    console.log(`\ndownload-brochure run from ${dir}: HEAD for ${LOCALES.join(', ')} checked against the repository's PDFs`);
  } finally {
    process.chdir(root);
    await rm(dir, { recursive: true, force: true });
  }
}

async function runBrandsBundle(databaseUrl: string): Promise<void> {
  process.env.DATABASE_URL = databaseUrl;
  const { dir, handler } = await unpack('brands');
  try {
    const response = await handler(new Request('http://localhost/api/brands'), {});
    const body: unknown = await response.json().catch(() => null);
    if (response.status !== 200 || !Array.isArray(body)) failures.push(`brands run: GET /api/brands answered ${response.status}`);
    else console.log(`brands run from ${dir}: schema.sql applied from the bundle, ${body.length} brand(s) listed`);
  } finally {
    process.chdir(root);
    await rm(dir, { recursive: true, force: true });
  }
}

/** The spec-sheet function from its bundle: its fonts, the words and a floor's card come from the bundle's own files. */
async function runSheetBundle(databaseUrl: string): Promise<void> {
  process.env.DATABASE_URL = databaseUrl;
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const number = `bundle-${Date.now().toString(36)}`;
  const { dir, handler } = await unpack('space-sheets');
  try {
    await client.query(`INSERT INTO units (floor, unit_number, exclusive_area_m2, supply_area_m2, uses, status) VALUES ('8F', $1, 99.17, 165.29, '{Medical}', 'available')`, [number]);
    for (const locale of LOCALES) {
      const prefix = locale === 'ko' ? '' : `/${locale}`;
      const response = await handler(new Request(`http://localhost${prefix}/floors/8f/${number}/spec-sheet.pdf`), { params: { floor: '8f', unit: number } });
      const body = new Uint8Array(await response.arrayBuffer());
      if (response.status !== 200 || response.headers.get('Content-Type') !== 'application/pdf' || new TextDecoder().decode(body.subarray(0, 5)) !== '%PDF-') {
        failures.push(`space-sheets run: ${locale} answered ${response.status} ${response.headers.get('Content-Type')}`);
      }
    }
    console.log(`space-sheets run from ${dir}: a sheet in ${LOCALES.join(', ')} with the bundle's fonts, words and floor card`);
  } finally {
    await client.query('DELETE FROM units WHERE unit_number = $1', [number]).catch(() => undefined);
    await client.end();
    process.chdir(root);
    await rm(dir, { recursive: true, force: true });
  }
}
