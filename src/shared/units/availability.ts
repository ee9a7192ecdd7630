import type { Unit } from './unit.ts';

/**
 * When a space can be moved into and its status as a visitor reads it: what the stacking plan draws on its first
 * paint (every cell's label), so it stays apart from the rest of a space's facts (facts.ts), which only its dialog,
 * list and page need. The plan's script loads this before any interaction; see astro.config.mjs's 'space-words'.
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
 * Whether a visitor may ask about the space: not leased, or leased with the day it is free again known; never a
 * reserved one (its page offers similar spaces instead, as a leased one's does).
 */
export function inquirable(unit: Pick<Unit, 'status' | 'availableFrom'>, today: string): boolean {
  return isOffered(availabilityOf(unit, today));
}

/** The words a status needs: `t` over units.status.*, and the BCP 47 tag its date is written in. */
export interface StatusWords {
  t: (key: string, params?: Record<string, string | number>) => string;
  tag: string;
}

/** Made once per language: a list of 42 spaces asked for a day per row. */
const dayFormats = new Map<string, Intl.DateTimeFormat>();

/** A date as the reader's language writes it (a calendar day: no time zone shift). */
export function formatDay(date: string, tag: string): string {
  const format = dayFormats.get(tag) ?? dayFormats.set(tag, new Intl.DateTimeFormat(tag, { dateStyle: 'long', timeZone: 'UTC' })).get(tag)!;
  return format.format(new Date(`${date}T00:00:00Z`));
}

/**
 * A space's status as a visitor reads it: its status, or for a leased space whose end is known "입주 가능 <day>"
 * (issue 40) — the same on the plan, in the list, in its dialog and on its page.
 * @example statusText({ status: 'leased', availableFrom: '2032-03-01' }, '2031-09-01', words) // '입주 가능 2032년 3월 1일'
 */
export function statusText(unit: Pick<Unit, 'status' | 'availableFrom'>, today: string, words: StatusWords): string {
  const availability = availabilityOf(unit, today);
  if (unit.status === 'leased' && availability.kind === 'from') return words.t('units.status.availableFrom', { date: formatDay(availability.date, words.tag) });
  return words.t(`units.status.${unit.status}`);
}
