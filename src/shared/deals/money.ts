import { M2_PER_PYEONG } from '../units/basics.ts';

/**
 * The one rounding rule of the deal's money (decision 054): amounts are computed exactly, in floating point, and
 * rounded once, where they are stored or shown, to the nearest whole won, halves away from zero. A rent schedule's
 * row is one such amount; its totals are sums of the rows as stored, so a schedule always adds up.
 * @example wholeWon(17_999_999.5) // 18_000_000
 * @example wholeWon(-0.5) // -1
 */
export function wholeWon(amount: number): number {
  return Math.sign(amount) * Math.round(Math.abs(amount));
}

/**
 * A percentage as it is stored and compared: two decimals, halves away from zero.
 * @example roundPct(8.5236) // 8.52
 */
export function roundPct(value: number): number {
  return Math.sign(value) * Math.round(Math.abs(value) * 100) / 100;
}

/**
 * A figure per m² restated per 3.3 m² (1 평 = 400/121 m²), the Korean market's comparator: always shown after the
 * m² figure, never alone (the metrology law makes 평 alone an offence in advertising).
 * @example perPyeong(36_000) // 119_009
 */
export function perPyeong(perM2: number): number {
  return wholeWon(perM2 * M2_PER_PYEONG);
}
