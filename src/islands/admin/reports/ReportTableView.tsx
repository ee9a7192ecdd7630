import { useId } from 'react';
import type { Translate } from '~/i18n/translate';
import { columnName, type ReportTable } from '~/shared/report-tables';
import { cellText, columnHeading, isDateColumn } from './cells';
import type { Formats } from './formats';

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
                  <th key={column} scope="row" className={`px-3 py-2 text-left font-normal ${isDateColumn(table.columns[column]!) ? 'whitespace-nowrap' : ''}`}>{cellText(table, table.columns[column]!, cell, t, f)}</th>
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
