import type { Config } from '@netlify/functions';
import { getDb } from '../src/server/db/index.ts';
import { drainOutbox } from '../src/server/notify/outbox.ts';
import { enableProposalMails } from '../src/server/proposals/mails.ts';

// This function carries the proposals' PDF renderer and fonts: its drains deliver their mails.
enableProposalMails();

/** Every minute: retries inquiry notifications that are due (first attempts that failed, with backoff). */
export default async function drain(): Promise<Response> {
  const result = await drainOutbox(await getDb());
  if (result.sent + result.retrying + result.failed > 0) {
    console.log(`outbox: ${result.sent} sent, ${result.retrying} to retry, ${result.failed} failed`);
  }
  return new Response(null, { status: 204 });
}

export const config: Config = { schedule: '* * * * *' };
