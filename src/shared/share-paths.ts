import { UNIT_FLOORS } from './units/basics.ts';

/**
 * The readable addresses of the share pages (issue 18), locale-free (pass them through localizePath):
 * a space at /floors/<floor>/<unit>/, its spec sheet beside it, a brand at /brands/<slug>/.
 */

/** @example floorSlug('B1') // 'b1' */
export function floorSlug(floor: string): string {
  return floor.toLowerCase();
}

/** The floor an address names, or null. @example floorOfSlug('8f') // '8F' */
export function floorOfSlug(slug: string): string | null {
  const floor = slug.toUpperCase();
  return UNIT_FLOORS.includes(floor) ? floor : null;
}

/** @example spacePath({ floor: '8F', unitNumber: '801' }) // '/floors/8f/801/' */
export function spacePath(unit: { floor: string; unitNumber: string }): string {
  return `/floors/${floorSlug(unit.floor)}/${encodeURIComponent(unit.unitNumber.toLowerCase())}/`;
}

/**
 * The inquiry form about one space, named as people name it — its floor and number — not by its database id.
 * @example inquiryPath({ floor: '8F', unitNumber: '801' }) // '/contact?unit=8F-801#inquiry-form'
 */
export function inquiryPath(unit: { floor: string; unitNumber: string }): string {
  return `/contact?${new URLSearchParams({ unit: `${unit.floor}-${unit.unitNumber}` })}#inquiry-form`;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The space a contact link's `?unit=` names: a floor and number ("8F-801"; the floor is one of the building's,
 * the number the rest), or, in a link made before addresses named spaces, its id. Null for anything else.
 * @example unitParamOf('8F-801') // { floor: '8F', unitNumber: '801' }
 */
export function unitParamOf(value: string): { id: string } | { floor: string; unitNumber: string } | null {
  if (UUID.test(value)) return { id: value.toLowerCase() };
  const dash = value.indexOf('-');
  const floor = dash > 0 ? floorOfSlug(value.slice(0, dash)) : null;
  const unitNumber = value.slice(dash + 1).trim();
  return floor && unitNumber ? { floor, unitNumber } : null;
}

/** The space's A4 spec sheet, in the language of the path it is asked under. */
export const SPEC_SHEET_FILE = 'spec-sheet.pdf';
export function specSheetPath(unit: { floor: string; unitNumber: string }): string {
  return `${spacePath(unit)}${SPEC_SHEET_FILE}`;
}

/** @example brandPath('blue-bottle') // '/brands/blue-bottle/' */
export function brandPath(slug: string): string {
  return `/brands/${encodeURIComponent(slug)}/`;
}

/** The area range a space's "similar spaces" covers: from 80 % to 125 % of it, in whole m². */
export function similarAreaRange(unit: { exclusiveAreaM2: number }): { min: number; max: number } {
  return { min: Math.floor(unit.exclusiveAreaM2 * 0.8), max: Math.ceil(unit.exclusiveAreaM2 * 1.25) };
}

/** The plan searched for spaces like `unit` (its first use, its area ±): what a leased space points to. */
export function similarPlanPath(unit: { exclusiveAreaM2: number; uses: readonly string[] }): string {
  const { min, max } = similarAreaRange(unit);
  const query = new URLSearchParams({ ...(unit.uses[0] ? { use: unit.uses[0] } : {}), minArea: String(min), maxArea: String(max), view: 'list' });
  return `/floors?${query}#stacking-plan`;
}

/**
 * The inquiry form with its details filled in for spaces like `unit` (floor, area, use): a leased space
 * cannot be asked about itself, but its visitor can ask for the same thing elsewhere in the building.
 */
export function similarInquiryPath(unit: { floor: string; exclusiveAreaM2: number; uses: readonly string[] }): string {
  const { min, max } = similarAreaRange(unit);
  const query = new URLSearchParams({ floor: unit.floor, areaMin: String(min), areaMax: String(max), ...(unit.uses[0] ? { use: unit.uses[0] } : {}) });
  return `/contact?${query}#inquiry-form`;
}
