import type { Config } from '@netlify/functions';
import { InquiryInputSchema } from '../src/shared/inquiry.ts';
import { requireAdmin } from '../src/server/auth.ts';
import { getDb } from '../src/server/db/index.ts';
import { allowMethods, handle, json, parseInput, readJson } from '../src/server/http.ts';
import { createInquiry, listInquiries } from '../src/server/inquiries.ts';
import { requireOwnObjects } from '../src/server/object-refs.ts';
import { signedReadURL } from '../src/server/storage.ts';
import { assertStorableText } from '../src/server/storable-text.ts';

/** Attachment links for the admin: a plain <a href> cannot send a bearer header, so each link is signed. */
const ATTACHMENT_LINK_TTL_SECONDS = 15 * 60;

/** GET (admin): every inquiry, newest first. POST (public): one leasing inquiry with uploaded attachments. */
export default handle(async (req: Request) => {
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
  const input = parseInput(InquiryInputSchema, await readJson(req));
  assertStorableText(input);
  await requireOwnObjects(
    input.attachments.map((path, i) => ({ field: `attachments.${i}`, path })),
    'attachment',
    'inquiry.errors.attachmentInvalid',
  );
  return json(await createInquiry(await getDb(), input), { status: 201 });
});

export const config: Config = { path: '/api/inquiries' };
