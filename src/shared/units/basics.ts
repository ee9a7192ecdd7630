/**
 * Unit facts that the /floors page script needs too: kept free of valibot (and of anything heavy), so
 * the stacking plan ships a few hundred bytes of rules instead of a validation library. Nothing here may
 * import the islands' shared modules (image-url, brand-basics…): the build puts those in the islands'
 * chunk, which a static page's script would then load whole (planImageUrl lives in plan-image.ts).
 */

/** Floors from the bottom of the building up: B2, B1, 1F … 14F. Their index is their order. */
export const UNIT_FLOORS = ['B2', 'B1', ...Array.from({ length: 14 }, (_, i) => `${i + 1}F`)] as [string, ...string[]];
export type UnitFloor = string;

/**
 * `reserved`: an accepted proposal holds the space until a lease is signed or the hold lapses (issue 39). Only that
 * hold sets or clears it (src/server/proposals/holds.ts); a hand edit of the space cannot (HAND_SET_STATUSES).
 */
export const UNIT_STATUSES = ['available', 'negotiating', 'reserved', 'leased'] as const;
export type UnitStatus = (typeof UNIT_STATUSES)[number];
/** The statuses a person sets on a space by hand (the admin's unit form). */
export const HAND_SET_STATUSES = ['available', 'negotiating', 'leased'] as const satisfies readonly UnitStatus[];
/** The choices a unit form offers: the hand-set ones, and `reserved` only for a space that is (it may be kept). */
export const statusChoices = (current: UnitStatus): readonly UnitStatus[] => (current === 'reserved' ? UNIT_STATUSES : HAND_SET_STATUSES);

/** The languages a unit's note may be written in; a visitor reads theirs, else Korean. */
export const UNIT_LANGUAGES = ['ko', 'en', 'zh', 'ja'] as const;
export type UnitLanguage = (typeof UNIT_LANGUAGES)[number];

/**
 * A Korean room number names its floor: all but its last two digits (301 is on 3F, 1201 on 12F, B101 on
 * B1), optionally followed by a suffix (301-1, 301A). A number shaped so that names another floor is a
 * typo the plan would show on the wrong floor. Free names ("A", "Lobby", two digits) name no floor and
 * are left alone.
 * @example unitNumberNamesOtherFloor('12F', '301') // true
 * @example unitNumberNamesOtherFloor('B1', 'B102') // false
 */
export function unitNumberNamesOtherFloor(floor: string, unitNumber: string): boolean {
  const match = unitNumber.trim().match(/^(B?)(\d{1,2})\d{2}(?:[-\s]?[0-9A-Za-z]{1,3})?$/i);
  if (!match) return false;
  const named = match[1] ? `B${Number(match[2])}` : `${Number(match[2])}F`;
  return named.toUpperCase() !== floor.toUpperCase();
}

/** 1 평 = 3.305785 m² (400/121 m²): the one place pyeong is derived. */
export const M2_PER_PYEONG = 400 / 121;

/** @example toPyeong(330.5785) // 100 */
export function toPyeong(m2: number): number {
  return m2 / M2_PER_PYEONG;
}

/**
 * Floor order, B2 lowest; then unit number, numbers compared as numbers ('2' before '10').
 * @example units.toSorted(byFloorThenUnit)
 */
export function byFloorThenUnit(a: { floor: string; unitNumber: string }, b: { floor: string; unitNumber: string }): number {
  return UNIT_FLOORS.indexOf(a.floor) - UNIT_FLOORS.indexOf(b.floor) || unitNumberOrder().compare(a.unitNumber, b.unitNumber);
}
let collator: Intl.Collator | undefined;
/**
 * Made when first sorted with, not when this module loads: a collator takes ~25 ms to make (~100 ms on a
 * phone), and every public page that links a space or a brand loads these rules (it was /brands' longest task).
 */
const unitNumberOrder = () => (collator ??= new Intl.Collator('en', { numeric: true, sensitivity: 'base' }));

/** A unit's note in `language`, falling back to Korean; '' when there is none. */
export function noteIn(note: Partial<Record<UnitLanguage, string>>, language: string): string {
  return note[language as UnitLanguage] || note.ko || '';
}

export interface CostEstimate {
  /** 환산임대료: rent + maintenance fee + deposit × annual rate ÷ 12, in KRW a month. */
  monthly: number;
  perPyeong: number;
  perM2: number;
}

/**
 * The monthly effective cost of a space (환산임대료), also per 평 and per m² of its supply area (the
 * area a Korean lease is quoted on). Missing prices count as 0; null when the area is not positive.
 * @example costEstimate({ monthlyRent: 1_000_000, maintenanceFee: 200_000, deposit: 12_000_000, supplyAreaM2: 100 }, 5)
 *   // { monthly: 1_250_000, perPyeong: 41_322.3…, perM2: 12_500 }
 */
export function costEstimate(
  unit: { monthlyRent: number | null; maintenanceFee: number | null; deposit: number | null; supplyAreaM2: number },
  annualRatePercent: number,
): CostEstimate | null {
  if (!(unit.supplyAreaM2 > 0) || !Number.isFinite(annualRatePercent)) return null;
  const monthly = (unit.monthlyRent ?? 0) + (unit.maintenanceFee ?? 0) + ((unit.deposit ?? 0) * annualRatePercent) / 100 / 12;
  return { monthly, perPyeong: monthly / toPyeong(unit.supplyAreaM2), perM2: monthly / unit.supplyAreaM2 };
}
