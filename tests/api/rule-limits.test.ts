import { randomUUID } from 'node:crypto';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import brands from '../../functions/brands.ts';
import inquiries from '../../functions/inquiries.ts';
import objects from '../../functions/objects.ts';
import multipart from '../../functions/objects-multipart.ts';
import upload from '../../functions/objects-upload.ts';
import { HttpError } from '../../src/server/http/errors.ts';
import { storeObject } from '../../src/server/objects/storage.ts';
import { call } from '../support/api-calls.ts';
import { adminToken, brandBody, inquiryBody, PNG_BYTES, uploaded, useApiBackend } from '../support/api-suite.ts';
import { availableBackends } from '../support/db-backends.ts';

/**
 * The rules a mutation audit found unguarded: each number is written from the spec's rule, never read
 * from the constant under test, so changing the constant fails here.
 */
const MB = 1024 * 1024;
const ATTACHMENT_RULE = 10 * MB;
const THUMBNAIL_RULE = 5 * MB;
/** An attachment link is signed when the admin clicks it and works for 5 minutes (issue 9: signed on click). */
const LINK_LIFETIME_MS = 5 * 60 * 1000;
const SESSION_LIFETIME_MS = 12 * 60 * 60 * 1000;
const NAME_RULE = 100;

async function storeError(purpose: 'attachment' | 'thumbnail', bytes: Uint8Array): Promise<string | null> {
  try {
    await storeObject({ id: randomUUID(), purpose, filename: 'f', declaredType: '' }, bytes);
    return null;
  } catch (error) {
    return error instanceof HttpError ? `${error.status} ${error.code}` : String(error);
  }
}

/** A PDF header followed by filler, `size` bytes in all: an attachment a tenant sends. */
const pdfOfSize = (size: number) => {
  const bytes = new Uint8Array(size);
  bytes.set(new TextEncoder().encode('%PDF-1.4 '));
  return bytes;
};

/** A PNG header followed by filler, `size` bytes in all. */
const pngOfSize = (size: number) => {
  const bytes = new Uint8Array(size);
  bytes.set(PNG_BYTES);
  return bytes;
};

describe.each(availableBackends())('rule limits on $name', (backend) => {
  useApiBackend(backend);
  let token = '';
  beforeAll(async () => {
    token = await adminToken();
  });
  afterEach(() => {
    vi.restoreAllMocks();
    vi.useRealTimers();
  });

  it('refuses an attachment of 10 MB + 1 byte (declared and sent) with file_too_large, and takes exactly 10 MB', async () => {
    const declared = await call(multipart, 'POST', '/api/objects/multipart', { body: { purpose: 'attachment', size: ATTACHMENT_RULE + 1 } });
    expect(declared.status).toBe(413);
    expect(declared.json.error.code).toBe('file_too_large');
    expect((await call(multipart, 'POST', '/api/objects/multipart', { body: { purpose: 'attachment', size: ATTACHMENT_RULE } })).status).toBe(201);
    expect(await storeError('attachment', pdfOfSize(ATTACHMENT_RULE + 1))).toBe('413 file_too_large');
    expect(await storeError('attachment', pdfOfSize(ATTACHMENT_RULE))).toBeNull();
  });

  it('refuses a thumbnail of 5 MB + 1 byte (declared and sent) with file_too_large, and takes exactly 5 MB', async () => {
    const declared = await call(upload, 'POST', '/api/objects/upload', { token, body: { purpose: 'thumbnail', size: THUMBNAIL_RULE + 1 } });
    expect(declared.status).toBe(413);
    expect(declared.json.error.code).toBe('file_too_large');
    expect(await storeError('thumbnail', pngOfSize(THUMBNAIL_RULE + 1))).toBe('413 file_too_large');
    expect(await storeError('thumbnail', pngOfSize(THUMBNAIL_RULE))).toBeNull();
  });

  it('refuses GIF and SVG thumbnails by their bytes (unsupported_type)', async () => {
    const gif = new TextEncoder().encode('GIF89a\x01\x00\x01\x00\x00\x00\x00;');
    const svg = new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>');
    expect(await storeError('thumbnail', gif)).toBe('415 unsupported_type');
    expect(await storeError('thumbnail', svg)).toBe('415 unsupported_type');
    const { uploadURL } = (await call(upload, 'POST', '/api/objects/upload', { token, body: { purpose: 'thumbnail', filename: 'a.svg', type: 'image/svg+xml' } })).json;
    const id = new URL(uploadURL, 'http://127.0.0.1').pathname.split('/').pop()!;
    const put = await objects(new Request(new URL(uploadURL, 'http://127.0.0.1'), { method: 'PUT', body: svg, headers: { 'Content-Type': 'image/svg+xml' } }), { params: { id } });
    expect(put.status).toBe(415);
    expect((await put.json()).error.code).toBe('unsupported_type');
  });

  it('requires the inquiry message on the server (field error) and limits the name to 100 characters', async () => {
    const { message: _dropped, ...withoutMessage } = inquiryBody();
    const missing = await call(inquiries, 'POST', '/api/inquiries', { body: withoutMessage });
    expect(missing.status).toBe(400);
    expect(missing.json.error.fields).toEqual({ message: 'inquiry.errors.required' });
    const blank = await call(inquiries, 'POST', '/api/inquiries', { body: inquiryBody({ message: '   ' }) });
    expect(blank.json.error.fields).toEqual({ message: 'inquiry.errors.required' });
    const long = await call(inquiries, 'POST', '/api/inquiries', { body: inquiryBody({ name: 'n'.repeat(NAME_RULE + 1) }) });
    expect(long.status).toBe(400);
    expect(long.json.error.fields).toEqual({ name: 'inquiry.errors.tooLong' });
    expect((await call(inquiries, 'POST', '/api/inquiries', { body: inquiryBody({ name: 'n'.repeat(NAME_RULE) }) })).status).toBe(201);
  });

  it('signs an attachment link when the admin opens it, valid for 5 minutes: open just before, refused just after', async () => {
    const attachment = await uploaded('attachment');
    const created = await call(inquiries, 'POST', '/api/inquiries', { body: inquiryBody({ name: `link-${randomUUID()}`, attachments: [attachment] }) });
    expect(created.status).toBe(201);
    const signedAt = Date.now();
    const signed = await call(inquiries, 'POST', `/api/inquiries/${created.json.id}/attachments/0/link`, { token });
    expect(signed.status).toBe(200);
    const link = signed.json.url as string;
    const open = (at: number) => {
      vi.spyOn(Date, 'now').mockReturnValue(at);
      const url = new URL(link, 'http://127.0.0.1');
      return objects(new Request(url), { params: { id: url.pathname.split('/').pop()! } });
    };
    expect((await open(signedAt + LINK_LIFETIME_MS - 2000)).status).toBe(200);
    expect((await open(signedAt + LINK_LIFETIME_MS + 2000)).status).toBe(404);
  });

  it('keeps an admin session for 12 hours: it works just before and is refused just after', async () => {
    const session = await adminToken();
    const opened = Date.now();
    const write = () => call(brands, 'POST', '/api/brands', { token: session, body: { ...brandBody('') , thumbnail: undefined } });
    vi.useFakeTimers({ toFake: ['Date'] });
    // Used every 20 minutes, as a person at work uses it, so the idle limit (issue 25, 30 minutes) never ends it.
    for (let at = opened + 20 * 60_000; at < opened + SESSION_LIFETIME_MS - 60_000; at += 20 * 60_000) {
      vi.setSystemTime(at);
      expect((await write()).status).not.toBe(401);
    }
    vi.setSystemTime(opened + SESSION_LIFETIME_MS - 60_000);
    // Any answer but 401 shows the session was accepted (the body is checked after the session).
    expect((await write()).status).not.toBe(401);
    vi.setSystemTime(opened + SESSION_LIFETIME_MS + 60_000);
    const after = await write();
    expect(after.status).toBe(401);
    expect(after.json.error.code).toBe('session_expired');
  });
});
