import { describe, expect, it } from 'vitest';
import { messagesFor } from '~/content/dictionaries';
import { createTranslator } from '~/i18n/translate';
import { drawnFrom, REPORT_FIGURES } from '~/islands/admin/reports/figures';
import { cellText, columnHeading } from '~/islands/admin/reports/cells';
import { formatsFor } from '~/islands/admin/reports/formats';
import { reportTables } from '~/shared/report-tables';
import { presetPeriod, type SpacesReport, type SpeedReport } from '~/shared/reports';

const t = createTranslator(messagesFor('ko'));
const f = formatsFor('ko');

/** Spaces whose vacant share sits on a rounding edge: 24.69 of 200 m² is 0.12345 — 12.4 % once rounded to the table's four places, 12.3 % if rounded again from the raw fraction. */
const spaces: SpacesReport = {
  asOf: '2026-03-25',
  vacant: [{ unitId: 'u1', floor: '3F', unitNumber: '301', status: 'available', areaM2: 24.69, daysOnMarket: 12, inquiries: 2, tours: 1 }],
  vacancyByPeriod: [
    { start: '2026-03-02', day: '2026-03-08', units: 2, vacant: 1, areaM2: 200, vacantAreaM2: 24.69, floors: [], bands: [] },
    { start: '2026-03-09', day: '2026-03-15', units: 2, vacant: 0, areaM2: 200, vacantAreaM2: 0, floors: [], bands: [] },
  ],
  byFloor: [{ floor: '3F', units: 2, vacant: 1, areaM2: 200, vacantAreaM2: 24.69 }],
  byAreaBand: [{ band: 'under50', units: 1, vacant: 1, areaM2: 24.69, vacantAreaM2: 24.69 }, { band: '200plus', units: 0, vacant: 0, areaM2: 0, vacantAreaM2: 0 }],
  inquiriesBySpace: [{ unitId: 'u1', floor: '3F', unitNumber: '301', inquiries: 2, tours: 1 }],
  toursRecorded: true,
};

describe('the reports’ charts, drawn from their tables', () => {
  const tables = Object.fromEntries(reportTables('spaces', spaces, 'week').map((table) => [table.name, table]));

  it('prints every number as the table beside it shows it, rounding alike', () => {
    for (const spec of REPORT_FIGURES.spaces) {
      const table = tables[spec.table]!;
      const drawn = drawnFrom(spec, table, 'week', t, f);
      const column = table.columns.findIndex((name) => name === spec.value);
      if (drawn.chart === 'bars') {
        expect(drawn.bars.map((bar) => bar.shown), spec.table).toEqual(table.rows.map((row) => cellText(table, spec.value, row[column] ?? null, t, f)));
      }
    }
    const floor = drawnFrom(REPORT_FIGURES.spaces.find((spec) => spec.table === 'vacancyByFloor')!, tables.vacancyByFloor!, 'week', t, f);
    expect(floor.chart === 'bars' && floor.bars[0]!.shown).toBe('12.4%');
  });

  it('names its value axis for what it counts, up to its largest value as the table shows it', () => {
    const days = drawnFrom(REPORT_FIGURES.spaces[0]!, tables.vacant!, 'week', t, f);
    expect(days.axis).toEqual({ title: columnHeading('daysOnMarket', t, f), max: 12, maxShown: '12' });
    expect(days.axis.title).toBe('공실 일수');
    const share = drawnFrom(REPORT_FIGURES.spaces.find((spec) => spec.table === 'vacancyByPeriod')!, tables.vacancyByPeriod!, 'week', t, f);
    // A share's axis runs to 100 %.
    expect(share.axis).toMatchObject({ title: '공실 면적 비율', max: 1, maxShown: '100%' });
    expect(share.chart === 'columns' && share.columns.map((column) => column.label)).toEqual(['3. 2.', '3. 9.']);
  });

  it('says a chart of nothing but zeros (or of no values) so, not a frame of no bars', () => {
    const none: SpeedReport = {
      answered: 0, medianFirstResponseMinutes: null, p90FirstResponseMinutes: null, withinTargetShare: null, overdue: 0, targetHours: 4,
      periods: [{ start: '2026-03-02', answered: 0, medianFirstResponseMinutes: null, p90FirstResponseMinutes: null, withinTargetShare: null, overdue: 0 }],
      byPerson: [],
    };
    const speed = Object.fromEntries(reportTables('speed', none, 'week').map((table) => [table.name, table]));
    // No answer yet: a dash in every row, nothing to draw ("no data"); no person at all: no rows.
    for (const spec of REPORT_FIGURES.speed) expect(drawnFrom(spec, speed[spec.table]!, 'week', t, f).empty, spec.table).toBe('none');
    // A week of vacancy 0: zeros, said as such.
    const noVacancy = { ...spaces, vacancyByPeriod: [spaces.vacancyByPeriod[1]!] };
    const byPeriod = reportTables('spaces', noVacancy, 'week').find((table) => table.name === 'vacancyByPeriod')!;
    expect(drawnFrom(REPORT_FIGURES.spaces.find((spec) => spec.table === 'vacancyByPeriod')!, byPeriod, 'week', t, f).empty).toBe('zero');
    expect(drawnFrom(REPORT_FIGURES.spaces[0]!, tables.vacant!, 'week', t, f).empty).toBe(false);
  });
});

describe('the period presets', () => {
  it.each([
    ['2026-02-10', 'thisQuarter', '2026-01-01', '2026-02-10'],
    ['2026-02-10', 'lastQuarter', '2025-10-01', '2025-12-31'],
    ['2026-04-01', 'thisQuarter', '2026-04-01', '2026-04-01'],
    ['2026-04-01', 'lastQuarter', '2026-01-01', '2026-03-31'],
    ['2026-12-31', 'lastQuarter', '2026-07-01', '2026-09-30'],
    ['2026-12-31', 'last3Months', '2026-10-01', '2026-12-31'],
  ] as const)('on %s, %s is %s to %s', (today, preset, from, to) => {
    expect(presetPeriod(preset, today)).toEqual({ from, to, interval: 'week' });
  });
});
