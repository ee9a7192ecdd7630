import { createHash, timingSafeEqual } from 'node:crypto';
import * as v from 'valibot';
import { PART_BYTES, REQUEST_BODY_MAX_BYTES } from '../../shared/uploads.ts';
import type { CompleteMultipartResponse, CreateMultipartResponse } from '../../shared/upload-protocol.ts';
import { blobStore, deleteQuietly, guard } from './blob-store.ts';
import { HttpError } from '../http/errors.ts';
import { authorizedTicket } from './uploads.ts';
import { readBytes } from '../http/body.ts';
import { signQuery } from './signing.ts';
import { MAX_BYTES, objectIdOf, objectPathOf, storeObject } from './storage.ts';
import { createTicket, deleteTicket, findTicket, MAX_PARTS, MULTIPART_TTL_SECONDS, parseUploadRequest, type Ticket } from './tickets.ts';

/** Parts wait in their own store as `{id}/{partNumber}` until the upload is completed or aborted. */
const PARTS = 'upload-parts';

/** An upload in parts must declare its size: it bounds the parts that may be held for it. */
export async function createMultipart(body: unknown): Promise<CreateMultipartResponse> {
  const request = parseUploadRequest(body);
  if (!request.size) throw new HttpError(400, 'size_required', 'An upload in parts must declare its size in bytes');
  const ticket = await createTicket('multipart', request);
  const objectPath = objectPathOf(ticket.id);
  const partURL = `${objectPath}?${await signQuery('part', objectPath, MULTIPART_TTL_SECONDS)}`;
  return { uploadId: ticket.uploadId, key: objectPath, partURL };
}

/** The most parts of PART_BYTES a file of the declared size takes (the client's split, send-object.ts). */
export function partsFor(size: number): number {
  return Math.min(MAX_PARTS, Math.max(1, Math.ceil(size / PART_BYTES)));
}

/**
 * `PUT partURL&partNumber=n`: keeps one part and answers its ETag. The declared size bounds what is
 * held: at most partsFor(size) parts, none larger than the file or REQUEST_BODY_MAX_BYTES.
 */
export async function receivePart(id: string, params: URLSearchParams, req: Request): Promise<string> {
  const partNumber = Number(params.get('partNumber'));
  if (!Number.isInteger(partNumber) || partNumber < 1 || partNumber > MAX_PARTS) {
    throw new HttpError(400, 'invalid_part_number', `partNumber must be 1 to ${MAX_PARTS}`);
  }
  const ticket = await authorizedTicket('part', id, params, 'multipart');
  const parts = partsFor(ticket.size);
  if (partNumber > parts) throw new HttpError(400, 'invalid_part_number', `This upload has at most ${parts} parts`);
  const bytes = await readBytes(req, Math.min(REQUEST_BODY_MAX_BYTES, ticket.size || REQUEST_BODY_MAX_BYTES));
  if (bytes.byteLength === 0) throw new HttpError(400, 'empty_part', 'A part cannot be empty');
  const etag = `"${createHash('sha256').update(bytes).digest('hex').slice(0, 32)}"`;
  const body = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
  await guard(() => blobStore(PARTS).set(`${id}/${partNumber}`, body, { metadata: { etag } }), body.byteLength);
  return etag;
}

const UploadRefSchema = v.object({ uploadId: v.pipe(v.string(), v.uuid()), key: v.string() });
const CompleteSchema = v.object({
  ...UploadRefSchema.entries,
  parts: v.pipe(
    v.array(v.object({ PartNumber: v.pipe(v.number(), v.integer(), v.minValue(1)), ETag: v.pipe(v.string(), v.maxLength(100)) })),
    v.minLength(1),
    v.maxLength(MAX_PARTS),
  ),
});

/** The pending multipart upload named by `{uploadId, key}`; a wrong pair → 404 (no such upload). */
async function ownedTicket(body: unknown): Promise<Ticket> {
  const result = v.safeParse(UploadRefSchema, body);
  if (!result.success) throw new HttpError(400, 'invalid_input', 'Expected {uploadId, key}');
  const id = objectIdOf(result.output.key);
  const ticket = id ? await findTicket(id) : null;
  const given = Buffer.from(result.output.uploadId);
  const expected = Buffer.from(ticket?.uploadId ?? '');
  if (!ticket || ticket.mode !== 'multipart' || given.length !== expected.length || !timingSafeEqual(given, expected)) {
    throw new HttpError(404, 'upload_not_found', 'No such upload in progress');
  }
  return ticket;
}

async function discard(id: string): Promise<void> {
  const store = blobStore(PARTS);
  const { blobs } = await guard(() => store.list({ prefix: `${id}/` }));
  await deleteQuietly(store, blobs.map((blob) => blob.key));
  await deleteTicket(id);
}

/**
 * Joins the listed parts (1…n, each with the ETag it was answered) into the object. The purpose's
 * size and type rules apply to the whole; on any refusal the parts and the upload are deleted.
 */
export async function completeMultipart(body: unknown): Promise<CompleteMultipartResponse> {
  const result = v.safeParse(CompleteSchema, body);
  if (!result.success) throw new HttpError(400, 'invalid_input', 'Expected {uploadId, key, parts:[{PartNumber, ETag}]}');
  const ticket = await ownedTicket(body);
  try {
    if (ticket.expires * 1000 < Date.now()) throw new HttpError(403, 'upload_url_expired', 'This upload has expired');
    const parts = [...result.output.parts].sort((a, b) => a.PartNumber - b.PartNumber);
    if (parts.some((part, index) => part.PartNumber !== index + 1)) {
      throw new HttpError(400, 'invalid_parts', 'Parts must be numbered 1 to n without gaps');
    }
    const chunks: Uint8Array[] = [];
    let total = 0;
    for (const part of parts) {
      const found = await guard(() => blobStore(PARTS).getWithMetadata(`${ticket.id}/${part.PartNumber}`, { type: 'arrayBuffer', consistency: 'strong' }), REQUEST_BODY_MAX_BYTES);
      if (!found || found.metadata.etag !== part.ETag) {
        throw new HttpError(400, 'invalid_parts', `Part ${part.PartNumber} is missing or its ETag does not match`);
      }
      total += found.data.byteLength;
      if (total > MAX_BYTES[ticket.purpose] || (ticket.size && total > ticket.size)) throw new HttpError(413, 'file_too_large', `The file exceeds ${MAX_BYTES[ticket.purpose]} bytes`);
      chunks.push(new Uint8Array(found.data));
    }
    const whole = new Uint8Array(total);
    chunks.reduce((offset, chunk) => (whole.set(chunk, offset), offset + chunk.byteLength), 0);
    await storeObject({ id: ticket.id, purpose: ticket.purpose, filename: ticket.filename, declaredType: ticket.declaredType }, whole);
  } finally {
    await discard(ticket.id).catch(() => undefined);
  }
  const objectPath = objectPathOf(ticket.id);
  return { location: objectPath, objectPath };
}

/** Drops an upload in progress and its parts. */
export async function abortMultipart(body: unknown): Promise<void> {
  const ticket = await ownedTicket(body);
  await discard(ticket.id);
}
