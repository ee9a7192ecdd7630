import type { UploadPurpose } from './uploads.ts';

/**
 * The upload contract between the upload dialogs (Uppy, src/islands) and the object functions.
 *
 * Small files (≤ SINGLE_PUT_MAX_BYTES): `POST /api/objects/upload` → `{ uploadURL, objectPath }`, then
 * one `PUT uploadURL` with the file as body → 200 `{ objectPath }`. `uploadURL` is the object's own
 * path plus a short-lived, single-use signature: `/objects/uploads/{uuid}?expires=…&signature=…`, so the
 * spec's "uploaded URL → /objects/uploads/{name}" conversion is `toObjectPath(uploadURL)`.
 *
 * Larger files go in parts (no request body above REQUEST_BODY_MAX_BYTES, Netlify's limit):
 *   `POST /api/objects/multipart` {purpose, filename, size, type} → `{ uploadId, key, partURL }`
 *   each part: `PUT partURL` with `partNumber={n}` appended (1-based) → 200, header `ETag`
 *   `POST /api/objects/multipart/complete` {uploadId, key, parts:[{PartNumber, ETag}]} → `{ location, objectPath }`
 *   `POST /api/objects/multipart/abort` {uploadId, key} → 204
 * Size and type limits of the purpose are enforced when the object is completed; a rejected object is
 * deleted with its parts.
 */
export const UPLOAD_ENDPOINTS = {
  createUpload: '/api/objects/upload',
  createMultipart: '/api/objects/multipart',
  completeMultipart: '/api/objects/multipart/complete',
  abortMultipart: '/api/objects/multipart/abort',
  setPublic: '/api/objects/set-public',
} as const;

export interface UploadRequest {
  purpose?: UploadPurpose;
  filename?: string;
  size?: number;
  type?: string;
}

export interface CreateUploadResponse {
  uploadURL: string;
  objectPath: string;
}

export interface CreateMultipartResponse {
  uploadId: string;
  key: string;
  /** Signed URL for the parts; append `&partNumber={n}`. */
  partURL: string;
}

export interface CompleteMultipartRequest {
  uploadId: string;
  key: string;
  parts: { PartNumber: number; ETag: string }[];
}

export interface CompleteMultipartResponse {
  location: string;
  objectPath: string;
}
