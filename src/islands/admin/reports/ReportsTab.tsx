import { useMemo, useState, type ReactNode, type SubmitEvent } from 'react';
import { useStore } from '@nanostores/react';
import * as v from 'valibot';
import type { Translate } from '~/i18n/translate';
import { koreanDay } from '~/shared/business-hours';
import { PERIOD_YEARS } from '~/shared/periods';
import { reportTables, type ReportTable } from '~/shared/report-tables';
import {
  PERIOD_PRESETS, presetPeriod, previousPeriod, REPORT_INTERVALS, ReportQuerySchema, type PeriodPreset, type ReportInterval,
  type ReportName, type ReportOf, type SpeedReport,
} from '~/shared/reports';
import { can } from '~/shared/roles';
import { $me, endSessionIfUnauthorized } from '~/client/admin-session';
import { $language } from '~/client/stores';
import { useQuery } from '~/client/hooks/use-query';
import Figure, { type ReportPeriod } from './Figure';
import { REPORT_FIGURES } from './figures';
import { formatsFor, type Formats } from './formats';

const input = 'min-h-11 rounded-lg border border-line bg-white px-3 text-sm';

function useReport<N extends ReportName>(name: N, period: ReportPeriod | null) {
  const query = useQuery<ReportOf<N>>(period ? [`/api/reports/${name}`, { ...period }] : null);
  if (query.error) endSessionIfUnauthorized(query.error);
  return query;
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

/** The period before's count beside each row of the funnel's stage table, and the change. */
function comparedColumns(tables: Record<string, ReportTable>, before: Record<string, ReportTable> | null, t: Translate, f: Formats) {
  const now = tables.funnel;
  const then = before?.funnel;
  if (!now || !then) return undefined;
  const total = (table: ReportTable, row: number) => table.rows[row]!.at(-2) as number;
  return {
    columns: [t('reports.previous'), t('reports.change')],
    rows: now.rows.map((_, row) => {
      const delta = total(now, row) - total(then, row);
      return [f.number(total(then, row)), `${delta > 0 ? '+' : ''}${f.number(delta)}`];
    }),
  };
}

/** The speed report's figures in one sentence (office minutes, named so). */
function speedSummary(report: SpeedReport, t: Translate, f: Formats): string {
  const minutes = (value: number | null) => (value === null ? '—' : t('reports.minutes', { n: f.number(value) }));
  return t('reports.speedSummary', {
    median: minutes(report.medianFirstResponseMinutes),
    p90: minutes(report.p90FirstResponseMinutes),
    hours: f.number(report.targetHours),
    share: report.withinTargetShare === null ? '—' : f.percent(report.withinTargetShare),
    overdue: f.number(report.overdue),
  });
}

/**
 * "리포트" (owners, agents; viewers see the team's totals): funnel, sources, speed, team and spaces for a
 * period of Korean days — a preset (this month, a calendar quarter…) or days of one's own — each chart with its
 * table and CSV (figures.ts); optionally compared with the period before.
 */
export default function ReportsTab({ t }: { t: Translate }) {
  const lang = useStore($language);
  const me = useStore($me);
  const f = useMemo(() => formatsFor(lang), [lang]);
  const today = koreanDay(new Date());
  const [preset, setPreset] = useState<PeriodPreset>('thisMonth');
  const [custom, setCustom] = useState<ReportPeriod>(() => presetPeriod('thisMonth', today));
  const [draft, setDraft] = useState<ReportPeriod>(custom);
  const [problems, setProblems] = useState<Record<string, string>>({});
  const [compare, setCompare] = useState(false);
  const period: ReportPeriod = preset === 'custom' ? custom : presetPeriod(preset, today);
  const previous = compare ? { ...previousPeriod(period.from, period.to), interval: period.interval } : null;
  const people = can(me?.role ?? null, 'reports.people');

  const reports = {
    funnel: useReport('funnel', period),
    sources: useReport('sources', period),
    speed: useReport('speed', period),
    team: useReport('team', people ? period : null),
    spaces: useReport('spaces', period),
    'rent-roll': useReport('rent-roll', period),
    expiries: useReport('expiries', period),
    proposals: useReport('proposals', period),
  };
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

  const tablesOf = <N extends ReportName>(name: N, report: ReportOf<N>) => Object.fromEntries(reportTables(name, report, period.interval).map((table) => [table.name, table]));
  /** A report's figures as figures.ts lists them, each whose table the answer has. */
  const figures = <N extends ReportName>(name: N, report: ReportOf<N>, extraFor?: (table: string) => { columns: string[]; rows: string[][] } | undefined) => {
    const tables = tablesOf(name, report);
    return REPORT_FIGURES[name].filter((spec) => tables[spec.table]).map((spec) => (
      <Figure key={spec.table} name={name} spec={spec} table={tables[spec.table]!} period={period} t={t} f={f} extra={extraFor?.(spec.table)} />
    ));
  };
  const sections: { name: ReportName; shown: boolean; body: (data: never) => ReactNode }[] = [
    {
      name: 'funnel',
      shown: true,
      body: (data: ReportOf<'funnel'>) => {
        const extra = comparedColumns(tablesOf('funnel', data), funnelBefore.data ? tablesOf('funnel', funnelBefore.data) : null, t, f);
        return figures('funnel', data, (table) => (table === 'funnel' ? extra : undefined));
      },
    },
    { name: 'sources', shown: true, body: (data: ReportOf<'sources'>) => <div className="grid gap-6 2xl:grid-cols-2">{figures('sources', data)}</div> },
    {
      name: 'speed',
      shown: true,
      body: (data: ReportOf<'speed'>) => (
        <>
          {/* Office minutes, not the inbox's elapsed time: said here so nobody reads one as the other. */}
          <p className="text-sm text-muted" data-testid="speed-clock">{t('reports.speedClock')}</p>
          <p className="text-ink" data-testid="speed-summary">{speedSummary(data, t, f)}</p>
          {speedBefore.data && <p className="text-sm text-muted">{t('reports.previous')}: {speedSummary(speedBefore.data, t, f)}</p>}
          {figures('speed', data)}
        </>
      ),
    },
    {
      name: 'team',
      shown: people,
      body: (data: ReportOf<'team'>) => (
        <>
          {!data.toursRecorded && <p className="text-sm text-muted">{t('reports.noTours')}</p>}
          {figures('team', data)}
        </>
      ),
    },
    {
      name: 'spaces',
      shown: true,
      body: (data: ReportOf<'spaces'>) => (
        <>
          <p className="text-sm text-muted">{t('reports.asOf', { day: f.day(data.asOf) })}</p>
          {figures('spaces', data)}
        </>
      ),
    },
    {
      name: 'rent-roll',
      shown: true,
      body: (data: ReportOf<'rent-roll'>) => (
        <>
          <p className="text-sm text-muted">{t('reports.asOf', { day: f.day(data.asOf) })}</p>
          {figures('rent-roll', data)}
        </>
      ),
    },
    {
      name: 'expiries',
      shown: true,
      body: (data: ReportOf<'expiries'>) => {
        const years = (value: number | null) => (value === null ? '—' : t('reports.years', { n: f.number(value) }));
        return (
          <>
            <p className="text-sm text-muted">{t('reports.asOf', { day: f.day(data.asOf) })}</p>
            <p className="text-ink" data-testid="expiries-summary">
              {t('reports.expiriesSummary', {
                share: data.occupancy.share === null ? '—' : f.percent(data.occupancy.share),
                leased: f.number(data.occupancy.leasedAreaM2), total: f.number(data.totalAreaM2),
                byArea: years(data.wale.byArea), byRent: years(data.wale.byRent),
              })}
            </p>
            {figures('expiries', data)}
          </>
        );
      },
    },
    { name: 'proposals', shown: true, body: (data: ReportOf<'proposals'>) => figures('proposals', data) },
  ];

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
                  <input type="date" min={`${PERIOD_YEARS.first}-01-01`} max={`${PERIOD_YEARS.last}-12-31`} value={draft[field]} onChange={(e) => setDraft({ ...draft, [field]: e.target.value })} className={input}
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

      {sections.filter((section) => section.shown).map(({ name, body }) => {
        const state = reports[name];
        return (
          <Section key={name} id={name} title={t(`reports.sections.${name}`)} state={state} t={t}>
            {state.data && <div className="grid gap-6">{body(state.data as never)}</div>}
          </Section>
        );
      })}
    </div>
  );
}
