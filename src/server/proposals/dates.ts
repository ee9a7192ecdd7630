import { sql } from 'kysely';
import { koreanDay } from '../../shared/business-hours.ts';
import { withActor } from '../audit/actor.ts';
import type { DealDateStep } from '../deal-dates/step.ts';
import { releaseHolds } from './holds.ts';
import { revokeLinks } from './links.ts';
import { dealOwner, queueProposalMail } from './mail-queue.ts';

/**
 * The proposals' steps of the one daily job (src/server/deal-dates/steps.ts): each idempotent, each taking `now`.
 * The activity log names no one for them (the system). An inquiry whose processing was stopped or whose data was
 * destroyed is left alone (privacy's rule: no new processing); its link stops by its own date anyway.
 */

/** Our sent versions past their validity (Seoul's calendar) become `expired`, their links with them. */
export const proposalExpiryStep: DealDateStep = {
  name: 'proposals expired',
  public: false,
  async run(db, now) {
    const due = await db
      .selectFrom('proposals as p')
      .innerJoin('inquiries as i', 'i.id', 'p.inquiryId')
      .select('p.id')
      .where('p.status', '=', 'sent')
      .where('p.proposedBy', '=', 'landlord')
      .where('p.validUntil', '<', sql<Date>`${koreanDay(now)}::date`)
      .where('i.destroyedAt', 'is', null)
      .where('i.suspendedAt', 'is', null)
      .execute();
    let expired = 0;
    for (const { id } of due) {
      const changed = await withActor(null, async (trx) => {
        const row = await trx.updateTable('proposals').set({ status: 'expired' }).where('id', '=', id).where('status', '=', 'sent').returning('id').executeTakeFirst();
        if (row) await revokeLinks(trx, id);
        return row ? 1 : 0;
      }, { db, action: 'expire' });
      expired += changed;
    }
    return expired;
  },
};

/**
 * Holds past their day end: each space still `reserved` goes back to the status it had (the lease, had one been
 * signed, released the hold already), and the deal's owner is told.
 */
export const holdLapseStep: DealDateStep = {
  name: 'proposal holds lapsed',
  public: true,
  async run(db, now) {
    const due = await db
      .selectFrom('proposalHolds')
      .select('proposalId')
      .distinct()
      .where('releasedAt', 'is', null)
      .where('until', '<=', now)
      .execute();
    let released = 0;
    for (const { proposalId } of due) {
      released += await withActor(null, async (trx) => {
        const units = await releaseHolds(trx, proposalId, 'lapsed', now);
        const proposal = await trx.selectFrom('proposals').select('inquiryId').where('id', '=', proposalId).executeTakeFirstOrThrow();
        const owner = await dealOwner(trx, proposalId);
        if (units.length > 0 && owner) await queueProposalMail(trx, proposal.inquiryId, { kind: 'hold-lapsed', proposalId, userId: owner });
        return units.length;
      }, { db, action: 'hold_lapsed' });
    }
    return released;
  },
};
