import { setActor, type AuditActor } from '../audit/actor.ts';
import type { Db } from '../db/index.ts';
import { PER_INQUIRY } from './personal-data.ts';
import { cancelToursOfStoppedInquiry } from '../tours/queries.ts';

/** What one destruction touched: rows or objects per entry of the personal-data map. */
export interface Destruction {
  id: string;
  touched: Record<string, number>;
}

/**
 * Destroys an inquiry's personal data everywhere the map (personal-data.ts) says it is held: its attachments in the
 * blob store first, then every database copy in one transaction that also records the destruction in the activity
 * log (action `destroy`; by `actor`, or the system when null). The row stays with its anonymous facts and
 * `destroyed_at`, so counts by status, month, floor and channel do not change. Its tours still to come are cancelled
 * (the hosts are told).
 * @returns what was touched, or null when there is no such inquiry or it was destroyed already.
 */
export async function destroyInquiry(db: Db, id: string, actor: AuditActor | null): Promise<Destruction | null> {
  const before = await db.selectFrom('inquiries').select(['attachments', 'destroyedAt']).where('id', '=', id).executeTakeFirst();
  if (!before || before.destroyedAt) return null;
  const target = { id, attachments: before.attachments ?? [] };
  const touched: Record<string, number> = {};
  for (const entry of PER_INQUIRY.filter((e) => e.phase === 'blob')) touched[entry.name] = await entry.destroy(target, null);
  const done = await db.transaction().execute(async (trx) => {
    await setActor(trx, actor, 'destroy');
    const row = await trx.selectFrom('inquiries').select(['destroyedAt', 'attachments']).where('id', '=', id).forUpdate().executeTakeFirst();
    if (!row || row.destroyedAt) return false;
    const current = { id, attachments: row.attachments ?? [] };
    for (const entry of PER_INQUIRY.filter((e) => e.phase === 'database')) touched[entry.name] = await entry.destroy(current, trx);
    // After the map's entries (which delete its outbox rows): the hosts' cancellations of the tours still to come.
    touched['tours cancelled'] = await cancelToursOfStoppedInquiry(trx, id);
    return true;
  });
  return done ? { id, touched } : null;
}
