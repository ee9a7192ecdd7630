import { RETENTION_DEFAULTS } from './retention.ts';

/**
 * The collection notice at the inquiry form and the privacy policy are versioned by the day a version takes
 * effect (YYYY-MM-DD): that day is the version's name, its address (/privacy/2026-11-27/) and what an inquiry
 * stores as the notice its visitor acknowledged (decision 021). The texts live in content/privacy-notice/ and
 * content/privacy-policy/; this module holds only what both the pages and the functions need.
 */
export const NOTICE_VERSION_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

/** The retention periods in force: the owner's settings, or their defaults (RETENTION_DEFAULTS). */
export type RetentionPeriods = { -readonly [K in keyof typeof RETENTION_DEFAULTS]: number };

/** GET /api/privacy/notice: the notice the form shows now, and the retention periods the system applies. */
export interface PrivacyNoticeAnswer {
  version: string;
  effectiveDate: string;
  retention: RetentionPeriods;
}

/** The placeholders an editor writes where a retention period goes, and the setting each one shows. */
export const RETENTION_PLACEHOLDERS = {
  '{afterClose}': 'retentionAfterCloseDays',
  '{open}': 'retentionOpenDays',
} as const satisfies Record<string, keyof RetentionPeriods>;
export type RetentionPlaceholder = keyof typeof RETENTION_PLACEHOLDERS;

/**
 * A retention period in words in the page's language: whole years as years, anything else as days.
 * @example retentionPeriodText(365, 'ko') // '1년'
 * @example retentionPeriodText(400, 'en') // '400 days'
 */
export function retentionPeriodText(days: number, localeTag: string): string {
  const years = days % 365 === 0 ? days / 365 : null;
  const unit = years === null ? 'day' : 'year';
  return new Intl.NumberFormat(localeTag, { style: 'unit', unit, unitDisplay: 'long' }).format(years ?? days);
}

/** The attribute that marks where a period is shown, so the page's script can put the period in force there. */
export const RETENTION_ATTRIBUTE = 'data-retention';

/**
 * Text with each placeholder replaced by `render(setting)`; the text around it goes through `escape`.
 * @example fillRetention('kept {open}', (key) => `[${key}]`) // 'kept [retentionOpenDays]'
 */
export function fillRetention(text: string, render: (setting: keyof RetentionPeriods) => string, escape: (text: string) => string = (t) => t): string {
  return text
    .split(/(\{afterClose\}|\{open\})/)
    .map((part) => (Object.hasOwn(RETENTION_PLACEHOLDERS, part) ? render(RETENTION_PLACEHOLDERS[part as RetentionPlaceholder]) : escape(part)))
    .join('');
}
