import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startLoopbackBlobs, type LoopbackBlobs } from '../../netlify-local/blobs.ts';

export interface TestBlobs {
  url: string;
  directory: string;
  stop(): Promise<void>;
}

/**
 * A throwaway Netlify Blobs emulation on loopback for API tests: `getStore()` in the handlers under
 * test reaches it. Call `stop()` in afterAll; it also deletes the data folder.
 */
export async function startTestBlobs(): Promise<TestBlobs> {
  const directory = await mkdtemp(path.join(tmpdir(), 'btower-blobs-'));
  const blobs: LoopbackBlobs = await startLoopbackBlobs(directory);
  return {
    url: blobs.url,
    directory,
    async stop() {
      await blobs.stop();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
