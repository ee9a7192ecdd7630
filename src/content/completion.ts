/**
 * Whether the building stands complete, for texts that say so in the right tense (the about page's
 * `ByCompletion` texts): decided by the day the page is built, against building.json's `completion`.
 */
export type CompletionPhase = 'before' | 'after';

/**
 * 'before' until the completion month has ended (its day is not given, so "completed April 2026" is said
 * from 1 May), 'after' from then on.
 * @example completionPhase('2026-04', '2026-04-30') // 'before'
 * @example completionPhase('2026-04', '2026-05-01') // 'after'
 */
export function completionPhase(completion: string, today: string): CompletionPhase {
  const [year, month] = completion.split('-').map(Number) as [number, number];
  const firstDayAfter = month === 12 ? `${year + 1}-01-01` : `${year}-${String(month + 1).padStart(2, '0')}-01`;
  return today >= firstDayAfter ? 'after' : 'before';
}

/**
 * The completion month as the language writes it: "2026년 4월", "April 2026", "2026年4月".
 * @example completionMonthText('2026-04', 'en') // 'April 2026'
 */
export function completionMonthText(completion: string, tag: string): string {
  const [year, month] = completion.split('-').map(Number) as [number, number];
  return new Intl.DateTimeFormat(tag, { year: 'numeric', month: 'long', timeZone: 'UTC' }).format(new Date(Date.UTC(year, month - 1, 1)));
}
