import { convertedDeposit, escalationOverCap, protectedByAct } from './act.ts';
import { monthlyFlows, type DealArea, type MonthFlow } from './cash-flows.ts';
import { roundPct, wholeWon } from './money.ts';
import type { DealRates } from './rates.ts';
import { freeMonthsOverTerm, type DealTerms } from './terms.ts';

/**
 * A deal's economics (research/deals.md §3; decision 054), all per month, money in whole won:
 * - face rent: the first year's rent per m² of contract area;
 * - effective rent (실질임대료, straight line): rent due over the horizon (fit-out + term) less the owner's cash
 *   costs (TI, broker fee), over its months;
 * - NER: the same cash flows discounted at the owner's yearly rate (monthly, rent paid in advance, costs at the
 *   start) and restated as the level monthly rent of equal present value;
 * - NOC (실질 NOC): what the tenant pays on average a month — rent due and 관리비 over the horizon — plus the
 *   deposit's yield to the owner, per m² of EXCLUSIVE area (so buildings with other 전용률 compare);
 * - discount vs asking: 1 − NER(offer) / NER(asking package), both over the same term, rate and method;
 * - 환산보증금 and the Act's flags.
 * Per 3.3 m² figures are derived where shown (perPyeong), never stored.
 */
export interface DealMetrics {
  faceRentPerM2: number;
  effectiveRentPerM2: number;
  nerPerM2: number;
  nocPerExclusiveM2: number;
  /** The first year's face rent + 관리비 + deposit yield per exclusive m² (the asking sheet's NOC). */
  faceNocPerExclusiveM2: number;
  /** By NER; null when the spaces have no asking rent. Positive = below asking. */
  discountVsAskingPct: number | null;
  /** The same by straight-line effective rent. */
  effectiveDiscountVsAskingPct: number | null;
  askingEffectiveRentPerM2: number | null;
  askingNerPerM2: number | null;
  nerDiscountRatePct: number;
  depositYieldPct: number;
  /** The first year's monthly rent and 관리비 for the whole area. */
  monthlyRentKrw: number;
  monthlyMaintenanceKrw: number;
  freeRentMonths: number;
  /** Rent waived over the term. */
  freeRentKrw: number;
  /** Rent due over the term (sum of the monthly amounts, each rounded to whole won). */
  totalRentKrw: number;
  /** 관리비 over fit-out and term. */
  totalMaintenanceKrw: number;
  /** Months the figures average over: fit-out + term. */
  horizonMonths: number;
  convertedDepositKrw: number;
  protectedByAct: boolean;
  /** Protected by the Act and escalating more than 5 % a year: shown as a warning. */
  escalationOverCap: boolean;
}

/** Present value at month 0 of monthly amounts paid in advance (month t is paid at t − 1) at monthly rate i. */
function presentValue(amounts: readonly number[], i: number): number {
  return amounts.reduce((sum, amount, t) => sum + amount / (1 + i) ** t, 0);
}

/** The level monthly amount, paid in advance for `months` months, whose present value is `pv`. */
function levelAmount(pv: number, months: number, i: number): number {
  if (i === 0) return pv / months;
  return (pv * i) / ((1 - (1 + i) ** -months) * (1 + i));
}

interface RentFigures {
  effectivePerM2: number;
  nerPerM2: number;
}

function rentFigures(flows: readonly MonthFlow[], costsKrw: number, area: DealArea, yearlyRatePct: number): RentFigures {
  const months = flows.length;
  const due = flows.map((flow) => flow.rentDueKrw);
  const total = due.reduce((sum, amount) => sum + amount, 0);
  const i = yearlyRatePct / 100 / 12;
  return {
    effectivePerM2: (total - costsKrw) / months / area.contractM2,
    nerPerM2: levelAmount(presentValue(due, i) - costsKrw, months, i) / area.contractM2,
  };
}

const sumRounded = (amounts: number[]) => amounts.reduce((sum, amount) => sum + wholeWon(amount), 0);

/**
 * The economics of `terms` on `area`, against `asking` (the asking package over the same term, see askingTerms)
 * when the spaces have asking terms.
 * @example dealMetrics(offerA, { contractM2: 500, exclusiveM2: 275 }, rates, asking).nerPerM2 // 34_864
 */
export function dealMetrics(
  terms: DealTerms,
  area: DealArea,
  rates: Pick<DealRates, 'nerDiscountRatePct' | 'depositYieldPct'>,
  asking: DealTerms | null,
): DealMetrics {
  const flows = monthlyFlows(terms, area);
  const offer = rentFigures(flows, terms.tiKrw + terms.brokerFeeKrw, area, rates.nerDiscountRatePct);
  const askingFigures = asking && asking.rentPerM2Krw > 0
    ? rentFigures(monthlyFlows(asking, area), asking.tiKrw + asking.brokerFeeKrw, area, rates.nerDiscountRatePct)
    : null;
  const discount = (offerValue: number, askingValue: number | undefined) =>
    askingValue && askingValue > 0 ? roundPct((1 - offerValue / askingValue) * 100) : null;

  const depositYieldMonthly = (terms.depositKrw * rates.depositYieldPct) / 100 / 12;
  const totalRentDue = flows.reduce((sum, flow) => sum + flow.rentDueKrw, 0);
  const totalMaintenance = flows.reduce((sum, flow) => sum + flow.maintenanceKrw, 0);
  const tenantMonthly = (totalRentDue + totalMaintenance) / flows.length + depositYieldMonthly;
  const monthlyRentKrw = wholeWon(terms.rentPerM2Krw * area.contractM2);
  const monthlyMaintenanceKrw = wholeWon(terms.maintenancePerM2Krw * area.contractM2);
  const converted = convertedDeposit(terms.depositKrw, monthlyRentKrw);
  const isProtected = protectedByAct(converted);
  const termFlows = flows.filter((flow) => flow.phase === 'term');

  return {
    faceRentPerM2: terms.rentPerM2Krw,
    effectiveRentPerM2: wholeWon(offer.effectivePerM2),
    nerPerM2: wholeWon(offer.nerPerM2),
    nocPerExclusiveM2: wholeWon(tenantMonthly / area.exclusiveM2),
    faceNocPerExclusiveM2: wholeWon((monthlyRentKrw + monthlyMaintenanceKrw + depositYieldMonthly) / area.exclusiveM2),
    discountVsAskingPct: discount(offer.nerPerM2, askingFigures?.nerPerM2),
    effectiveDiscountVsAskingPct: discount(offer.effectivePerM2, askingFigures?.effectivePerM2),
    askingEffectiveRentPerM2: askingFigures ? wholeWon(askingFigures.effectivePerM2) : null,
    askingNerPerM2: askingFigures ? wholeWon(askingFigures.nerPerM2) : null,
    nerDiscountRatePct: rates.nerDiscountRatePct,
    depositYieldPct: rates.depositYieldPct,
    monthlyRentKrw,
    monthlyMaintenanceKrw,
    freeRentMonths: freeMonthsOverTerm(terms),
    freeRentKrw: sumRounded(termFlows.filter((flow) => flow.freeRent).map((flow) => flow.rentKrw)),
    totalRentKrw: sumRounded(termFlows.map((flow) => flow.rentDueKrw)),
    totalMaintenanceKrw: sumRounded(flows.map((flow) => flow.maintenanceKrw)),
    horizonMonths: flows.length,
    convertedDepositKrw: converted,
    protectedByAct: isProtected,
    escalationOverCap: escalationOverCap(terms.escalationPct, isProtected),
  };
}
