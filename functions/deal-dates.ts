import type { Config } from '@netlify/functions';
import { getDb } from '../src/server/db/index.ts';
import { runDealDates } from '../src/server/deal-dates/run.ts';
import { enableProposalMails } from '../src/server/proposals/mails.ts';

// The job's drain writes proposal mails (a lapsed hold), which need this function's PDF code and fonts.
enableProposalMails();

/**
 * The one daily job (src/server/deal-dates/steps.ts): just after midnight in Seoul, every state a date moves —
 * before the spaces' day is recorded for the reports (unit-status-days, 00:05), so that day reads the new statuses.
 */
export default async function run(): Promise<Response> {
  const result = await runDealDates(await getDb(), new Date());
  const changed = Object.entries(result.steps).filter(([, value]) => value !== 0);
  if (changed.length > 0) console.log(`deal dates: ${changed.map(([name, value]) => `${name} ${value}`).join(', ')}`);
  return new Response(null, { status: 204 });
}

/** 15:01 UTC is 00:01 in Seoul (UTC+9 all year). */
export const config: Config = { schedule: '1 15 * * *' };
