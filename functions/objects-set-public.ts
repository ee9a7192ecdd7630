import type { Config } from '@netlify/functions';
import * as v from 'valibot';
import { requireAccess } from '../src/server/auth/access.ts';
import { recordEvent } from '../src/server/audit/actor.ts';
import { getDb } from '../src/server/db/index.ts';
import { routes, type RouteContext } from '../src/server/http/routes.ts';
import { HttpError } from '../src/server/http/errors.ts';
import { json, readJson } from '../src/server/http/json.ts';
import { makePublic } from '../src/server/objects/storage.ts';
import { toObjectPath } from '../src/shared/uploads.ts';

export const config: Config = { path: '/api/objects/set-public' };

export default routes(config, { '/api/objects/set-public': { POST: setPublic } });

const SetPublicSchema = v.object({ objectPath: v.pipe(v.string(), v.maxLength(200)) });

/** Agent or owner: makes an uploaded brand thumbnail readable by every visitor (only thumbnails may be public). */
async function setPublic(req: Request, context: RouteContext): Promise<Response> {
  const staff = await requireAccess(req, 'uploads.write', context);
  const result = v.safeParse(SetPublicSchema, await readJson(req));
  if (!result.success) throw new HttpError(400, 'invalid_input', 'Expected {objectPath}');
  // The client may send the upload URL itself; the stored form is the bare object path.
  const objectPath = toObjectPath(result.output.objectPath) ?? result.output.objectPath;
  const metadata = await makePublic(objectPath);
  await recordEvent(await getDb(), staff.actor, { action: 'make_public', entity: 'object', entityId: objectPath });
  return json({ objectPath, public: metadata.public });
}
