import type { Config } from '@netlify/functions';
import { BrandFilterSchema, BrandInputSchema, type BrandInput } from '../src/shared/brand.ts';
import { ListQuerySchema } from '../src/shared/list-limit.ts';
import { CACHE_TAGS, publicListHeaders, purgeTags } from '../src/server/http/cdn-cache.ts';
import { requireAdmin } from '../src/server/auth/sessions.ts';
import { brandListJson } from '../src/server/brands/list-cache.ts';
import { createBrand, deleteBrand, restoreBrand, updateBrand } from '../src/server/brands/queries.ts';
import { getDb } from '../src/server/db/index.ts';
import { allowMethods, handle } from '../src/server/http/handler.ts';
import { HttpError } from '../src/server/http/errors.ts';
import { json, parseInput, readJson, sharedJsonBytes } from '../src/server/http/json.ts';
import { requireSameSite } from '../src/server/http/same-site.ts';
import { requireOwnObjects } from '../src/server/objects/refs.ts';
import { assertStorableText } from '../src/server/http/storable-text.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The query parameters the public list reads: the CDN keys its cache on these only. */
const LIST_QUERY = ['category', 'floor', 'isAvailable', 'search', 'limit'];

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

/**
 * GET (public, filtered) and POST on /api/brands; PUT and DELETE on /api/brands/{id}, and POST on
 * /api/brands/{id}/restore, the undo of a delete (admin).
 */
export default handle(async (req: Request) => {
  const match = new URL(req.url).pathname.match(/^\/api\/brands(?:\/([^/]*)(\/restore)?)?\/?$/);
  if (!match) throw notFound();
  const id = match[1] || undefined;
  if (id !== undefined && match[2]) {
    allowMethods(req, ['POST']);
    requireSameSite(req);
    await requireAdmin(req);
    const restored = UUID.test(id) ? await restoreBrand(await getDb(), id.toLowerCase()) : null;
    if (!restored) throw new HttpError(404, 'brand_not_restorable', 'No brand deleted with this id within the undo window');
    await purgeTags([CACHE_TAGS.brands]);
    return json(restored);
  }
  if (id === undefined) {
    allowMethods(req, ['GET', 'POST']);
    if (req.method === 'GET') {
      // An empty parameter means "no filter", like 'all' (spec §7).
      const { limit: limitText, ...query } = Object.fromEntries([...new URL(req.url).searchParams].filter(([, value]) => value !== ''));
      const filter = parseInput(BrandFilterSchema, query);
      const { limit } = parseInput(ListQuerySchema, { limit: limitText });
      assertStorableText(filter);
      const response = sharedJsonBytes(await brandListJson(await getDb(), filter, limit));
      for (const [name, value] of Object.entries(publicListHeaders(CACHE_TAGS.brands, LIST_QUERY))) response.headers.set(name, value);
      return response;
    }
    await requireAdmin(req);
    const input = await readBrand(req);
    const created = await createBrand(await getDb(), input);
    await purgeTags([CACHE_TAGS.brands]);
    return json(created, { status: 201 });
  }
  allowMethods(req, ['PUT', 'DELETE']);
  await requireAdmin(req);
  if (!UUID.test(id)) throw notFound();
  if (req.method === 'DELETE') {
    if (!(await deleteBrand(await getDb(), id.toLowerCase()))) throw notFound();
    await purgeTags([CACHE_TAGS.brands]);
    return new Response(null, { status: 204 });
  }
  const input = await readBrand(req);
  const brand = await updateBrand(await getDb(), id.toLowerCase(), input);
  if (!brand) throw notFound();
  await purgeTags([CACHE_TAGS.brands]);
  return json(brand);
});

export const config: Config = { path: ['/api/brands', '/api/brands/:id', '/api/brands/:id/restore'] };
