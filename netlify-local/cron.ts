/**
 * The cron expressions Netlify accepts in `config.schedule`: five fields (minute hour day-of-month month
 * day-of-week) with `*`, lists, ranges and steps, or a nickname such as `@hourly`. Times are UTC.
 */
const NICKNAMES: Record<string, string> = {
  '@yearly': '0 0 1 1 *',
  '@annually': '0 0 1 1 *',
  '@monthly': '0 0 1 * *',
  '@weekly': '0 0 * * 0',
  '@daily': '0 0 * * *',
  '@midnight': '0 0 * * *',
  '@hourly': '0 * * * *',
};

const FIELDS = [
  { min: 0, max: 59 },
  { min: 0, max: 23 },
  { min: 1, max: 31 },
  { min: 1, max: 12 },
  { min: 0, max: 7 },
] as const;

export interface Cron {
  matches(date: Date): boolean;
}

function parseField(text: string, { min, max }: { min: number; max: number }): { values: Set<number>; any: boolean } {
  const values = new Set<number>();
  for (const part of text.split(',')) {
    const [range = '', stepText] = part.split('/');
    const step = stepText === undefined ? 1 : Number(stepText);
    let [from, to] = range === '*' ? [min, max] : range.split('-').map(Number) as [number, number?];
    to ??= stepText === undefined ? from : max;
    if (![from, to, step].every(Number.isInteger) || step < 1 || from < min || to > max || from > to) {
      throw new Error(`Invalid cron field "${text}"`);
    }
    for (let value = from; value <= to; value += step) values.add(value);
  }
  return { values, any: text === '*' };
}

/** @example parseCron('@hourly').matches(new Date('2026-01-01T05:00:00Z')) // true */
export function parseCron(expression: string): Cron {
  const fields = (NICKNAMES[expression.trim()] ?? expression).trim().split(/\s+/);
  if (fields.length !== 5) throw new Error(`Invalid cron expression "${expression}": five fields expected`);
  const [minute, hour, day, month, weekday] = fields.map((field, i) => parseField(field, FIELDS[i]!));
  if (weekday!.values.has(7)) weekday!.values.add(0); // 7 is Sunday too
  return {
    matches(date) {
      const dayOk = day!.values.has(date.getUTCDate());
      const weekdayOk = weekday!.values.has(date.getUTCDay());
      // Standard cron: when both day fields are restricted, either one matching is enough.
      const days = day!.any || weekday!.any ? dayOk && weekdayOk : dayOk || weekdayOk;
      return minute!.values.has(date.getUTCMinutes()) && hour!.values.has(date.getUTCHours()) && month!.values.has(date.getUTCMonth() + 1) && days;
    },
  };
}
