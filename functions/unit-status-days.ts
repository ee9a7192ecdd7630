import type { Config } from '@netlify/functions';
import { koreanDay } from '../src/shared/business-hours.ts';
import { getDb } from '../src/server/db/index.ts';
import { recordUnitStatusDay } from '../src/server/reports/spaces.ts';

/** Every night just after midnight in Seoul: each space's status for the new day (reports: vacancy over time). */
export default async function record(): Promise<Response> {
  const written = await recordUnitStatusDay(await getDb(), koreanDay(new Date()));
  if (written > 0) console.log(`unit status days: ${written} spaces recorded`);
  return new Response(null, { status: 204 });
}

/** 15:05 UTC is 00:05 in Seoul (UTC+9 all year). */
export const config: Config = { schedule: '5 15 * * *' };
