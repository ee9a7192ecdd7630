import type { Config } from '@netlify/functions';
import { getDb } from '../src/server/db/index.ts';
import { sendDueReminders } from '../src/server/inquiries/reminders.ts';
import { drainOutbox } from '../src/server/notify/outbox.ts';

/** Every five minutes: new inquiries untouched for the set office hours remind their assignee (or the team), once. */
export default async function remind(): Promise<Response> {
  const db = await getDb();
  const reminded = await sendDueReminders(db);
  if (reminded > 0) {
    console.log(`response-time reminders: ${reminded} inquiries`);
    await drainOutbox(db);
  }
  return new Response(null, { status: 204 });
}

export const config: Config = { schedule: '*/5 * * * *' };
