import { amendedEndsOn, currentTerms, type AmendedRow, type ScheduledChange } from '../deals/amendments.ts';
import { convertedDeposit, escalationOverCap, protectedByAct } from '../deals/act.ts';
import type { DealArea } from '../deals/cash-flows.ts';
import { roundPct, wholeWon } from '../deals/money.ts';
import { addDays } from '../deals/schedule.ts';
import type { DealTerms } from '../deals/terms.ts';
import { leaseSchedule } from './schedule.ts';

/**
 * A lease's renewal (issue 40): the tenant's renewal is negotiated as a proposal marked as one (`renewalOf`), prefilled
 * from the lease. Pure, through src/shared/deals (decision 054): the server, the panel and the tests read the same.
 */

export interface RenewableLease {
  terms: DealTerms;
  area: DealArea;
  amendments: readonly ScheduledChange[];
}

/**
 * The terms a renewal proposal starts from: the rules in force (amendments included) for the same term's length, from
 * the day after the lease's last day, at the rent of its last month stepped once by its escalation — what its next
 * lease year would have cost; no fit-out, rent-free, TI or broker fee (those are a new deal's, to be agreed again).
 * @example renewalTerms(lease).startDate // the day after the last day
 */
export function renewalTerms(lease: RenewableLease, rows: readonly AmendedRow[] = leaseSchedule(lease)): DealTerms {
  const current = currentTerms(lease.terms, lease.amendments);
  const last = rows.findLast((row) => row.phase === 'term' && !row.partial) ?? rows.at(-1);
  const lastPerM2 = last && lease.area.contractM2 > 0 ? last.rentKrw / lease.area.contractM2 : current.rentPerM2Krw;
  return {
    ...current,
    startDate: addDays(amendedEndsOn(lease.terms, lease.amendments), 1),
    rentPerM2Krw: wholeWon(lastPerM2 * (1 + current.escalationPct / 100)),
    fitoutMonths: 0,
    freeRent: { basis: current.freeRent.basis, months: 0 },
    tiKrw: 0,
    brokerFeeKrw: 0,
  };
}

export interface RenewalIncrease {
  /** The rent of the lease's last month and the renewal's first, a month, whole won (before rent-free). */
  currentRentKrw: number;
  newRentKrw: number;
  /** The increase from one to the other, two decimals. */
  increasePct: number;
  /** 환산보증금 of the renewal at or below Seoul's threshold: the Act protects the tenant in full. */
  protectedByAct: boolean;
  /** An increase a protected tenant could refuse (over 5 %): warned, never refused. */
  overCap: boolean;
}

/**
 * What a renewal asks of the tenant against what they pay now, and whether the Act's 5 % cap on increase claims
 * applies (a protected tenant, 상가건물 임대차보호법 §10 ③ and 시행령 §4; a summary, not legal advice).
 * @example renewalIncrease(18_540_000, { ...terms, rentPerM2Krw: 39_000 }, { contractM2: 500, exclusiveM2: 275 }) // 19_500_000 vs 18_540_000: +5.18 %
 */
export function renewalIncrease(currentRentKrw: number, renewal: Pick<DealTerms, 'rentPerM2Krw' | 'depositKrw'>, area: DealArea): RenewalIncrease {
  const newRentKrw = wholeWon(renewal.rentPerM2Krw * area.contractM2);
  const increasePct = currentRentKrw > 0 ? roundPct((newRentKrw / currentRentKrw - 1) * 100) : 0;
  const isProtected = protectedByAct(convertedDeposit(renewal.depositKrw, newRentKrw));
  return { currentRentKrw, newRentKrw, increasePct, protectedByAct: isProtected, overCap: escalationOverCap(increasePct, isProtected) };
}
