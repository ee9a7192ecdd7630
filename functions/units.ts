import type { Config } from '@netlify/functions';
import { UnitFilterSchema, UnitInputSchema, type Unit, type UnitInput } from '../src/shared/unit.ts';
import { requireAdmin } from '../src/server/auth/sessions.ts';
import { getDb } from '../src/server/db/index.ts';
import { CACHE_TAGS, publicListHeaders, purgeTags } from '../src/server/http/cdn-cache.ts';
import { allowMethods, handle } from '../src/server/http/handler.ts';
import { HttpError } from '../src/server/http/errors.ts';
import { json, parseInput, readJson } from '../src/server/http/json.ts';
import { requireSameSite } from '../src/server/http/same-site.ts';
import { requireOwnObjects } from '../src/server/objects/refs.ts';
import { makePublic } from '../src/server/objects/storage.ts';
import { assertStorableText } from '../src/server/http/storable-text.ts';
import { createUnit, deleteUnit, findUnit, forVisitors, listUnits, restoreUnit, updateUnit } from '../src/server/units/queries.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The query parameters the public list reads: the CDN keys its cache on these only. */
const LIST_QUERY = Object.keys(UnitFilterSchema.entries);

const notFound = () => new HttpError(404, 'unit_not_found', 'No unit with this id');

/** The plan must be a plan uploaded here; saved with its unit, it becomes public like a brand thumbnail. */
async function readUnit(req: Request): Promise<UnitInput> {
  const input = parseInput(UnitInputSchema, await readJson(req));
  assertStorableText(input);
  if (input.plan) {
    await requireOwnObjects([{ field: 'plan', path: input.plan }], 'plan', 'units.errors.planInvalid');
    await makePublic(input.plan);
  }
  return input;
}

/** An admin (a bearer is sent) reads every price; anyone else only the published ones. */
async function audience(req: Request): Promise<(unit: Unit) => Unit> {
  if (!req.headers.has('Authorization')) return forVisitors;
  await requireAdmin(req);
  return (unit) => unit;
}

/**
 * The public list's one response, cached at the CDN under the tag `units` until a write purges it. It
 * varies on Authorization, so the admin's own read (with prices) never meets a cached public answer.
 */
function respondPublicList(units: Unit[]): Response {
  return json(units, { headers: publicListHeaders(CACHE_TAGS.units, LIST_QUERY, ['Authorization']) });
}

/**
 * GET (public, filtered) and POST on /api/units; GET, PUT and DELETE on /api/units/{id}, and POST on
 * /api/units/{id}/restore, the undo of a delete (writes: admin).
 */
export default handle(async (req: Request) => {
  const url = new URL(req.url);
  const match = url.pathname.match(/^\/api\/units(?:\/([^/]*)(\/restore)?)?\/?$/);
  if (!match) throw notFound();
  const id = match[1] || undefined;
  if (id !== undefined && match[2]) {
    allowMethods(req, ['POST']);
    requireSameSite(req);
    await requireAdmin(req);
    const restored = UUID.test(id) ? await restoreUnit(await getDb(), id.toLowerCase()) : null;
    if (!restored) throw new HttpError(404, 'unit_not_restorable', 'No space deleted with this id within the undo window');
    await purgeTags([CACHE_TAGS.units]);
    return json(restored);
  }
  if (id === undefined) {
    allowMethods(req, ['GET', 'POST']);
    if (req.method === 'GET') {
      // As for brands: an empty parameter means no filter, and a stranger (utm_*, a cache buster) is ignored.
      const query = [...url.searchParams].filter(([key, value]) => value !== '' && LIST_QUERY.includes(key));
      const filter = parseInput(UnitFilterSchema, Object.fromEntries(query));
      const show = await audience(req);
      const units = (await listUnits(await getDb(), filter)).map(show);
      return show === forVisitors ? respondPublicList(units) : json(units);
    }
    await requireAdmin(req);
    const input = await readUnit(req);
    const created = await createUnit(await getDb(), input);
    await purgeTags([CACHE_TAGS.units]);
    return json(created, { status: 201 });
  }
  allowMethods(req, ['GET', 'PUT', 'DELETE']);
  if (req.method === 'GET') {
    const show = await audience(req);
    const unit = UUID.test(id) ? await findUnit(await getDb(), id.toLowerCase()) : null;
    if (!unit) throw notFound();
    return json(show(unit));
  }
  await requireAdmin(req);
  if (!UUID.test(id)) throw notFound();
  if (req.method === 'DELETE') {
    if (!(await deleteUnit(await getDb(), id.toLowerCase()))) throw notFound();
    await purgeTags([CACHE_TAGS.units]);
    return new Response(null, { status: 204 });
  }
  const input = await readUnit(req);
  const unit = await updateUnit(await getDb(), id.toLowerCase(), input);
  if (!unit) throw notFound();
  await purgeTags([CACHE_TAGS.units]);
  return json(unit);
});

export const config: Config = { path: ['/api/units', '/api/units/:id', '/api/units/:id/restore'] };
