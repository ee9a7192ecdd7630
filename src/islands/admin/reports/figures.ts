import type { Translate } from '~/i18n/translate';
import { columnName, type ReportTable } from '~/shared/report-tables';
import type { ReportInterval, ReportName } from '~/shared/reports';
import { cellText } from './cells';
import type { Axis, Bar, Column } from './charts';
import type { Formats } from './formats';

/**
 * Which chart draws which table (report-tables.ts), report by report, in the order the tab shows them. A chart
 * is drawn from its table's cells, so it rounds as the table does, and its value axis is named by the column it
 * draws. A new report adds its tables there and its figures here: query → table → chart → CSV.
 */
export interface FigureSpec {
  /** The table drawn, shown beside the chart and downloaded as CSV; a figure whose table the answer lacks is left out. */
  table: string;
  chart: 'bars' | 'columns';
  /** The column whose numbers the chart draws: its name is the value axis' title unless `axis` names another. */
  value: string;
  /** The value axis' title as a column name, when the series have a legend of their own ("건수" under 문의 / 계약). */
  axis?: string;
  /** Columns drawn inside `value`'s (a second series, columns only). */
  front?: string;
  /** The columns whose cells name a bar together ("3F 301"); the first alone by default. */
  label?: number[];
  /** Leave the table's last row (its total) out of the chart. */
  withoutTotal?: boolean;
  /** The value axis reaches at least this (a share's 100 %). */
  max?: number;
}

const sourceFigure = (table: string): FigureSpec => ({ table, chart: 'bars', value: 'inquiries' });

export const REPORT_FIGURES: Record<ReportName, FigureSpec[]> = {
  funnel: [
    { table: 'funnel', chart: 'bars', value: 'count' },
    { table: 'funnelByPeriod', chart: 'columns', value: 'inquiries', front: 'won', axis: 'count' },
    { table: 'lostReasons', chart: 'bars', value: 'count' },
    { table: 'otherReasons', chart: 'bars', value: 'count' },
  ],
  sources: ['channels', 'campaigns', 'languages', 'floors', 'uses'].map(sourceFigure),
  speed: [
    { table: 'speed', chart: 'columns', value: 'medianMinutes', withoutTotal: true },
    { table: 'speedByPerson', chart: 'bars', value: 'medianMinutes' },
  ],
  team: [{ table: 'team', chart: 'bars', value: 'won' }],
  spaces: [
    { table: 'vacant', chart: 'bars', value: 'daysOnMarket', label: [0, 1] },
    { table: 'vacancyByPeriod', chart: 'columns', value: 'vacantShare', max: 1 },
    { table: 'vacancyByFloor', chart: 'bars', value: 'vacantShare', max: 1 },
    { table: 'vacancyByAreaBand', chart: 'bars', value: 'vacantShare', max: 1 },
    { table: 'inquiriesBySpace', chart: 'bars', value: 'inquiries', label: [0, 1] },
  ],
  'rent-roll': [{ table: 'rentRoll', chart: 'bars', value: 'rent', withoutTotal: true }],
  expiries: [
    { table: 'expiries', chart: 'columns', value: 'areaExpiring' },
    { table: 'occupancy', chart: 'columns', value: 'occupancy', max: 1 },
    { table: 'wale', chart: 'bars', value: 'waleYears' },
  ],
  proposals: [
    { table: 'proposalConversion', chart: 'columns', value: 'sent', front: 'accepted', axis: 'count', withoutTotal: true },
    { table: 'proposalRounds', chart: 'columns', value: 'medianDays', withoutTotal: true },
    { table: 'approvalTurnaround', chart: 'columns', value: 'medianHours', withoutTotal: true },
    { table: 'discountByFloor', chart: 'bars', value: 'averageDiscount' },
    { table: 'discountByUse', chart: 'bars', value: 'averageDiscount' },
  ],
};

/**
 * What a figure draws: bars or columns and their value axis. `empty` says why there is nothing to draw: `none`
 * when no row has a value (no rows, or a dash in each), `zero` when every value is zero; false otherwise.
 */
export type Empty = 'none' | 'zero' | false;
export type Drawn =
  | { chart: 'bars'; bars: Bar[]; axis: Axis; empty: Empty }
  | { chart: 'columns'; columns: Column[]; axis: Axis; legend?: { back: string; front: string }; empty: Empty };

/** The chart of a figure from its table's cells, each number as the table shows it. */
export function drawnFrom(spec: FigureSpec, table: ReportTable, interval: ReportInterval, t: Translate, f: Formats): Drawn {
  const index = (name: string) => table.columns.findIndex((column) => columnName(column) === name);
  const valueAt = index(spec.value);
  const frontAt = spec.front ? index(spec.front) : -1;
  const rows = spec.withoutTotal ? table.rows.slice(0, -1) : table.rows;
  const number = (cell: unknown) => (typeof cell === 'number' ? cell : 0);
  const values = rows.map((row) => number(row[valueAt]));
  const max = Math.max(spec.max ?? 0, ...values);
  // The axis' end says its value as a cell of that column would.
  const axis: Axis = { title: t(`reports.columns.${spec.axis ?? spec.value}`), max, maxShown: cellText(table, spec.value, max, t, f) };
  const empty: Empty = rows.every((row) => typeof row[valueAt] !== 'number') ? 'none' : values.every((value) => value === 0) ? 'zero' : false;
  if (spec.chart === 'columns') {
    // A period's first day as an axis reads short: "3. 2." for a week, "2026년 3월" for a month.
    // Anything else (a quarter, "now") as its cell reads.
    const label = (cell: unknown) => (typeof cell === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(cell) ? (interval === 'month' ? f.month(cell) : f.shortDay(cell)) : cellText(table, table.columns[0]!, (cell ?? null) as never, t, f));
    return {
      chart: 'columns',
      columns: rows.map((row) => ({ label: label(row[0]), value: number(row[valueAt]), ...(frontAt >= 0 ? { front: number(row[frontAt]) } : {}) })),
      axis,
      ...(spec.front ? { legend: { back: t(`reports.columns.${spec.value}`), front: t(`reports.columns.${spec.front}`) } } : {}),
      empty,
    };
  }
  const labelColumns = spec.label ?? [0];
  return {
    chart: 'bars',
    bars: rows.map((row) => ({
      label: labelColumns.map((at) => cellText(table, table.columns[at]!, row[at] ?? null, t, f)).join(' '),
      value: number(row[valueAt]),
      shown: cellText(table, spec.value, row[valueAt] ?? null, t, f),
    })),
    axis,
    empty,
  };
}
