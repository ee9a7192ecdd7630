import { randomUUID } from 'node:crypto';
import * as v from 'valibot';
import { isUploadPurpose, PART_BYTES, UPLOAD_PURPOSES, type UploadPurpose } from '../../shared/uploads.ts';
import { requireMetadataFits } from './blob-metadata.ts';
import { blobStore, guard } from './blob-store.ts';
import { HttpError } from '../http/errors.ts';
import { MAX_BYTES, sanitizeType } from './storage.ts';
import { printableFilename } from '../http/storable-text.ts';

/**
 * An upload in progress: what the sender announced, kept in the `uploads` store under the future
 * object's id until the object is stored or the upload aborted. Its existence is what makes an
 * upload URL single-use.
 */
const UPLOADS = 'uploads';

/** Single PUT URLs live for 10 minutes; parts get an hour (a 10 MB file on a slow phone line). */
export const SINGLE_TTL_SECONDS = 10 * 60;
export const MULTIPART_TTL_SECONDS = 60 * 60;
/** Enough parts of PART_BYTES for the largest allowed object, plus slack for smaller part sizes. */
export const MAX_PARTS = Math.ceil(MAX_BYTES.attachment / PART_BYTES) * 4;

export interface Ticket {
  id: string;
  mode: 'single' | 'multipart';
  purpose: UploadPurpose;
  filename: string;
  declaredType: string;
  /** The size the sender declared (0 when it declared none); bounds an upload in parts. */
  size: number;
  /** Multipart only: the secret the complete/abort calls must present. */
  uploadId: string;
  expires: number;
}

const UploadRequestSchema = v.strictObject({
  purpose: v.optional(v.picklist(UPLOAD_PURPOSES), 'attachment'),
  filename: v.optional(v.pipe(v.string(), v.maxLength(1000)), ''),
  size: v.optional(v.pipe(v.number(), v.integer(), v.minValue(0))),
  type: v.optional(v.pipe(v.string(), v.maxLength(200)), ''),
});

/**
 * Reads the optional `{purpose, filename, size, type}` of an upload request (spec: "no body" is
 * valid and means an attachment). A declared size over the purpose's limit → 413 before any byte is
 * sent; the bytes are checked again when they arrive.
 */
export function parseUploadRequest(body: unknown): v.InferOutput<typeof UploadRequestSchema> {
  const result = v.safeParse(UploadRequestSchema, body ?? {});
  if (!result.success) throw new HttpError(400, 'invalid_input', 'Upload request must be {purpose, filename, size, type}');
  const request = result.output;
  if (request.size !== undefined && request.size > MAX_BYTES[request.purpose]) {
    throw new HttpError(413, 'file_too_large', `The file exceeds ${MAX_BYTES[request.purpose]} bytes`);
  }
  return request;
}

/** Keeps only a file name's last segment, printable (storable-text), at most 200 characters. */
export function cleanFilename(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  return printableFilename(base).slice(0, 200) || 'file';
}

export async function createTicket(
  mode: Ticket['mode'],
  request: { purpose: UploadPurpose; filename: string; type: string; size?: number },
): Promise<Ticket> {
  const ttl = mode === 'single' ? SINGLE_TTL_SECONDS : MULTIPART_TTL_SECONDS;
  const ticket: Ticket = {
    id: randomUUID(),
    mode,
    purpose: request.purpose,
    filename: cleanFilename(request.filename),
    declaredType: request.type,
    size: request.size ?? 0,
    uploadId: mode === 'multipart' ? randomUUID() : '',
    expires: Math.floor(Date.now() / 1000) + ttl,
  };
  // The object's metadata will carry the same name and at most a 100-character type (storage.ts).
  const objectMetadata = { purpose: ticket.purpose, size: MAX_BYTES[ticket.purpose], contentType: sanitizeType(ticket.declaredType).padEnd(100), filename: ticket.filename, public: false, createdAt: new Date().toISOString(), write: randomUUID() };
  requireMetadataFits({ ...ticket }, objectMetadata);
  await guard(() => blobStore(UPLOADS).set(ticket.id, '', { metadata: { ...ticket } }));
  return ticket;
}

/** The pending upload for `id`, or null when it was used, aborted or never existed. */
export async function findTicket(id: string): Promise<Ticket | null> {
  const found = await guard(() => blobStore(UPLOADS).getMetadata(id, { consistency: 'strong' }));
  const meta = found?.metadata as Partial<Ticket> | undefined;
  if (!meta || meta.id !== id || (meta.mode !== 'single' && meta.mode !== 'multipart')) return null;
  if (!isUploadPurpose(meta.purpose)) return null;
  return {
    id,
    mode: meta.mode,
    purpose: meta.purpose,
    filename: String(meta.filename ?? 'file'),
    declaredType: String(meta.declaredType ?? ''),
    size: Number(meta.size) || 0,
    uploadId: String(meta.uploadId ?? ''),
    expires: Number(meta.expires) || 0,
  };
}

export async function deleteTicket(id: string): Promise<void> {
  await guard(() => blobStore(UPLOADS).delete(id));
  await guard(() => blobStore(UPLOADS).delete(spentKey(id)));
}

/** The key of a single-use ticket's spent marker: `{id}.spent`. */
export const SPENT_SUFFIX = '.spent';
const spentKey = (id: string) => `${id}${SPENT_SUFFIX}`;

/**
 * Spends a single-use ticket before its body is read: a marker written only if new, so of concurrent
 * PUTs to one URL exactly one wins; the others → 403 `upload_url_used`.
 */
export async function spendTicket(id: string): Promise<void> {
  const result = await guard(() => blobStore(UPLOADS).set(spentKey(id), '', { onlyIfNew: true }));
  if (!result.modified) throw new HttpError(403, 'upload_url_used', 'This upload URL has already been used');
}
