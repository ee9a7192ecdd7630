import type { Config, Context } from '@netlify/functions';
import * as v from 'valibot';
import { IDEMPOTENCY_KEY_HEADER, IdempotencyKeySchema } from '../src/shared/api.ts';
import { InquiryInputSchema } from '../src/shared/inquiry.ts';
import { requireAdmin } from '../src/server/auth.ts';
import { getDb } from '../src/server/db/index.ts';
import { allowMethods, handle, HttpError, json, parseInput, readJson } from '../src/server/http.ts';
import { createInquiry, listInquiries } from '../src/server/inquiries.ts';
import { discardedInquiry, guardInquiryPost } from '../src/server/inquiry-guard.ts';
import { inquirableUnit } from '../src/server/units.ts';
import { requireOwnObjects } from '../src/server/object-refs.ts';
import { signedReadURL } from '../src/server/storage.ts';
import { assertStorableText } from '../src/server/storable-text.ts';

/** Attachment links for the admin: a plain <a href> cannot send a bearer header, so each link is signed. */
const ATTACHMENT_LINK_TTL_SECONDS = 15 * 60;

/** The optional Idempotency-Key of a POST; a malformed one is refused rather than ignored. */
function idempotencyKeyOf(req: Request): string | undefined {
  const key = req.headers.get(IDEMPOTENCY_KEY_HEADER);
  if (key === null) return undefined;
  if (!v.is(IdempotencyKeySchema, key)) {
    throw new HttpError(400, 'invalid_idempotency_key', `${IDEMPOTENCY_KEY_HEADER} must be a UUID`);
  }
  return key.toLowerCase();
}

/** GET (admin): every inquiry, newest first. POST (public): one leasing inquiry with uploaded attachments. */
export default handle(async (req: Request, context: Partial<Pick<Context, 'ip'>>) => {
  allowMethods(req, ['GET', 'POST']);
  if (req.method === 'GET') {
    await requireAdmin(req);
    const inquiries = await listInquiries(await getDb());
    const signed = await Promise.all(
      inquiries.map(async (inquiry) => ({
        ...inquiry,
        attachments: await Promise.all(inquiry.attachments.map((path) => signedReadURL(path, ATTACHMENT_LINK_TTL_SECONDS))),
      })),
    );
    return json(signed);
  }
  const idempotencyKey = idempotencyKeyOf(req);
  const guarded = await guardInquiryPost(req, context, await readJson(req));
  const input = parseInput(InquiryInputSchema, guarded.body);
  assertStorableText(input);
  if (guarded.bot) return json(discardedInquiry(input), { status: 201 });
  await requireOwnObjects(
    input.attachments.map((path, i) => ({ field: `attachments.${i}`, path })),
    'attachment',
    'inquiry.errors.attachmentInvalid',
  );
  const unit = input.unitId ? await inquirableUnit(await getDb(), input.unitId) : null;
  const { inquiry, replayed } = await createInquiry(await getDb(), input, idempotencyKey, unit);
  // A replay answers as the first request did, marked so a client can tell.
  return json(inquiry, { status: 201, headers: replayed ? { 'Idempotent-Replayed': 'true' } : {} });
});

export const config: Config = { path: '/api/inquiries' };
