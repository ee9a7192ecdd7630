import { useId } from 'react';
import type { Translate } from '~/i18n/translate';
import { columnName, type Cell, type Column, type ReportTable } from '~/shared/report-tables';
import type { Formats } from './formats';

const DATE_COLUMNS = new Set(['period', 'recordedOn']);

/** A cell as the reader reads it: dates and numbers in their language, shares as percentages, a dash for none. */
export function cellText(table: ReportTable, column: Column, cell: Cell, t: Translate, f: Formats): string {
  if (cell === null) return '—';
  if (typeof cell === 'object') return t(cell.key);
  if (typeof cell === 'number') return typeof column === 'string' && table.shares?.includes(column) ? f.percent(cell) : f.number(cell);
  return typeof column === 'string' && DATE_COLUMNS.has(column) ? f.day(cell) : cell;
}

/** A column's heading: its name in the reader's language, or its week's or month's first day. */
export function columnHeading(column: Column, t: Translate, f: Formats): string {
  if (typeof column === 'string') return t(`reports.columns.${column}`);
  return column.interval === 'month' ? f.month(column.period) : t('reports.columns.weekOf', { day: f.shortDay(column.period) });
}

/**
 * A chart's numbers as a real table (screen readers, copying to a spreadsheet). It scrolls inside its own
 * box on a narrow screen, never the page; the box takes focus so a keyboard can scroll it too.
 */
export default function ReportTableView({ table, caption, t, f, extra }: { table: ReportTable; caption: string; t: Translate; f: Formats; extra?: { columns: string[]; rows: string[][] } }) {
  const id = useId();
  return (
    <div className="max-w-full overflow-x-auto rounded-lg border border-line" tabIndex={0} role="region" aria-labelledby={id} data-testid={`report-table-${table.name}`}>
      <table className="w-full border-collapse text-sm">
        <caption id={id} className="sr-only">{caption}</caption>
        <thead className="bg-mist text-left">
          <tr>
            {table.columns.map((column) => <th key={columnName(column)} scope="col" className="whitespace-nowrap px-3 py-2 font-semibold">{columnHeading(column, t, f)}</th>)}
            {extra?.columns.map((column) => <th key={column} scope="col" className="whitespace-nowrap px-3 py-2 font-semibold">{column}</th>)}
          </tr>
        </thead>
        <tbody>
          {table.rows.length === 0 && (
            <tr><td colSpan={table.columns.length + (extra?.columns.length ?? 0)} className="px-3 py-2 text-muted">{t('reports.empty')}</td></tr>
          )}
          {table.rows.map((row, index) => (
            <tr key={index} className="border-t border-line">
              {row.map((cell, column) =>
                column === 0 ? (
                  <th key={column} scope="row" className="px-3 py-2 text-left font-normal">{cellText(table, table.columns[column]!, cell, t, f)}</th>
                ) : (
                  <td key={column} className="whitespace-nowrap px-3 py-2 text-right tabular-nums">{cellText(table, table.columns[column]!, cell, t, f)}</td>
                ),
              )}
              {extra?.rows[index]?.map((cell, column) => <td key={`extra-${column}`} className="whitespace-nowrap px-3 py-2 text-right tabular-nums">{cell}</td>)}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
