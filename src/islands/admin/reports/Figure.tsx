import { useStore } from '@nanostores/react';
import type { Translate } from '~/i18n/translate';
import type { ReportTable } from '~/shared/report-tables';
import type { ReportInterval, ReportName } from '~/shared/reports';
import { ApiError, readUrl } from '~/client/api';
import { endSessionIfUnauthorized } from '~/client/admin-session';
import { saveAsFile } from '~/client/inbox/api';
import { $adminToken, $language, showToast } from '~/client/stores';
import { BarChart, ColumnChart } from './charts';
import { drawnFrom, type FigureSpec } from './figures';
import type { Formats } from './formats';
import ReportTableView from './ReportTableView';

/** A period of Korean days as the reports are asked for it. */
export interface ReportPeriod {
  from: string;
  to: string;
  interval: ReportInterval;
}

async function downloadCsv(name: ReportName, table: string, period: ReportPeriod, lang: string): Promise<void> {
  const headers = new Headers();
  const token = $adminToken.get();
  if (token) headers.set('Authorization', `Bearer ${token}`);
  const response = await fetch(readUrl([`/api/reports/${name}`, { ...period, format: 'csv', table, lang }]), { headers });
  if (!response.ok) throw new ApiError(response.status, response.statusText, await response.text());
  await saveAsFile(response, `${name}-${table}.csv`);
}

interface FigureProps {
  name: ReportName;
  spec: FigureSpec;
  table: ReportTable;
  period: ReportPeriod;
  t: Translate;
  f: Formats;
  /** Columns shown beside the table's own (the period before, when compared). */
  extra?: { columns: string[]; rows: string[][] };
}

/**
 * A chart with its numbers as a table beside it and a CSV of that table. A chart of nothing but zeros says so
 * in words instead of drawing an empty frame; the table still lists the zeros.
 */
export default function Figure({ name, spec, table, period, t, f, extra }: FigureProps) {
  const lang = useStore($language);
  const title = t(`reports.charts.${table.name}`);
  const drawn = drawnFrom(spec, table, period.interval, t, f);
  async function download() {
    try {
      await downloadCsv(name, table.name, period, lang);
    } catch (error) {
      if (!endSessionIfUnauthorized(error)) showToast({ title: t('reports.downloadFailed'), variant: 'destructive' });
    }
  }
  return (
    <figure className="grid min-w-0 gap-3 rounded-xl border border-line p-4 xl:grid-cols-2 xl:items-start" data-testid={`report-figure-${table.name}`}>
      <figcaption className="flex flex-wrap items-center justify-between gap-2 xl:col-span-2">
        <span className="font-semibold text-ink">{title}</span>
        <button type="button" className="btn min-h-11 border border-line px-3 text-ink hover:bg-mist" aria-label={`${t('reports.download')} — ${title}`} onClick={() => void download()}>
          {t('reports.download')}
        </button>
      </figcaption>
      <div className="min-w-0">
        {drawn.empty ? (
          <p className="rounded-lg bg-mist px-4 py-6 text-center text-sm text-muted" data-testid="chart-empty">
            {t(drawn.empty === 'none' ? 'reports.empty' : 'reports.chartZero', { what: drawn.axis.title })}
          </p>
        ) : drawn.chart === 'bars' ? (
          <BarChart title={title} bars={drawn.bars} axis={drawn.axis} />
        ) : (
          <ColumnChart title={title} columns={drawn.columns} axis={drawn.axis} legend={drawn.legend} />
        )}
      </div>
      <ReportTableView table={table} caption={title} t={t} f={f} extra={extra} />
    </figure>
  );
}
