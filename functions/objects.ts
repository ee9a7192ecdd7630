import type { Config, Context } from '@netlify/functions';
import { allowMethods, handle } from '../src/server/http/handler.ts';
import { HttpError } from '../src/server/http/errors.ts';
import { json } from '../src/server/http/json.ts';
import { receivePart } from '../src/server/objects/parts.ts';
import { receiveSingle } from '../src/server/objects/uploads.ts';
import { objectResponse } from '../src/server/objects/read.ts';
import { objectErrorPage } from '../src/server/objects/error-page.ts';
import { objectIdOf, objectPathOf } from '../src/server/objects/storage.ts';

/** Uploaded objects: GET/HEAD to read, PUT with a signed URL to upload (whole file or one part). */
export default handle(async (req: Request, context: Partial<Pick<Context, 'params'>>) => {
  allowMethods(req, ['GET', 'HEAD', 'PUT']);
  const url = new URL(req.url);
  // Only a bare uuid is an id; anything encoded, dotted or nested is simply not found.
  const id = context.params?.id ?? url.pathname.split('/').pop() ?? '';
  const objectPath = objectPathOf(id);
  if (!objectIdOf(objectPath)) throw new HttpError(404, 'object_not_found', 'Not found');
  const params = url.searchParams;
  if (req.method !== 'PUT') {
    return objectResponse(objectPath, params, req.method === 'HEAD').catch((error: unknown) => objectErrorPage(req, objectPath, params, error));
  }
  if (params.has('partNumber')) {
    const etag = await receivePart(id, params, req);
    return json({ partNumber: Number(params.get('partNumber')), etag }, { headers: { ETag: etag } });
  }
  return json({ objectPath: await receiveSingle(id, params, req) });
});

export const config: Config = { path: '/objects/uploads/:id' };
