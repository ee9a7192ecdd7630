import type { Config } from '@netlify/functions';
import { localizePath, splitLocale, type Locale } from '../src/i18n/locales.ts';
import { BrandFilterSchema } from '../src/shared/brand.ts';
import { withFirstPicture } from '../src/server/brands/directory-page.ts';
import { firstListedBrand } from '../src/server/brands/list-cache.ts';
import { getDb } from '../src/server/db/index.ts';
import { CACHE_TAGS } from '../src/server/http/cdn-cache.ts';
import { routes } from '../src/server/http/routes.ts';
import { htmlPage, uncachedHtmlPage } from '../src/server/share/respond.ts';
import { siteFileText } from '../src/server/share/shell.ts';

// Literal paths: Netlify reads the config without running the module.
export const config: Config = {
  path: ['/brands', '/brands/', '/en/brands', '/en/brands/', '/zh/brands', '/zh/brands/', '/ja/brands', '/ja/brands/'],
};

/**
 * The brand directory, /brands/ and /en|zh|ja/brands/ (public; decision 051): the built page, with the
 * first brand's picture already in its first loading card, so the page's largest paint starts with the
 * HTML. Cached at the CDN under `brands` until a brand write purges it, keyed on the directory's filters:
 * a filtered visit shows other brands first and gets the page as built (the island finds its picture).
 */
export default routes(
  config,
  Object.fromEntries([config.path].flat().map((path) => {
    const answer = directoryRouteIn(splitLocale(path!).locale);
    return [path, { GET: answer, HEAD: answer }];
  })),
);

/** The query names that make a visit filtered: the public list's filters (the page's data-filters). */
const FILTER_NAMES = Object.keys(BrandFilterSchema.entries);

function directoryRouteIn(locale: Locale) {
  return (req: Request) => directoryPage(req, locale);
}

async function directoryPage(req: Request, locale: Locale): Promise<Response> {
  // The built page of the locale's address: brands/index.html, en/brands/index.html…
  const built = await siteFileText(`${localizePath(locale, '/brands/').slice(1)}index.html`);
  const params = new URL(req.url).searchParams;
  if (FILTER_NAMES.some((name) => params.has(name))) return htmlPage(built, 200, [CACHE_TAGS.brands], FILTER_NAMES);
  let first;
  try {
    first = await firstListedBrand(await getDb());
  } catch (error) {
    // The database is away: the page as built, not kept at the CDN; the island says the list is unavailable.
    console.error('[brand-directory] the first brand could not be read; serving the page as built', error);
    return uncachedHtmlPage(built);
  }
  return htmlPage(withFirstPicture(built, first?.thumbnail), 200, [CACHE_TAGS.brands], FILTER_NAMES);
}
