import type { Config } from '@netlify/functions';
import { HttpError } from '../src/server/http/errors.ts';
import { json, readJson } from '../src/server/http/json.ts';
import { routes, type RouteContext } from '../src/server/http/routes.ts';
import { abortMultipart, completeMultipart, createMultipart } from '../src/server/objects/parts.ts';
import { guardUploadStart, recordStaffUpload } from '../src/server/objects/upload-guard.ts';
import { parseUploadRequest } from '../src/server/objects/tickets.ts';

export const config: Config = { path: ['/api/objects/multipart', '/api/objects/multipart/:action'] };

/** Uploads in parts (files over SINGLE_PUT_MAX_BYTES): create (guarded as a single upload), complete, abort. */
export default routes(config, {
  '/api/objects/multipart': { POST: create },
  '/api/objects/multipart/:action': { POST: finish },
});

async function create(req: Request, context: RouteContext): Promise<Response> {
  const body = await readJson(req);
  const staff = await guardUploadStart(req, context, body);
  const upload = await createMultipart(body);
  await recordStaffUpload(staff, upload.key, parseUploadRequest(body).purpose);
  return json(upload, { status: 201 });
}

async function finish(req: Request, context: RouteContext): Promise<Response> {
  const { action } = context.params;
  if (action === 'complete') return json(await completeMultipart(await readJson(req, 256 * 1024)));
  if (action === 'abort') {
    await abortMultipart(await readJson(req));
    return new Response(null, { status: 204 });
  }
  throw new HttpError(404, 'not_found', 'Unknown multipart action');
}
