import type { Unit } from './unit.ts';
import { M2_PER_PYEONG, UNIT_FLOORS } from './basics.ts';
import { availabilityOf, isOffered, pricesHidden } from './facts.ts';

/**
 * The stacking plan's search (issue 18): what a tenant asks ("100–150 m² on 4–10F, available by March"),
 * kept in the address so a filtered plan can be shared. Plain code, no validation library: the /floors
 * page script carries it. A value that makes no sense (a floor that is not one, a date that is not a
 * date) is dropped, never an error: a mistyped shared link still shows the plan.
 */
export const AREA_UNITS = ['m2', 'py'] as const;
export type AreaUnit = (typeof AREA_UNITS)[number];
export const PLAN_SORTS = ['floor', 'area', 'rent', 'date'] as const;
export type PlanSort = (typeof PLAN_SORTS)[number];
export const PLAN_VIEWS = ['plan', 'list'] as const;
export type PlanView = (typeof PLAN_VIEWS)[number];

export interface PlanSearch {
  use: string | null;
  /** The area range as typed, in `areaIn`; compared with the exclusive area. */
  minArea: number | null;
  maxArea: number | null;
  areaIn: AreaUnit;
  fromFloor: string | null;
  toFloor: string | null;
  /** YYYY-MM-DD: spaces not leased that can be moved into by then. */
  availableBy: string | null;
  /** Only spaces whose prices are published. */
  pricePublic: boolean;
  view: PlanView;
  sort: PlanSort;
  descending: boolean;
}

export const EMPTY_SEARCH: PlanSearch = {
  use: null, minArea: null, maxArea: null, areaIn: 'm2', fromFloor: null, toFloor: null, availableBy: null, pricePublic: false,
  view: 'plan', sort: 'floor', descending: false,
};

/** The query names the search owns (everything else in the address, e.g. `unit`, is left alone). */
export const SEARCH_PARAMS = ['use', 'minArea', 'maxArea', 'areaIn', 'fromFloor', 'toFloor', 'availableBy', 'price', 'view', 'sort', 'order'] as const;

const positive = (value: string | null) => (value && /^\d+(\.\d+)?$/.test(value.trim()) && Number(value) > 0 ? Number(value) : null);
const oneOf = <T extends string>(value: string | null, allowed: readonly T[], fallback: T): T => (allowed.includes(value as T) ? (value as T) : fallback);
const floorOf = (value: string | null) => (value && UNIT_FLOORS.includes(value.toUpperCase()) ? value.toUpperCase() : null);
const dayOf = (value: string | null) => (value && /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) ? value : null);

/** @example parseSearch(new URLSearchParams('minArea=100&maxArea=150&fromFloor=4F&toFloor=10F')).minArea // 100 */
export function parseSearch(params: URLSearchParams, uses: readonly string[]): PlanSearch {
  return {
    use: uses.includes(params.get('use') ?? '') ? params.get('use') : null,
    minArea: positive(params.get('minArea')),
    maxArea: positive(params.get('maxArea')),
    areaIn: oneOf(params.get('areaIn'), AREA_UNITS, 'm2'),
    fromFloor: floorOf(params.get('fromFloor')),
    toFloor: floorOf(params.get('toFloor')),
    availableBy: dayOf(params.get('availableBy')),
    pricePublic: params.get('price') === 'public',
    view: oneOf(params.get('view'), PLAN_VIEWS, 'plan'),
    sort: oneOf(params.get('sort'), PLAN_SORTS, 'floor'),
    descending: params.get('order') === 'desc',
  };
}

/** The search as query parameters, defaults left out, so the plain plan's address stays /floors. */
export function searchParams(search: PlanSearch): [string, string][] {
  const entries: [string, string | null][] = [
    ['use', search.use],
    ['minArea', search.minArea === null ? null : String(search.minArea)],
    ['maxArea', search.maxArea === null ? null : String(search.maxArea)],
    ['areaIn', search.areaIn === 'm2' ? null : search.areaIn],
    ['fromFloor', search.fromFloor],
    ['toFloor', search.toFloor],
    ['availableBy', search.availableBy],
    ['price', search.pricePublic ? 'public' : null],
    ['view', search.view === 'plan' ? null : search.view],
    ['sort', search.sort === 'floor' ? null : search.sort],
    ['order', search.descending ? 'desc' : null],
  ];
  return entries.filter((entry): entry is [string, string] => entry[1] !== null);
}

/**
 * An area typed in one unit as the other unit says it, rounded as people write it (평 to one decimal, m² to
 * two): switching the unit keeps asking for the same space instead of finding nothing.
 * @example convertArea(100, 'm2', 'py') // 30.3
 */
export function convertArea(value: number, from: AreaUnit, to: AreaUnit): number {
  if (from === to) return value;
  return to === 'py' ? Math.round((value / M2_PER_PYEONG) * 10) / 10 : Math.round(value * M2_PER_PYEONG * 100) / 100;
}

/** True when a minimum and a maximum are both given and the minimum is the larger: the search would find nothing. */
export const rangeInverted = (search: PlanSearch): boolean => search.minArea !== null && search.maxArea !== null && search.minArea > search.maxArea;

/** True when the search narrows the spaces (view and order do not). */
export function isFiltering(search: PlanSearch): boolean {
  return Boolean(search.use || search.minArea || search.maxArea || search.fromFloor || search.toFloor || search.availableBy || search.pricePublic);
}

/** Whether `unit` answers the search; `today` (YYYY-MM-DD, Seoul) decides what "available by" means. */
export function matchesSearch(unit: Unit, search: PlanSearch, today: string): boolean {
  const toM2 = (value: number) => (search.areaIn === 'py' ? value * M2_PER_PYEONG : value);
  // A bound typed in 평 is rounded as the visitor reads it: "30평" keeps a 99.17 m² (30.0평) space.
  const slack = search.areaIn === 'py' ? 0.05 * M2_PER_PYEONG : 0.005;
  if (search.use && !unit.uses.includes(search.use as Unit['uses'][number])) return false;
  if (search.minArea !== null && unit.exclusiveAreaM2 < toM2(search.minArea) - slack) return false;
  if (search.maxArea !== null && unit.exclusiveAreaM2 > toM2(search.maxArea) + slack) return false;
  const level = UNIT_FLOORS.indexOf(unit.floor);
  const low = search.fromFloor ? UNIT_FLOORS.indexOf(search.fromFloor) : null;
  const high = search.toFloor ? UNIT_FLOORS.indexOf(search.toFloor) : null;
  // "10F to 4F" means the same floors as "4F to 10F".
  const [bottom, top] = low !== null && high !== null && low > high ? [high, low] : [low, high];
  if (bottom !== null && level < bottom) return false;
  if (top !== null && level > top) return false;
  if (search.availableBy) {
    const availability = availabilityOf(unit, today);
    if (!isOffered(availability) || (availability.kind === 'from' && availability.date > search.availableBy)) return false;
  }
  if (search.pricePublic && (pricesHidden(unit.status) || (unit.monthlyRent === null && unit.deposit === null))) return false;
  return true;
}

/** The list view's order; ties (and spaces without the value) fall back to floor then number. */
export function sortUnits(units: readonly Unit[], search: PlanSearch, today: string): Unit[] {
  const byFloor = (a: Unit, b: Unit) => UNIT_FLOORS.indexOf(a.floor) - UNIT_FLOORS.indexOf(b.floor) || a.unitNumber.localeCompare(b.unitNumber, 'en', { numeric: true });
  const value = (unit: Unit): number | null => {
    if (search.sort === 'area') return unit.exclusiveAreaM2;
    if (search.sort === 'rent') return unit.monthlyRent;
    if (search.sort === 'date') {
      const availability = availabilityOf(unit, today);
      return !isOffered(availability) ? null : availability.kind === 'now' ? 0 : Date.parse(availability.date);
    }
    return null;
  };
  const sign = search.descending ? -1 : 1;
  return units.toSorted((a, b) => {
    if (search.sort === 'floor') return sign * byFloor(a, b);
    const [va, vb] = [value(a), value(b)];
    // Unknown values (no public rent, a leased space's date) go last in either order.
    if (va === null || vb === null) return va === vb ? byFloor(a, b) : va === null ? 1 : -1;
    return sign * (va - vb) || byFloor(a, b);
  });
}
