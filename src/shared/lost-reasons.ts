import * as v from 'valibot';

/**
 * Why a deal was lost (issue 38): one fixed list, so the reports can count reasons instead of grouping
 * free texts, in four languages (content/i18n/<lang>/lostReasons.json). "Other" carries the person's own
 * words. The inbox's PATCH, its lost-reason input, the CSV export and the funnel report use it; proposals and
 * leases may use it too (a contract between helpers: reference these names, do not copy the list).
 *
 * Reasons written before the list existed were free text: they became `other` with their text (schema.sql),
 * so nothing anyone typed was lost or guessed into a code.
 */
export const LOST_REASONS = ['price', 'size', 'timing', 'location', 'leased_elsewhere', 'no_response', 'other'] as const;
export type LostReason = (typeof LOST_REASONS)[number];
/** The reason that needs the person's own words. */
export const LOST_REASON_OTHER = 'other' satisfies LostReason;
/** The most characters of "other"'s words (the free text it replaces allowed as many). */
export const LOST_REASON_TEXT_MAX = 1000;

/** The dictionary keys of what can be wrong with a reason. */
export const LOST_REASON_MESSAGES = {
  required: 'lostReasons.errors.required',
  invalid: 'lostReasons.errors.invalid',
  textRequired: 'lostReasons.errors.textRequired',
  textOnlyWithOther: 'lostReasons.errors.textOnlyWithOther',
  tooLong: 'lostReasons.errors.tooLong',
} as const;

export const isLostReason = (value: unknown): value is LostReason => (LOST_REASONS as readonly unknown[]).includes(value);

/** A reason as a schema field (a code of the list). */
export const LostReasonSchema = v.picklist(LOST_REASONS, LOST_REASON_MESSAGES.invalid);
/** "Other"'s words as a schema field: trimmed, not empty, at most LOST_REASON_TEXT_MAX characters. */
export const LostReasonTextSchema = v.pipe(
  v.string(LOST_REASON_MESSAGES.textRequired),
  v.trim(),
  v.nonEmpty(LOST_REASON_MESSAGES.textRequired),
  v.maxLength(LOST_REASON_TEXT_MAX, LOST_REASON_MESSAGES.tooLong),
);

/**
 * What is wrong with a reason and its words together, as `[field, message]`, or null: "other" needs words,
 * any other reason takes none.
 * @example lostReasonProblem('other', undefined) // ['lostReasonText', 'lostReasons.errors.textRequired']
 */
export function lostReasonProblem(reason: LostReason | undefined, text: string | undefined): ['lostReason' | 'lostReasonText', string] | null {
  if (reason === undefined) return text === undefined ? null : ['lostReasonText', LOST_REASON_MESSAGES.textOnlyWithOther];
  if (reason === LOST_REASON_OTHER) return text === undefined ? ['lostReasonText', LOST_REASON_MESSAGES.textRequired] : null;
  return text === undefined ? null : ['lostReasonText', LOST_REASON_MESSAGES.textOnlyWithOther];
}

/**
 * A reason as a person reads it: its name in their language, with "other"'s words after it when they may
 * read them (`text` null for a viewer or after destruction).
 * @example lostReasonLabel(t, 'other', '사옥 매입') // '기타: 사옥 매입'
 */
export function lostReasonLabel(t: (key: string, params?: Record<string, string>) => string, reason: string, text: string | null | undefined): string {
  const name = isLostReason(reason) ? t(`lostReasons.reasons.${reason}`) : reason;
  return text ? t('lostReasons.withText', { reason: name, text }) : name;
}
