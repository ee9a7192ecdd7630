import type { Config, Context } from '@netlify/functions';
import { allowMethods, handle } from '../src/server/http/handler.ts';
import { json } from '../src/server/http/json.ts';
import { createSingleUpload } from '../src/server/objects/uploads.ts';
import { readOptionalJson } from '../src/server/http/body.ts';
import { guardUploadStart } from '../src/server/objects/upload-guard.ts';

/**
 * A short-lived, single-use URL for one PUT; the body `{purpose, filename, size, type}` is optional.
 * Visitors may start attachments only, a limited number per client; other purposes need the admin.
 */
export default handle(async (req: Request, context: Partial<Pick<Context, 'ip'>>) => {
  allowMethods(req, ['POST']);
  const body = await readOptionalJson(req);
  await guardUploadStart(req, context, body);
  return json(await createSingleUpload(body), { status: 201 });
});

export const config: Config = { path: '/api/objects/upload' };
