import type { DealTerms } from './terms.ts';

/** The areas a deal is priced on: rent and 관리비 on contract (supply) area, NOC on exclusive area. */
export interface DealArea {
  contractM2: number;
  exclusiveM2: number;
}

/** One month of a deal, exact (unrounded): the economics read these, the rent schedule rounds them. */
export interface MonthFlow {
  /** 1-based month of the horizon: the fit-out months first, then the term. */
  index: number;
  phase: 'fitout' | 'term';
  /** 1-based lease year of a term month; 0 during fit-out. */
  leaseYear: number;
  /** Escalation steps applied to this month's rent: one per completed lease year. */
  step: number;
  /** The contractual rent before concessions (0 during fit-out: no rent is due before the term). */
  rentKrw: number;
  freeRent: boolean;
  /** What is due: the rent, unless the month is rent-free. */
  rentDueKrw: number;
  /** 관리비 is due every month the space is held, fit-out and rent-free months included. */
  maintenanceKrw: number;
}

/**
 * Whether term month `month` (1-based) is rent-free. `perYear`: the first `months` months of every lease year
 * (a shorter last year gets at most its own length); `upFront`: the first `months` months of the term.
 */
export function isRentFree(terms: Pick<DealTerms, 'freeRent'>, month: number): boolean {
  const { basis, months } = terms.freeRent;
  return basis === 'upFront' ? month <= months : (month - 1) % 12 < months;
}

/**
 * The deal month by month: fit-out months (관리비 only), then the term, its rent escalating by `escalationPct`
 * compounded at the start of each lease year from month 13 (research/deals.md §3.4).
 * @example monthlyFlows(terms, { contractM2: 500, exclusiveM2: 275 })[12].rentKrw // 18_540_000 at 36,000/m², 3 %
 */
export function monthlyFlows(terms: DealTerms, area: DealArea): MonthFlow[] {
  const baseRent = terms.rentPerM2Krw * area.contractM2;
  const maintenanceKrw = terms.maintenancePerM2Krw * area.contractM2;
  const flows: MonthFlow[] = [];
  for (let month = 1; month <= terms.fitoutMonths; month++) {
    flows.push({ index: month, phase: 'fitout', leaseYear: 0, step: 0, rentKrw: 0, freeRent: false, rentDueKrw: 0, maintenanceKrw });
  }
  for (let month = 1; month <= terms.termMonths; month++) {
    const step = Math.floor((month - 1) / 12);
    const rentKrw = baseRent * (1 + terms.escalationPct / 100) ** step;
    const freeRent = isRentFree(terms, month);
    flows.push({
      index: terms.fitoutMonths + month,
      phase: 'term',
      leaseYear: step + 1,
      step,
      rentKrw,
      freeRent,
      rentDueKrw: freeRent ? 0 : rentKrw,
      maintenanceKrw,
    });
  }
  return flows;
}
