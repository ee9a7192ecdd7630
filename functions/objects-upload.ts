import type { Config } from '@netlify/functions';
import { allowMethods, handle, json } from '../src/server/http.ts';
import { createSingleUpload } from '../src/server/object-uploads.ts';
import { readOptionalJson } from '../src/server/request-body.ts';

/** A short-lived, single-use URL for one PUT; the body `{purpose, filename, size, type}` is optional. */
export default handle(async (req: Request) => {
  allowMethods(req, ['POST']);
  return json(await createSingleUpload(await readOptionalJson(req)), { status: 201 });
});

export const config: Config = { path: '/api/objects/upload' };
