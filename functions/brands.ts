import type { Config } from '@netlify/functions';
import { BrandFilterSchema, BrandInputSchema, type BrandInput } from '../src/shared/brand.ts';
import { ListQuerySchema } from '../src/shared/list-limit.ts';
import { requireAccess } from '../src/server/auth/access.ts';
import { withActor } from '../src/server/audit/actor.ts';
import { brandListJson } from '../src/server/brands/list-cache.ts';
import { createBrand, deleteBrand, listBrands, restoreBrand, updateBrand } from '../src/server/brands/queries.ts';
import { patchBrandDirectory } from '../src/server/leases/brand-directory.ts';
import { BrandDirectoryPatchSchema } from '../src/shared/leases/directory-schema.ts';
import { koreanDay } from '../src/shared/business-hours.ts';
import { getDb } from '../src/server/db/index.ts';
import { CACHE_TAGS, publicListHeaders, purgeTags } from '../src/server/http/cdn-cache.ts';
import { HttpError } from '../src/server/http/errors.ts';
import { json, parseInput, readJson, sharedJsonBytes } from '../src/server/http/json.ts';
import { routes, uuidParam, type RouteContext } from '../src/server/http/routes.ts';
import { requireSameSite } from '../src/server/http/same-site.ts';
import { assertStorableText } from '../src/server/http/storable-text.ts';
import { expectedVersion, versionHeaders } from '../src/server/http/versions.ts';
import { requireOwnObjects } from '../src/server/objects/refs.ts';

export const config: Config = { path: ['/api/brands', '/api/brands/:id', '/api/brands/:id/restore'] };

/**
 * GET (public, filtered; with a bearer the team's list of every brand) and POST on /api/brands; PUT, PATCH (its
 * directory state and opening day) and DELETE on /api/brands/{id}, and POST on /api/brands/{id}/restore, the undo
 * of a delete (admin).
 */
export default routes(config, {
  '/api/brands': { GET: listPublic, POST: create },
  '/api/brands/:id': { PUT: update, PATCH: patchDirectory, DELETE: remove },
  '/api/brands/:id/restore': { POST: restore },
});

/** The query parameters the public list reads: the CDN keys its cache on these only. */
const LIST_QUERY = ['category', 'floor', 'isAvailable', 'search', 'limit', 'audience'];

const notFound = () => new HttpError(404, 'brand_not_found', 'No brand with this id');

/** The thumbnail and images must be thumbnails uploaded here, not any URL-shaped string. */
async function readBrand(req: Request): Promise<BrandInput> {
  const input = parseInput(BrandInputSchema, await readJson(req));
  assertStorableText(input);
  await requireOwnObjects(
    [{ field: 'thumbnail', path: input.thumbnail }, ...input.images.map((path, i) => ({ field: `images.${i}`, path }))],
    'thumbnail',
    'admin.brandForm.errors.objectPathInvalid',
  );
  return input;
}

async function listPublic(req: Request, context: RouteContext): Promise<Response> {
  // An empty parameter means "no filter", like 'all' (spec §7).
  const { limit: limitText, audience, ...query } = Object.fromEntries([...new URL(req.url).searchParams].filter(([, value]) => value !== ''));
  const filter = parseInput(BrandFilterSchema, query);
  const { limit } = parseInput(ListQuerySchema, { limit: limitText });
  assertStorableText(filter);
  // `audience=team`: the team's list of every brand, hidden and closed ones too (issue 40), never cached. Asked
  // for by name, not by the bearer alone: a signed-in person browsing /brands still gets the visitors' list.
  if (audience !== undefined) {
    if (audience !== 'team') throw new HttpError(400, 'invalid_input', 'audience is team or absent', { fields: { audience: 'leases.errors.audienceInvalid' } });
    await requireAccess(req, 'brands.read', context);
    const brands = await listBrands(await getDb(), filter, 'team');
    return json(limit === undefined ? brands : brands.slice(0, limit));
  }
  const response = sharedJsonBytes(await brandListJson(await getDb(), filter, limit));
  for (const [name, value] of Object.entries(publicListHeaders(CACHE_TAGS.brands, LIST_QUERY))) response.headers.set(name, value);
  return response;
}

/** PATCH /api/brands/{id} {directoryState?, openingOn?} (If-Match): the brand's place in the directory. */
async function patchDirectory(req: Request, context: RouteContext): Promise<Response> {
  const staff = await requireAccess(req, 'brands.write', context);
  const id = uuidParam(context);
  if (!id) throw notFound();
  const expected = expectedVersion(req);
  const patch = parseInput(BrandDirectoryPatchSchema, await readJson(req));
  const brand = await patchBrandDirectory(await getDb(), id, patch, staff.actor, expected, koreanDay(new Date()));
  await purgeTags([CACHE_TAGS.brands]);
  return json(brand, { headers: versionHeaders(brand as { version: number }) });
}

async function create(req: Request, context: RouteContext): Promise<Response> {
  const staff = await requireAccess(req, 'brands.write', context);
  const input = await readBrand(req);
  const created = await withActor(staff.actor, (trx) => createBrand(trx, input));
  await purgeTags([CACHE_TAGS.brands]);
  return json(created, { status: 201 });
}

async function update(req: Request, context: RouteContext): Promise<Response> {
  const staff = await requireAccess(req, 'brands.write', context);
  const id = uuidParam(context);
  if (!id) throw notFound();
  const expected = expectedVersion(req);
  const input = await readBrand(req);
  const brand = await withActor(staff.actor, (trx) => updateBrand(trx, id, input, expected));
  if (!brand) throw notFound();
  await purgeTags([CACHE_TAGS.brands]);
  return json(brand, { headers: versionHeaders(brand) });
}

async function remove(req: Request, context: RouteContext): Promise<Response> {
  const staff = await requireAccess(req, 'brands.write', context);
  const id = uuidParam(context);
  if (!id || !(await withActor(staff.actor, (trx) => deleteBrand(trx, id)))) throw notFound();
  await purgeTags([CACHE_TAGS.brands]);
  return new Response(null, { status: 204 });
}

async function restore(req: Request, context: RouteContext): Promise<Response> {
  requireSameSite(req);
  const staff = await requireAccess(req, 'brands.write', context);
  const id = uuidParam(context);
  const restored = id ? await withActor(staff.actor, (trx) => restoreBrand(trx, id), { action: 'restore' }) : null;
  if (!restored) throw new HttpError(404, 'brand_not_restorable', 'No brand deleted with this id within the undo window');
  await purgeTags([CACHE_TAGS.brands]);
  return json(restored);
}
