import { DEFAULT_LOCALE, LOCALE_TAGS, localizePath, type Locale } from '../i18n/locales.ts';
import { RETENTION_DEFAULTS } from '../shared/privacy/retention.ts';
import { fillRetention, RETENTION_ATTRIBUTE, retentionPeriodText, type RetentionPeriods } from '../shared/privacy/notice.ts';
import { loadLocalized } from './load.ts';
import { renderMarkdown } from './markdown.ts';
import { PrivacyNoticeTextSchema, PrivacyPolicyTextSchema, type PrivacyNoticeVersion, type PrivacyPolicyVersion } from './schemas/privacy.ts';

/**
 * The collection notice and the privacy policy as the pages use them (decision 021): each a list of versions
 * named by the day they take effect; the one in force is the newest. Earlier versions stay readable.
 */

/** The newest version of a list (versions are days, so the newest is the largest). */
export function newest<T extends { version: string }>(versions: readonly T[]): T {
  return [...versions].sort((a, b) => b.version.localeCompare(a.version))[0]!;
}

export function loadPrivacyNotice(locale: Locale) {
  return loadLocalized('privacy-notice', locale, PrivacyNoticeTextSchema);
}

/** The notice the form shows now. */
export function currentNotice(locale: Locale = DEFAULT_LOCALE): PrivacyNoticeVersion {
  return newest(loadPrivacyNotice(locale).versions);
}

export function loadPrivacyPolicy(locale: Locale) {
  return loadLocalized('privacy-policy', locale, PrivacyPolicyTextSchema);
}

/** The policy's versions, newest first. */
export function policyVersions(locale: Locale): PrivacyPolicyVersion[] {
  return [...loadPrivacyPolicy(locale).versions].sort((a, b) => b.version.localeCompare(a.version));
}

/** The locale-free path of the policy in force (`/privacy`) or of one version (`/privacy/2026-11-27`). */
export function policyPath(version?: string): string {
  return version ? `/privacy/${version}` : '/privacy';
}

/** Where the policy (or one version of it) is, in a page's language. */
export function policyHref(locale: Locale, version?: string): string {
  return localizePath(locale, policyPath(version));
}

/** The visitor's request page (see, correct, delete, stop, withdraw marketing: issue 24), in a page's language. */
export function privacyRequestHref(locale: Locale): string {
  return localizePath(locale, '/privacy/request');
}

/** A period as the page shows it at build: the default in words, marked so the page's script can put the period in force there. */
function periodHtml(setting: keyof RetentionPeriods, locale: Locale, periods: RetentionPeriods): string {
  return `<span ${RETENTION_ATTRIBUTE}="${setting}">${retentionPeriodText(periods[setting], LOCALE_TAGS[locale])}</span>`;
}

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * Plain editor text with the retention placeholders filled ({afterClose}, {open}), as HTML.
 * @example withPeriods('kept {open}', 'en') // 'kept <span data-retention="retentionOpenDays">3 years</span>'
 */
export function withPeriods(text: string, locale: Locale, periods: RetentionPeriods = RETENTION_DEFAULTS): string {
  return fillRetention(text, (setting) => periodHtml(setting, locale, periods), escapeHtml);
}

/** A policy section's Markdown as HTML, with the retention placeholders filled. */
export function policyBodyHtml(markdown: string, locale: Locale, periods: RetentionPeriods = RETENTION_DEFAULTS): string {
  // Braces pass through Markdown as text, so the placeholders are filled after rendering.
  return fillRetention(renderMarkdown(markdown, { links: true }), (setting) => periodHtml(setting, locale, periods));
}

/**
 * Every address of the policy: the one in force at /privacy (and its language prefixes), and every version,
 * the one in force included, at /privacy/<version>. Adding a version adds an address; none is ever removed.
 * @example policyAddresses(['2026-11-27', '2027-03-01']) // [{ version: undefined, shows: '2027-03-01' }, { version: '2027-03-01', … }, { version: '2026-11-27', … }]
 */
export function policyAddresses(versions: readonly string[]): { version: string | undefined; shows: string }[] {
  const sorted = [...versions].sort((a, b) => b.localeCompare(a));
  return [{ version: undefined, shows: sorted[0]! }, ...sorted.map((version) => ({ version, shows: version }))];
}
