import { HttpError } from '../http/errors.ts';

/**
 * @netlify/blobs sends metadata as `b64;` + base64(JSON) in one header and refuses more than 2 KB with
 * its header name: a plain Error our store guard would report as an outage (503). Checked up front
 * instead, so an over-long file name or type is the sender's 400.
 */
const HEADER_NAME = 'netlify-blobs-metadata';
const METADATA_MAX_BYTES = 2 * 1024 - HEADER_NAME.length - 'b64;'.length;

export function encodedMetadataBytes(metadata: Record<string, unknown>): number {
  return Buffer.from(JSON.stringify(metadata), 'utf8').toString('base64').length;
}

/** 400 `metadata_too_large` unless every one of `metadata` fits the store's limit once encoded. */
export function requireMetadataFits(...metadata: Record<string, unknown>[]): void {
  if (metadata.some((entry) => encodedMetadataBytes(entry) > METADATA_MAX_BYTES)) {
    throw new HttpError(400, 'metadata_too_large', 'The file name or type is too long');
  }
}
