import { blobStore, deleteQuietly, guard } from './blob-store.ts';
import { findTicket, SPENT_SUFFIX } from './tickets.ts';

/** Parts and pending uploads older than their URL's life (+ a margin for a slow last part) are dead. */
const GRACE_SECONDS = 15 * 60;

/**
 * Deletes uploads that were started but never completed or aborted: their expired records and every
 * part whose upload is gone. Returns how many records and parts it removed.
 */
export async function sweepAbandonedUploads(now = Date.now()): Promise<{ uploads: number; parts: number }> {
  const uploads = blobStore('uploads');
  const parts = blobStore('upload-parts');
  const pending = await guard(() => uploads.list());
  const live = new Set<string>();
  const dead: string[] = [];
  const spent = (key: string) => key.endsWith(SPENT_SUFFIX);
  for (const { key } of pending.blobs.filter((blob) => !spent(blob.key))) {
    const ticket = await findTicket(key);
    if (ticket && (ticket.expires + GRACE_SECONDS) * 1000 > now) live.add(key);
    else dead.push(key);
  }
  // A spent marker lives as long as its ticket, so a still-valid URL stays used.
  for (const { key } of pending.blobs.filter((blob) => spent(blob.key))) {
    if (!live.has(key.slice(0, -SPENT_SUFFIX.length))) dead.push(key);
  }
  const stored = await guard(() => parts.list());
  const deadParts = stored.blobs.map((blob) => blob.key).filter((key) => !live.has(key.split('/')[0] ?? ''));
  await deleteQuietly(parts, deadParts);
  await deleteQuietly(uploads, dead);
  return { uploads: dead.length, parts: deadParts.length };
}
