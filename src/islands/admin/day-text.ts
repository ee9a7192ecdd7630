/** A calendar day (YYYY-MM-DD, no time of its own) in the panel's language: "2026. 12. 3.", "Dec 3, 2026". */
export function dayText(day: string, lang: string): string {
  return new Intl.DateTimeFormat(lang, { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(`${day}T00:00:00Z`));
}
