import { leaseDatesStep } from '../leases/job.ts';
import { holdLapseStep, proposalExpiryStep } from '../proposals/dates.ts';
import type { DealDateStep } from './step.ts';

export type { DealDateStep };

/**
 * The one daily job's steps (TEAM contract, issue 39/40): every state that moves with a date is moved here and
 * nowhere else as days pass — proposals' expiry and holds (deals), leases' status, their spaces, their brands'
 * directory state and the expiring mails (leases). Each step is idempotent (run twice on one day, the second run
 * changes nothing) and takes `now`, so tests drive it with a controlled clock. They run in this order, each in its
 * own transaction: a step that fails is reported and the next still runs.
 */
export const DEAL_DATE_STEPS: DealDateStep[] = [
  proposalExpiryStep,
  holdLapseStep,
  leaseDatesStep,
];
