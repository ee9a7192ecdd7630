import type { Config } from '@netlify/functions';
import { routes, type RouteContext } from '../src/server/http/routes.ts';
import { json } from '../src/server/http/json.ts';
import { createSingleUpload } from '../src/server/objects/uploads.ts';
import { readOptionalJson } from '../src/server/http/body.ts';
import { guardUploadStart, recordStaffUpload } from '../src/server/objects/upload-guard.ts';
import { parseUploadRequest } from '../src/server/objects/tickets.ts';

export const config: Config = { path: '/api/objects/upload' };

export default routes(config, { '/api/objects/upload': { POST: startUpload } });

/**
 * A short-lived, single-use URL for one PUT; the body `{purpose, filename, size, type}` is optional.
 * Visitors may start attachments only, a limited number per client; other purposes need an agent or owner.
 */
async function startUpload(req: Request, context: RouteContext): Promise<Response> {
  const body = await readOptionalJson(req);
  const staff = await guardUploadStart(req, context, body);
  const upload = await createSingleUpload(body);
  await recordStaffUpload(staff, upload.objectPath, parseUploadRequest(body).purpose);
  return json(upload, { status: 201 });
}
