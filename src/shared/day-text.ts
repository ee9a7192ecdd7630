/** A calendar day (YYYY-MM-DD, no time of its own) in the panel's language: "2026. 12. 3.", "Dec 3, 2026". */
export function dayText(day: string, lang: string): string {
  return new Intl.DateTimeFormat(lang, { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(`${day}T00:00:00Z`));
}

/**
 * The Seoul calendar day an exclusive end closes (its last millisecond's day): a proposal's link lasts to the midnight
 * after its last valid day, and a person reads that day.
 * @example lastSeoulDay('2027-01-31T15:00:00Z') // '2027-01-31'
 */
export function lastSeoulDay(end: string): string {
  return new Date(Date.parse(end) - 1 + 9 * 3_600_000).toISOString().slice(0, 10);
}
