import type { Config } from '@netlify/functions';
import { sweepUnreferencedObjects } from '../src/server/objects/sweep.ts';
import { sweepAbandonedUploads } from '../src/server/objects/upload-sweep.ts';

/**
 * Hourly: removes uploads started but never finished (abandoned parts), and finished objects that no
 * record has referred to for the grace period (an anonymous upload cannot stay stored forever).
 */
export default async function sweep(): Promise<Response> {
  const removed = await sweepAbandonedUploads();
  const unreferenced = await sweepUnreferencedObjects();
  console.log(`upload sweep: ${removed.uploads} uploads, ${removed.parts} parts, ${unreferenced} unreferenced objects removed`);
  return new Response(null, { status: 204 });
}

export const config: Config = { schedule: '@hourly' };
