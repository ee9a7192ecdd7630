import { endIsKnown, freeAgainOn, leaseEndsOn, type LeaseDateFacts } from './dates.ts';

/**
 * What a space shows while leases govern it (issue 40). A signed lease governs its spaces from signing to its
 * last day: nobody edits their status by hand then (409 `lease_governs`). They are leased from the lease's
 * contract date; from the moment its end is known (expiring, or terminated early) they show "available from"
 * the day after — unless a later signed lease follows on. The day after the end, the daily job makes them
 * available (spaces.ts's release, once per lease).
 */
export interface SpaceLease extends Pick<LeaseDateFacts, 'expiresOn' | 'terminatesOn'> {
  id: string;
  contractOn: string;
}

export interface SpaceState {
  /** The lease that governs the space now: the one that runs the longest. */
  leaseId: string;
  /** `leased` from the contract date; null before it (the status stays what it was, e.g. reserved). */
  status: 'leased' | null;
  /** The day the space is free again, once that is known; else null. */
  availableFrom: string | null;
}

/**
 * The state of a space on `today` from its signed leases, or null when none governs it (then people set its
 * status, as before leases). Leases already ended do not govern.
 * @example spaceStateOn([{ id, contractOn: '2027-01-10', expiresOn: '2032-02-29', terminatesOn: null }], '2031-09-01') // { leaseId: id, status: 'leased', availableFrom: '2032-03-01' }
 */
export function spaceStateOn(leases: readonly SpaceLease[], today: string): SpaceState | null {
  const governing = leases.filter((lease) => today <= leaseEndsOn(lease));
  if (governing.length === 0) return null;
  const last = governing.reduce((a, b) => (leaseEndsOn(b) > leaseEndsOn(a) ? b : a));
  return {
    leaseId: last.id,
    status: governing.some((lease) => lease.contractOn <= today) ? 'leased' : null,
    availableFrom: endIsKnown(last, today) ? freeAgainOn(last) : null,
  };
}

/**
 * Whether two leases would hold a space on a common day: from handover (possession) to the last day. A renewal
 * signed while the lease before still runs takes the space over the day after, so the two do not overlap.
 */
export function possessionOverlaps(a: Pick<LeaseDateFacts, 'handoverOn' | 'expiresOn' | 'terminatesOn'>, b: Pick<LeaseDateFacts, 'handoverOn' | 'expiresOn' | 'terminatesOn'>): boolean {
  return a.handoverOn <= leaseEndsOn(b) && b.handoverOn <= leaseEndsOn(a);
}
