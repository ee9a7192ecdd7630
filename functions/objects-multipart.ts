import type { Config, Context } from '@netlify/functions';
import { allowMethods, handle } from '../src/server/http/handler.ts';
import { HttpError } from '../src/server/http/errors.ts';
import { json, readJson } from '../src/server/http/json.ts';
import { abortMultipart, completeMultipart, createMultipart } from '../src/server/objects/parts.ts';
import { guardUploadStart } from '../src/server/objects/upload-guard.ts';

/** Uploads in parts (files over SINGLE_PUT_MAX_BYTES): create (guarded as a single upload), complete, abort. */
export default handle(async (req: Request, context: Partial<Pick<Context, 'ip'>>) => {
  allowMethods(req, ['POST']);
  // From the URL itself, so the handler behaves the same whoever routed the request.
  const action = new URL(req.url).pathname.match(/^\/api\/objects\/multipart(?:\/([^/]+))?\/?$/)?.[1];
  if (action === undefined) {
    const body = await readJson(req);
    await guardUploadStart(req, context, body);
    return json(await createMultipart(body), { status: 201 });
  }
  if (action === 'complete') return json(await completeMultipart(await readJson(req, 256 * 1024)));
  if (action === 'abort') {
    await abortMultipart(await readJson(req));
    return new Response(null, { status: 204 });
  }
  throw new HttpError(404, 'not_found', 'Unknown multipart action');
});

export const config: Config = { path: ['/api/objects/multipart', '/api/objects/multipart/:action'] };
