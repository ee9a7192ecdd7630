import type { Locale } from '../../i18n/locales.ts';

const TAGS: Record<Locale, string> = { ko: 'ko-KR', en: 'en-GB', zh: 'zh-CN', ja: 'ja-JP' };

/** A calendar day (YYYY-MM-DD) as `locale` writes it in a mail or a PDF: "2026년 12월 20일", "20 December 2026". */
export function formatDayIn(day: string, locale: Locale): string {
  return new Intl.DateTimeFormat(TAGS[locale], { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(`${day}T00:00:00Z`));
}
