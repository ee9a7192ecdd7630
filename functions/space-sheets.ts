import type { Config } from '@netlify/functions';
import { localizePath, splitLocale, type Locale } from '../src/i18n/locales.ts';
import { imageUrl } from '../src/shared/image-url.ts';
import { floorOfSlug, spacePath, specSheetPath } from '../src/shared/share-paths.ts';
import { seoulToday } from '../src/shared/units/facts.ts';
import type { Unit } from '../src/shared/units/unit.ts';
import type { ShareWords } from '../src/shared/share-shell.ts';
import { getDb } from '../src/server/db/index.ts';
import { serverEnv } from '../src/server/env.ts';
import { CACHE_TAGS, publicPageHeaders } from '../src/server/http/cdn-cache.ts';
import { routes, type RouteContext } from '../src/server/http/routes.ts';
import { resolveUnitAddress } from '../src/server/units/addresses.ts';
import { forVisitorsAll, listUnits } from '../src/server/units/queries.ts';
import { decodedSegment } from '../src/server/share/path-segment.ts';
import { htmlPage, movedTo, notFoundPage } from '../src/server/share/respond.ts';
import { fillShell, loadShell, shareWords, siteFileBytes } from '../src/server/share/shell.ts';
import { goneSpacePage } from '../src/server/share/space-page.ts';
import { pdfFont } from '../src/server/pdf/fonts.ts';
import { renderSpecSheet } from '../src/server/spec-sheets/render.ts';

export const config: Config = {
  path: ['/floors/:floor/:unit/spec-sheet.pdf', '/en/floors/:floor/:unit/spec-sheet.pdf', '/zh/floors/:floor/:unit/spec-sheet.pdf', '/ja/floors/:floor/:unit/spec-sheet.pdf'],
};

/**
 * A space's spec sheet, an A4 PDF in the language of its path (public; decision 018). Made on demand
 * and cached at the CDN under `units`, like the space's page, until a write purges it.
 */
// Each declared path answers in its own language: the locale comes from the table, never from the request.
export default routes(
  config,
  Object.fromEntries([config.path].flat().map((path) => {
    const answer = specSheetRouteIn(splitLocale(path!).locale);
    return [path, { GET: answer, HEAD: answer }];
  })),
);

const TAGS = [CACHE_TAGS.units] as const;
/** The plan's size on the sheet, asked of the Image CDN: sharp on paper, a fraction of a phone photo. */
const PLAN_PRINT = { w: 900, q: 70 } as const;

function specSheetRouteIn(locale: Locale) {
  return (req: Request, context: RouteContext) => specSheetRoute(req, context, locale);
}

async function specSheetRoute(req: Request, { params }: RouteContext, locale: Locale): Promise<Response> {
  const floor = floorOfSlug(params.floor ?? '');
  const number = decodedSegment(params.unit);
  if (!floor || !number) return notFoundPage(locale, TAGS);
  const db = await getDb();
  const answer = await resolveUnitAddress(db, floor, number);
  if (answer.kind === 'unknown') return notFoundPage(locale, TAGS);
  const words = await shareWords(locale);
  if (answer.kind === 'gone') return htmlPage(fillShell(await loadShell('space', locale), goneSpacePage(words, `${params.floor}/${params.unit}`)), 410, TAGS);
  const url = new URL(req.url);
  const canonical = localizePath(locale, specSheetPath(answer.unit));
  if (answer.kind === 'moved' || url.pathname !== canonical) return movedTo(canonical, TAGS);
  const unit = (await forVisitorsAll(db, [answer.unit]))[0]!;
  const plan = await planImage(unit, words, url.origin);
  const pdf = await renderSpecSheet({
    unit,
    words,
    font: await pdfFont(locale),
    plan,
    // Only a floor's card needs the floor's other spaces (to mark this one among them).
    floorUnits: plan?.floorCard ? await forVisitorsAll(db, await listUnits(db, { floor: unit.floor })) : [],
    pageUrl: new URL(localizePath(locale, spacePath(unit)), serverEnv().siteUrl).href,
    today: seoulToday(),
  });
  return new Response(new Uint8Array(pdf), {
    headers: {
      'Content-Type': 'application/pdf',
      'Content-Disposition': `inline; filename="${sheetFilename(unit, locale)}"`,
      ...publicPageHeaders(TAGS),
    },
  });
}

/** "B-TOWER-8F-801-ko.pdf": what a downloaded sheet is called (ASCII, so every mail client keeps it). */
function sheetFilename(unit: Unit, locale: Locale): string {
  return `B-TOWER-${unit.floor}-${unit.unitNumber.replace(/[^A-Za-z0-9-]+/g, '_')}-${locale}.pdf`;
}

/** The uploaded plan as JPEG through the site's Image CDN; else (none, or the CDN failed) the floor's card. */
async function planImage(unit: Unit, words: ShareWords, origin: string): Promise<{ bytes: Uint8Array; floorCard: boolean } | null> {
  if (unit.plan) {
    const params = new URLSearchParams(imageUrl(unit.plan, { w: PLAN_PRINT.w, q: PLAN_PRINT.q }).split('?')[1]);
    params.set('fm', 'jpg');
    const response = await fetch(`${origin}/.netlify/images?${params}`, { signal: AbortSignal.timeout(5000) }).catch(() => null);
    if (response?.ok) return { bytes: new Uint8Array(await response.arrayBuffer()), floorCard: false };
    console.error(`[spec-sheet] plan of ${unit.floor} ${unit.unitNumber} not available from the Image CDN (${response?.status ?? 'no answer'}): the floor's card is printed`);
  }
  const card = words.floorCards[unit.floor];
  const bytes = card ? await siteFileBytes(card.path.slice(1)) : null;
  return bytes && { bytes, floorCard: true };
}
