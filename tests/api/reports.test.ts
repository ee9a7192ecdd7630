import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import reports from '../../functions/reports.ts';
import units from '../../functions/units.ts';
import { koreanDay } from '../../src/shared/business-hours.ts';
import { funnelReport } from '../../src/server/reports/funnel.ts';
import { periodOf } from '../../src/server/reports/period.ts';
import { sourcesReport } from '../../src/server/reports/sources.ts';
import { tableCsv } from '../../src/server/reports/csv.ts';
import { reportTables } from '../../src/shared/report-tables.ts';
import { recordUnitStatusDay, spacesReport } from '../../src/server/reports/spaces.ts';
import { speedReport } from '../../src/server/reports/speed.ts';
import { teamReport } from '../../src/server/reports/team.ts';
import { call } from '../support/api-calls.ts';
import { adminToken, useApiBackend } from '../support/api-suite.ts';
import { availableBackends } from '../support/db-backends.ts';
import { staffAccount, type TestAccount } from '../support/staff.ts';

/** A Korean wall-clock time as an instant (Seoul is UTC+9 all year). */
const seoul = (text: string) => new Date(`${text}+09:00`);
/** The fixed "now" of the hand-worked answers: Wednesday 25 March 2026, noon in Seoul. */
const NOW = seoul('2026-03-25T12:00:00');
/** A CSV answer: its headers and text (call() reads every answer as JSON). */
async function csvOf(path: string, token: string) {
  const response = await reports(new Request(`http://127.0.0.1${path}`, { headers: { Authorization: `Bearer ${token}` } }), { ip: randomUUID(), params: {} } as never);
  // Decoded keeping the byte-order mark, which text() would drop.
  return { headers: response.headers, text: new TextDecoder('utf-8', { ignoreBOM: true }).decode(await response.arrayBuffer()) };
}
const MARCH = periodOf({ from: '2026-03-01', to: '2026-03-31', interval: 'week' }, NOW);

/**
 * The fixed data set (times in Seoul). Weeks of March 2026 start on Mondays 02-23, 03-02, 03-09, 03-16,
 * 03-23 and 03-30; 03-09, 03-23 and 03-30 have no inquiry.
 * - A: Sunday 03-01 23:30, from Google, ko, about space 3F-301; Dana contacts it Monday 10:00 — Monday 03-02 is
 *   a holiday (삼일절's substitute, content/holidays.json), so that took 0 office minutes.
 * - B: Monday 03-02 00:30 (UTC: Sunday 15:30 — it belongs to Monday's week), campaign naver/spring, en;
 *   Dana: contacted 09:30 (the holiday: 0 min), touring, proposal, lost (price), reopened to proposal, won.
 * - C: Tuesday 03-03 14:00, direct, ko, desired 5F and 6F; Eun's note at 15:00 (60 min), then lost for its price.
 * - D: Wednesday 03-04 10:00, from Instagram, zh; never answered: overdue since 14:00 that day.
 * - E: Wednesday 03-18 09:00, from a partner site, ja; Dana moves it to touring 17:00 (480 min), then lost
 *   for an "other" reason whose words look like a formula.
 * - Outside the period: 02-28 23:59 and 04-01 00:10 (the latter about 3F-301 too).
 */
describe.each(availableBackends({ neon: true }))('reports: funnel, sources, speed, team and spaces on $name', (backend) => {
  const ctx = useApiBackend(backend);
  let admin = '';
  let dana: TestAccount;
  let eun: TestAccount;
  let viewer: TestAccount;
  const unit = { u1: '', u2: '', u3: '' };

  async function inquiry(at: string, fields: Record<string, unknown>, history: { at: string; by: string; status?: string; note?: string; assignee?: string }[] = []) {
    const id = randomUUID();
    await ctx.db
      .insertInto('inquiries')
      .values({ id, name: 'Prospect', email: 'p@example.com', phone: '010-0000-0000', message: 'Hello', createdAt: seoul(at), ...fields } as never)
      .execute();
    for (const entry of history) {
      await ctx.db
        .insertInto('inquiryHistory')
        .values({ inquiryId: id, at: seoul(entry.at), actorId: entry.by, status: entry.status ?? null, note: entry.note ?? null, assigned: Boolean(entry.assignee), assigneeId: entry.assignee ?? null } as never)
        .execute();
    }
    return id;
  }

  async function space(floor: string, unitNumber: string, area: number, status: string, createdAt: string, days: [string, string, string][]) {
    const id = randomUUID();
    await ctx.db
      .insertInto('units')
      .values({ id, floor, unitNumber, exclusiveAreaM2: area, supplyAreaM2: area * 1.5, status, createdAt: seoul(createdAt), updatedAt: seoul(createdAt) } as never)
      .execute();
    for (const [first, last, dayStatus] of days) {
      await sql`insert into unit_status_days (day, unit_id, floor, unit_number, status, exclusive_area_m2)
        select d::date, ${id}::uuid, ${floor}, ${unitNumber}, ${dayStatus}, ${area} from generate_series(${first}::date, ${last}::date, interval '1 day') d`.execute(ctx.db);
    }
    return id;
  }

  beforeAll(async () => {
    admin = await adminToken();
    dana = await staffAccount(admin, 'agent', 'Dana');
    eun = await staffAccount(admin, 'agent', 'Eun');
    viewer = await staffAccount(admin, 'viewer', 'Vera');
    await ctx.db.deleteFrom('inquiries').execute();
    await ctx.db.deleteFrom('units').execute();
    await sql`delete from unit_status_days`.execute(ctx.db);
    // A space leased and vacated twice; one leased all month; one negotiating, first recorded 03-10, created 03-08.
    unit.u1 = await space('3F', '301', 120, 'available', '2026-02-01T10:00:00', [
      ['2026-03-01', '2026-03-03', 'available'], ['2026-03-04', '2026-03-06', 'leased'], ['2026-03-07', '2026-03-10', 'available'],
      ['2026-03-11', '2026-03-15', 'leased'], ['2026-03-16', '2026-03-25', 'available'],
    ]);
    unit.u2 = await space('5F', '501', 40, 'leased', '2026-02-01T10:00:00', [['2026-03-01', '2026-03-25', 'leased']]);
    unit.u3 = await space('5F', '502', 250, 'negotiating', '2026-03-08T10:00:00', [['2026-03-10', '2026-03-25', 'negotiating']]);

    const google = { path: '/contact', referrer: 'https://www.google.com/search?q=btower', utm: {} };
    await inquiry('2026-03-01T23:30:00', { status: 'contacted', touchedAt: seoul('2026-03-02T10:00:00'), source: JSON.stringify(google), locale: 'ko', unitId: unit.u1, unitFloor: '3F', unitNumber: '301', businessType: 'F&B' }, [
      { at: '2026-03-02T09:00:00', by: dana.id, assignee: dana.id },
      { at: '2026-03-02T10:00:00', by: dana.id, status: 'contacted' },
    ]);
    await inquiry('2026-03-02T00:30:00', { status: 'won', touchedAt: seoul('2026-03-02T09:30:00'), source: JSON.stringify({ path: '/', referrer: null, utm: { utm_source: 'naver', utm_campaign: 'spring' } }), locale: 'en', desiredFloors: ['3F'], businessType: 'F&B' }, [
      { at: '2026-03-02T09:00:00', by: dana.id, assignee: dana.id },
      { at: '2026-03-02T09:30:00', by: dana.id, status: 'contacted' },
      { at: '2026-03-05T11:00:00', by: dana.id, status: 'touring' },
      { at: '2026-03-09T11:00:00', by: dana.id, status: 'proposal' },
      { at: '2026-03-12T11:00:00', by: dana.id, status: 'lost' },
      { at: '2026-03-16T11:00:00', by: dana.id, status: 'proposal' },
      { at: '2026-03-20T11:00:00', by: dana.id, status: 'won' },
    ]);
    await inquiry('2026-03-03T14:00:00', { status: 'lost', lostReason: 'price', touchedAt: seoul('2026-03-03T15:00:00'), locale: 'ko', desiredFloors: ['5F', '6F'] }, [
      { at: '2026-03-03T14:30:00', by: eun.id, assignee: eun.id },
      { at: '2026-03-03T15:00:00', by: eun.id, note: 'Called back' },
      { at: '2026-03-04T10:00:00', by: eun.id, status: 'lost' },
    ]);
    await inquiry('2026-03-04T10:00:00', { source: JSON.stringify({ path: '/', referrer: 'https://www.instagram.com/', utm: {} }), locale: 'zh' });
    await inquiry('2026-03-18T09:00:00', { status: 'lost', lostReason: 'other', lostReasonText: '=SUM(A1)', touchedAt: seoul('2026-03-18T17:00:00'), source: JSON.stringify({ path: '/', referrer: 'https://partner.example.com/list', utm: {} }), locale: 'ja', businessType: 'Medical' }, [
      { at: '2026-03-18T17:00:00', by: dana.id, status: 'touring' },
      { at: '2026-03-20T10:00:00', by: dana.id, status: 'lost' },
    ]);
    await inquiry('2026-02-28T23:59:00', { status: 'won', locale: 'ko' }, [{ at: '2026-02-28T23:59:30', by: dana.id, status: 'won' }]);
    await inquiry('2026-04-01T00:10:00', { locale: 'ko', unitId: unit.u1, unitFloor: '3F', unitNumber: '301' });
  });

  const zeroWeek = { inquiries: 0, contacted: 0, toured: 0, proposal: 0, won: 0, lost: 0 };

  it('counts the funnel as a cohort per Seoul week: Monday 00:30 in its own week, the reopened inquiry as won, empty weeks as zero', async () => {
    const report = await funnelReport(ctx.db, MARCH, true);
    expect(report.periods).toEqual([
      { start: '2026-02-23', inquiries: 1, contacted: 1, toured: 0, proposal: 0, won: 0, lost: 0 },
      { start: '2026-03-02', inquiries: 3, contacted: 1, toured: 1, proposal: 1, won: 1, lost: 1 },
      { start: '2026-03-09', ...zeroWeek },
      { start: '2026-03-16', inquiries: 1, contacted: 1, toured: 1, proposal: 0, won: 0, lost: 1 },
      { start: '2026-03-23', ...zeroWeek },
      { start: '2026-03-30', ...zeroWeek },
    ]);
    expect(report.totals).toEqual({ inquiries: 5, contacted: 3, toured: 2, proposal: 1, won: 1, lost: 2 });
    // Every reason of the list in its order, zeros too; "other"'s words apart.
    expect(report.lostReasons).toEqual([
      { reason: 'price', count: 1 }, { reason: 'size', count: 0 }, { reason: 'timing', count: 0 }, { reason: 'location', count: 0 },
      { reason: 'leased_elsewhere', count: 0 }, { reason: 'no_response', count: 0 }, { reason: 'other', count: 1 },
    ]);
    expect(report.otherReasons).toEqual([{ text: '=SUM(A1)', count: 1 }]);
    expect((await funnelReport(ctx.db, MARCH, false)).otherReasons).toBeUndefined();
    // By month, the same inquiries fall in March alone.
    const monthly = await funnelReport(ctx.db, periodOf({ from: '2026-03-01', to: '2026-03-31', interval: 'month' }, NOW), true);
    expect(monthly.periods).toEqual([{ start: '2026-03-01', inquiries: 5, contacted: 3, toured: 2, proposal: 1, won: 1, lost: 2 }]);
  });

  it('groups sources by channel, campaign, language, floor and use with win rates', async () => {
    const report = await sourcesReport(ctx.db, MARCH);
    expect(report.total).toBe(5);
    expect(report.channels).toEqual([
      { key: 'direct', inquiries: 1, won: 0, lost: 1, winRate: 0 },
      { key: 'search', inquiries: 1, won: 0, lost: 0, winRate: null },
      { key: 'social', inquiries: 1, won: 0, lost: 0, winRate: null },
      { key: 'referral', inquiries: 1, won: 0, lost: 1, winRate: 0 },
      { key: 'campaign', inquiries: 1, won: 1, lost: 0, winRate: 1 },
    ]);
    expect(report.campaigns).toEqual([{ key: 'naver / spring', inquiries: 1, won: 1, lost: 0, winRate: 1 }]);
    expect(report.languages).toEqual([
      { key: 'ko', inquiries: 2, won: 0, lost: 1, winRate: 0 },
      { key: 'en', inquiries: 1, won: 1, lost: 0, winRate: 1 },
      { key: 'ja', inquiries: 1, won: 0, lost: 1, winRate: 0 },
      { key: 'zh', inquiries: 1, won: 0, lost: 0, winRate: null },
    ]);
    expect(report.floors).toEqual([
      { key: '', inquiries: 2, won: 0, lost: 1, winRate: 0 },
      { key: '3F', inquiries: 2, won: 1, lost: 0, winRate: 1 },
      { key: '5F', inquiries: 1, won: 0, lost: 1, winRate: 0 },
      { key: '6F', inquiries: 1, won: 0, lost: 1, winRate: 0 },
    ]);
    expect(report.uses).toEqual([
      { key: '', inquiries: 2, won: 0, lost: 1, winRate: 0 },
      { key: 'F&B', inquiries: 2, won: 1, lost: 0, winRate: 1 },
      { key: 'Medical', inquiries: 1, won: 0, lost: 1, winRate: 0 },
    ]);
    // Their tables name floors, uses and languages in the reader's words, never by code (issue 38).
    const tables = Object.fromEntries(reportTables('sources', report as never, 'week').map((table) => [table.name, tableCsv(table, 'ko')]));
    expect(tables.floors).toContain('\r\n3층,2,1,0,1\r\n');
    expect(tables.uses).toContain('\r\n의료,1,0,1,0\r\n');
    expect(tables.languages).toContain('\r\n영어,1,1,0,1\r\n');
    for (const name of ['floors', 'uses', 'languages']) expect(tables[name]).not.toMatch(/\b(3F|5F|6F|Medical|ko|en|ja|zh|English|中文)\b/);
  });

  it('measures first response in office minutes: median, 90th percentile, within the 4-hour target, overdue; per week and person', async () => {
    const report = await speedReport(ctx.db, MARCH, true);
    // Answers took 0, 0 (on the holiday), 60 and 480 office minutes: median (0 + 60) / 2, 90th percentile
    // 60 + 0.7 × 420; 3 of 5 within 240 minutes, as D is still unanswered past its target.
    expect(report).toMatchObject({ targetHours: 4, answered: 4, medianFirstResponseMinutes: 30, p90FirstResponseMinutes: 354, withinTargetShare: 0.6, overdue: 1 });
    const empty = { answered: 0, medianFirstResponseMinutes: null, p90FirstResponseMinutes: null, withinTargetShare: null, overdue: 0 };
    expect(report.periods).toEqual([
      { start: '2026-02-23', answered: 1, medianFirstResponseMinutes: 0, p90FirstResponseMinutes: 0, withinTargetShare: 1, overdue: 0 },
      { start: '2026-03-02', answered: 2, medianFirstResponseMinutes: 30, p90FirstResponseMinutes: 54, withinTargetShare: 0.6667, overdue: 1 },
      { start: '2026-03-09', ...empty },
      { start: '2026-03-16', answered: 1, medianFirstResponseMinutes: 480, p90FirstResponseMinutes: 480, withinTargetShare: 0, overdue: 0 },
      { start: '2026-03-23', ...empty },
      { start: '2026-03-30', ...empty },
    ]);
    expect(report.byPerson).toEqual([
      { userId: dana.id, name: 'Dana', answered: 3, medianFirstResponseMinutes: 0, p90FirstResponseMinutes: 384, withinTargetShare: 0.6667, overdue: 0 },
      { userId: eun.id, name: 'Eun', answered: 1, medianFirstResponseMinutes: 60, p90FirstResponseMinutes: 60, withinTargetShare: 1, overdue: 0 },
    ]);
    expect((await speedReport(ctx.db, MARCH, false)).byPerson).toBeUndefined();
  });

  it('shows per person what they did in the period, tours held among it', async () => {
    const report = await teamReport(ctx.db, MARCH);
    // The tours table exists (issue 26): no tour was held in March, so each person held none.
    expect(report.toursRecorded).toBe(true);
    const row = (name: string) => report.people.find((person) => person.name === name);
    expect(report.people[0]!.name).toBe('Dana');
    expect(row('Dana')).toEqual({ userId: dana.id, name: 'Dana', assigned: 2, contacted: 2, toursHeld: 0, proposals: 1, won: 1, medianFirstResponseMinutes: 0 });
    expect(row('Eun')).toEqual({ userId: eun.id, name: 'Eun', assigned: 1, contacted: 0, toursHeld: 0, proposals: 0, won: 0, medianFirstResponseMinutes: 60 });
    // The owner can be assigned, so is listed with zeros; a viewer cannot, and did nothing.
    expect(report.people.map((person) => person.name)).not.toContain('Vera');
    expect(report.people).toHaveLength(3);
  });

  it('lists vacant spaces with days on market, and vacancy per week as the spaces stood on its last recorded day', async () => {
    const report = await spacesReport(ctx.db, MARCH);
    expect(report.asOf).toBe('2026-03-25');
    expect(report.vacant).toEqual([
      { unitId: unit.u3, floor: '5F', unitNumber: '502', status: 'negotiating', areaM2: 250, daysOnMarket: 17, inquiries: 0, tours: 0 },
      // Leased and vacated twice: on the market again since 03-16.
      { unitId: unit.u1, floor: '3F', unitNumber: '301', status: 'available', areaM2: 120, daysOnMarket: 9, inquiries: 1, tours: 0 },
    ]);
    expect(report.vacancyByPeriod.map(({ floors: _floors, bands: _bands, ...totals }) => totals)).toEqual([
      { start: '2026-02-23', day: '2026-03-01', units: 2, vacant: 1, areaM2: 160, vacantAreaM2: 120 },
      { start: '2026-03-02', day: '2026-03-08', units: 2, vacant: 1, areaM2: 160, vacantAreaM2: 120 },
      { start: '2026-03-09', day: '2026-03-15', units: 3, vacant: 1, areaM2: 410, vacantAreaM2: 250 },
      { start: '2026-03-16', day: '2026-03-22', units: 3, vacant: 2, areaM2: 410, vacantAreaM2: 370 },
      { start: '2026-03-23', day: '2026-03-25', units: 3, vacant: 2, areaM2: 410, vacantAreaM2: 370 },
      { start: '2026-03-30', day: null, units: 0, vacant: 0, areaM2: 0, vacantAreaM2: 0 },
    ]);
    expect(report.vacancyByPeriod[2]!.floors).toEqual([
      { floor: '3F', units: 1, vacant: 0, areaM2: 120, vacantAreaM2: 0 },
      { floor: '5F', units: 2, vacant: 1, areaM2: 290, vacantAreaM2: 250 },
    ]);
    expect(report.vacancyByPeriod[2]!.bands.filter((band) => band.units > 0).map((band) => [band.band, band.vacant])).toEqual([['under50', 0], ['100to200', 0], ['200plus', 1]]);
    expect(report.byFloor).toEqual([
      { floor: '3F', units: 1, vacant: 1, areaM2: 120, vacantAreaM2: 120 },
      { floor: '5F', units: 2, vacant: 1, areaM2: 290, vacantAreaM2: 250 },
    ]);
    expect(report.byAreaBand).toEqual([
      { band: 'under50', units: 1, vacant: 0, areaM2: 40, vacantAreaM2: 0 },
      { band: '50to100', units: 0, vacant: 0, areaM2: 0, vacantAreaM2: 0 },
      { band: '100to200', units: 1, vacant: 1, areaM2: 120, vacantAreaM2: 120 },
      { band: '200plus', units: 1, vacant: 1, areaM2: 250, vacantAreaM2: 250 },
    ]);
    expect(report.inquiriesBySpace).toEqual([{ unitId: unit.u1, floor: '3F', unitNumber: '301', inquiries: 1, tours: 0 }]);
  });

  it('records a space’s status for today on every change, and each space once a night', async () => {
    const today = koreanDay(new Date());
    const before = (await call(units, 'GET', `/api/units/${unit.u2}`, { token: admin })).json;
    // What a read adds and a write does not take: the record's own facts and the lease that governs it.
    const { id: _id, createdAt: _c, updatedAt: _u, version: _v, lease: _lease, ...body } = before;
    expect((await call(units, 'PUT', `/api/units/${unit.u2}`, { token: admin, body: { ...body, status: 'available' } })).status).toBe(200);
    const row = await ctx.db.selectFrom('unitStatusDays').select(['status']).where('unitId', '=', unit.u2).where(sql<boolean>`day = ${today}::date`).executeTakeFirstOrThrow();
    expect(row.status).toBe('available');
    // The night's record adds the day for every space and keeps what a change wrote that day.
    expect(await recordUnitStatusDay(ctx.db, '2026-03-26')).toBe(3);
    expect(await recordUnitStatusDay(ctx.db, '2026-03-26')).toBe(0);
    expect(await recordUnitStatusDay(ctx.db, today)).toBe(0);
  });

  it('answers the route with the contract’s shape, as CSV on request, and refuses a bad period with its fields', async () => {
    const query = 'from=2026-03-01&to=2026-03-31&interval=week';
    const funnel = await call(reports, 'GET', `/api/reports/funnel?${query}`, { token: viewer.token });
    expect(funnel.status).toBe(200);
    expect(funnel.headers.get('cache-control')).toBe('private, max-age=60');
    expect(Object.keys(funnel.json).sort()).toEqual(['lostReasons', 'periods', 'totals']);
    expect(funnel.json.totals).toEqual({ inquiries: 5, contacted: 3, toured: 2, proposal: 1, won: 1, lost: 2 });
    // Viewers see the team's speed, not per person; agents see both.
    expect((await call(reports, 'GET', `/api/reports/speed?${query}`, { token: viewer.token })).json.byPerson).toBeUndefined();
    expect((await call(reports, 'GET', `/api/reports/speed?${query}`, { token: dana.token })).json.byPerson).toHaveLength(2);

    const csv = await csvOf(`/api/reports/funnel?${query}&format=csv&table=funnelByPeriod&lang=en`, viewer.token);
    expect(csv.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(csv.text.split('\r\n')).toEqual([
      '\uFEFFPeriod,Inquiries,Contacted,Toured,Proposal,Won,Lost',
      '2026-02-23,1,1,0,0,0,0',
      '2026-03-02,3,1,1,1,1,1',
      '2026-03-09,0,0,0,0,0,0',
      '2026-03-16,1,1,1,0,0,1',
      '2026-03-23,0,0,0,0,0,0',
      '2026-03-30,0,0,0,0,0,0',
      '',
    ]);
    // The funnel's own table: each stage per week (the columns its chart over time shows), then the total and the conversion.
    const stages = await csvOf(`/api/reports/funnel?${query}&format=csv&lang=en`, viewer.token);
    expect(stages.text.split('\r\n')).toEqual([
      '\uFEFFStage,Week of 2026-02-23,Week of 2026-03-02,Week of 2026-03-09,Week of 2026-03-16,Week of 2026-03-23,Week of 2026-03-30,Count,Conversion',
      'Inquiries,1,3,0,1,0,0,5,',
      'Contacted,1,1,0,1,0,0,3,0.6',
      'Toured,0,1,0,1,0,0,2,0.6667',
      'Proposal,0,1,0,0,0,0,1,0.5',
      'Won,0,1,0,0,0,0,1,1',
      'Lost,0,1,0,1,0,0,2,0.4',
      '',
    ]);
    const monthly = await csvOf('/api/reports/funnel?from=2026-03-01&to=2026-03-31&interval=month&format=csv&lang=ko', viewer.token);
    expect(monthly.text.split('\r\n').slice(0, 2)).toEqual(['\uFEFF단계,2026-03,건수,전환율', '문의,5,5,']);
    const reasons = await csvOf(`/api/reports/funnel?${query}&format=csv&table=lostReasons&lang=ko`, viewer.token);
    expect(reasons.text.split('\r\n')).toEqual(['\uFEFF사유,건수', '가격,1', '면적,0', '입주 시기,0', '위치,0', '다른 곳과 계약,0', '연락 두절,0', '기타,1', '']);
    // "Other"'s words for those who read inquiries unmasked, formula-safe.
    const other = await csvOf(`/api/reports/funnel?${query}&format=csv&table=otherReasons&lang=en`, dana.token);
    expect(other.text).toBe("\uFEFFOther reason,Count\r\n'=SUM(A1),1\r\n");

    const bad = async (search: string) => (await call(reports, 'GET', `/api/reports/funnel?${search}`, { token: viewer.token })).json.error;
    expect(await bad('from=2026-02-30&to=2026-03-31')).toMatchObject({ code: 'invalid_input', fields: { from: 'reports.errors.dateInvalid' } });
    expect(await bad('from=2026-03-31&to=2026-03-01')).toMatchObject({ code: 'invalid_input', fields: { to: 'reports.errors.rangeReversed' } });
    expect(await bad('from=2024-01-01&to=2026-03-01')).toMatchObject({ code: 'invalid_input', fields: { to: 'reports.errors.rangeTooLong' } });
    expect(await bad('from=2026-03-01&to=2026-03-31&interval=day')).toMatchObject({ code: 'invalid_input', fields: { interval: 'reports.errors.intervalInvalid' } });
    expect(await bad('to=2026-03-31')).toMatchObject({ code: 'invalid_input', fields: { from: 'reports.errors.dateInvalid' } });
    expect(await bad(`${query}&format=csv&table=nope`)).toMatchObject({ code: 'invalid_input', fields: { table: 'reports.errors.tableInvalid' } });
  });

  it('answers again from its cache until something it reads changes', async () => {
    const query = '/api/reports/funnel?from=2026-03-01&to=2026-03-31';
    const first = (await call(reports, 'GET', query, { token: admin })).json.totals.inquiries;
    await inquiry('2026-03-10T10:00:00', { locale: 'ko' });
    const second = (await call(reports, 'GET', query, { token: admin })).json.totals.inquiries;
    expect(second).toBe(first + 1);
  });
});
