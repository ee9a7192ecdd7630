import { koreanDay } from '../../shared/business-hours.ts';
import { withActor } from '../audit/actor.ts';
import type { DealDateStep } from '../deal-dates/step.ts';
import { applyLeaseDates } from './by-date.ts';

/**
 * The daily job's lease step: every signed lease's status by date, its spaces, its brand's directory state and the
 * expiring mails, on Seoul's day of `now`, in one transaction by the system (the activity log names no person).
 */
export const leaseDatesStep: DealDateStep = {
  name: 'leases',
  public: true,
  async run(db, now) {
    const changes = await withActor(null, (trx) => applyLeaseDates(trx, null, koreanDay(now)), { db, action: 'by-date' });
    return changes.statuses + changes.spaces + changes.brands;
  },
};
