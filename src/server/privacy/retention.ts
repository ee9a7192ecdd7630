import { sql } from 'kysely';
import type { Db } from '../db/index.ts';
import { readSettings } from '../settings/queries.ts';
import { destroyInquiry, type Destruction } from './destroy.ts';
import { EXPIRY } from './personal-data.ts';
import { remindOverdueRequests } from './requests.ts';

const DAY_MS = 86_400_000;

/** When an inquiry closed: the time of its last status entry, while its status is won or lost. */
const CLOSED_AT = sql<Date>`(select max(h.at) from inquiry_history h where h.inquiry_id = i.id and h.status is not null)`;

/** The ids of the inquiries whose retention period ended by `now` (settings: retentionAfterCloseDays, retentionOpenDays). */
export async function dueForDestruction(db: Db, now: Date): Promise<string[]> {
  const settings = await readSettings(db);
  const closedBefore = new Date(now.getTime() - settings.retentionAfterCloseDays * DAY_MS);
  const arrivedBefore = new Date(now.getTime() - settings.retentionOpenDays * DAY_MS);
  const rows = await db
    .selectFrom('inquiries as i')
    .select('i.id')
    .where('i.destroyedAt', 'is', null)
    .where((eb) =>
      eb.or([
        eb.and([eb('i.status', 'in', ['won', 'lost']), sql<boolean>`${CLOSED_AT} <= ${closedBefore}`]),
        eb.and([eb('i.status', 'not in', ['won', 'lost']), eb('i.createdAt', '<=', arrivedBefore)]),
      ]),
    )
    .orderBy('i.createdAt')
    .execute();
  return rows.map((row) => row.id);
}

export interface RetentionRun {
  destroyed: Destruction[];
  /** Rows deleted per expiry entry of the personal-data map. */
  expired: Record<string, number>;
  /** Overdue privacy requests the owners were reminded of (once each). */
  reminded: number;
}

/**
 * The daily run (functions/privacy-retention.ts): destroys every inquiry whose period ended, expires what holds
 * addresses and tokens past its use, and reminds the owners of overdue privacy requests. `now` is injectable for tests.
 */
export async function runRetention(db: Db, now = new Date()): Promise<RetentionRun> {
  const destroyed: Destruction[] = [];
  for (const id of await dueForDestruction(db, now)) {
    const done = await destroyInquiry(db, id, null);
    if (done) destroyed.push(done);
  }
  const expired: Record<string, number> = {};
  for (const entry of EXPIRY) expired[entry.name] = await entry.expire(db, now);
  const reminded = await remindOverdueRequests(db, now);
  return { destroyed, expired, reminded };
}
