import { randomBytes } from 'node:crypto';
import { getStore } from '@netlify/blobs';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import inquiries from '../../functions/inquiries.ts';
import objects from '../../functions/objects.ts';
import multipart from '../../functions/objects-multipart.ts';
import upload from '../../functions/objects-upload.ts';
import { objectExists, objectIdOf } from '../../src/server/objects/storage.ts';
import { sweepAbandonedUploads } from '../../src/server/objects/upload-sweep.ts';
import { findTicket } from '../../src/server/objects/tickets.ts';
import { PART_BYTES } from '../../src/shared/uploads.ts';
import { call } from '../support/api-calls.ts';
import { countRows, inquiryBody, useApiBackend } from '../support/api-suite.ts';
import { startBlobFaults, type BlobFaults, type BlobRequest } from '../support/blob-faults.ts';
import { availableBackends } from '../support/db-backends.ts';

/**
 * The blob store fails while a visitor uploads an attachment (issue 5): the store really fails at its
 * HTTP boundary (reset connections, 500s, answers lost after the write). The visitor must get a clear
 * JSON error, and nothing may be left half-done: no object, part or pending upload record that nobody
 * will finish, and no inquiry pointing at an object that does not exist.
 */

/** A PUT to a signed object URL, as the local server or Netlify routes it. */
async function put(url: string, bytes: Uint8Array<ArrayBuffer>) {
  const full = new URL(url, 'http://127.0.0.1');
  const id = full.pathname.split('/').pop() ?? '';
  const response = await objects(new Request(full, { method: 'PUT', body: bytes }), { params: { id } });
  const text = await response.text();
  return { status: response.status, etag: response.headers.get('etag'), json: text ? JSON.parse(text) : null };
}

const writesTo = (store: string) => (request: BlobRequest) => request.method === 'PUT' && request.store === store;

describe('blob store failing during an upload', () => {
  const ctx = useApiBackend(availableBackends().find((backend) => backend.name === 'pglite')!);
  let faults: BlobFaults;

  beforeAll(async () => {
    faults = await startBlobFaults(ctx.blobs.url);
  });
  afterEach(() => faults.heal());
  afterAll(() => faults.stop());

  /** What is left of an upload once the store works again: the object, its pending record, its parts. */
  async function leftovers(objectPath: string) {
    const id = objectIdOf(objectPath)!;
    return {
      object: await objectExists(objectPath),
      pending: (await findTicket(id)) !== null,
      parts: (await getStore({ name: 'upload-parts', consistency: 'strong' }).list({ prefix: `${id}/` })).blobs.length,
    };
  }

  /** Sends an inquiry naming the object; it must be refused and nothing stored. */
  async function expectInquiryRefused(objectPath: string) {
    const before = await countRows(ctx.db, 'inquiries');
    const sent = await call(inquiries, 'POST', '/api/inquiries', { body: inquiryBody({ attachments: [objectPath] }) });
    expect(sent.status).toBe(400);
    expect(sent.json.error.fields).toEqual({ 'attachments.0': 'inquiry.errors.attachmentInvalid' });
    expect(await countRows(ctx.db, 'inquiries')).toBe(before);
  }

  async function startSingle() {
    const created = await call(upload, 'POST', '/api/objects/upload', { body: { filename: 'plan.pdf', type: 'application/pdf' } });
    expect(created.status).toBe(201);
    return created.json as { uploadURL: string; objectPath: string };
  }

  async function startParts(size: number) {
    const created = await call(multipart, 'POST', '/api/objects/multipart', { body: { filename: 'plan.pdf', size } });
    expect(created.status).toBe(201);
    return created.json as { uploadId: string; key: string; partURL: string };
  }

  describe('single PUT', () => {
    for (const fault of ['refuse', 'error'] as const) {
      it(`answers 503 JSON when the object write fails (${fault}) and leaves nothing behind`, async () => {
        const { uploadURL, objectPath } = await startSingle();
        faults.failWhen((request) => (writesTo('objects')(request) ? fault : undefined));
        const sent = await put(uploadURL, new TextEncoder().encode('%PDF-1.4 plan'));
        expect(sent.status).toBe(503);
        expect(sent.json).toEqual({ error: { code: 'service_unavailable', message: expect.any(String) } });
        faults.heal();
        expect(await leftovers(objectPath)).toEqual({ object: false, pending: false, parts: 0 });
        await expectInquiryRefused(objectPath);
      });
    }

    it('removes an object the store wrote when its answer was lost for good, and answers 503', async () => {
      const { uploadURL, objectPath } = await startSingle();
      faults.failWhen((request) => (writesTo('objects')(request) ? 'lose-answer' : undefined));
      expect((await put(uploadURL, new TextEncoder().encode('%PDF-1.4 plan'))).status).toBe(503);
      faults.heal();
      expect(await leftovers(objectPath)).toEqual({ object: false, pending: false, parts: 0 });
      await expectInquiryRefused(objectPath);
    });

    it('recognises its own write when one answer is lost and the retry finds the object: the upload succeeds once', async () => {
      const { uploadURL, objectPath } = await startSingle();
      let lost = 0;
      faults.failWhen((request) => (writesTo('objects')(request) && lost++ === 0 ? 'lose-answer' : undefined));
      const sent = await put(uploadURL, new TextEncoder().encode('%PDF-1.4 plan'));
      expect(lost).toBeGreaterThanOrEqual(2);
      expect(sent.status).toBe(200);
      expect(await leftovers(objectPath)).toEqual({ object: true, pending: false, parts: 0 });
      expect((await call(inquiries, 'POST', '/api/inquiries', { body: inquiryBody({ attachments: [objectPath] }) })).status).toBe(201);
    });
  });

  describe('upload in parts', () => {
    const file = new Uint8Array(randomBytes(PART_BYTES + 1000));
    file.set(new TextEncoder().encode('%PDF-1.4 ')); // an attachment a tenant sends: a PDF
    const chunks = [file.slice(0, PART_BYTES), file.slice(PART_BYTES)];

    it('answers 503 when a part cannot be kept; the client’s abort then removes every part and the pending upload', async () => {
      const { uploadId, key, partURL } = await startParts(file.byteLength);
      expect((await put(`${partURL}&partNumber=1`, chunks[0]!)).status).toBe(200);
      faults.failWhen((request) => (writesTo('upload-parts')(request) ? 'refuse' : undefined));
      const failed = await put(`${partURL}&partNumber=2`, chunks[1]!);
      expect(failed.status).toBe(503);
      expect(failed.json.error.code).toBe('service_unavailable');
      faults.heal();
      expect((await call(multipart, 'POST', '/api/objects/multipart/abort', { body: { uploadId, key } })).status).toBe(204);
      expect(await leftovers(key)).toEqual({ object: false, pending: false, parts: 0 });
      await expectInquiryRefused(key);
    });

    it('answers 503 when the assembled object cannot be written, and discards the parts and the pending upload', async () => {
      const { uploadId, key, partURL } = await startParts(file.byteLength);
      const parts = [];
      for (const [i, chunk] of chunks.entries()) parts.push({ PartNumber: i + 1, ETag: (await put(`${partURL}&partNumber=${i + 1}`, chunk)).etag! });
      faults.failWhen((request) => (writesTo('objects')(request) ? 'error' : undefined));
      const done = await call(multipart, 'POST', '/api/objects/multipart/complete', { body: { uploadId, key, parts } });
      expect(done.status).toBe(503);
      expect(done.json.error.code).toBe('service_unavailable');
      faults.heal();
      expect(await leftovers(key)).toEqual({ object: false, pending: false, parts: 0 });
      await expectInquiryRefused(key);
    });

    it('with the whole store down at completion, no object appears, and the hourly sweep clears the rest once expired', async () => {
      const { uploadId, key, partURL } = await startParts(file.byteLength);
      const parts = [];
      for (const [i, chunk] of chunks.entries()) parts.push({ PartNumber: i + 1, ETag: (await put(`${partURL}&partNumber=${i + 1}`, chunk)).etag! });
      faults.failWhen(() => 'refuse');
      expect((await call(multipart, 'POST', '/api/objects/multipart/complete', { body: { uploadId, key, parts } })).status).toBe(503);
      // The client aborts at once, but the store is still down: its leftovers wait for the sweep.
      expect((await call(multipart, 'POST', '/api/objects/multipart/abort', { body: { uploadId, key } })).status).toBe(503);
      faults.heal();
      expect((await leftovers(key)).object).toBe(false);
      await expectInquiryRefused(key);
      await sweepAbandonedUploads(Date.now() + 2 * 60 * 60 * 1000);
      expect(await leftovers(key)).toEqual({ object: false, pending: false, parts: 0 });
    });
  });
});
