import type { Config } from '@netlify/functions';
import { UnitFilterSchema, UnitInputSchema, type Unit, type UnitInput } from '../src/shared/units/unit.ts';
import { requireAccess } from '../src/server/auth/access.ts';
import { withActor } from '../src/server/audit/actor.ts';
import { getDb } from '../src/server/db/index.ts';
import { CACHE_TAGS, publicListHeaders, purgeTags } from '../src/server/http/cdn-cache.ts';
import { HttpError } from '../src/server/http/errors.ts';
import { json, parseInput, readJson } from '../src/server/http/json.ts';
import { routes, uuidParam, type RouteContext } from '../src/server/http/routes.ts';
import { requireSameSite } from '../src/server/http/same-site.ts';
import { assertStorableText } from '../src/server/http/storable-text.ts';
import { expectedVersion, versionHeaders } from '../src/server/http/versions.ts';
import { requireOwnObjects } from '../src/server/objects/refs.ts';
import { makePublic } from '../src/server/objects/storage.ts';
import { withGoverningLeases } from '../src/server/leases/governs.ts';
import { koreanDay } from '../src/shared/business-hours.ts';
import { createUnit, deleteUnit, findUnit, forVisitors, forVisitorsAll, listUnits, restoreUnit, updateUnit } from '../src/server/units/queries.ts';

export const config: Config = { path: ['/api/units', '/api/units/:id', '/api/units/:id/restore'] };

/**
 * GET (public, filtered) and POST on /api/units; GET, PUT and DELETE on /api/units/{id}, and POST on
 * /api/units/{id}/restore, the undo of a delete (writes: admin).
 */
export default routes(config, {
  '/api/units': { GET: listPublic, POST: create },
  '/api/units/:id': { GET: read, PUT: update, DELETE: remove },
  '/api/units/:id/restore': { POST: restore },
});

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

/** The team (a bearer is sent) reads every price; anyone else only the published ones. */
async function audience(req: Request, context: RouteContext): Promise<(unit: Unit) => Unit> {
  if (!req.headers.has('Authorization')) return forVisitors;
  await requireAccess(req, 'units.read', context);
  return (unit) => unit;
}

/**
 * The public list's one response, cached at the CDN under the tag `units` until a write purges it. It
 * varies on Authorization, so the admin's own read (with prices) never meets a cached public answer.
 */
async function listPublic(req: Request, context: RouteContext): Promise<Response> {
  // As for brands: an empty parameter means no filter, and a stranger (utm_*, a cache buster) is ignored.
  const query = [...new URL(req.url).searchParams].filter(([key, value]) => value !== '' && LIST_QUERY.includes(key));
  const filter = parseInput(UnitFilterSchema, Object.fromEntries(query));
  const show = await audience(req, context);
  const db = await getDb();
  const units = await listUnits(db, filter);
  return show === forVisitors
    ? json(await forVisitorsAll(db, units), { headers: publicListHeaders(CACHE_TAGS.units, LIST_QUERY, ['Authorization']) })
    : json(await withGoverningLeases(db, units, koreanDay(new Date())));
}

async function create(req: Request, context: RouteContext): Promise<Response> {
  const staff = await requireAccess(req, 'units.write', context);
  const input = await readUnit(req);
  const created = await withActor(staff.actor, (trx) => createUnit(trx, input));
  await purgeTags([CACHE_TAGS.units]);
  return json(created, { status: 201, headers: versionHeaders(created) });
}

async function read(req: Request, context: RouteContext): Promise<Response> {
  const show = await audience(req, context);
  const id = uuidParam(context);
  const db = await getDb();
  const unit = id ? await findUnit(db, id) : null;
  if (!unit) throw notFound();
  const answer = show === forVisitors ? (await forVisitorsAll(db, [unit]))[0]! : (await withGoverningLeases(db, [unit], koreanDay(new Date())))[0]!;
  return json(answer, { headers: versionHeaders(unit) });
}

async function update(req: Request, context: RouteContext): Promise<Response> {
  const staff = await requireAccess(req, 'units.write', context);
  const id = uuidParam(context);
  if (!id) throw notFound();
  const expected = expectedVersion(req);
  const input = await readUnit(req);
  const unit = await withActor(staff.actor, (trx) => updateUnit(trx, id, input, expected));
  if (!unit) throw notFound();
  await purgeTags([CACHE_TAGS.units]);
  return json(unit, { headers: versionHeaders(unit) });
}

async function remove(req: Request, context: RouteContext): Promise<Response> {
  const staff = await requireAccess(req, 'units.write', context);
  const id = uuidParam(context);
  if (!id || !(await withActor(staff.actor, (trx) => deleteUnit(trx, id)))) throw notFound();
  await purgeTags([CACHE_TAGS.units]);
  return new Response(null, { status: 204 });
}

async function restore(req: Request, context: RouteContext): Promise<Response> {
  requireSameSite(req);
  const staff = await requireAccess(req, 'units.write', context);
  const id = uuidParam(context);
  const restored = id ? await withActor(staff.actor, (trx) => restoreUnit(trx, id), { action: 'restore' }) : null;
  if (!restored) throw new HttpError(404, 'unit_not_restorable', 'No space deleted with this id within the undo window');
  await purgeTags([CACHE_TAGS.units]);
  return json(restored);
}
