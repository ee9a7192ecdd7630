import type { Unit } from './unit.ts';
import { toPyeong } from './basics.ts';
import { listText } from '../../i18n/list.ts';

/**
 * What a space's facts say, the same in its dialog on /floors, on its page and on its spec sheet: one
 * place decides that a leased or reserved space shows no date and no "price on request", and that a date
 * already past reads as "immediately".
 */

/** Korea Standard Time is UTC+9 all year: Korea has kept no daylight saving time since 1988. */
const KST_OFFSET_MS = 9 * 60 * 60 * 1000;

/**
 * Today in Seoul as YYYY-MM-DD: the building's calendar decides whether a date is past. By the fixed offset,
 * not Intl with a time zone: making that formatter loads the zone data (~100 ms of a phone's main thread,
 * the largest single cost of the stacking plan's search).
 */
export function seoulToday(now: Date = new Date()): string {
  return new Date(now.getTime() + KST_OFFSET_MS).toISOString().slice(0, 10);
}

/** Formatters made once per kind and language: a list of 42 spaces made three each per row. */
const formatters = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat>();
function formatter<T extends Intl.NumberFormat | Intl.DateTimeFormat>(key: string, make: () => T): T {
  let made = formatters.get(key) as T | undefined;
  if (!made) formatters.set(key, (made = make()));
  return made;
}

export type Availability = { kind: 'leased' } | { kind: 'reserved' } | { kind: 'now' } | { kind: 'from'; date: string };

/** Whether a visitor may take the space, now or from a day: not leased (with no known end), not reserved. */
export const isOffered = (availability: Availability): availability is Extract<Availability, { kind: 'now' | 'from' }> =>
  availability.kind === 'now' || availability.kind === 'from';

/**
 * @example availabilityOf({ status: 'available', availableFrom: '2020-01-01' }, '2026-05-01') // { kind: 'now' }
 * @example availabilityOf({ status: 'reserved', availableFrom: null }, '2026-05-01') // { kind: 'reserved' }
 */
export function availabilityOf(unit: Pick<Unit, 'status' | 'availableFrom'>, today: string): Availability {
  // An accepted proposal holds a reserved space for its prospect (issue 39): nobody else moves in on any day until
  // the hold lapses, whatever date the space carried before it.
  if (unit.status === 'reserved') return { kind: 'reserved' };
  // A leased space whose lease's end is known carries the day it is free again (issue 40): it shows that day.
  if (unit.status === 'leased') return unit.availableFrom && unit.availableFrom > today ? { kind: 'from', date: unit.availableFrom } : { kind: 'leased' };
  return unit.availableFrom && unit.availableFrom > today ? { kind: 'from', date: unit.availableFrom } : { kind: 'now' };
}

/**
 * A space's status as a visitor reads it: its status, or for a leased space whose end is known "입주 가능 <day>"
 * (issue 40) — the same on the plan, in the list, in its dialog and on its page.
 * @example statusText({ status: 'leased', availableFrom: '2032-03-01' }, '2031-09-01', words) // '입주 가능 2032년 3월 1일'
 */
export function statusText(unit: Pick<Unit, 'status' | 'availableFrom'>, today: string, words: Pick<FactWords, 't' | 'tag'>): string {
  const availability = availabilityOf(unit, today);
  if (unit.status === 'leased' && availability.kind === 'from') return words.t('units.status.availableFrom', { date: formatDay(availability.date, words.tag) });
  return words.t(`units.status.${unit.status}`);
}

/**
 * Whether a visitor may ask about the space: not leased, or leased with the day it is free again known; never a
 * reserved one (its page offers similar spaces instead, as a leased one's does).
 */
export function inquirable(unit: Pick<Unit, 'status' | 'availableFrom'>, today: string): boolean {
  return isOffered(availabilityOf(unit, today));
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

/** A date as the reader's language writes it (a calendar day: no time zone shift). */
export function formatDay(date: string, tag: string): string {
  return formatter(`day ${tag}`, () => new Intl.DateTimeFormat(tag, { dateStyle: 'long', timeZone: 'UTC' })).format(new Date(`${date}T00:00:00Z`));
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
