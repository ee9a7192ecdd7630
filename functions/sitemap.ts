import type { Config } from '@netlify/functions';
import { brandPath, spacePath } from '../src/shared/share-paths.ts';
import { listBrands } from '../src/server/brands/queries.ts';
import { getDb } from '../src/server/db/index.ts';
import { serverEnv } from '../src/server/env.ts';
import { CACHE_TAGS, publicPageHeaders } from '../src/server/http/cdn-cache.ts';
import { routes } from '../src/server/http/routes.ts';
import { listUnits } from '../src/server/units/queries.ts';
import { sitemapXml } from '../src/server/share/sitemap.ts';

export const config: Config = { path: '/sitemap.xml' };

/**
 * GET /sitemap.xml (public; decision 017): the site's pages, and every space and brand page, from the
 * database, so a new space is listed as soon as it is saved. Cached at the CDN under both tags.
 */
export default routes(config, { '/sitemap.xml': { GET: sitemap, HEAD: sitemap } });

async function sitemap(): Promise<Response> {
  const db = await getDb();
  const [units, brands] = await Promise.all([listUnits(db), listBrands(db)]);
  const pages = [
    ...units.map((unit) => ({ path: spacePath(unit), lastModified: unit.updatedAt })),
    ...brands.filter((brand) => brand.slug).map((brand) => ({ path: brandPath(brand.slug!), lastModified: brand.updatedAt ?? undefined })),
  ];
  return new Response(sitemapXml(serverEnv().siteUrl, pages), {
    headers: { 'Content-Type': 'application/xml; charset=utf-8', ...publicPageHeaders([CACHE_TAGS.units, CACHE_TAGS.brands]) },
  });
}
