/**
 * 사업자등록번호 (Korean business registration number): 10 digits, XXX-XX-XXXXX — a tax office code (never 000),
 * a business type code (never 00) and a serial whose last digit checks the rest (research/deals.md §5.1). The
 * checksum catches a mistyped digit; whether the number is registered and running is 국세청's to say (its
 * 진위확인 API needs the opening date and the representative's name too), not ours.
 */

const WEIGHTS = [1, 3, 7, 1, 3, 7, 1, 3, 5] as const;

/**
 * The 10 digits of a number as people write it (hyphens, spaces), or null when it is not 10 digits.
 * @example businessNumberDigits('220-81-62517') // '2208162517'
 */
export function businessNumberDigits(value: string): string | null {
  const digits = value.replace(/[\s-]/g, '');
  return /^\d{10}$/.test(digits) ? digits : null;
}

/**
 * The check digit of the first nine: Σ dᵢ·wᵢ + ⌊d₉·5 / 10⌋, then 10 − that mod 10 (mod 10).
 * @example checkDigit('220816251') // 7
 */
export function checkDigit(nine: string): number {
  const d = [...nine].map(Number);
  let sum = 0;
  for (let i = 0; i < 9; i++) sum += d[i]! * WEIGHTS[i]!;
  sum += Math.floor((d[8]! * 5) / 10);
  return (10 - (sum % 10)) % 10;
}

/**
 * Whether `value` is a well-formed 사업자등록번호 whose check digit matches.
 * @example isBusinessNumber('220-81-62517') // true
 * @example isBusinessNumber('220-81-62518') // false
 */
export function isBusinessNumber(value: string): boolean {
  const digits = businessNumberDigits(value);
  if (!digits || digits.startsWith('000') || digits.slice(3, 5) === '00') return false;
  return checkDigit(digits.slice(0, 9)) === Number(digits[9]);
}

/**
 * The number as it is stored and printed: XXX-XX-XXXXX.
 * @example formatBusinessNumber('2208162517') // '220-81-62517'
 */
export function formatBusinessNumber(value: string): string {
  const digits = businessNumberDigits(value) ?? value;
  return digits.length === 10 ? `${digits.slice(0, 3)}-${digits.slice(3, 5)}-${digits.slice(5)}` : value;
}
