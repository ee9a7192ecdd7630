import koReports from '../../../content/i18n/ko/reports.json' with { type: 'json' };
import enReports from '../../../content/i18n/en/reports.json' with { type: 'json' };
import zhReports from '../../../content/i18n/zh/reports.json' with { type: 'json' };
import jaReports from '../../../content/i18n/ja/reports.json' with { type: 'json' };
import koLostReasons from '../../../content/i18n/ko/lostReasons.json' with { type: 'json' };
import enLostReasons from '../../../content/i18n/en/lostReasons.json' with { type: 'json' };
import zhLostReasons from '../../../content/i18n/zh/lostReasons.json' with { type: 'json' };
import jaLostReasons from '../../../content/i18n/ja/lostReasons.json' with { type: 'json' };
import koUnits from '../../../content/i18n/ko/units.json' with { type: 'json' };
import koBrands from '../../../content/i18n/ko/brands.json' with { type: 'json' };
import enUnits from '../../../content/i18n/en/units.json' with { type: 'json' };
import enBrands from '../../../content/i18n/en/brands.json' with { type: 'json' };
import zhUnits from '../../../content/i18n/zh/units.json' with { type: 'json' };
import zhBrands from '../../../content/i18n/zh/brands.json' with { type: 'json' };
import jaUnits from '../../../content/i18n/ja/units.json' with { type: 'json' };
import jaBrands from '../../../content/i18n/ja/brands.json' with { type: 'json' };
import type { Locale } from '../../i18n/locales.ts';
import { createTranslator, flatten, type Dictionary } from '../../i18n/translate.ts';
import { spacesText, textCell, type Cell, type Column, type ReportTable } from '../../shared/report-tables.ts';
import { csvRow, UTF8_BOM } from '../inquiries/csv.ts';

const DICTIONARIES: Record<Locale, Dictionary> = {
  ko: { reports: koReports, lostReasons: koLostReasons, units: { floor: koUnits.floor, space: koUnits.space }, brands: { category: koBrands.category } },
  en: { reports: enReports, lostReasons: enLostReasons, units: { floor: enUnits.floor, space: enUnits.space }, brands: { category: enBrands.category } },
  zh: { reports: zhReports, lostReasons: zhLostReasons, units: { floor: zhUnits.floor, space: zhUnits.space }, brands: { category: zhBrands.category } },
  ja: { reports: jaReports, lostReasons: jaLostReasons, units: { floor: jaUnits.floor, space: jaUnits.space }, brands: { category: jaBrands.category } },
};

/**
 * One report table as CSV (RFC 4180, the inbox export's cells: formula-safe, quoted as needed), headers and
 * labels in the reader's language, numbers as they are (a spreadsheet formats them), with the BOM Excel
 * needs to read Korean.
 */
export function tableCsv(table: ReportTable, locale: Locale): string {
  const t = createTranslator(flatten(DICTIONARIES[locale]));
  const cell = (value: Cell) => (value !== null && typeof value === 'object' ? ('spaces' in value ? spacesText(t, value.spaces) : t(value.key)) : typeof value === 'string' ? textCell(t, value) : value);
  // A week's column says "Week of 2026-03-02"; a month's "2026-03": both sort and read as dates.
  const header = (column: Column) =>
    typeof column === 'string' ? t(`reports.columns.${column}`) : column.interval === 'month' ? column.period.slice(0, 7) : t('reports.columns.weekOf', { day: column.period });
  return UTF8_BOM + csvRow(table.columns.map(header)) + table.rows.map((row) => csvRow(row.map(cell))).join('');
}
