import type { Config } from '@netlify/functions';
import { localizePath, splitLocale, type Locale } from '../src/i18n/locales.ts';
import { UNIT_FLOORS } from '../src/shared/units/basics.ts';
import { inquirable, seoulToday, similarUnits } from '../src/shared/units/facts.ts';
import { floorOfSlug, spacePath } from '../src/shared/share-paths.ts';
import { getDb } from '../src/server/db/index.ts';
import { serverEnv } from '../src/server/env.ts';
import { CACHE_TAGS } from '../src/server/http/cdn-cache.ts';
import { routes, type RouteContext } from '../src/server/http/routes.ts';
import { resolveUnitAddress } from '../src/server/units/addresses.ts';
import { forVisitorsAll, listUnits } from '../src/server/units/queries.ts';
import { decodedSegment } from '../src/server/share/path-segment.ts';
import { htmlPage, movedTo, notFoundPage } from '../src/server/share/respond.ts';
import { fillShell, loadShell, shareWords } from '../src/server/share/shell.ts';
import { goneSpacePage, spacePage } from '../src/server/share/space-page.ts';

export const config: Config = {
  path: [
    '/floors/:floor/:unit', '/floors/:floor/:unit/', '/en/floors/:floor/:unit', '/en/floors/:floor/:unit/',
    '/zh/floors/:floor/:unit', '/zh/floors/:floor/:unit/', '/ja/floors/:floor/:unit', '/ja/floors/:floor/:unit/',
  ],
};

/**
 * A space's page, /floors/<floor>/<unit>/ and /en|zh|ja/floors/<floor>/<unit>/ (public; decision 017):
 * rendered from the database into the site's shell, cached at the CDN under `units` until a write
 * purges it. A renumbered space's old address redirects (301), a deleted one answers 410, an unknown one 404.
 */
// Each declared path answers in its own language: the locale comes from the table, never from the request.
export default routes(
  config,
  Object.fromEntries([config.path].flat().map((path) => {
    const answer = spacePageRouteIn(splitLocale(path!).locale);
    return [path, { GET: answer, HEAD: answer }];
  })),
);

const TAGS = [CACHE_TAGS.units] as const;

function spacePageRouteIn(locale: Locale) {
  return (req: Request, context: RouteContext) => spacePageRoute(req, context, locale);
}

async function spacePageRoute(req: Request, { params }: RouteContext, locale: Locale): Promise<Response> {
  const floor = floorOfSlug(params.floor ?? '');
  const number = decodedSegment(params.unit);
  if (!floor || !number) return notFoundPage(locale, TAGS);
  const db = await getDb();
  const answer = await resolveUnitAddress(db, floor, number);
  const words = await shareWords(locale);
  const shell = await loadShell('space', locale);
  if (answer.kind === 'unknown') return notFoundPage(locale, TAGS);
  if (answer.kind === 'gone') return htmlPage(fillShell(shell, goneSpacePage(words, `${params.floor}/${params.unit}`)), 410, TAGS);
  const canonical = localizePath(locale, spacePath(answer.unit));
  const url = new URL(req.url);
  // One address per space: another case, a missing final slash or an old number leads to it.
  if (answer.kind === 'moved' || url.pathname !== canonical) return movedTo(canonical + url.search, TAGS);
  const unit = (await forVisitorsAll(db, [answer.unit]))[0]!;
  const today = seoulToday();
  // A space nobody else may take (leased, reserved) offers similar ones.
  const similar = !inquirable(unit, today) ? similarUnits(unit, await forVisitorsAll(db, await listUnits(db)), UNIT_FLOORS) : [];
  // Without a plan of its own the page shows its floor's card, with the floor's row of spaces marking this one.
  const floorUnits = unit.plan ? [] : await forVisitorsAll(db, await listUnits(db, { floor: unit.floor }));
  return htmlPage(fillShell(shell, spacePage({ unit, similar, floorUnits, words, today, origin: serverEnv().siteUrl })), 200, TAGS);
}
