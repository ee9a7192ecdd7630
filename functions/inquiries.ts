import type { Config } from '@netlify/functions';
import * as v from 'valibot';
import { IDEMPOTENCY_KEY_HEADER, IdempotencyKeySchema } from '../src/shared/api.ts';
import { InquiryInputSchema } from '../src/shared/inquiry.ts';
import { getDb } from '../src/server/db/index.ts';
import { HttpError } from '../src/server/http/errors.ts';
import { json, parseInput, readJson } from '../src/server/http/json.ts';
import { routes, type RouteContext } from '../src/server/http/routes.ts';
import { assertStorableText } from '../src/server/http/storable-text.ts';
import { discardedInquiry, guardInquiryPost } from '../src/server/inquiries/guard.ts';
import { createInquiry } from '../src/server/inquiries/queries.ts';
import { inquiryReceipt } from '../src/server/inquiries/receipt.ts';
import {
  attachmentLinkRoute,
  exportInquiriesRoute,
  inquiryCountsRoute,
  inquiryDetailRoute,
  inquiryStatsRoute,
  listInquiriesRoute,
  patchInquiryRoute,
} from '../src/server/inquiries/routes.ts';
import { drainOutbox } from '../src/server/notify/outbox.ts';
import { requireOwnObjects } from '../src/server/objects/refs.ts';
import { inquirableUnit } from '../src/server/units/queries.ts';
import { requirePublishedNotice } from '../src/server/privacy/notice.ts';
import { destroyInquiryRoute } from '../src/server/privacy/routes.ts';

export const config: Config = {
  path: ['/api/inquiries', '/api/inquiries/counts', '/api/inquiries/stats', '/api/inquiries/export', '/api/inquiries/:id', '/api/inquiries/:id/attachments/:n/link', '/api/inquiries/:id/destroy'],
};

/**
 * POST (public): one leasing inquiry with uploaded attachments. Everything else is the admin's inbox
 * (src/server/inquiries/routes.ts): the paged list, counts, stats, export, detail, PATCH and attachment links.
 */
export default routes(config, {
  '/api/inquiries': { GET: listInquiriesRoute, POST: createInquiryRoute },
  '/api/inquiries/counts': { GET: inquiryCountsRoute },
  '/api/inquiries/stats': { GET: inquiryStatsRoute },
  '/api/inquiries/export': { GET: exportInquiriesRoute },
  '/api/inquiries/:id': { GET: inquiryDetailRoute, PATCH: patchInquiryRoute },
  '/api/inquiries/:id/attachments/:n/link': { POST: attachmentLinkRoute },
  '/api/inquiries/:id/destroy': { POST: destroyInquiryRoute },
});

/** The optional Idempotency-Key of a POST; a malformed one is refused rather than ignored. */
function idempotencyKeyOf(req: Request): string | undefined {
  const key = req.headers.get(IDEMPOTENCY_KEY_HEADER);
  if (key === null) return undefined;
  if (!v.is(IdempotencyKeySchema, key)) {
    throw new HttpError(400, 'invalid_idempotency_key', `${IDEMPOTENCY_KEY_HEADER} must be a UUID`);
  }
  return key.toLowerCase();
}

async function createInquiryRoute(req: Request, context: RouteContext): Promise<Response> {
  const idempotencyKey = idempotencyKeyOf(req);
  const guarded = await guardInquiryPost(req, context, await readJson(req));
  const input = parseInput(InquiryInputSchema, guarded.body);
  requirePublishedNotice(input.privacyNoticeVersion);
  assertStorableText(input);
  if (guarded.bot) return json(discardedInquiry(input), { status: 201 });
  await requireOwnObjects(
    input.attachments.map((path, i) => ({ field: `attachments.${i}`, path })),
    'attachment',
    'inquiry.errors.attachmentInvalid',
  );
  const db = await getDb();
  const unit = input.unitId ? await inquirableUnit(db, input.unitId) : null;
  const { inquiry, replayed } = await createInquiry(db, input, idempotencyKey, unit);
  if (!replayed && inquiry.notification !== 'off') {
    // A failed notification is recorded in the outbox and retried; it never fails the inquiry. The first
    // attempt runs after the answer (waitUntil); without it (tests) it runs unawaited.
    const attempt = drainOutbox(db, inquiry.id).catch((error: unknown) => console.error(error));
    if (context.waitUntil) context.waitUntil(attempt);
  }
  // A replay answers as the first request did (the receipt, never the stored row), marked so a client can tell.
  return json(inquiryReceipt(input, inquiry.id, inquiry.createdAt), { status: 201, headers: replayed ? { 'Idempotent-Replayed': 'true' } : {} });
}
