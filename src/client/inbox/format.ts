import { toPyeong } from '../../shared/units/basics.ts';
import { LOCALE_TAGS, type Locale } from '../../i18n/locales.ts';

const pyeong = (m2: number | null) => (m2 === null ? null : Math.round(toPyeong(m2) * 10) / 10);

/** "12.5 MB" style sizes for attachment lists. */
export function formatBytes(bytes: number, locale: string): string {
  const units = ['B', 'KB', 'MB', 'GB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${new Intl.NumberFormat(locale, { maximumFractionDigits: unit === 0 ? 0 : 1 }).format(value)} ${units[unit]}`;
}

/** "100–200 m² (30.3–60.5평)"; either bound may be open. */
export function formatArea(area: { min: number | null; max: number | null }, pyeongUnit: string): string {
  const span = (a: number | null, b: number | null) => (a !== null && b !== null ? `${a}–${b}` : a !== null ? `≥ ${a}` : `≤ ${b}`);
  return `${span(area.min, area.max)} m² (${span(pyeong(area.min), pyeong(area.max))}${pyeongUnit})`;
}

/** A duration as hours and minutes, e.g. for the median first response. */
export function formatDuration(seconds: number, units: { h: string; m: string }): string {
  const minutes = Math.round(seconds / 60);
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return h > 0 ? `${h}${units.h} ${m}${units.m}` : `${m}${units.m}`;
}

const dateFormats = new Map<Locale, Intl.DateTimeFormat>();

/** Dates and times of the inbox in the admin's language ("Nov 25, 2026, 2:50 AM", "2026/11/25 2:50"). */
export function adminDateFormat(locale: Locale): Intl.DateTimeFormat {
  let format = dateFormats.get(locale);
  if (!format) dateFormats.set(locale, (format = new Intl.DateTimeFormat(LOCALE_TAGS[locale], { dateStyle: 'medium', timeStyle: 'short' })));
  return format;
}
