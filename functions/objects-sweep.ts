import type { Config } from '@netlify/functions';
import { sweepAbandonedUploads } from '../src/server/upload-sweep.ts';

/** Hourly: removes uploads started but never finished, so abandoned parts do not pile up. */
export default async function sweep(): Promise<Response> {
  const removed = await sweepAbandonedUploads();
  console.log(`upload sweep: ${removed.uploads} uploads, ${removed.parts} parts removed`);
  return new Response(null, { status: 204 });
}

export const config: Config = { schedule: '@hourly' };
