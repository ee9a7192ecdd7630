import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it, vi, afterEach } from 'vitest';
import brands from '../../functions/brands.ts';
import objects from '../../functions/objects.ts';
import multipart from '../../functions/objects-multipart.ts';
import upload from '../../functions/objects-upload.ts';
import { UNREFERENCED_GRACE_MS, sweepUnreferencedObjects } from '../../src/server/objects/sweep.ts';
import { contentDisposition } from '../../src/server/objects/read.ts';
import { objectExists, signedReadURL } from '../../src/server/objects/storage.ts';
import { UPLOAD_RATE_LIMITS } from '../../src/shared/abuse.ts';
import { PART_BYTES } from '../../src/shared/uploads.ts';
import { call } from '../support/api-calls.ts';
import { adminToken, brandBody, inquiryBody, PNG_BYTES, uploaded, useApiBackend } from '../support/api-suite.ts';
import { availableBackends } from '../support/db-backends.ts';
import inquiries from '../../functions/inquiries.ts';
import units from '../../functions/units.ts';
import { UNDO_WINDOW_MS } from '../../src/shared/undo.ts';

/** PUT/GET on /objects/uploads/{id}, with the id handed over as Netlify's router would. */
async function objectRequest(method: string, url: string, body?: Uint8Array<ArrayBuffer>, type?: string) {
  const full = new URL(url, 'http://127.0.0.1');
  const id = full.pathname.split('/objects/uploads/')[1] ?? '';
  const response = await objects(new Request(full, { method, body, headers: type ? { 'Content-Type': type } : undefined }), { params: { id } });
  return { status: response.status, headers: response.headers, text: await response.text() };
}

const bytesOf = (size: number) => new Uint8Array(size).fill(7);

describe.each(availableBackends())('abuse: uploads on $name (issue 10)', (backend) => {
  useApiBackend(backend);
  let token = '';
  beforeAll(async () => {
    token = await adminToken();
  });
  afterEach(() => vi.restoreAllMocks());

  it('lets a visitor start only attachment uploads: a thumbnail needs the admin (401), single or in parts', async () => {
    const body = { purpose: 'thumbnail', filename: 'logo.png', size: PNG_BYTES.byteLength, type: 'image/png' };
    const anonymous = await call(upload, 'POST', '/api/objects/upload', { body });
    expect(anonymous.status).toBe(401);
    expect(anonymous.json.error.code).toBe('unauthorized');
    expect((await call(multipart, 'POST', '/api/objects/multipart', { body: { ...body, size: PART_BYTES + 1 } })).status).toBe(401);
    expect((await call(upload, 'POST', '/api/objects/upload', { body, token })).status).toBe(201);
    expect((await call(upload, 'POST', '/api/objects/upload', { body: { ...body, purpose: 'attachment' } })).status).toBe(201);
  });

  it('limits upload starts per client (429 with Retry-After); another client and the admin still start', async () => {
    const { max } = UPLOAD_RATE_LIMITS[0]!;
    const ip = `uploader-${randomUUID()}`;
    for (let i = 0; i < max; i += 1) expect((await call(upload, 'POST', '/api/objects/upload', { ip })).status).toBe(201);
    const refused = await call(upload, 'POST', '/api/objects/upload', { ip });
    expect(refused.status).toBe(429);
    expect(refused.json.error.code).toBe('too_many_requests');
    expect(Number(refused.headers.get('Retry-After'))).toBeGreaterThan(0);
    const parts = await call(multipart, 'POST', '/api/objects/multipart', { ip, body: { purpose: 'attachment', size: PART_BYTES + 1 } });
    expect(parts.status).toBe(429);
    expect((await call(upload, 'POST', '/api/objects/upload')).status).toBe(201);
    expect((await call(upload, 'POST', '/api/objects/upload', { ip, token })).status).toBe(201);
  });

  it('bounds an upload in parts by the size it declared: no undeclared size, no part beyond it', async () => {
    const undeclared = await call(multipart, 'POST', '/api/objects/multipart', { body: { purpose: 'attachment' } });
    expect(undeclared.status).toBe(400);
    expect(undeclared.json.error.code).toBe('size_required');
    const size = PART_BYTES + 10;
    const { partURL } = (await call(multipart, 'POST', '/api/objects/multipart', { body: { purpose: 'attachment', size } })).json;
    const beyond = await objectRequest('PUT', `${partURL}&partNumber=16`, bytesOf(5));
    expect(beyond.status).toBe(400);
    expect(JSON.parse(beyond.text).error.code).toBe('invalid_part_number');
    expect((await objectRequest('PUT', `${partURL}&partNumber=3`, bytesOf(5))).status).toBe(400);
    expect((await objectRequest('PUT', `${partURL}&partNumber=2`, bytesOf(10))).status).toBe(200);
    const small = (await call(multipart, 'POST', '/api/objects/multipart', { body: { purpose: 'attachment', size: 100 } })).json;
    expect((await objectRequest('PUT', `${small.partURL}&partNumber=1`, bytesOf(101))).status).toBe(413);
  });

  it('gives one upload URL to exactly one of four concurrent PUTs; the stored bytes are that one, typed by what they are', async () => {
    const { uploadURL, objectPath } = (await call(upload, 'POST', '/api/objects/upload', { body: { purpose: 'attachment', filename: 'a.pdf' } })).json;
    const bodies = [0, 1, 2, 3].map((n) => new TextEncoder().encode(`%PDF-1.4 body ${n}`));
    const types = ['application/pdf', 'text/plain', 'image/png', 'application/zip'];
    const answers = await Promise.all(bodies.map((body, n) => objectRequest('PUT', uploadURL, body, types[n])));
    const winners = answers.flatMap((answer, n) => (answer.status === 200 ? [n] : []));
    expect(winners).toHaveLength(1);
    for (const answer of answers) if (answer.status !== 200) expect(JSON.parse(answer.text).error.code).toBe('upload_url_used');
    const read = await objects(new Request(new URL(await signedReadURL(objectPath), 'http://127.0.0.1')), { params: { id: objectPath.split('/').pop()! } });
    expect(new Uint8Array(await read.arrayBuffer())).toEqual(bodies[winners[0]!]);
    expect(read.headers.get('content-type')).toBe('application/pdf');
  });

  it('answers a file name or type that overflows the store metadata once encoded with 400, not a fake outage', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    // Lone surrogates and control characters pass the length checks but grow sixfold as JSON escapes.
    const body = { purpose: 'attachment', filename: '\ud800'.repeat(200), type: '\u0001'.repeat(200) };
    for (const endpoint of [upload, multipart]) {
      const path = endpoint === upload ? '/api/objects/upload' : '/api/objects/multipart';
      const response = await call(endpoint, 'POST', path, { body: { ...body, size: 100 } });
      expect(response.status, response.text).toBe(400);
      expect(response.json.error.code).toBe('metadata_too_large');
    }
    expect(errors).not.toHaveBeenCalled();
  });

  it('drops bidi overrides and control characters from download file names', async () => {
    const { uploadURL, objectPath } = (await call(upload, 'POST', '/api/objects/upload', { body: { filename: 'invoice\u202Efdp.exe\u200F\u0085', type: 'application/pdf' } })).json;
    expect((await objectRequest('PUT', uploadURL, new TextEncoder().encode('%PDF-1.4'), 'application/pdf')).status).toBe(200);
    const read = await objectRequest('GET', await signedReadURL(objectPath));
    const disposition = decodeURIComponent(read.headers.get('content-disposition') ?? '');
    expect(disposition).toContain('invoicefdp.exe');
    expect(disposition).not.toMatch(/[\u202A-\u202E\u2066-\u2069\u200E\u200F\u0080-\u009F]/);
    // A name stored before the cleaning is cleaned again when offered.
    expect(decodeURIComponent(contentDisposition('attachment', 'invoice\u202Efdp.exe'))).not.toContain('\u202E');
  });

  it('sweeps finished objects nothing refers to after the grace period, keeping those a brand or inquiry names', async () => {
    const kept = { thumbnail: await uploaded('thumbnail'), attachment: await uploaded('attachment') };
    const orphan = await uploaded('attachment');
    expect((await call(brands, 'POST', '/api/brands', { token, body: brandBody(kept.thumbnail) })).status).toBe(201);
    expect((await call(inquiries, 'POST', '/api/inquiries', { body: inquiryBody({ attachments: [kept.attachment] }) })).status).toBe(201);
    // Within the grace period an upload may still be waiting for its form to be sent.
    await sweepUnreferencedObjects(Date.now() + UNREFERENCED_GRACE_MS - 60_000);
    expect(await objectExists(orphan)).toBe(true);
    expect(await sweepUnreferencedObjects(Date.now() + UNREFERENCED_GRACE_MS + 60_000)).toBeGreaterThanOrEqual(1);
    expect(await objectExists(orphan)).toBe(false);
    expect(await objectExists(kept.thumbnail)).toBe(true);
    expect(await objectExists(kept.attachment)).toBe(true);
  });

  it("removes a replaced brand thumbnail with the sweep, and a deleted brand's thumbnail only after the grace period", async () => {
    const [first, second] = [await uploaded('thumbnail'), await uploaded('thumbnail')];
    const brand = (await call(brands, 'POST', '/api/brands', { token, body: brandBody(first) })).json;
    expect((await call(brands, 'PUT', `/api/brands/${brand.id}`, { token, body: brandBody(second) })).status).toBe(200);
    await sweepUnreferencedObjects(Date.now() + UNREFERENCED_GRACE_MS + 60_000);
    expect(await objectExists(first)).toBe(false);
    expect(await objectExists(second)).toBe(true);
    expect((await call(brands, 'DELETE', `/api/brands/${brand.id}`, { token })).status).toBe(204);
    // An undo within seconds finds the thumbnail still there.
    await sweepUnreferencedObjects();
    expect(await objectExists(second)).toBe(true);
    await sweepUnreferencedObjects(Date.now() + UNREFERENCED_GRACE_MS + 60_000);
    expect(await objectExists(second)).toBe(false);
  });

  it('keeps the images of a brand and a unit deleted just before the sweep: the undo brings them back whole (issue 16)', async () => {
    // Uploaded two days ago, so only the deleted records can keep them past the grace period.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() - 2 * UNREFERENCED_GRACE_MS);
    const [thumbnail, photo, plan] = [await uploaded('thumbnail'), await uploaded('thumbnail'), await uploaded('plan', PNG_BYTES)];
    vi.useRealTimers();
    const brand = (await call(brands, 'POST', '/api/brands', { token, body: brandBody(thumbnail, { images: [photo] }) })).json;
    const unit = (await call(units, 'POST', '/api/units', { token, body: { floor: '9F', unitNumber: '903', exclusiveAreaM2: 50, supplyAreaM2: 70, plan } })).json;
    expect(unit.plan).toBe(plan);
    expect((await call(brands, 'DELETE', `/api/brands/${brand.id}`, { token })).status).toBe(204);
    expect((await call(units, 'DELETE', `/api/units/${unit.id}`, { token })).status).toBe(204);

    await sweepUnreferencedObjects();
    for (const path of [thumbnail, photo, plan]) expect(await objectExists(path)).toBe(true);
    expect((await call(brands, 'POST', `/api/brands/${brand.id}/restore`, { token })).json).toMatchObject({ thumbnail, images: [photo] });
    expect((await call(units, 'POST', `/api/units/${unit.id}/restore`, { token })).json.plan).toBe(plan);

    // Deleted again and not restored: once the undo window has passed, nothing keeps them.
    await call(brands, 'DELETE', `/api/brands/${brand.id}`, { token });
    await call(units, 'DELETE', `/api/units/${unit.id}`, { token });
    await sweepUnreferencedObjects(Date.now() + UNDO_WINDOW_MS - 60_000);
    for (const path of [thumbnail, photo, plan]) expect(await objectExists(path)).toBe(true);
    await sweepUnreferencedObjects(Date.now() + UNDO_WINDOW_MS + 1_000);
    for (const path of [thumbnail, photo, plan]) expect(await objectExists(path)).toBe(false);
  });
});
