import type { Config } from '@netlify/functions';
import { getDb } from '../src/server/db/index.ts';
import { sendMorningDigests } from '../src/server/inquiries/reminders.ts';
import { drainOutbox } from '../src/server/notify/outbox.ts';

/** 08:30 in Seoul, Monday to Friday (23:30 UTC the evening before): each person's next steps due today. */
export default async function digest(): Promise<Response> {
  const db = await getDb();
  const queued = await sendMorningDigests(db);
  if (queued > 0) {
    console.log(`morning digest: ${queued} mails`);
    await drainOutbox(db);
  }
  return new Response(null, { status: 204 });
}

export const config: Config = { schedule: '30 23 * * 0-4' };
