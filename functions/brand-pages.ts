import type { Config } from '@netlify/functions';
import { localizePath, splitLocale, type Locale } from '../src/i18n/locales.ts';
import { brandPath } from '../src/shared/share-paths.ts';
import { resolveBrandSlug } from '../src/server/brands/slugs.ts';
import { getDb } from '../src/server/db/index.ts';
import { serverEnv } from '../src/server/env.ts';
import { CACHE_TAGS } from '../src/server/http/cdn-cache.ts';
import { routes, type RouteContext } from '../src/server/http/routes.ts';
import { findUnitAt } from '../src/server/units/queries.ts';
import { brandPage, goneBrandPage } from '../src/server/share/brand-page.ts';
import { decodedSegment } from '../src/server/share/path-segment.ts';
import { htmlPage, movedTo, notFoundPage } from '../src/server/share/respond.ts';
import { fillShell, loadShell, shareWords } from '../src/server/share/shell.ts';

export const config: Config = {
  path: [
    '/brands/:slug', '/brands/:slug/', '/en/brands/:slug', '/en/brands/:slug/',
    '/zh/brands/:slug', '/zh/brands/:slug/', '/ja/brands/:slug', '/ja/brands/:slug/',
  ],
};

/**
 * A brand's page, /brands/<slug>/ and /en|zh|ja/brands/<slug>/ (public; decision 017), cached at the CDN
 * under `brands` and `units` (it links the brand's space) until a write purges them. A renamed brand's
 * old slug redirects (301); a deleted brand answers 410, an unknown slug 404.
 */
// Each declared path answers in its own language: the locale comes from the table, never from the request.
export default routes(
  config,
  Object.fromEntries([config.path].flat().map((path) => {
    const answer = brandPageRouteIn(splitLocale(path!).locale);
    return [path, { GET: answer, HEAD: answer }];
  })),
);

const TAGS = [CACHE_TAGS.brands, CACHE_TAGS.units] as const;

function brandPageRouteIn(locale: Locale) {
  return (req: Request, context: RouteContext) => brandPageRoute(req, context, locale);
}

async function brandPageRoute(req: Request, { params }: RouteContext, locale: Locale): Promise<Response> {
  const slug = decodedSegment(params.slug);
  if (!slug) return notFoundPage(locale, TAGS);
  const db = await getDb();
  const answer = await resolveBrandSlug(db, slug.normalize('NFC').toLowerCase());
  // A hidden brand is not announced yet: no page, as if unknown (issue 40).
  if (answer.kind === 'unknown' || (answer.kind !== 'gone' && answer.brand.directoryState === 'hidden')) return notFoundPage(locale, TAGS);
  const words = await shareWords(locale);
  const shell = await loadShell('brand', locale);
  // A closed brand (its lease ended) is gone from the directory, as a deleted one.
  if (answer.kind === 'gone' || answer.brand.directoryState === 'closed') return htmlPage(fillShell(shell, goneBrandPage(words, params.slug!)), 410, TAGS);
  const { brand } = answer;
  const url = new URL(req.url);
  const canonical = localizePath(locale, brandPath(brand.slug ?? ''));
  // One address per brand: an old slug (renamed), another case or a missing final slash leads to it.
  if (answer.kind === 'moved' || url.pathname !== canonical) return movedTo(canonical + url.search, TAGS);
  const unit = brand.unit ? await findUnitAt(db, brand.floor, brand.unit) : null;
  return htmlPage(fillShell(shell, brandPage({ brand, words, unitOnPlan: unit, origin: serverEnv().siteUrl })), 200, TAGS);
}
