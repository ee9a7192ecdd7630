import { createHash, randomBytes } from 'node:crypto';
import { PART_BYTES, REQUEST_BODY_MAX_BYTES } from '../../src/shared/uploads.ts';
import { UPLOAD_ENDPOINTS } from '../../src/shared/upload-protocol.ts';
import { expect, test } from './fixtures.ts';
import { CONTENT_TYPES, zipOf } from '../support/documents.ts';
import { NOTICE_VERSION } from '../support/privacy.ts';

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/**
 * The whole attachment journey through the local server, as a visitor and then the admin live it:
 * a 9.5 MB file goes up in parts (no request over Netlify's limit), is attached to an inquiry, and
 * comes back byte-identical through the link the inbox signs when the admin opens it.
 */
// A server-only journey: one browser project is enough.
test('a 9.5 MB attachment sent in parts arrives byte-identical through a signed link', { tag: '@any-viewport' }, async ({ request }) => {
  // A slide deck with a large photo in it: a document a tenant sends, recognised by its ZIP directory at the end.
  const file = new Uint8Array(zipOf({ '[Content_Types].xml': CONTENT_TYPES, 'ppt/presentation.xml': '<p:presentation/>', 'ppt/media/image1.jpg': randomBytes(Math.round(9.5 * 1024 * 1024)) }));

  const created = await request.post(UPLOAD_ENDPOINTS.createMultipart, {
    data: { purpose: 'attachment', filename: '평면도 9.5MB.pptx', size: file.byteLength, type: 'application/vnd.openxmlformats-officedocument.presentationml.presentation' },
  });
  expect(created.status()).toBe(201);
  const { uploadId, key, partURL } = await created.json();

  const parts: { PartNumber: number; ETag: string }[] = [];
  for (let start = 0, n = 1; start < file.byteLength; start += PART_BYTES, n++) {
    const chunk = file.subarray(start, start + PART_BYTES);
    expect(chunk.byteLength).toBeLessThanOrEqual(REQUEST_BODY_MAX_BYTES);
    const put = await request.put(`${partURL}&partNumber=${n}`, { data: Buffer.from(chunk), headers: { 'Content-Type': 'application/octet-stream' } });
    expect(put.status(), await put.text()).toBe(200);
    parts.push({ PartNumber: n, ETag: put.headers()['etag']! });
  }
  const done = await request.post(UPLOAD_ENDPOINTS.completeMultipart, { data: { uploadId, key, parts } });
  expect(done.status(), await done.text()).toBe(200);
  const { objectPath } = await done.json();

  // Nobody reads a private object without a signature.
  expect((await request.get(objectPath)).status()).toBe(404);

  const inquiry = await request.post('/api/inquiries', {
    data: { privacyNoticeVersion: NOTICE_VERSION, name: 'E2E 업로드', email: 'upload@example.com', phone: '010-0000-0000', message: '도면을 첨부합니다.', attachments: [objectPath] },
  });
  expect(inquiry.status(), await inquiry.text()).toBe(201);

  const login = await request.post('/api/admin/login', { data: { password: process.env.E2E_ADMIN_PASSWORD ?? 'e2e-admin-password' } });
  const { token } = await login.json();
  const { id } = (await inquiry.json()) as { id: string };
  // The admin's link is signed at the moment the attachment is opened.
  const signed = await request.post(`/api/inquiries/${id}/attachments/0/link`, { headers: { Authorization: `Bearer ${token}` } });
  const link = ((await signed.json()) as { url: string }).url;

  const download = await request.get(link);
  expect(download.status()).toBe(200);
  // Not a PDF or an image: a download, never shown in the tab.
  expect(download.headers()['content-disposition']).toMatch(/^attachment;/);
  const body = new Uint8Array(await download.body());
  expect(body.byteLength).toBe(file.byteLength);
  expect(sha256(body)).toBe(sha256(file));
});
