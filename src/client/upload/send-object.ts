import { apiWrite } from '../api.ts';
import {
  UPLOAD_ENDPOINTS,
  type CompleteMultipartResponse,
  type CreateMultipartResponse,
  type CreateUploadResponse,
  type UploadRequest,
} from '../../shared/upload-protocol.ts';
import { PART_BYTES, SINGLE_PUT_MAX_BYTES } from '../../shared/uploads.ts';
import { putWithProgress } from './put-with-progress.ts';

/**
 * Sends one file by the upload contract (src/shared/upload-protocol.ts): a single PUT up to
 * SINGLE_PUT_MAX_BYTES, parts above it, so no request body passes Netlify's limit.
 * Resolves with the object path to store.
 */
export async function sendObject(
  file: Blob,
  request: UploadRequest,
  onProgress: (bytesUploaded: number) => void,
  signal: AbortSignal,
): Promise<string> {
  if (file.size <= SINGLE_PUT_MAX_BYTES) {
    const { uploadURL, objectPath } = await apiWrite<CreateUploadResponse>('POST', UPLOAD_ENDPOINTS.createUpload, request);
    await putWithProgress(uploadURL, file, onProgress, signal);
    return objectPath;
  }
  return sendInParts(file, request, onProgress, signal);
}

async function sendInParts(
  file: Blob,
  request: UploadRequest,
  onProgress: (bytesUploaded: number) => void,
  signal: AbortSignal,
): Promise<string> {
  const { uploadId, key, partURL } = await apiWrite<CreateMultipartResponse>('POST', UPLOAD_ENDPOINTS.createMultipart, request);
  const parts: { PartNumber: number; ETag: string }[] = [];
  try {
    for (let start = 0, n = 1; start < file.size; start += PART_BYTES, n++) {
      const chunk = file.slice(start, start + PART_BYTES, file.type);
      const etag = await putWithProgress(`${partURL}&partNumber=${n}`, chunk, (loaded) => onProgress(start + loaded), signal);
      if (!etag) throw new Error(`part ${n}: no ETag`);
      parts.push({ PartNumber: n, ETag: etag });
    }
    const done = await apiWrite<CompleteMultipartResponse>('POST', UPLOAD_ENDPOINTS.completeMultipart, { uploadId, key, parts });
    return done.objectPath;
  } catch (error) {
    // Leave nothing half-uploaded behind; the abort's own failure must not hide the real error.
    await apiWrite('POST', UPLOAD_ENDPOINTS.abortMultipart, { uploadId, key }).catch(() => undefined);
    throw error;
  }
}
