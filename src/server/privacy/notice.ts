import notices from '../../../content/privacy-notice/ko.json' with { type: 'json' };
import { RETENTION_DEFAULTS } from '../../shared/privacy/retention.ts';
import type { PrivacyNoticeAnswer, RetentionPeriods } from '../../shared/privacy/notice.ts';
import { PRIVACY_MESSAGES } from '../../shared/inquiry.ts';
import type { Db } from '../db/index.ts';
import { HttpError } from '../http/errors.ts';
import { readSettings } from '../settings/queries.ts';

/**
 * The versions of the collection notice the site has published (content/privacy-notice/, checked at build;
 * every language lists the same versions, so the Korean file is the list). Imported, so each function bundle
 * carries the list of the deploy it belongs to: a version an editor adds is accepted from that deploy on, and
 * no version is ever dropped (decision 021).
 */
export const PUBLISHED_NOTICE_VERSIONS: readonly string[] = notices.versions.map((notice) => notice.version);

/** The notice the form shows now: the newest published version, which is the day it took effect. */
export function currentNoticeVersion(): string {
  return [...PUBLISHED_NOTICE_VERSIONS].sort((a, b) => b.localeCompare(a))[0]!;
}

/** Refuses an inquiry whose acknowledged notice the site never published (400 on the field, the inquiry schema's way). */
export function requirePublishedNotice(version: string): void {
  if (!PUBLISHED_NOTICE_VERSIONS.includes(version)) {
    throw new HttpError(400, 'invalid_input', 'privacyNoticeVersion is not a published version of the privacy notice', {
      fields: { privacyNoticeVersion: PRIVACY_MESSAGES.noticeVersionUnknown },
    });
  }
}

/**
 * The retention periods in force: the owner's settings where they exist (they are added by the retention
 * settings of issue 24), else RETENTION_DEFAULTS, the figures the policy page is built with.
 */
export async function retentionInForce(db: Db): Promise<RetentionPeriods> {
  const settings = (await readSettings(db)) as unknown as Partial<Record<keyof RetentionPeriods, unknown>>;
  const periods = { ...RETENTION_DEFAULTS } as RetentionPeriods;
  for (const key of Object.keys(RETENTION_DEFAULTS) as (keyof RetentionPeriods)[]) {
    const value = settings[key];
    if (typeof value === 'number' && Number.isInteger(value) && value > 0) periods[key] = value;
  }
  return periods;
}

/** GET /api/privacy/notice: the notice in force and the periods the system applies. */
export async function privacyNotice(db: Db): Promise<PrivacyNoticeAnswer> {
  const version = currentNoticeVersion();
  return { version, effectiveDate: version, retention: await retentionInForce(db) };
}
