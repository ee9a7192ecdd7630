import type { Config } from '@netlify/functions';
import { HttpError } from '../src/server/http/errors.ts';
import { json } from '../src/server/http/json.ts';
import { routes, type RouteContext } from '../src/server/http/routes.ts';
import { objectErrorPage } from '../src/server/objects/error-page.ts';
import { receivePart } from '../src/server/objects/parts.ts';
import { objectResponse } from '../src/server/objects/read.ts';
import { objectIdOf, objectPathOf } from '../src/server/objects/storage.ts';
import { receiveSingle } from '../src/server/objects/uploads.ts';

export const config: Config = { path: '/objects/uploads/:id' };

/** Uploaded objects: GET/HEAD to read, PUT with a signed URL to upload (whole file or one part). */
export default routes(config, { '/objects/uploads/:id': { GET: readObject, HEAD: readObject, PUT: receiveObject } });

/** The object's path; only a bare uuid is an id, anything encoded, dotted or nested is simply not found. */
function objectPathIn(context: RouteContext): string {
  const objectPath = objectPathOf(context.params.id ?? '');
  if (!objectIdOf(objectPath)) throw new HttpError(404, 'object_not_found', 'Not found');
  return objectPath;
}

async function readObject(req: Request, context: RouteContext): Promise<Response> {
  const objectPath = objectPathIn(context);
  const params = new URL(req.url).searchParams;
  return objectResponse(objectPath, params, req.method === 'HEAD').catch((error: unknown) => objectErrorPage(req, objectPath, params, error));
}

async function receiveObject(req: Request, context: RouteContext): Promise<Response> {
  objectPathIn(context);
  const id = context.params.id!;
  const params = new URL(req.url).searchParams;
  if (params.has('partNumber')) {
    const etag = await receivePart(id, params, req);
    return json({ partNumber: Number(params.get('partNumber')), etag }, { headers: { ETag: etag } });
  }
  return json({ objectPath: await receiveSingle(id, params, req) });
}
