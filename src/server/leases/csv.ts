import type { Locale } from '../../i18n/locales.ts';
import type { AmendedRow } from '../../shared/deals/amendments.ts';
import type { YearTotal } from '../../shared/deals/schedule.ts';
import { csvRow, UTF8_BOM } from '../inquiries/csv.ts';
import { leaseMessages } from './words.ts';

/**
 * A lease's schedule as CSV (RFC 4180, formula-safe cells, the BOM Excel needs): a row per month, then the totals
 * per lease year — the same rows and sums the lease page shows, headers and values in the reader's language.
 */
export function scheduleCsv(rows: readonly AmendedRow[], years: readonly YearTotal[], locale: Locale): string {
  const t = leaseMessages(locale);
  const c = (key: string) => t(`leases.schedule.columns.${key}`);
  const yes = t('leases.schedule.yes');
  const phase = (value: string) => t(`leases.schedule.phase.${value}`);
  const months = [
    csvRow(['month', 'phase', 'periodStart', 'periodEnd', 'leaseYear', 'rentKrw', 'freeRent', 'rentDueKrw', 'maintenanceKrw', 'amendment'].map(c)),
    ...rows.map((row) => csvRow([row.month, phase(row.phase), row.periodStart, row.periodEnd, row.leaseYear, row.rentKrw, row.freeRent ? yes : '', row.rentDueKrw, row.maintenanceKrw, row.amendment || ''])),
  ];
  const totals = [
    csvRow(['leaseYear', 'months', 'freeMonths', 'rentDueKrw', 'freeRentKrw', 'maintenanceKrw'].map(c)),
    ...years.map((year) => csvRow([year.leaseYear === 0 ? phase('fitout') : year.leaseYear, year.months, year.freeMonths, year.rentDueKrw, year.freeRentKrw, year.maintenanceKrw])),
  ];
  return UTF8_BOM + months.join('') + '\r\n' + totals.join('');
}
