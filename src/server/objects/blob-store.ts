import { AsyncLocalStorage } from 'node:async_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { getStore, type Store } from '@netlify/blobs';
import { HttpError, UnavailableError } from '../http/errors.ts';

/**
 * Our retry policy for store requests, in place of @netlify/blobs' own (five retries, 5 s apart): on an
 * outage that one held each operation for 25 s, so an upload's few operations outlasted Netlify's 60 s
 * function limit and the visitor never got our 503. A request is tried twice; an operation that still
 * fails, or outlasts the deadline (a store that hangs), fails at once.
 */
const ATTEMPTS = 2;
const RETRY_DELAY_MS = 250;
const OPERATION_DEADLINE_MS = 5_000;
/**
 * A large body takes longer than a metadata read without the store hanging: each MiB in flight adds this
 * much to the deadline (a 10 MB attachment may take 15 s on a loaded machine before we call the store down).
 */
const DEADLINE_MS_PER_MIB = 1_000;

/** The guarded operation a store request belongs to: aborted when it has failed or run out of time. */
const operation = new AsyncLocalStorage<AbortController>();

/**
 * The store client's fetch. A 5xx answer counts as a failure: @netlify/blobs 11 reports a conditional
 * write (`onlyIfNew`, `onlyIfMatch`) answered with 500 as done. After an operation failed, nothing more
 * is sent for it, so a write given up on cannot land later when the client retries in the background.
 */
async function storeFetch(input: string | URL | Request, init?: RequestInit): Promise<Response> {
  const current = operation.getStore();
  let failure: unknown;
  for (let attempt = 1; attempt <= ATTEMPTS; attempt += 1) {
    current?.signal.throwIfAborted();
    if (attempt > 1) await sleep(RETRY_DELAY_MS);
    try {
      const response = await fetch(input, { ...init, signal: current?.signal });
      if (response.status < 500) return response;
      failure = new Error(`Blob store answered ${response.status}`);
    } catch (error) {
      failure = error;
    }
  }
  current?.abort(new UnavailableError('Blob store unavailable', { cause: failure }));
  throw failure;
}

/**
 * A site-wide blob store. Called inside handlers, never at module load: the environment context
 * (Netlify's, or the local server's BlobsServer) is only known per request.
 */
export function blobStore(name: string): Store {
  try {
    return getStore({ name, consistency: 'strong', fetch: storeFetch });
  } catch (error) {
    throw new UnavailableError('Blob store is not configured', { cause: error });
  }
}

/**
 * Runs one blob operation: a failure of the store, or no answer within its deadline (OPERATION_DEADLINE_MS,
 * more for `bytes` sent or read), becomes
 * UnavailableError (503) as soon as it happens; our own HttpErrors pass.
 */
export async function guard<T>(task: () => Promise<T>, bytes = 0): Promise<T> {
  const controller = new AbortController();
  const failed = new Promise<never>((_, reject) => {
    controller.signal.addEventListener('abort', () => reject(controller.signal.reason as Error), { once: true });
  });
  const timer = setTimeout(() => controller.abort(new UnavailableError('Blob store did not answer in time')), OPERATION_DEADLINE_MS + (bytes / 2 ** 20) * DEADLINE_MS_PER_MIB);
  const running = operation.run(controller, task);
  // The client may still wait to retry after we gave up; it sends nothing more and must fail quietly.
  running.catch(() => undefined);
  failed.catch(() => undefined);
  try {
    return await Promise.race([running, failed]);
  } catch (error) {
    if (error instanceof HttpError || error instanceof UnavailableError) throw error;
    throw new UnavailableError('Blob store unavailable', { cause: error });
  } finally {
    clearTimeout(timer);
  }
}

/** Deletes keys without letting a cleanup failure hide the error that caused it. */
export async function deleteQuietly(store: Store, keys: string[]): Promise<void> {
  await Promise.all(keys.map((key) => guard(() => store.delete(key)).catch(() => undefined)));
}
