import { useMemo, useState } from 'react';
import type { Translate } from '~/i18n/translate';
import { plural } from '~/i18n/plural';
import type { AmendedRow } from '~/shared/deals/amendments';
import { formatDay, formatKrw } from '~/shared/deals/display';
import { scheduleSummary } from '~/shared/leases/schedule';

interface Props {
  /** The schedule's rows, made from the terms (src/shared/leases/schedule.ts), never typed. */
  rows: readonly AmendedRow[];
  /** Prefix of the ids (a lease's id, or the draft form's). */
  id: string;
  lang: string;
  t: Translate;
  /** Saves the schedule as CSV (a stored lease only). */
  onCsv?: () => void;
}

const CELL = 'px-2 py-1.5 text-right tabular-nums';
const HEAD = 'px-2 py-1.5 text-right font-semibold';

/**
 * A lease's rent schedule: its totals per lease year (the fit-out first, then year 1, 2 …) and over the whole term,
 * the sums of the generated months; the months themselves on request (a five-year lease has 60 of them).
 */
export default function ScheduleTable({ rows, id, lang, t, onCsv }: Props) {
  const { years, totals } = useMemo(() => scheduleSummary(rows), [rows]);
  const [monthsOpen, setMonthsOpen] = useState(false);
  const won = (amount: number) => formatKrw(amount, lang);
  const yearName = (year: number) => (year === 0 ? t('deals.schedule.fitout') : t('leasePanel.schedule.year', { year }));
  if (rows.length === 0) return <p className="text-sm text-muted">{t('leasePanel.schedule.none')}</p>;

  return (
    <section aria-labelledby={`${id}-schedule-title`} className="grid min-w-0 gap-2" data-testid="lease-schedule">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h5 id={`${id}-schedule-title`} className="text-sm font-bold text-ink">{t('leasePanel.schedule.title')}</h5>
        {onCsv && <button type="button" className="btn min-h-11 border border-ink text-ink" onClick={onCsv}>{t('leasePanel.schedule.csv')}</button>}
      </div>
      <p className="text-xs text-muted">{t('leasePanel.schedule.note')}</p>
      <div className="overflow-x-auto rounded-md border border-line" tabIndex={0} role="region" aria-labelledby={`${id}-schedule-title`}>
        <table className="w-full min-w-[36rem] text-sm" data-testid="lease-years">
          <caption className="sr-only">{t('leasePanel.schedule.yearsCaption')}</caption>
          <thead className="bg-mist text-ink">
            <tr>
              <th scope="col" className="px-2 py-1.5 text-left font-semibold">{t('deals.schedule.leaseYear')}</th>
              <th scope="col" className={HEAD}>{t('leases.schedule.columns.months')}</th>
              <th scope="col" className={HEAD}>{t('leases.schedule.columns.freeMonths')}</th>
              <th scope="col" className={HEAD}>{t('deals.schedule.rentDue')}</th>
              <th scope="col" className={HEAD}>{t('leasePanel.schedule.freeRentKrw')}</th>
              <th scope="col" className={HEAD}>{t('deals.schedule.maintenance')}</th>
            </tr>
          </thead>
          <tbody>
            {years.map((year) => (
              <tr key={year.leaseYear} className="border-t border-line" data-year={year.leaseYear}>
                <th scope="row" className="px-2 py-1.5 text-left font-medium">{yearName(year.leaseYear)}</th>
                <td className={CELL}>{year.months}</td>
                <td className={CELL}>{year.freeMonths}</td>
                <td className={CELL} data-testid="year-rent">{won(year.rentDueKrw)}</td>
                <td className={CELL}>{won(year.freeRentKrw)}</td>
                <td className={CELL}>{won(year.maintenanceKrw)}</td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr className="border-t-2 border-ink font-semibold" data-testid="lease-total">
              <th scope="row" className="px-2 py-1.5 text-left">{t('deals.schedule.total')}</th>
              <td className={CELL}>{rows.length}</td>
              <td className={CELL}>{years.reduce((sum, year) => sum + year.freeMonths, 0)}</td>
              <td className={CELL}>{won(totals.rentDueKrw)}</td>
              <td className={CELL}>{won(totals.freeRentKrw)}</td>
              <td className={CELL}>{won(totals.maintenanceKrw)}</td>
            </tr>
          </tfoot>
        </table>
      </div>
      <details className="text-sm" onToggle={(event) => setMonthsOpen(event.currentTarget.open)}>
        <summary className="min-h-11 cursor-pointer py-2 font-semibold text-ink">{plural(t, lang, 'leasePanel.schedule.months', rows.length)}</summary>
        {/* The months are built when opened, not with every render of the lease. */}
        {monthsOpen && (
          <div className="overflow-x-auto rounded-md border border-line" tabIndex={0} role="region" aria-label={t('leasePanel.schedule.monthsCaption')}>
            <table className="w-full min-w-[40rem] text-sm">
              <caption className="sr-only">{t('leasePanel.schedule.monthsCaption')}</caption>
              <thead className="bg-mist text-ink">
                <tr>
                  <th scope="col" className="px-2 py-1.5 text-left font-semibold">{t('deals.schedule.month')}</th>
                  <th scope="col" className="px-2 py-1.5 text-left font-semibold">{t('deals.schedule.period')}</th>
                  <th scope="col" className={HEAD}>{t('deals.schedule.rent')}</th>
                  <th scope="col" className={HEAD}>{t('deals.schedule.free')}</th>
                  <th scope="col" className={HEAD}>{t('deals.schedule.rentDue')}</th>
                  <th scope="col" className={HEAD}>{t('deals.schedule.maintenance')}</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((row) => (
                  <tr key={row.month} className="border-t border-line">
                    <th scope="row" className="px-2 py-1.5 text-left font-medium">
                      {row.phase === 'fitout' ? t('deals.schedule.fitout') : t('leasePanel.schedule.monthOfYear', { year: row.leaseYear, month: row.month })}
                      {row.amendment > 0 && <span className="ml-1 text-xs text-muted">{t('leasePanel.schedule.byAmendment', { number: row.amendment })}</span>}
                    </th>
                    <td className="px-2 py-1.5 whitespace-nowrap">{formatDay(row.periodStart, lang)} – {formatDay(row.periodEnd, lang)}</td>
                    <td className={CELL}>{won(row.rentKrw)}</td>
                    <td className={CELL}>{row.freeRent ? t('leases.schedule.yes') : ''}</td>
                    <td className={CELL}>{won(row.rentDueKrw)}</td>
                    <td className={CELL}>{won(row.maintenanceKrw)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </details>
    </section>
  );
}
