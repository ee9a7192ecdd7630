import type { Config } from '@netlify/functions';
import { getDb } from '../src/server/db/index.ts';
import { drainOutbox } from '../src/server/notify/outbox.ts';
import { runRetention } from '../src/server/privacy/retention.ts';

/**
 * Daily at 18:10 UTC (03:10 in Seoul): destroys the inquiries whose retention period ended (owner settings), expires
 * client addresses and tokens past their use, and reminds the owners of overdue privacy requests (issue 24).
 */
export default async function retention(): Promise<Response> {
  const db = await getDb();
  const run = await runRetention(db);
  const expired = Object.entries(run.expired).filter(([, n]) => n > 0).map(([name, n]) => `${name} ${n}`).join(', ');
  console.log(`privacy retention: ${run.destroyed.length} inquiries destroyed${expired ? `; expired: ${expired}` : ''}${run.reminded ? `; ${run.reminded} overdue requests reminded` : ''}`);
  if (run.reminded > 0) await drainOutbox(db);
  return new Response(null, { status: 204 });
}

export const config: Config = { schedule: '10 18 * * *' };
