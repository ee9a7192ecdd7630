import type { Config } from '@netlify/functions';
import { getDb } from '../src/server/db/index.ts';
import { sendDueReminders } from '../src/server/inquiries/reminders.ts';
import { drainOutbox } from '../src/server/notify/outbox.ts';
import { sendTourReminders } from '../src/server/tours/reminders.ts';

/**
 * Every five minutes: new inquiries untouched for the set office hours remind their assignee (or the team),
 * once; tours without outcome remind their host, and prospects hear of their tour the working day before.
 */
export default async function remind(): Promise<Response> {
  const db = await getDb();
  const reminded = await sendDueReminders(db);
  // Tours (issue 26): the host's outcome reminder and the prospect's reminder the working day before.
  const tours = await sendTourReminders(db);
  if (reminded > 0 || tours > 0) {
    console.log(`response-time reminders: ${reminded} inquiries; tour reminders: ${tours}`);
    await drainOutbox(db);
  }
  return new Response(null, { status: 204 });
}

export const config: Config = { schedule: '*/5 * * * *' };
