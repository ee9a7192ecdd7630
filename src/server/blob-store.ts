import { getStore, type Store } from '@netlify/blobs';
import { HttpError, UnavailableError } from './http.ts';

/**
 * A site-wide blob store. Called inside handlers, never at module load: the environment context
 * (Netlify's, or the local server's BlobsServer) is only known per request.
 */
export function blobStore(name: string): Store {
  try {
    return getStore({ name, consistency: 'strong' });
  } catch (error) {
    throw new UnavailableError('Blob store is not configured', { cause: error });
  }
}

/** Runs one blob operation; a failure of the store becomes UnavailableError (503), our own HttpErrors pass. */
export async function guard<T>(operation: () => Promise<T>): Promise<T> {
  try {
    return await operation();
  } catch (error) {
    if (error instanceof HttpError || error instanceof UnavailableError) throw error;
    throw new UnavailableError('Blob store unavailable', { cause: error });
  }
}

/** Deletes keys without letting a cleanup failure hide the error that caused it. */
export async function deleteQuietly(store: Store, keys: string[]): Promise<void> {
  await Promise.all(keys.map((key) => store.delete(key).catch(() => undefined)));
}
