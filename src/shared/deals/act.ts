/**
 * 상가건물 임대차보호법 as the proposal tool needs it (research/deals.md §2.3; a summary, not legal advice).
 * 환산보증금 = 보증금 + 월차임 × 100; at or below Seoul's threshold the Act's 5 % cap on increase claims applies in
 * full (시행령 §4), above it the renewal right (10 years), 대항력, 권리금 protection and the arrears rule still do.
 * Whether VAT or 관리비 enter 월차임 is a legal question: we use the rent alone and say so where the flag is shown.
 */

/** 서울특별시 (시행령 §2 ①): 9억원. */
export const SEOUL_PROTECTION_THRESHOLD_KRW = 900_000_000;

/** The yearly increase a protected tenant can be asked for at most (시행령 §4). */
export const PROTECTED_INCREASE_CAP_PCT = 5;

/** The total term a tenant can reach by renewal demands (§10 ②). */
export const RENEWAL_RIGHT_YEARS = 10;

/** The renewal window: a tenant may demand renewal from 6 to 1 months before expiry (§10 ①). */
export const RENEWAL_WINDOW_MONTHS = { opens: 6, closes: 1 } as const;

/** @example convertedDeposit(180_000_000, 18_000_000) // 1_980_000_000 */
export function convertedDeposit(depositKrw: number, monthlyRentKrw: number): number {
  return depositKrw + monthlyRentKrw * 100;
}

/** At or below the threshold: the Act protects the tenant in full. */
export function protectedByAct(convertedDepositKrw: number): boolean {
  return convertedDepositKrw <= SEOUL_PROTECTION_THRESHOLD_KRW;
}

/** A yearly escalation a protected tenant could refuse (a warning, not a refusal: an agreed increase may differ). */
export function escalationOverCap(escalationPct: number, isProtected: boolean): boolean {
  return isProtected && escalationPct > PROTECTED_INCREASE_CAP_PCT;
}
