import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { getStore, setEnvironmentContext } from '@netlify/blobs';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import downloadBrochure from '../../functions/download-brochure.ts';
import objects from '../../functions/objects.ts';
import multipart from '../../functions/objects-multipart.ts';
import setPublic from '../../functions/objects-set-public.ts';
import upload from '../../functions/objects-upload.ts';
import { objectExists, signedReadURL } from '../../src/server/objects/storage.ts';
import { sweepAbandonedUploads } from '../../src/server/objects/upload-sweep.ts';
import { PART_BYTES, THUMBNAIL_MAX_BYTES } from '../../src/shared/uploads.ts';
import { call } from '../support/api-calls.ts';
import { adminToken, PNG_BYTES, useApiBackend } from '../support/api-suite.ts';
import { availableBackends } from '../support/db-backends.ts';
import { ACCEPTED_DOCUMENTS, REFUSED_FILES } from '../support/documents.ts';

const HTML = new TextEncoder().encode('<!doctype html><script>alert(1)</script>');

/** PUT/GET on /objects/uploads/{id}, with the id handed over as Netlify's router would. */
async function objectRequest(method: string, url: string, body?: Uint8Array<ArrayBuffer>, type?: string) {
  const full = new URL(url, 'http://127.0.0.1');
  const id = full.pathname.split('/objects/uploads/')[1] ?? '';
  const headers = type ? { 'Content-Type': type } : undefined;
  const response = await objects(new Request(full, { method, body, headers }), { params: { id } });
  return { status: response.status, headers: response.headers, bytes: new Uint8Array(await response.arrayBuffer()) };
}

/** Every purpose but an attachment is started by the admin (issue 10): pass its token for those. */
async function createUpload(body?: object, token?: string) {
  const response = await call(upload, 'POST', '/api/objects/upload', body ? { body, token } : {});
  return { status: response.status, json: response.json as { uploadURL: string; objectPath: string; error?: { code: string } } };
}

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
const bytesOf = (size: number, fill = 7) => new Uint8Array(size).fill(fill);
/** A PDF's bytes (the attachment type the server recognises first), `text` after its header. */
const pdf = (text = '') => new TextEncoder().encode(`%PDF-1.4 ${text}`);
/** `size` bytes that start as a PDF. */
const pdfOf = (size: number, fill = 7) => {
  const bytes = bytesOf(size, fill);
  bytes.set(pdf().subarray(0, Math.min(size, 9)));
  return bytes;
};

describe('objects API', () => {
  const pglite = availableBackends().find((backend) => backend.name === 'pglite')!;
  useApiBackend(pglite);
  let token = '';
  beforeAll(async () => {
    token = await adminToken();
  });
  afterEach(() => vi.restoreAllMocks());

  it('takes a small file with one PUT and serves it back only through a signed link: a PDF opens in the tab, inert', async () => {
    const { status, json } = await createUpload({ purpose: 'attachment', filename: '임대 조건.pdf', type: 'application/pdf' });
    expect(status).toBe(201);
    expect(json.uploadURL.startsWith(`${json.objectPath}?expires=`)).toBe(true);
    const content = pdf('lease terms');
    expect((await objectRequest('PUT', json.uploadURL, content, 'application/pdf')).status).toBe(200);
    expect((await objectRequest('GET', json.objectPath)).status).toBe(404);
    const read = await objectRequest('GET', await signedReadURL(json.objectPath));
    expect(read.status).toBe(200);
    expect(read.bytes).toEqual(content);
    expect(read.headers.get('content-type')).toBe('application/pdf');
    expect(read.headers.get('x-content-type-options')).toBe('nosniff');
    expect(read.headers.get('content-disposition')).toContain(`filename*=UTF-8''${encodeURIComponent('임대 조건.pdf')}`);
    expect(read.headers.get('content-disposition')).toMatch(/^inline;/);
    expect(read.headers.get('content-security-policy')).toMatch(/default-src 'none'.*; sandbox$/);
  });

  it('opens PDFs and images in the tab and downloads every other document, whatever type the sender declared (issue 16)', async () => {
    for (const [filename, sample] of Object.entries(ACCEPTED_DOCUMENTS)) {
      const { json } = await createUpload({ purpose: 'attachment', filename, type: 'text/html' });
      expect((await objectRequest('PUT', json.uploadURL, new Uint8Array(sample.bytes), 'text/html')).status, filename).toBe(200);
      const read = await objectRequest('GET', await signedReadURL(json.objectPath));
      expect(read.headers.get('content-type'), filename).toBe(sample.type);
      const inline = ['application/pdf', 'image/jpeg', 'image/png', 'image/webp'].includes(sample.type);
      expect(read.headers.get('content-disposition'), filename).toMatch(inline ? /^inline;/ : /^attachment;/);
      expect(read.headers.get('content-security-policy'), filename).toContain('sandbox');
    }
  });

  it('accepts a POST with no body as an attachment upload (the spec sends none)', async () => {
    const { status, json } = await createUpload();
    expect(status).toBe(201);
    expect((await objectRequest('PUT', json.uploadURL, pdf(), 'application/pdf')).status).toBe(200);
    expect(await objectExists(json.objectPath, 'attachment')).toBe(true);
  });

  it('refuses an attachment that is not a document or image a tenant sends (415 unsupported_attachment_type), keeping nothing (issue 16)', async () => {
    for (const [label, bytes] of Object.entries(REFUSED_FILES)) {
      const filename = label.split(' ')[0]!;
      const { json } = await createUpload({ purpose: 'attachment', filename, type: 'application/pdf' });
      const put = await objectRequest('PUT', json.uploadURL, new Uint8Array(bytes), 'application/pdf');
      expect(put.status, label).toBe(415);
      expect(JSON.parse(new TextDecoder().decode(put.bytes)).error.code, label).toBe('unsupported_attachment_type');
      expect(await objectExists(json.objectPath), label).toBe(false);
    }
  });

  it('refuses a second PUT to a used upload URL and keeps the first file', async () => {
    const { json } = await createUpload();
    await objectRequest('PUT', json.uploadURL, pdf('first'));
    const again = await objectRequest('PUT', json.uploadURL, pdf('second'));
    expect(again.status).toBe(403);
    const read = await objectRequest('GET', await signedReadURL(json.objectPath));
    expect(new TextDecoder().decode(read.bytes)).toBe('%PDF-1.4 first');
  });

  it('refuses an expired, tampered or unsigned upload URL and stores nothing', async () => {
    const { json } = await createUpload();
    const tampered = json.uploadURL.replace(/signature=./, (s) => (s.endsWith('A') ? `${s.slice(0, -1)}B` : `${s.slice(0, -1)}A`));
    expect((await objectRequest('PUT', tampered, bytesOf(10))).status).toBe(403);
    expect((await objectRequest('PUT', json.objectPath, bytesOf(10))).status).toBe(403);
    const later = Date.now() + 11 * 60 * 1000;
    vi.spyOn(Date, 'now').mockReturnValue(later);
    expect((await objectRequest('PUT', json.uploadURL, bytesOf(10))).status).toBe(403);
    expect(await objectExists(json.objectPath)).toBe(false);
  });

  it('answers 404 for private objects without a valid, unexpired signature and for unknown or malformed ids', async () => {
    const { json } = await createUpload();
    expect((await objectRequest('PUT', json.uploadURL, pdfOf(10))).status).toBe(200);
    const signed = await signedReadURL(json.objectPath, 60);
    expect((await objectRequest('GET', `${json.objectPath}?expires=9999999999&signature=${'A'.repeat(43)}`)).status).toBe(404);
    expect((await objectRequest('GET', `/objects/uploads/${randomUUID()}`)).status).toBe(404);
    for (const id of ['..%2F..%2Fconfig%2Fobject-signing-key', '%E0%A4%A', '../uploads', 'ABC', `${randomUUID()}%2F1`]) {
      expect((await objectRequest('GET', `/objects/uploads/${id}`)).status).toBe(404);
      expect((await objectRequest('PUT', `/objects/uploads/${id}`, bytesOf(4))).status).toBe(404);
    }
    vi.spyOn(Date, 'now').mockReturnValue(Date.now() + 61_000);
    expect((await objectRequest('GET', signed)).status).toBe(404);
  });

  it('rejects an empty file (400), an HTML page sent as a PNG thumbnail (415) and a body over 4 MiB (413), keeping nothing', async () => {
    const empty = await createUpload();
    expect((await objectRequest('PUT', empty.json.uploadURL, new Uint8Array(0))).status).toBe(400);
    const fake = await createUpload({ purpose: 'thumbnail', filename: 'logo.png', type: 'image/png' }, token);
    expect((await objectRequest('PUT', fake.json.uploadURL, HTML, 'image/png')).status).toBe(415);
    const big = await createUpload();
    expect((await objectRequest('PUT', big.json.uploadURL, bytesOf(4 * 1024 * 1024 + 1))).status).toBe(413);
    for (const path of [empty.json.objectPath, fake.json.objectPath, big.json.objectPath]) expect(await objectExists(path)).toBe(false);
    // The refused URL is spent: it cannot be retried with another body.
    expect((await objectRequest('PUT', fake.json.uploadURL, PNG_BYTES, 'image/png')).status).toBe(403);
  });

  it('rejects declared oversize files and bad upload requests before any byte is sent', async () => {
    expect((await createUpload({ purpose: 'thumbnail', size: THUMBNAIL_MAX_BYTES + 1 }, token)).status).toBe(413);
    expect((await createUpload({ purpose: 'attachment', size: 10_485_761 })).status).toBe(413);
    expect((await createUpload({ purpose: 'avatar' })).status).toBe(400);
    expect((await call(upload, 'POST', '/api/objects/upload', { rawBody: '{"purpose":' })).status).toBe(400);
    expect((await call(upload, 'GET', '/api/objects/upload')).status).toBe(405);
    expect((await objectRequest('DELETE', `/objects/uploads/${randomUUID()}`)).status).toBe(405);
  });

  it('assembles a file sent in parts byte for byte, with each part under the request limit', async () => {
    const size = PART_BYTES + 12_345;
    const file = new Uint8Array(randomBytes(size));
    file.set(pdf());
    const created = await call(multipart, 'POST', '/api/objects/multipart', { body: { purpose: 'attachment', filename: 'plan.pdf', size } });
    expect(created.status).toBe(201);
    const { uploadId, key, partURL } = created.json;
    const parts = [];
    for (let start = 0, n = 1; start < size; start += PART_BYTES, n++) {
      const put = await objectRequest('PUT', `${partURL}&partNumber=${n}`, file.slice(start, start + PART_BYTES));
      expect(put.status).toBe(200);
      parts.push({ PartNumber: n, ETag: put.headers.get('etag')! });
    }
    const done = await call(multipart, 'POST', '/api/objects/multipart/complete', { body: { uploadId, key, parts } });
    expect(done.status).toBe(200);
    expect(done.json.objectPath).toBe(key);
    const read = await objectRequest('GET', await signedReadURL(key));
    expect(read.bytes.byteLength).toBe(size);
    expect(sha256(read.bytes)).toBe(sha256(file));
    expect((await call(multipart, 'POST', '/api/objects/multipart/complete', { body: { uploadId, key, parts } })).status).toBe(404);
  });

  it('deletes a thumbnail assembled over 5 MB (413) or not an image (415), with its parts', async () => {
    for (const [content, expected] of [[bytesOf(THUMBNAIL_MAX_BYTES + 1), 413], [HTML, 415]] as const) {
      const created = await call(multipart, 'POST', '/api/objects/multipart', { body: { purpose: 'thumbnail', filename: 'x.png', size: Math.min(content.length, THUMBNAIL_MAX_BYTES) }, token });
      const { uploadId, key, partURL } = created.json;
      const parts = [];
      for (let start = 0, n = 1; start < content.length; start += PART_BYTES, n++) {
        const put = await objectRequest('PUT', `${partURL}&partNumber=${n}`, content.slice(start, start + PART_BYTES));
        parts.push({ PartNumber: n, ETag: put.headers.get('etag')! });
      }
      const done = await call(multipart, 'POST', '/api/objects/multipart/complete', { body: { uploadId, key, parts } });
      expect(done.status).toBe(expected);
      expect(await objectExists(key)).toBe(false);
      const leftovers = await getStore('upload-parts').list({ prefix: `${key.split('/').pop()}/` });
      expect(leftovers.blobs).toEqual([]);
    }
  });

  it('aborts an upload in parts (204) and refuses parts with a wrong number, ETag or upload id', async () => {
    const created = await call(multipart, 'POST', '/api/objects/multipart', { body: { purpose: 'attachment', size: 10 * 1024 * 1024 } });
    const { uploadId, key, partURL } = created.json;
    expect((await objectRequest('PUT', `${partURL}&partNumber=0`, bytesOf(5))).status).toBe(400);
    expect((await objectRequest('PUT', `${partURL}&partNumber=1`, bytesOf(4 * 1024 * 1024 + 1))).status).toBe(413);
    await objectRequest('PUT', `${partURL}&partNumber=1`, bytesOf(5));
    const wrongId = await call(multipart, 'POST', '/api/objects/multipart/complete', { body: { uploadId: randomUUID(), key, parts: [{ PartNumber: 1, ETag: '"x"' }] } });
    expect(wrongId.status).toBe(404);
    expect((await call(multipart, 'POST', '/api/objects/multipart/abort', { body: { uploadId, key } })).status).toBe(204);
    expect((await objectRequest('PUT', `${partURL}&partNumber=2`, bytesOf(5))).status).toBe(403);
    expect((await call(multipart, 'POST', '/api/objects/multipart/nope', { body: {} })).status).toBe(404);
  });

  it('lets only the admin make a thumbnail public, which then serves to anyone with a long immutable cache', async () => {
    const thumb = await createUpload({ purpose: 'thumbnail', filename: 'logo.png' }, token);
    await objectRequest('PUT', thumb.json.uploadURL, PNG_BYTES, 'text/plain');
    const body = { objectPath: thumb.json.objectPath };
    expect((await call(setPublic, 'POST', '/api/objects/set-public', { body })).status).toBe(401);
    expect((await call(setPublic, 'POST', '/api/objects/set-public', { body, token: 'forged-token-forged-token-forged' })).status).toBe(401);
    expect((await call(setPublic, 'POST', '/api/objects/set-public', { body, token })).status).toBe(200);
    const read = await objectRequest('GET', thumb.json.objectPath);
    expect(read.status).toBe(200);
    expect(read.headers.get('content-type')).toBe('image/png');
    expect(read.headers.get('cache-control')).toContain('immutable');
    const attachment = await createUpload();
    expect((await objectRequest('PUT', attachment.json.uploadURL, pdf())).status).toBe(200);
    expect((await call(setPublic, 'POST', '/api/objects/set-public', { body: { objectPath: attachment.json.objectPath }, token })).status).toBe(403);
    expect((await call(setPublic, 'POST', '/api/objects/set-public', { body: { objectPath: `/objects/uploads/${randomUUID()}` }, token })).status).toBe(404);
    expect((await call(setPublic, 'POST', '/api/objects/set-public', { body: { objectPath: '/etc/passwd' }, token })).status).toBe(404);
    expect((await call(setPublic, 'POST', '/api/objects/set-public', { rawBody: 'nope', token })).status).toBe(400);
  });

  it('sweeps uploads left unfinished past their expiry, with their parts, and keeps those still running', async () => {
    const started = (await call(multipart, 'POST', '/api/objects/multipart', { body: { purpose: 'attachment', size: 5 } })).json;
    await objectRequest('PUT', `${started.partURL}&partNumber=1`, bytesOf(5));
    const partsOf = async () => (await getStore('upload-parts').list({ prefix: `${started.key.split('/').pop()}/` })).blobs;
    await sweepAbandonedUploads();
    expect(await partsOf()).toHaveLength(1);
    const swept = await sweepAbandonedUploads(Date.now() + 2 * 60 * 60 * 1000);
    expect(swept.uploads).toBeGreaterThanOrEqual(1);
    expect(await partsOf()).toEqual([]);
    const late = await call(multipart, 'POST', '/api/objects/multipart/complete', { body: { uploadId: started.uploadId, key: started.key, parts: [{ PartNumber: 1, ETag: '"x"' }] } });
    expect(late.status).toBe(404);
  });

  it('answers 503 and hands out no URL when the blob store is unreachable', async () => {
    const saved = process.env.NETLIFY_BLOBS_CONTEXT;
    setEnvironmentContext({ siteID: 'local-site', token: 'x', edgeURL: 'http://127.0.0.1:9', uncachedEdgeURL: 'http://127.0.0.1:9' });
    try {
      const response = await createUpload();
      expect(response.status).toBe(503);
      expect(response.json.uploadURL).toBeUndefined();
    } finally {
      process.env.NETLIFY_BLOBS_CONTEXT = saved;
    }
  });
});

describe('brochure download', () => {
  const pglite = availableBackends().find((backend) => backend.name === 'pglite')!;
  const ctx = useApiBackend(pglite);

  it('sends each language its PDF as an attachment (Korean by default) and counts every download', async () => {
    const response = await downloadBrochure(new Request('http://127.0.0.1/api/download/brochure'), {});
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    expect(response.headers.get('content-disposition')).toContain('b-tower-ko.pdf');
    expect(new TextDecoder().decode((await response.arrayBuffer()).slice(0, 5))).toBe('%PDF-');
    const ja = await downloadBrochure(new Request('http://127.0.0.1/api/download/brochure?lang=ja'), {});
    expect(ja.headers.get('content-disposition')).toContain('b-tower-ja.pdf');
    const counts = await ctx.db.selectFrom('brochureDownloads').select('lang').execute();
    expect(counts.map((row) => row.lang).sort()).toEqual(['ja', 'ko']);
    expect((await downloadBrochure(new Request('http://127.0.0.1/api/download/brochure?lang=../../schema'), {})).status).toBe(400);
    expect((await downloadBrochure(new Request('http://127.0.0.1/api/download/brochure', { method: 'POST' }), {})).status).toBe(405);
  });
});
