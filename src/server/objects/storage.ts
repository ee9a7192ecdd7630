import { randomUUID } from 'node:crypto';
import { ATTACHMENT_MAX_BYTES, IMAGE_PURPOSES, isUploadPurpose, LEASE_DOCUMENT_MAX_BYTES, OBJECT_PATH_PATTERN, THUMBNAIL_MAX_BYTES, type UploadPurpose } from '../../shared/uploads.ts';
import { blobStore, deleteQuietly, guard } from './blob-store.ts';
import { HttpError } from '../http/errors.ts';
import { sniffAttachmentType, sniffImageType } from './magic-bytes.ts';
import { signQuery } from './signing.ts';

/**
 * Uploaded objects. This module and its siblings (blob-store, signing, upload-tickets, multipart) are
 * the only code touching @netlify/blobs. An object lives under its uuid in the `objects` store, its
 * facts in the blob's metadata.
 */
const OBJECTS = 'objects';

export interface ObjectMetadata {
  purpose: UploadPurpose;
  size: number;
  contentType: string;
  filename: string;
  public: boolean;
  createdAt: string;
}

export const MAX_BYTES: Record<UploadPurpose, number> = {
  attachment: ATTACHMENT_MAX_BYTES,
  thumbnail: THUMBNAIL_MAX_BYTES,
  plan: THUMBNAIL_MAX_BYTES,
  lease: LEASE_DOCUMENT_MAX_BYTES,
};

/** The uuid of a well-formed object path, else null (so `../` and foreign paths never reach the store). */
export function objectIdOf(objectPath: string): string | null {
  return OBJECT_PATH_PATTERN.test(objectPath) ? objectPath.slice(objectPath.lastIndexOf('/') + 1) : null;
}

export function objectPathOf(id: string): string {
  return `/objects/uploads/${id}`;
}

function asMetadata(raw: Record<string, unknown> | undefined): ObjectMetadata | null {
  if (!raw || !isUploadPurpose(raw.purpose)) return null;
  return {
    purpose: raw.purpose,
    size: Number(raw.size) || 0,
    contentType: typeof raw.contentType === 'string' ? raw.contentType : 'application/octet-stream',
    filename: typeof raw.filename === 'string' ? raw.filename : 'file',
    public: raw.public === true,
    createdAt: typeof raw.createdAt === 'string' ? raw.createdAt : '',
  };
}

/** The stored object's metadata, or null when the path is malformed or nothing is stored there. */
export async function objectMetadata(objectPath: string): Promise<ObjectMetadata | null> {
  const id = objectIdOf(objectPath);
  if (!id) return null;
  const found = await guard(() => blobStore(OBJECTS).getMetadata(id, { consistency: 'strong' }));
  return found ? asMetadata(found.metadata) : null;
}

/** Whether one of our own uploaded objects exists at `objectPath` (and, if given, was uploaded for `purpose`). */
export async function objectExists(objectPath: string, purpose?: UploadPurpose): Promise<boolean> {
  const metadata = await objectMetadata(objectPath);
  return metadata !== null && (purpose === undefined || metadata.purpose === purpose);
}

/** A link that reads a private object for `ttlSeconds`: `/objects/uploads/{id}?expires=…&signature=…`. */
export async function signedReadURL(objectPath: string, ttlSeconds = 300): Promise<string> {
  if (!objectIdOf(objectPath)) throw new HttpError(400, 'invalid_object_path', 'Not an uploaded object path');
  return `${objectPath}?${await signQuery('get', objectPath, ttlSeconds)}`;
}

/** The object's bytes and metadata, or null. */
export async function readObject(objectPath: string): Promise<{ data: ArrayBuffer; metadata: ObjectMetadata } | null> {
  const id = objectIdOf(objectPath);
  if (!id) return null;
  // Its size is known only once read: the deadline allows for the largest object there can be.
  const found = await guard(() => blobStore(OBJECTS).getWithMetadata(id, { type: 'arrayBuffer', consistency: 'strong' }), ATTACHMENT_MAX_BYTES);
  const metadata = found ? asMetadata(found.metadata) : null;
  return found && metadata ? { data: found.data, metadata } : null;
}

export interface NewObject {
  id: string;
  purpose: UploadPurpose;
  filename: string;
  declaredType: string;
}

/**
 * Checks the finished bytes against the purpose's rules and stores them under a new id, once:
 * empty → 400, too big → 413, a thumbnail that is not PNG/JPEG/WebP or an attachment that is not a
 * document or image a tenant sends (ATTACHMENT_TYPES), by its bytes → 415; the stored type is the one
 * the bytes showed, never the sender's word. A second
 * write to the same id (a reused upload URL) → 403. Nothing is kept when any check fails.
 */
export async function storeObject(upload: NewObject, data: Uint8Array): Promise<ObjectMetadata> {
  if (data.byteLength === 0) throw new HttpError(400, 'empty_file', 'The file is empty');
  if (data.byteLength > MAX_BYTES[upload.purpose]) {
    throw new HttpError(413, 'file_too_large', `The file exceeds ${MAX_BYTES[upload.purpose]} bytes`);
  }
  let contentType: string;
  if (IMAGE_PURPOSES.includes(upload.purpose)) {
    const sniffed = sniffImageType(data);
    if (!sniffed) throw new HttpError(415, 'unsupported_type', 'Thumbnails must be PNG, JPEG or WebP images');
    contentType = sniffed;
  } else if (upload.purpose === 'lease') {
    // A signed lease is a PDF, judged by its bytes.
    if (sniffAttachmentType(data) !== 'application/pdf') throw new HttpError(415, 'unsupported_type', 'A signed lease must be a PDF');
    contentType = 'application/pdf';
  } else {
    const sniffed = sniffAttachmentType(data);
    if (!sniffed) {
      throw new HttpError(415, 'unsupported_attachment_type', 'Attachments must be PDF, JPEG, PNG, WebP, HEIC, HWP/HWPX, Word, Excel or PowerPoint files');
    }
    contentType = sniffed;
  }
  const metadata: ObjectMetadata = {
    purpose: upload.purpose,
    size: data.byteLength,
    contentType,
    filename: upload.filename,
    public: false,
    createdAt: new Date().toISOString(),
  };
  const store = blobStore(OBJECTS);
  const body = data.buffer.slice(data.byteOffset, data.byteOffset + data.byteLength) as ArrayBuffer;
  // Names this write: when the store's answer is lost and the client's retry finds the object, it is ours.
  const write = randomUUID();
  try {
    const result = await guard(() => store.set(upload.id, body, { metadata: { ...metadata, write }, onlyIfNew: true }), body.byteLength);
    if (!result.modified && (await guard(() => store.getMetadata(upload.id, { consistency: 'strong' })))?.metadata.write !== write) {
      throw new HttpError(403, 'upload_url_used', 'This upload URL has already been used');
    }
  } catch (error) {
    // A write that failed half-way must not leave an object nobody recorded.
    if (!(error instanceof HttpError)) await deleteQuietly(store, [upload.id]);
    throw error;
  }
  return metadata;
}

/** A declared MIME type we can echo safely, else a neutral one (served as an attachment anyway). */
export function sanitizeType(type: string): string {
  return /^[a-z0-9.+-]+\/[a-z0-9.+-]+$/i.test(type) && type.length <= 100 ? type.toLowerCase() : 'application/octet-stream';
}

/** Makes a thumbnail readable by anyone. Unknown object → 404; anything but a thumbnail → 403. */
export async function makePublic(objectPath: string): Promise<ObjectMetadata> {
  const id = objectIdOf(objectPath);
  const store = blobStore(OBJECTS);
  const found = id ? await guard(() => store.getWithMetadata(id, { type: 'arrayBuffer', consistency: 'strong' }), THUMBNAIL_MAX_BYTES) : null;
  const metadata = found ? asMetadata(found.metadata) : null;
  if (!id || !found || !metadata) throw new HttpError(404, 'object_not_found', 'No uploaded object at this path');
  if (!IMAGE_PURPOSES.includes(metadata.purpose)) throw new HttpError(403, 'not_a_thumbnail', 'Only thumbnails can be made public');
  if (metadata.public) return metadata;
  const updated = { ...metadata, public: true };
  await guard(() => store.set(id, found.data, { metadata: { ...updated }, onlyIfMatch: found.etag ?? '' }), found.data.byteLength);
  return updated;
}

/**
 * Deletes a stored object, its bytes and its metadata (file name, type), for good: the destruction of an inquiry's
 * attachments (issue 24). A malformed path deletes nothing; a missing object is no error.
 * @returns whether the path named one of our objects.
 */
export async function deleteObject(objectPath: string): Promise<boolean> {
  const id = objectIdOf(objectPath);
  if (!id) return false;
  await guard(() => blobStore(OBJECTS).delete(id));
  return true;
}
