import { sql } from 'kysely';
import { ASSIGNABLE_ROLES } from '../../shared/roles.ts';
import type { Trx } from '../audit/actor.ts';
import { HttpError } from '../http/errors.ts';
import { queueInvites } from './queries.ts';

/** The person who can no longer host, and the owner whose change it is. */
interface HandBack {
  personId: string;
  ownerId: string;
}

/** Whether `hostId` can host a tour then: an active agent or owner with no scheduled tour in its span (buffer included). */
async function freeToHost(trx: Trx, hostId: string | null, tour: { id: string; startsAt: Date; busyUntil: Date }, except: string): Promise<boolean> {
  if (!hostId || hostId === except) return false;
  // The host's row is locked first, as every booking does (decision 030): two writes for one host take turns.
  const host = await sql<{ id: string }>`
    select id from users where id = ${hostId} and active and role in (${sql.join([...ASSIGNABLE_ROLES])}) for no key update`.execute(trx);
  if (host.rows.length === 0) return false;
  const busy = await trx
    .selectFrom('tours')
    .select('id')
    .where('hostId', '=', hostId)
    .where('status', '=', 'scheduled')
    .where('id', '!=', tour.id)
    .where('startsAt', '<', tour.busyUntil)
    .where('busyUntil', '>', tour.startsAt)
    .executeTakeFirst();
  return !busy;
}

/**
 * A person demoted to viewer or deactivated stops hosting (issue 38): each of their scheduled tours goes to the
 * inquiry's assignee when that is an active agent or owner free then, else to the owner making the change — in the
 * change's transaction, recorded in the activity log under that owner. A tour still to come is mailed as a change of
 * host is (the next SEQUENCE to the prospect and the new host, a cancellation to the former host); one already over,
 * waiting for its outcome, only changes hands. When neither can host a tour, nothing changes: 409
 * `tours_need_host` names those tours, so the owner gives them a host first. Returns how many were handed on.
 */
export async function handBackTours(trx: Trx, { personId, ownerId }: HandBack, now = new Date()): Promise<number> {
  const tours = await trx
    .selectFrom('tours as t')
    .innerJoin('inquiries as i', 'i.id', 't.inquiryId')
    .select(['t.id', 't.inquiryId', 't.startsAt', 't.endsAt', 't.busyUntil', 't.sequence', 'i.assigneeId'])
    .where('t.hostId', '=', personId)
    .where('t.status', '=', 'scheduled')
    .orderBy('t.startsAt')
    .forUpdate('t')
    .execute();
  const stranded: string[] = [];
  for (const tour of tours) {
    const span = { id: tour.id, startsAt: new Date(tour.startsAt), busyUntil: new Date(tour.busyUntil) };
    const hostId = (await freeToHost(trx, tour.assigneeId, span, personId)) ? tour.assigneeId! : (await freeToHost(trx, ownerId, span, personId)) ? ownerId : null;
    if (!hostId) {
      stranded.push(tour.id);
      continue;
    }
    const upcoming = new Date(tour.endsAt).getTime() > now.getTime();
    const sequence = upcoming ? tour.sequence + 1 : tour.sequence;
    await trx.updateTable('tours').set({ hostId, sequence, updatedAt: new Date() }).where('id', '=', tour.id).execute();
    if (upcoming) await queueInvites(trx, { id: tour.id, inquiryId: tour.inquiryId, hostId }, sequence, 'REQUEST', personId);
  }
  if (stranded.length > 0) {
    throw new HttpError(409, 'tours_need_host', 'Some of this person’s tours have nobody free to host them: give them a host first', {
      fields: { role: 'team.errors.toursNeedHost' },
      details: { tours: stranded },
    });
  }
  return tours.length;
}
