import { LOCALE_TAGS, type Locale } from '~/i18n/locales';

/** Numbers, shares and Korean days in the reader's language (Intl). */
export interface Formats {
  number(value: number): string;
  percent(value: number): string;
  day(day: string): string;
  shortDay(day: string): string;
  /** A month by its first day: "2026년 3월", "Mar 2026". */
  month(day: string): string;
}

export function formatsFor(locale: Locale): Formats {
  const tag = LOCALE_TAGS[locale];
  const number = new Intl.NumberFormat(tag, { maximumFractionDigits: 2 });
  const percent = new Intl.NumberFormat(tag, { style: 'percent', maximumFractionDigits: 1 });
  // The days are Korean calendar days: shown as such, whatever the reader's clock.
  const day = new Intl.DateTimeFormat(tag, { dateStyle: 'medium', timeZone: 'UTC' });
  const short = new Intl.DateTimeFormat(tag, { month: 'numeric', day: 'numeric', timeZone: 'UTC' });
  const month = new Intl.DateTimeFormat(tag, { year: 'numeric', month: 'short', timeZone: 'UTC' });
  const asDate = (text: string) => new Date(`${text}T00:00:00Z`);
  return {
    number: (value) => number.format(value),
    percent: (value) => percent.format(value),
    day: (text) => day.format(asDate(text)),
    shortDay: (text) => short.format(asDate(text)),
    month: (text) => month.format(asDate(text)),
  };
}
