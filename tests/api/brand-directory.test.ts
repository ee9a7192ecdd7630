import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publishBuild, stagingDirFor } from '../../build/publish.ts';
import directory from '../../functions/brand-directory.ts';
import { freePort, startLocalServer } from '../../netlify-local/spawn.ts';
import { createBrand } from '../../src/server/brands/queries.ts';
import { setDb, type Database, type Db } from '../../src/server/db/index.ts';
import type { BrandInput } from '../../src/shared/brand.ts';
import { brandBody, uploaded, useApiBackend } from '../support/api-suite.ts';
import { availableBackends } from '../support/db-backends.ts';
import { builtBrandsPage as builtPage, useBuiltSite } from '../support/built-site.ts';

/** The function's answer as the browser reads it: status, headers and the HTML. */
async function visit(pathAndQuery: string) {
  const response = await directory(new Request(`http://127.0.0.1${pathAndQuery}`), { params: {} });
  return { status: response.status, headers: response.headers, text: await response.text() };
}

const firstPicture = (page: string) => /<img id="directory-first-picture"[^>]*>/.exec(page)?.[0] ?? '';

/**
 * The brand directory's page (decision 051): the built page with the newest brand's picture already in
 * its first loading card, so a visitor's browser fetches it with the HTML; cached at the CDN under
 * `brands`, per filter, with the page's own CSP.
 */
describe.each(availableBackends())('the brand directory page on $name', (backend) => {
  const ctx = useApiBackend(backend);
  let site: Awaited<ReturnType<typeof useBuiltSite>>;
  let thumbnail = '';
  beforeAll(async () => {
    site = await useBuiltSite({ 'brands/index.html': builtPage('ko'), 'en/brands/index.html': builtPage('en') });
    thumbnail = await uploaded('thumbnail');
  });
  afterAll(() => site.remove());
  const brand = (fields: Partial<BrandInput> = {}) => createBrand(ctx.db, { ...(brandBody(thumbnail) as BrandInput), ...fields });

  it('shows the newest brand\'s picture in the first card from the HTML, at the card\'s sizes, ahead of everything else', async () => {
    await brand({ name: 'Older brand' });
    const newest = await brand({ name: 'Newest brand', thumbnail: await uploaded('thumbnail') });
    const answer = await visit('/brands/');
    expect(answer.status).toBe(200);
    expect(answer.text).toContain('<h1>ko brands</h1>');
    const picture = firstPicture(answer.text);
    expect(picture).not.toContain('hidden');
    expect(picture).toContain('fetchpriority="high"');
    expect(picture).toContain(`url=${encodeURIComponent(newest.thumbnail!)}&amp;w=360`);
    expect(picture).toContain('sizes="');
    expect(picture).toContain('class="absolute inset-0 h-full w-full object-cover"');
    // Asked for from the head, ahead of the list, with the same choice of sizes as the picture.
    const head = answer.text.slice(0, answer.text.indexOf('</head>'));
    const preload = /<link rel="preload" as="image" fetchpriority="high"[^>]*>/.exec(head)?.[0] ?? '';
    expect(preload).toContain(`imagesrcset="${/srcset="([^"]*)"/.exec(picture)![1]}"`);
    expect(preload).toContain(`imagesizes="${/sizes="([^"]*)"/.exec(picture)![1]}"`);
    expect(head.indexOf(preload)).toBeLessThan(head.indexOf('<link id="directory-list"'));
    // The English page is the English build's, with the same picture.
    const english = await visit('/en/brands');
    expect(english.text).toContain('<h1>en brands</h1>');
    expect(firstPicture(english.text)).toContain(encodeURIComponent(newest.thumbnail!));
  });

  it('is kept at the CDN under brands, keyed on the filters, revalidated by browsers, with a CSP that allows its inline script', async () => {
    const { headers } = await visit('/brands/?utm_source=mail');
    expect(headers.get('netlify-cache-tag')).toBe('brands');
    expect(headers.get('netlify-cdn-cache-control')).toMatch(/^public, durable, max-age=\d+/);
    expect(headers.get('cache-control')).toBe('public, max-age=0, must-revalidate');
    const vary = headers.get('netlify-vary') ?? '';
    for (const name of ['category', 'floor', 'isAvailable', 'search']) expect(vary).toMatch(new RegExp(`query=.*\\b${name}\\b`));
    expect(vary).not.toContain('utm_source');
    const csp = headers.get('content-security-policy') ?? '';
    expect(csp).toMatch(/script-src 'self' 'sha256-[^']+'/);
    expect(csp).toContain("frame-ancestors 'none'");
  });

  it('a filtered visit gets the page as built: other brands come first, and the island finds their picture', async () => {
    for (const query of ['?category=F%26B', '?search=coffee', '?floor=1F', '?isAvailable=true']) {
      const answer = await visit(`/brands/${query}`);
      expect(answer.status, query).toBe(200);
      expect(firstPicture(answer.text), query).toBe(firstPicture(builtPage('ko')));
      expect(answer.text, query).not.toContain('as="image"');
    }
  });

  it('a newest brand without an uploaded photo leaves the first card as built', async () => {
    // Brands saved before photos were required (the column allows none).
    const bare = await brand({ name: 'No photo yet' });
    await ctx.db.updateTable('brands').set({ thumbnail: null }).where('id', '=', bare.id).execute();
    const answer = await visit('/en/brands/');
    expect(answer.status).toBe(200);
    expect(firstPicture(answer.text)).toBe(firstPicture(builtPage('ko')));
  });

  it('while the database is away the page still answers, as built and not kept at the CDN', async () => {
    const away: Db = new Kysely<Database>({ dialect: new PostgresDialect({ pool: new pg.Pool({ host: '127.0.0.1', port: 1, connectionTimeoutMillis: 2000 }) }) });
    setDb(away);
    try {
      const answer = await visit('/brands/');
      expect(answer.status).toBe(200);
      expect(firstPicture(answer.text)).toBe(firstPicture(builtPage('ko')));
      expect(answer.headers.get('netlify-cdn-cache-control')).toBeNull();
      expect(answer.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    } finally {
      setDb(ctx.db);
      await away.destroy();
    }
  });
});

describe('the brand directory page after a new build', () => {
  /** A build whose /brands page says which build it is. */
  async function build(outDir: string, version: string): Promise<void> {
    const dir = await stagingDirFor(outDir);
    await mkdir(path.join(dir, 'brands'), { recursive: true });
    await writeFile(path.join(dir, 'index.html'), `<!doctype html><title>${version}</title>`);
    await writeFile(path.join(dir, 'brands', 'index.html'), builtPage('ko').replace('ko brands', `${version} brands`));
    await publishBuild(outDir, dir);
  }

  it('the local server answers from the newest build at once, not from what its CDN kept of the old one (as a deploy does)', async () => {
    const root = await mkdtemp(path.join(tmpdir(), 'btower-directory-build-'));
    const outDir = path.join(root, 'dist');
    await build(outDir, 'before');
    const server = await startLocalServer(await freePort(), { DIST_DIR: outDir, DATA_DIR: path.join(root, 'data'), DATABASE_URL: '', NETLIFY_PURGE_API_URL: '', NETLIFY_PURGE_API_TOKEN: '' });
    try {
      const visit = async () => {
        const response = await fetch(`${server.origin}/brands/`);
        return { status: response.status, cache: response.headers.get('cache-status'), text: await response.text() };
      };
      expect((await visit()).text).toContain('<h1>before brands</h1>');
      // Kept at the (local) CDN: the next visit is not the function's.
      expect((await visit()).cache).toContain('hit');
      await build(outDir, 'after');
      const after = await visit();
      expect(after.status).toBe(200);
      expect(after.text).toContain('<h1>after brands</h1>');
    } finally {
      await server.stop();
      await rm(root, { recursive: true, force: true });
    }
  }, 120_000);
});
