import { blobStore, deleteQuietly, guard } from './blob-store.ts';
import { getDb } from '../db/index.ts';
import { referencedObjects } from './refs.ts';
import { objectIdOf, objectMetadata, objectPathOf } from './storage.ts';

/**
 * How long a finished object may wait for a record to refer to it: a visitor uploads attachments, then
 * writes the message; the admin uploads a thumbnail, then fills in the brand; a deleted brand may be
 * restored (undo) with its thumbnail. After that an object nothing refers to is removed.
 */
export const UNREFERENCED_GRACE_MS = 24 * 60 * 60 * 1000;

/**
 * Deletes stored objects that no record refers to (object-refs.ts) and that are older than the grace
 * period — replaced or deleted brands' thumbnails, attachments of inquiries never sent. Returns how many.
 */
export async function sweepUnreferencedObjects(now = Date.now()): Promise<number> {
  const store = blobStore('objects');
  const { blobs } = await guard(() => store.list());
  const paths = blobs.map((blob) => objectPathOf(blob.key)).filter((path) => objectIdOf(path) !== null);
  const referenced = await referencedObjects(await getDb(), paths, now);
  const expired: string[] = [];
  for (const path of paths) {
    if (referenced.has(path)) continue;
    const metadata = await objectMetadata(path);
    const created = Date.parse(metadata?.createdAt ?? '');
    // No readable date: treat as old; a broken object nothing refers to is of no use either.
    if (!Number.isFinite(created) || created + UNREFERENCED_GRACE_MS < now) expired.push(objectIdOf(path) as string);
  }
  await deleteQuietly(store, expired);
  return expired.length;
}
