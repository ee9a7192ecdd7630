import type { Unit } from './unit.ts';
import { toPyeong } from './basics.ts';
import { listText } from '../../i18n/list.ts';
import { availabilityOf, formatDay, isOffered, statusText } from './availability.ts';

/** When a space is free and its status in words live in availability.ts (the plan's first paint needs only those). */
export { availabilityOf, formatDay, inquirable, isOffered, seoulToday, statusText, type Availability } from './availability.ts';

/**
 * What a space's facts say, the same in its dialog on /floors, on its page and on its spec sheet: one
 * place decides that a leased or reserved space shows no date and no "price on request", and that a date
 * already past reads as "immediately".
 */

/** Number formatters made once per kind and language: a list of 42 spaces made three each per row. */
const formatters = new Map<string, Intl.NumberFormat>();
function formatter(key: string, make: () => Intl.NumberFormat): Intl.NumberFormat {
  let made = formatters.get(key);
  if (!made) formatters.set(key, (made = make()));
  return made;
}

/**
 * What a visitor reads of a space (decision 058's amendment): a leased space whose lease's end is known shows
 * "입주 가능 <day>" — unless an accepted proposal already holds it for after that end. Then it reads as a reserved
 * space does (no date, no price, not asked about), though its lease governs its status until the end and the team's
 * answers keep `leased` and the day. Every visitor's answer (plan, list, space page, spec sheet, the inquiry form's
 * check) goes through this. A leased space with no known end reads as leased, held or not: it is occupied.
 * @example visitorsStatus({ status: 'leased', availableFrom: '2027-07-01' }, true) // { status: 'reserved', availableFrom: null }
 */
export function visitorsStatus<T extends Pick<Unit, 'status' | 'availableFrom'>>(unit: T, heldAfterLease: boolean): T {
  return heldAfterLease && unit.status === 'leased' && unit.availableFrom !== null ? { ...unit, status: 'reserved', availableFrom: null } : unit;
}

/** Statuses whose prices nobody reads: a leased space's terms are its tenant's, a reserved one is not on offer. */
export const pricesHidden = (status: Unit['status']): boolean => status === 'leased' || status === 'reserved';

/** True when a visitor sees at least one price (the API hides unpublished ones and a leased space's). */
export function hasPublicPrice(unit: Pick<Unit, 'monthlyRent' | 'deposit' | 'maintenanceFee' | 'status'>): boolean {
  return !pricesHidden(unit.status) && (unit.monthlyRent !== null || unit.deposit !== null || unit.maintenanceFee !== null);
}

/**
 * What a space that cannot be asked about says instead (the dialog, its page): leased, or reserved for another
 * prospect — each with its own words (units.detail.leasedNote / reservedNote, units.page.leasedTitle / reservedTitle).
 */
export const takenWords = (unit: Pick<Unit, 'status'>): 'leased' | 'reserved' => (unit.status === 'reserved' ? 'reserved' : 'leased');

/** The words the facts need: `t` over units.detail.* and units.status.*, a use's label, the BCP 47 tag. */
export interface FactWords {
  t: (key: string, params?: Record<string, string | number>) => string;
  useLabel: (use: string) => string;
  tag: string;
}

export interface UnitFact {
  /** units.detail.<key> is its label; also the `data-fact` tests and styles find it by. */
  key: 'status' | 'exclusiveArea' | 'supplyArea' | 'uses' | 'availableFrom' | 'monthlyRent' | 'deposit' | 'maintenanceFee';
  label: string;
  value: string;
}

/** m² with 평 beside it: '99.2 m² (30평)'. */
export function formatArea(m2: number, words: FactWords): string {
  const number = formatter(`area ${words.tag}`, () => new Intl.NumberFormat(words.tag, { maximumFractionDigits: 1 }));
  return words.t('units.detail.areaValue', { m2: number.format(m2), pyeong: number.format(toPyeong(m2)) });
}

export function formatWon(value: number, tag: string): string {
  return formatter(`won ${tag}`, () => new Intl.NumberFormat(tag, { style: 'currency', currency: 'KRW', maximumFractionDigits: 0 })).format(value);
}

/**
 * The facts of a space in reading order. A leased or reserved space: status, areas and uses only. Otherwise
 * the date it can be moved into ("immediately" when none or past) and its prices, or "price on request".
 */
export function unitFacts(unit: Unit, today: string, words: FactWords): UnitFact[] {
  const { t } = words;
  const fact = (key: UnitFact['key'], value: string): UnitFact => ({ key, label: t(`units.detail.${key}`), value });
  const facts = [
    fact('status', statusText(unit, today, words)),
    fact('exclusiveArea', formatArea(unit.exclusiveAreaM2, words)),
    fact('supplyArea', formatArea(unit.supplyAreaM2, words)),
    fact('uses', unit.uses.length ? listText(words.tag, unit.uses.map(words.useLabel)) : t('units.detail.usesNone')),
  ];
  const availability = availabilityOf(unit, today);
  if (!isOffered(availability)) return facts;
  facts.push(fact('availableFrom', availability.kind === 'from' ? formatDay(availability.date, words.tag) : t('units.detail.immediately')));
  if (!hasPublicPrice(unit)) return [...facts, fact('monthlyRent', t('units.detail.priceOnRequest'))];
  const price = (value: number | null) => (value === null ? t('units.detail.notSet') : formatWon(value, words.tag));
  return [...facts, fact('monthlyRent', price(unit.monthlyRent)), fact('deposit', price(unit.deposit)), fact('maintenanceFee', price(unit.maintenanceFee))];
}

/**
 * Up to `count` spaces a visitor who wanted `target` may take instead: available now or later (not
 * leased, not under negotiation), sharing a use when the target has any, closest in area, then in floor.
 */
export function similarUnits(target: Unit, units: readonly Unit[], floors: readonly string[], count = 3): Unit[] {
  const shares = (unit: Unit) => target.uses.length === 0 || unit.uses.some((use) => target.uses.includes(use));
  const areaGap = (unit: Unit) => Math.abs(Math.log(unit.exclusiveAreaM2 / target.exclusiveAreaM2));
  const floorGap = (unit: Unit) => Math.abs(floors.indexOf(unit.floor) - floors.indexOf(target.floor));
  return units
    .filter((unit) => unit.id !== target.id && unit.status === 'available')
    .toSorted((a, b) => Number(shares(b)) - Number(shares(a)) || areaGap(a) - areaGap(b) || floorGap(a) - floorGap(b))
    .slice(0, count);
}
