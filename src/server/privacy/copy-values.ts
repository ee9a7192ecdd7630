import type { Locale } from '../../i18n/locales.ts';
import type { Translate } from '../../i18n/translate.ts';
import type { Db } from '../db/index.ts';
import { floorName } from '../notify/messages.ts';
import { spaceName as sharedSpaceName } from '../../shared/units/space-name.ts';

/**
 * How the access copy (열람, PIPA Art. 35) writes values: every one in the requester's language — codes through the
 * dictionaries, languages by Intl, times in Seoul with their zone. Each entry of the personal-data map writes its
 * part of the copy with these (personal-data.ts), so the copy and the destruction read one list.
 */
export interface CopyContext {
  db: Db;
  t: Translate;
  locale: Locale;
}

/** What a per-inquiry entry of the map is given (to destroy or to copy): the inquiry, read before its row was cleared. */
export interface DestroyTarget {
  id: string;
  /** Its attachments' object paths (the blob store). */
  attachments: string[];
}

/** One labelled value of the copy; the value is the visitor's or staff's text as held (the mail indents it). */
export interface CopyLine {
  label: string;
  value: string;
}

const INTL: Record<Locale, string> = { ko: 'ko-KR', en: 'en-GB', zh: 'zh-CN', ja: 'ja-JP' };

/** A moment in Seoul's wall clock: "2026년 11월 25일 오후 3:04 (KST)". */
export function copyTime(at: Date | string, locale: Locale): string {
  return `${new Intl.DateTimeFormat(INTL[locale], { dateStyle: 'long', timeStyle: 'short', timeZone: 'Asia/Seoul' }).format(new Date(at))} (KST)`;
}

/** A calendar day (YYYY-MM-DD) as the reader writes it. */
export function copyDay(day: string, locale: Locale): string {
  return new Intl.DateTimeFormat(INTL[locale], { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(`${day}T00:00:00Z`));
}

/** A page language's name in the reader's language ("영어", "English"). */
export function languageName(code: string, locale: Locale): string {
  return new Intl.DisplayNames([INTL[locale]], { type: 'language' }).of(code) ?? code;
}

/** "3층 301호" / "Floor 3, Unit 301" in the reader's language. */
export function spaceName(floor: string, unitNumber: string, t: Translate): string {
  return sharedSpaceName(t, { floor, unitNumber });
}

/** A floor code in the reader's language. */
export function floorLabel(floor: string, t: Translate): string {
  return floorName(floor, t);
}
