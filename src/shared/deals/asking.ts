import { wholeWon } from './money.ts';
import type { DealArea } from './cash-flows.ts';
import type { DealTerms } from './terms.ts';

/** A space's asking terms as a proposal freezes them (the unit's prices are totals a month, not per m²). */
export interface AskingUnit {
  id: string;
  floor: string;
  unitNumber: string;
  supplyAreaM2: number;
  exclusiveAreaM2: number;
  monthlyRent: number | null;
  deposit: number | null;
  maintenanceFee: number | null;
}

/**
 * The asking package of a proposal's spaces, frozen when the proposal is made (`asking`): a later change of a
 * space's asking rent shows as a difference against this copy, never as a silent rewrite of the proposal.
 * Per-m² figures are area-weighted over the spaces; null where any space has no asking price (price on request).
 */
export interface AskingSnapshot {
  units: AskingUnit[];
  contractAreaM2: number;
  exclusiveAreaM2: number;
  rentPerM2Krw: number | null;
  maintenancePerM2Krw: number | null;
  depositKrw: number | null;
  /** The yearly escalation the asking package assumes (the owner's setting when frozen). */
  escalationPct: number;
  takenAt: string;
}

/** Two decimals of m², as areas are entered. */
const roundArea = (m2: number) => Math.round(m2 * 100) / 100;

const sumOrNull = (values: (number | null)[]) => (values.some((value) => value === null) ? null : values.reduce<number>((sum, value) => sum + value!, 0));

/** @example askingSnapshot([unit10F], 3, new Date()).rentPerM2Krw // 36_000 for 18,000,000 a month on 500 m² */
export function askingSnapshot(units: readonly AskingUnit[], escalationPct: number, at: Date): AskingSnapshot {
  const contractAreaM2 = roundArea(units.reduce((sum, unit) => sum + unit.supplyAreaM2, 0));
  const exclusiveAreaM2 = roundArea(units.reduce((sum, unit) => sum + unit.exclusiveAreaM2, 0));
  const rent = sumOrNull(units.map((unit) => unit.monthlyRent));
  const maintenance = sumOrNull(units.map((unit) => unit.maintenanceFee));
  const perM2 = (total: number | null) => (total === null || contractAreaM2 <= 0 ? null : wholeWon(total / contractAreaM2));
  return {
    units: units.map((unit) => ({ ...unit })),
    contractAreaM2,
    exclusiveAreaM2,
    rentPerM2Krw: perM2(rent),
    maintenancePerM2Krw: perM2(maintenance),
    depositKrw: sumOrNull(units.map((unit) => unit.deposit)),
    escalationPct,
    takenAt: at.toISOString(),
  };
}

export function areaOf(snapshot: Pick<AskingSnapshot, 'contractAreaM2' | 'exclusiveAreaM2'>): DealArea {
  return { contractM2: snapshot.contractAreaM2, exclusiveM2: snapshot.exclusiveAreaM2 };
}

/**
 * The asking package as terms over the offer's term and start: asking rent, 관리비 and deposit, the asking
 * escalation, and no concessions (no rent-free, fit-out, TI or fee). Null without an asking rent.
 */
export function askingTerms(snapshot: AskingSnapshot, offer: DealTerms): DealTerms | null {
  if (snapshot.rentPerM2Krw === null) return null;
  return {
    ...offer,
    depositKrw: snapshot.depositKrw ?? offer.depositKrw,
    rentPerM2Krw: snapshot.rentPerM2Krw,
    maintenancePerM2Krw: snapshot.maintenancePerM2Krw ?? offer.maintenancePerM2Krw,
    fitoutMonths: 0,
    freeRent: { basis: 'perYear', months: 0 },
    escalationPct: snapshot.escalationPct,
    tiKrw: 0,
    brokerFeeKrw: 0,
  };
}

/** A new proposal's term when nobody says otherwise: five years, the building's usual office term. */
export const DEFAULT_TERM_MONTHS = 60;

/** The first day of the month after next (Seoul's calendar): time to sign, hand over and start. */
export function defaultStartDate(today: string): string {
  const [year, month] = today.split('-').map(Number) as [number, number];
  const start = new Date(Date.UTC(year, month + 1, 1));
  return start.toISOString().slice(0, 10);
}

/** A draft's terms before anyone types: the spaces' asking terms, no concessions, the building's usual term. */
export function prefillTerms(snapshot: AskingSnapshot, today: string): DealTerms {
  return {
    depositKrw: snapshot.depositKrw ?? 0,
    rentPerM2Krw: snapshot.rentPerM2Krw ?? 0,
    maintenancePerM2Krw: snapshot.maintenancePerM2Krw ?? 0,
    vatExcluded: true,
    termMonths: DEFAULT_TERM_MONTHS,
    startDate: defaultStartDate(today),
    fitoutMonths: 0,
    freeRent: { basis: 'perYear', months: 0 },
    escalationPct: snapshot.escalationPct,
    tiKrw: 0,
    brokerFeeKrw: 0,
    contractDepositPct: 10,
    use: null,
    useDetail: '',
    parking: '',
    specialTerms: '',
  };
}
