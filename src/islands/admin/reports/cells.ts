import type { Translate } from '~/i18n/translate';
import { spacesText, textCell, type Cell, type Column, type ReportTable } from '~/shared/report-tables';
import type { Formats } from './formats';

const DATE_COLUMNS = new Set(['period', 'recordedOn', 'commencement', 'leaseEnd']);

/** A column of Korean days (kept on one line where it is shown). */
export const isDateColumn = (column: Column) => typeof column === 'string' && DATE_COLUMNS.has(column);

/**
 * A cell as the reader reads it — in the table and on its chart alike: dates and numbers in their language,
 * shares as percentages, a dash for none.
 */
export function cellText(table: ReportTable, column: Column, cell: Cell, t: Translate, f: Formats): string {
  if (cell === null) return '—';
  if (typeof cell === 'object') return 'spaces' in cell ? spacesText(t, cell.spaces) : t(cell.key);
  if (typeof cell === 'number') return typeof column === 'string' && table.shares?.includes(column) ? f.percent(cell) : f.number(cell);
  if (isDateColumn(column)) return f.day(cell);
  return textCell(t, cell);
}

/** A column's heading: its name in the reader's language, or its week's or month's first day. */
export function columnHeading(column: Column, t: Translate, f: Formats): string {
  if (typeof column === 'string') return t(`reports.columns.${column}`);
  return column.interval === 'month' ? f.month(column.period) : t('reports.columns.weekOf', { day: f.shortDay(column.period) });
}
