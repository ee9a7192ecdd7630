import { RENEWAL_RIGHT_YEARS, RENEWAL_WINDOW_MONTHS } from '../deals/act.ts';
import { addDays, addMonths } from '../deals/schedule.ts';

/**
 * A lease's life by date (issue 40; research/deals.md §5): every state below is a pure function of the lease's
 * dates and `today` (Seoul's calendar day, YYYY-MM-DD). The daily job (src/server/deal-dates/) is the only
 * writer of these states as days pass; signing and amending apply the same functions at once.
 */

/** draft → signed → fitout (handover) → active (commencement) → expiring (6 months before the end) → ended. */
export const LEASE_STATUSES = ['draft', 'signed', 'fitout', 'active', 'expiring', 'ended'] as const;
export type LeaseStatus = (typeof LEASE_STATUSES)[number];

/** A signed lease that has not ended: it governs its spaces (and its brand's directory state). */
export const LIVE_LEASE_STATUSES = ['signed', 'fitout', 'active', 'expiring'] as const satisfies readonly LeaseStatus[];

/** "Expiring" starts when the Act's renewal window opens: 6 months before the end (상가건물 임대차보호법 §10 ①). */
export const EXPIRING_MONTHS = RENEWAL_WINDOW_MONTHS.opens;

/** The dates the status reads. `expiresOn` is the term's last day (amendments included), `terminatesOn` an earlier end. */
export interface LeaseDateFacts {
  signedOn: string | null;
  handoverOn: string;
  commencementOn: string;
  expiresOn: string;
  terminatesOn: string | null;
}

/** The last day the lease runs: its expiry, or an early termination before it. */
export function leaseEndsOn(lease: Pick<LeaseDateFacts, 'expiresOn' | 'terminatesOn'>): string {
  return lease.terminatesOn !== null && lease.terminatesOn < lease.expiresOn ? lease.terminatesOn : lease.expiresOn;
}

/**
 * The first day of "expiring": 6 months before the last day.
 * @example expiringFrom({ expiresOn: '2032-02-29', terminatesOn: null }) // '2031-08-29'
 */
export function expiringFrom(lease: Pick<LeaseDateFacts, 'expiresOn' | 'terminatesOn'>): string {
  return addMonths(leaseEndsOn(lease), -EXPIRING_MONTHS);
}

/**
 * The status of `lease` on `today`. Unsigned: draft. Past its last day: ended. Before handover: signed; before
 * commencement: fitout; from 6 months before the end: expiring; else active.
 * @example leaseStatusOn({ signedOn: '2027-01-10', handoverOn: '2027-02-01', commencementOn: '2027-03-01', expiresOn: '2032-02-29', terminatesOn: null }, '2027-02-01') // 'fitout'
 */
export function leaseStatusOn(lease: LeaseDateFacts, today: string): LeaseStatus {
  if (lease.signedOn === null) return 'draft';
  if (today > leaseEndsOn(lease)) return 'ended';
  if (today < lease.handoverOn) return 'signed';
  if (today < lease.commencementOn) return 'fitout';
  if (today >= expiringFrom(lease)) return 'expiring';
  return 'active';
}

/**
 * Whether the end of the lease is known to the public on `today`: an early termination is recorded, or the last
 * day is within the expiring window. From then its spaces show "available from" the day after (issue 40).
 */
export function endIsKnown(lease: Pick<LeaseDateFacts, 'expiresOn' | 'terminatesOn'>, today: string): boolean {
  return lease.terminatesOn !== null || today >= expiringFrom(lease);
}

/** The day the spaces are free again: the day after the last day. */
export function freeAgainOn(lease: Pick<LeaseDateFacts, 'expiresOn' | 'terminatesOn'>): string {
  return addDays(leaseEndsOn(lease), 1);
}

export interface RenewalFacts {
  /** The Act's window for the tenant's renewal demand: 6 to 1 months before expiry. */
  windowOpensOn: string;
  windowClosesOn: string;
  /** The day the tenant's renewals would reach 10 years in total, counted from the first lease's commencement. */
  tenYearsOn: string;
}

/**
 * The renewal dates a lease shows (상가건물 임대차보호법 §10; a summary, not legal advice).
 * @example renewalFacts('2032-02-29', '2027-03-01') // { windowOpensOn: '2031-08-29', windowClosesOn: '2032-01-29', tenYearsOn: '2037-02-28' }
 */
export function renewalFacts(expiresOn: string, firstCommencementOn: string): RenewalFacts {
  return {
    windowOpensOn: addMonths(expiresOn, -RENEWAL_WINDOW_MONTHS.opens),
    windowClosesOn: addMonths(expiresOn, -RENEWAL_WINDOW_MONTHS.closes),
    tenYearsOn: addDays(addMonths(firstCommencementOn, RENEWAL_RIGHT_YEARS * 12), -1),
  };
}
