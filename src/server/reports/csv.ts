import koReports from '../../../content/i18n/ko/reports.json' with { type: 'json' };
import enReports from '../../../content/i18n/en/reports.json' with { type: 'json' };
import zhReports from '../../../content/i18n/zh/reports.json' with { type: 'json' };
import jaReports from '../../../content/i18n/ja/reports.json' with { type: 'json' };
import type { Locale } from '../../i18n/locales.ts';
import { createTranslator, flatten, type Dictionary } from '../../i18n/translate.ts';
import type { Cell, ReportTable } from '../../shared/report-tables.ts';
import { csvRow, UTF8_BOM } from '../inquiries/csv.ts';

const DICTIONARIES: Record<Locale, Dictionary> = { ko: { reports: koReports }, en: { reports: enReports }, zh: { reports: zhReports }, ja: { reports: jaReports } };

/**
 * One report table as CSV (RFC 4180, the inbox export's cells: formula-safe, quoted as needed), headers and
 * labels in the reader's language, numbers as they are (a spreadsheet formats them), with the BOM Excel
 * needs to read Korean.
 */
export function tableCsv(table: ReportTable, locale: Locale): string {
  const t = createTranslator(flatten(DICTIONARIES[locale]));
  const cell = (value: Cell) => (value !== null && typeof value === 'object' ? t(value.key) : value);
  return UTF8_BOM + csvRow(table.columns.map((column) => t(`reports.columns.${column}`))) + table.rows.map((row) => csvRow(row.map(cell))).join('');
}
