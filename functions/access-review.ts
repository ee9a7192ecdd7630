import type { Config } from '@netlify/functions';
import { sendMonthlyAccessReview } from '../src/server/audit/review.ts';
import { getDb } from '../src/server/db/index.ts';
import { drainOutbox } from '../src/server/notify/outbox.ts';

/**
 * 09:00 in Seoul every day (00:00 UTC): on the first working day of a month, the owners' review of last
 * month's access (who viewed, linked and exported which inquiries, new places, unusual days). Once a month.
 */
export default async function accessReview(): Promise<Response> {
  const db = await getDb();
  const review = await sendMonthlyAccessReview(db);
  if (review) {
    console.log(`access review ${review.month}: ${review.queued} mails`);
    await drainOutbox(db);
  }
  return new Response(null, { status: 204 });
}

export const config: Config = { schedule: '0 0 * * *' };
