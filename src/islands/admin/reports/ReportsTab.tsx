import { useMemo, useState, type ReactNode, type SubmitEvent } from 'react';
import { useStore } from '@nanostores/react';
import * as v from 'valibot';
import type { Translate } from '~/i18n/translate';
import { koreanDay } from '~/shared/business-hours';
import { reportTables, type ReportTable } from '~/shared/report-tables';
import {
  PERIOD_PRESETS, presetPeriod, previousPeriod, REPORT_INTERVALS, ReportQuerySchema, type FunnelReport, type PeriodPreset, type ReportInterval,
  type ReportName, type ReportOf, type SourcesReport, type SpacesReport, type SpeedReport, type TeamReport,
} from '~/shared/reports';
import { can } from '~/shared/roles';
import { $me, endSessionIfUnauthorized } from '~/client/admin-session';
import { ApiError, readUrl } from '~/client/api';
import { saveAsFile } from '~/client/inbox/api';
import { $adminToken, $language, showToast } from '~/client/stores';
import { useQuery } from '~/client/hooks/use-query';
import { BarChart, ColumnChart, type Bar } from './charts';
import { formatsFor, type Formats } from './formats';
import ReportTableView from './ReportTableView';

interface Period {
  from: string;
  to: string;
  interval: ReportInterval;
}

const input = 'min-h-11 rounded-lg border border-line bg-white px-3 text-sm';

function useReport<N extends ReportName>(name: N, period: Period | null) {
  const query = useQuery<ReportOf<N>>(period ? [`/api/reports/${name}`, { ...period }] : null);
  if (query.error) endSessionIfUnauthorized(query.error);
  return query;
}

async function downloadCsv(name: ReportName, table: string, period: Period, lang: string): Promise<void> {
  const headers = new Headers();
  const token = $adminToken.get();
  if (token) headers.set('Authorization', `Bearer ${token}`);
  const response = await fetch(readUrl([`/api/reports/${name}`, { ...period, format: 'csv', table, lang }]), { headers });
  if (!response.ok) throw new ApiError(response.status, response.statusText, await response.text());
  await saveAsFile(response, `${name}-${table}.csv`);
}

interface FigureProps {
  name: ReportName;
  table: ReportTable;
  title: string;
  chart: ReactNode;
  period: Period;
  t: Translate;
  f: Formats;
  extra?: { columns: string[]; rows: string[][] };
}

/** A chart with its numbers as a table beside it and a CSV of that table. */
function Figure({ name, table, title, chart, period, t, f, extra }: FigureProps) {
  const lang = useStore($language);
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
      <div className="min-w-0">{chart}</div>
      <ReportTableView table={table} caption={title} t={t} f={f} extra={extra} />
    </figure>
  );
}

function Section({ id, title, state, t, children }: { id: string; title: string; state: { loading: boolean; error?: Error }; t: Translate; children: ReactNode }) {
  return (
    <section aria-labelledby={`reports-${id}`} className="grid min-w-0 gap-4" data-testid={`report-${id}`}>
      <h2 id={`reports-${id}`} className="text-xl font-bold text-ink">{title}</h2>
      {state.error && <p role="alert" className="text-danger">{t('reports.loadFailed')}</p>}
      {state.loading && <p className="text-muted">{t('reports.loading')}</p>}
      {children}
    </section>
  );
}

const bars = (rows: { label: string; value: number }[], f: Formats, share = false): Bar[] => rows.map((row) => ({ ...row, shown: share ? f.percent(row.value) : f.number(row.value) }));
const labelOf = (t: Translate, cell: unknown) => (cell !== null && typeof cell === 'object' ? t((cell as { key: string }).key) : String(cell ?? '—'));

/**
 * "리포트" (owners, agents; viewers see the team's totals): funnel, sources, speed, team and spaces for a
 * period of Korean days, each chart with its table and CSV; optionally compared with the period before.
 */
export default function ReportsTab({ t }: { t: Translate }) {
  const lang = useStore($language);
  const me = useStore($me);
  const f = useMemo(() => formatsFor(lang), [lang]);
  const today = koreanDay(new Date());
  const [preset, setPreset] = useState<PeriodPreset>('thisMonth');
  const [custom, setCustom] = useState<Period>(() => presetPeriod('thisMonth', today));
  const [draft, setDraft] = useState<Period>(custom);
  const [problems, setProblems] = useState<Record<string, string>>({});
  const [compare, setCompare] = useState(false);
  const period: Period = preset === 'custom' ? custom : presetPeriod(preset, today);
  const previous = compare ? { ...previousPeriod(period.from, period.to), interval: period.interval } : null;
  const people = can(me?.role ?? null, 'reports.people');

  const funnel = useReport('funnel', period);
  const sources = useReport('sources', period);
  const speed = useReport('speed', period);
  const team = useReport('team', people ? period : null);
  const spaces = useReport('spaces', period);
  const funnelBefore = useReport('funnel', previous);
  const speedBefore = useReport('speed', previous);

  function apply(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const result = v.safeParse(ReportQuerySchema, draft);
    if (!result.success) {
      setProblems(Object.fromEntries(result.issues.map((issue) => [v.getDotPath(issue) ?? 'from', issue.message])));
      return;
    }
    setProblems({});
    setCustom(draft);
  }

  const figure = (name: ReportName, table: ReportTable, chart: ReactNode, extra?: FigureProps['extra']) => (
    <Figure key={table.name} name={name} table={table} title={t(`reports.charts.${table.name}`)} chart={chart} period={period} t={t} f={f} extra={extra} />
  );
  const tablesOf = <N extends ReportName>(name: N, report: ReportOf<N>) => Object.fromEntries(reportTables(name, report, period.interval).map((table) => [table.name, table]));

  return (
    <div className="grid min-w-0 gap-10">
      <div className="grid gap-4">
        <p className="text-muted">{t('reports.intro')}</p>
        <form className="flex flex-wrap items-end gap-3" onSubmit={apply} noValidate>
          <label className="grid gap-1 text-sm">
            <span className="font-semibold">{t('reports.period')}</span>
            <select value={preset} onChange={(e) => setPreset(e.target.value as PeriodPreset)} className={input} data-testid="reports-preset">
              {PERIOD_PRESETS.map((name) => <option key={name} value={name}>{t(`reports.presets.${name}`)}</option>)}
            </select>
          </label>
          {preset === 'custom' && (
            <>
              {(['from', 'to'] as const).map((field) => (
                <label key={field} className="grid gap-1 text-sm">
                  <span className="font-semibold">{t(`reports.${field}`)}</span>
                  <input type="date" value={draft[field]} onChange={(e) => setDraft({ ...draft, [field]: e.target.value })} className={input}
                    aria-invalid={problems[field] ? true : undefined} aria-describedby={problems[field] ? `reports-${field}-problem` : undefined} />
                  {problems[field] && <span id={`reports-${field}-problem`} className="text-danger">{t(problems[field]!)}</span>}
                </label>
              ))}
              <label className="grid gap-1 text-sm">
                <span className="font-semibold">{t('reports.interval')}</span>
                <select value={draft.interval} onChange={(e) => setDraft({ ...draft, interval: e.target.value as ReportInterval })} className={input}>
                  {REPORT_INTERVALS.map((name) => <option key={name} value={name}>{t(`reports.intervals.${name}`)}</option>)}
                </select>
              </label>
              <button type="submit" className="btn-primary min-h-11">{t('reports.apply')}</button>
            </>
          )}
          <label className="flex min-h-11 items-center gap-2 text-sm">
            <input type="checkbox" checked={compare} onChange={(e) => setCompare(e.target.checked)} className="size-5" />
            <span>{t('reports.compare')}</span>
          </label>
        </form>
        <p className="text-sm text-muted" data-testid="reports-period" aria-live="polite">
          {f.day(period.from)} – {f.day(period.to)}
          {previous && <> · {t('reports.compareNote', { from: f.day(previous.from), to: f.day(previous.to) })}</>}
        </p>
      </div>

      <Section id="funnel" title={t('reports.sections.funnel')} state={funnel} t={t}>
        {funnel.data && <FunnelFigures report={funnel.data} before={funnelBefore.data} figure={figure} tablesOf={tablesOf} t={t} f={f} />}
      </Section>
      <Section id="sources" title={t('reports.sections.sources')} state={sources} t={t}>
        {sources.data && <SourceFigures report={sources.data} figure={figure} tablesOf={tablesOf} t={t} f={f} />}
      </Section>
      <Section id="speed" title={t('reports.sections.speed')} state={speed} t={t}>
        {speed.data && <SpeedFigures report={speed.data} before={speedBefore.data} figure={figure} tablesOf={tablesOf} t={t} f={f} />}
      </Section>
      {people && (
        <Section id="team" title={t('reports.sections.team')} state={team} t={t}>
          {team.data && <TeamFigures report={team.data} figure={figure} tablesOf={tablesOf} t={t} f={f} />}
        </Section>
      )}
      <Section id="spaces" title={t('reports.sections.spaces')} state={spaces} t={t}>
        {spaces.data && <SpaceFigures report={spaces.data} figure={figure} tablesOf={tablesOf} t={t} f={f} />}
      </Section>
    </div>
  );
}

interface FigureSet<R> {
  report: R;
  figure: (name: ReportName, table: ReportTable, chart: ReactNode, extra?: FigureProps['extra']) => ReactNode;
  tablesOf: <N extends ReportName>(name: N, report: ReportOf<N>) => Record<string, ReportTable>;
  t: Translate;
  f: Formats;
}

const change = (now: number | null, before: number | null, f: Formats) => {
  if (now === null || before === null) return '—';
  const delta = now - before;
  return `${delta > 0 ? '+' : ''}${f.number(delta)}`;
};

function FunnelFigures({ report, before, figure, tablesOf, t, f }: FigureSet<FunnelReport> & { before?: FunnelReport }) {
  const tables = tablesOf('funnel', report);
  const stages = tables.funnel!;
  const total = stages.columns.indexOf('count');
  const previous = before ? tablesOf('funnel', before).funnel! : null;
  const extra = previous
    ? { columns: [t('reports.previous'), t('reports.change')], rows: stages.rows.map((row, index) => [f.number(previous.rows[index]!.at(-2) as number), change(row[total] as number, previous.rows[index]!.at(-2) as number, f)]) }
    : undefined;
  return (
    <div className="grid gap-6">
      {figure('funnel', stages, <BarChart title={t('reports.charts.funnel')} bars={bars(stages.rows.map((row) => ({ label: labelOf(t, row[0]), value: row[total] as number })), f)} />, extra)}
      {figure('funnel', tables.funnelByPeriod!, (
        <ColumnChart title={`${t('reports.charts.funnelByPeriod')}: ${t('reports.stages.inquiries')} / ${t('reports.stages.won')}`} columns={report.periods.map((p) => ({ label: f.shortDay(p.start), value: p.inquiries, front: p.won }))} />
      ))}
      {figure('funnel', tables.lostReasons!, <BarChart title={t('reports.charts.lostReasons')} bars={bars(tables.lostReasons!.rows.map((row) => ({ label: labelOf(t, row[0]), value: row[1] as number })), f)} />)}
      {tables.otherReasons && figure('funnel', tables.otherReasons, <BarChart title={t('reports.charts.otherReasons')} bars={bars(tables.otherReasons.rows.map((row) => ({ label: labelOf(t, row[0]), value: row[1] as number })), f)} />)}
    </div>
  );
}

function SourceFigures({ report, figure, tablesOf, t, f }: FigureSet<SourcesReport>) {
  const tables = tablesOf('sources', report);
  return (
    <div className="grid gap-6 2xl:grid-cols-2">
      {(['channels', 'campaigns', 'languages', 'floors', 'uses'] as const).map((name) => {
        const table = tables[name]!;
        return figure('sources', table, <BarChart title={t(`reports.charts.${name}`)} bars={bars(table.rows.map((row) => ({ label: labelOf(t, row[0]), value: row[1] as number })), f)} />);
      })}
    </div>
  );
}

function SpeedFigures({ report, before, figure, tablesOf, t, f }: FigureSet<SpeedReport> & { before?: SpeedReport }) {
  const tables = tablesOf('speed', report);
  const minutes = (value: number | null) => (value === null ? '—' : t('reports.minutes', { n: f.number(value) }));
  const summary = (r: SpeedReport) =>
    t('reports.speedSummary', {
      median: minutes(r.medianFirstResponseMinutes),
      p90: minutes(r.p90FirstResponseMinutes),
      hours: f.number(r.targetHours),
      share: r.withinTargetShare === null ? '—' : f.percent(r.withinTargetShare),
      overdue: f.number(r.overdue),
    });
  return (
    <div className="grid gap-6">
      {/* Office minutes, not the inbox's elapsed time: said here so nobody reads one as the other. */}
      <p className="text-sm text-muted" data-testid="speed-clock">{t('reports.speedClock')}</p>
      <p className="text-ink" data-testid="speed-summary">{summary(report)}</p>
      {before && <p className="text-sm text-muted">{t('reports.previous')}: {summary(before)}</p>}
      {figure('speed', tables.speed!, (
        <ColumnChart title={`${t('reports.charts.speed')}: ${t('reports.columns.medianMinutes')}`} columns={report.periods.map((p) => ({ label: f.shortDay(p.start), value: p.medianFirstResponseMinutes ?? 0 }))} />
      ))}
      {tables.speedByPerson && figure('speed', tables.speedByPerson, (
        <BarChart title={`${t('reports.charts.speedByPerson')}: ${t('reports.columns.medianMinutes')}`} bars={bars((report.byPerson ?? []).map((p) => ({ label: p.name ?? t('reports.nobody'), value: p.medianFirstResponseMinutes ?? 0 })), f)} />
      ))}
    </div>
  );
}

function TeamFigures({ report, figure, tablesOf, t, f }: FigureSet<TeamReport>) {
  const table = tablesOf('team', report).team!;
  return (
    <div className="grid gap-6">
      {!report.toursRecorded && <p className="text-sm text-muted">{t('reports.noTours')}</p>}
      {figure('team', table, <BarChart title={`${t('reports.charts.team')}: ${t('reports.columns.won')}`} bars={bars(report.people.map((p) => ({ label: p.name, value: p.won })), f)} />)}
    </div>
  );
}

function SpaceFigures({ report, figure, tablesOf, t, f }: FigureSet<SpacesReport>) {
  const tables = tablesOf('spaces', report);
  const share = (vacant: number, total: number) => (total === 0 ? 0 : vacant / total);
  return (
    <div className="grid gap-6">
      <p className="text-sm text-muted">{t('reports.asOf', { day: f.day(report.asOf) })}</p>
      {figure('spaces', tables.vacant!, (
        <BarChart title={`${t('reports.charts.vacant')}: ${t('reports.columns.daysOnMarket')}`} bars={bars(report.vacant.map((u) => ({ label: `${u.floor} ${u.unitNumber}`, value: u.daysOnMarket })), f)} />
      ))}
      {figure('spaces', tables.vacancyByPeriod!, (
        <ColumnChart title={`${t('reports.charts.vacancyByPeriod')}: ${t('reports.columns.vacantShare')}`} max={1} columns={report.vacancyByPeriod.map((p) => ({ label: f.shortDay(p.start), value: share(p.vacantAreaM2, p.areaM2) }))} />
      ))}
      {figure('spaces', tables.vacancyByFloor!, (
        <BarChart title={t('reports.charts.vacancyByFloor')} bars={bars(report.byFloor.map((row) => ({ label: row.floor, value: share(row.vacantAreaM2, row.areaM2) })), f, true)} />
      ))}
      {figure('spaces', tables.vacancyByAreaBand!, (
        <BarChart title={t('reports.charts.vacancyByAreaBand')} bars={bars(report.byAreaBand.map((row) => ({ label: t(`reports.bands.${row.band}`), value: share(row.vacantAreaM2, row.areaM2) })), f, true)} />
      ))}
      {figure('spaces', tables.inquiriesBySpace!, (
        <BarChart title={t('reports.charts.inquiriesBySpace')} bars={bars(report.inquiriesBySpace.map((s) => ({ label: `${s.floor} ${s.unitNumber}`, value: s.inquiries })), f)} />
      ))}
    </div>
  );
}
