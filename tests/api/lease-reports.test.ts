import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import inquiries from '../../functions/inquiries.ts';
import leases from '../../functions/leases.ts';
import reports from '../../functions/reports.ts';
import units from '../../functions/units.ts';
import { resetServerEnv } from '../../src/server/env.ts';
import { koreanDay } from '../../src/shared/business-hours.ts';
import { addDays, addMonths } from '../../src/shared/deals/schedule.ts';
import { call } from '../support/api-calls.ts';
import { adminToken, inquiryBody, uploaded, useApiBackend } from '../support/api-suite.ts';
import { availableBackends } from '../support/db-backends.ts';
import { staffAccount, type TestAccount } from '../support/staff.ts';

const DAY_MS = 86_400_000;
/** Years left on a lease on `asOf`, its last day included (WALE's remaining term). */
const yearsLeft = (endsOn: string, asOf: string) => (Date.parse(`${endsOn}T00:00:00Z`) - Date.parse(`${asOf}T00:00:00Z`) + DAY_MS) / DAY_MS / 365.25;
/** The calendar quarter of a day, as the expiry schedule names it: '2027-Q3'. */
const quarterOf = (day: string) => `${day.slice(0, 4)}-Q${Math.floor((Number(day.slice(5, 7)) - 1) / 3) + 1}`;

/**
 * Issue 40's lease reports, read on a building whose leases were entered the way the owner enters them — a tenant
 * already in its second lease year, another half way through a two-year term, a third space empty with a draft on it —
 * through the API alone, on a database of their own, so every figure is exact: the rent roll's rent (the escalated
 * one), 관리비 and deposit held; occupancy now and after each expiry; WALE by area and by rent.
 */
describe.each(availableBackends())('the rent roll and the expiry schedule on $name', (backend) => {
  useApiBackend(backend);
  let admin = '';
  let viewer: TestAccount;
  const today = koreanDay(new Date());
  const thisMonth = `${today.slice(0, 7)}-01`;
  /** A tenant since 13 months ago: in its second lease year today (₩18,000,000 × 1.03). */
  const firstStart = addMonths(thisMonth, -13);
  /** A tenant since six months ago, for two years at ₩10,000,000 flat. */
  const secondStart = addMonths(thisMonth, -6);
  const firstEnds = addDays(addMonths(firstStart, 60), -1);
  const secondEnds = addDays(addMonths(secondStart, 24), -1);
  const made = { first: '', second: '', draft: '' };
  const spaces = { first: '', second: '' };

  const newUnit = async (supplyAreaM2: number, exclusiveAreaM2: number, monthlyRent: number) => {
    const answer = await call(units, 'POST', '/api/units', {
      token: admin,
      body: { floor: '7F', unitNumber: `7${String(Math.floor(Math.random() * 90) + 10)}-${randomUUID().slice(0, 3)}`, exclusiveAreaM2, supplyAreaM2, uses: ['Office'], status: 'available', monthlyRent, deposit: monthlyRent * 10, maintenanceFee: supplyAreaM2 * 14_000, pricePublic: true },
    });
    expect(answer.status, answer.text).toBe(201);
    return answer.json as { id: string; unitNumber: string };
  };
  /** The owner enters a lease signed on paper: opened with the reason, its terms and dates as signed, then signed with its PDF. */
  async function enterLease(unitId: string, company: string, terms: Record<string, unknown>, contractOn: string, sign = true): Promise<string> {
    const inquiry = await call(inquiries, 'POST', '/api/inquiries', { body: inquiryBody({ unitId, company, email: `t-${randomUUID().slice(0, 6)}@example.com` }) });
    expect(inquiry.status, inquiry.text).toBe(201);
    const opened = await call(leases, 'POST', `/api/inquiries/${inquiry.json.id}/lease`, { token: admin, body: { overrideReason: 'Signed on paper before the panel had leases' } });
    expect(opened.status, opened.text).toBe(201);
    const filled = await call(leases, 'PATCH', `/api/leases/${opened.json.id}`, {
      token: admin,
      body: { tenant: { businessNumber: '220-81-62517', representative: '박대표' }, terms: { ...opened.json.terms, ...terms }, dates: { contractOn, handoverOn: terms.startDate } },
      headers: { 'If-Match': `"${opened.json.version}"` },
    });
    expect(filled.status, filled.text).toBe(200);
    if (sign) {
      const signed = await call(leases, 'POST', `/api/leases/${opened.json.id}/sign`, {
        token: admin, body: { signedOn: contractOn, documentPath: await uploaded('lease', new TextEncoder().encode('%PDF-1.4 signed')) }, headers: { 'If-Match': `"${filled.json.version}"` },
      });
      expect(signed.status, signed.text).toBe(200);
      expect(signed.json.status).toBe('active');
    }
    return opened.json.id as string;
  }

  beforeAll(async () => {
    resetServerEnv();
    admin = await adminToken();
    viewer = await staffAccount(admin, 'viewer', 'Vic');
    // 500 + 250 + 250 m² of contract area: the building's 1,000.
    const [a, b, c] = [await newUnit(500, 275, 18_000_000), await newUnit(250, 140, 10_000_000), await newUnit(250, 140, 10_000_000)];
    Object.assign(spaces, { first: a.unitNumber, second: b.unitNumber });
    const plain = { vatExcluded: true, fitoutMonths: 0, freeRent: { basis: 'perYear', months: 0 }, tiKrw: 0, brokerFeeKrw: 0 };
    made.first = await enterLease(a.id, '(주)첫째상사', { ...plain, depositKrw: 180_000_000, rentPerM2Krw: 36_000, maintenancePerM2Krw: 14_000, termMonths: 60, startDate: firstStart, escalationPct: 3 }, addDays(firstStart, -20));
    made.second = await enterLease(b.id, '(주)둘째상사', { ...plain, depositKrw: 50_000_000, rentPerM2Krw: 40_000, maintenancePerM2Krw: 14_000, termMonths: 24, startDate: secondStart, escalationPct: 0 }, addDays(secondStart, -10));
    // A draft is no lease: it never counts.
    made.draft = await enterLease(c.id, '(주)초안상사', { ...plain, depositKrw: 50_000_000, rentPerM2Krw: 40_000, maintenancePerM2Krw: 14_000, termMonths: 24, startDate: addMonths(thisMonth, 2), escalationPct: 0 }, today, false);
  });
  afterAll(() => resetServerEnv());

  it('the rent roll lists the leases in force today with this month’s rent (escalated in year 2), 관리비 and the deposit held, and totals them; its CSV says the same', async () => {
    const roll = await call(reports, 'GET', `/api/reports/rent-roll?from=${addDays(today, -30)}&to=${today}`, { token: viewer.token });
    expect(roll.status, roll.text).toBe(200);
    expect(roll.json.asOf).toBe(today);
    const rows = roll.json.leases as { leaseId: string }[];
    expect(rows.map((row) => row.leaseId).sort()).toEqual([made.first, made.second].sort());
    expect(rows.find((row) => row.leaseId === made.first)).toMatchObject({
      tenant: '(주)첫째상사', status: 'active', contractAreaM2: 500, exclusiveAreaM2: 275,
      // Month 14: lease year 2, ₩36,000/m² × 500 m² stepped once by 3 %.
      rentKrw: 18_540_000, rentDueKrw: 18_540_000, maintenanceKrw: 7_000_000, depositKrw: 180_000_000, depositHeldKrw: 180_000_000,
      commencementOn: firstStart, endsOn: firstEnds,
    });
    expect(rows.find((row) => row.leaseId === made.second)).toMatchObject({
      tenant: '(주)둘째상사', status: 'active', contractAreaM2: 250, rentKrw: 10_000_000, maintenanceKrw: 3_500_000, depositKrw: 50_000_000, depositHeldKrw: 50_000_000, endsOn: secondEnds,
    });
    expect(roll.json.totals).toEqual({ leases: 2, contractAreaM2: 750, rentKrw: 28_540_000, rentDueKrw: 28_540_000, maintenanceKrw: 10_500_000, depositHeldKrw: 230_000_000 });

    const csv = await reports(new Request(`http://127.0.0.1/api/reports/rent-roll?from=${addDays(today, -30)}&to=${today}&format=csv&lang=en`, { headers: { Authorization: `Bearer ${viewer.token}` } }), { params: {} } as never);
    expect(csv.status).toBe(200);
    const lines = (await csv.text()).replace(/^\uFEFF/, '').split('\r\n').filter(Boolean);
    const first = lines.find((line) => line.startsWith('(주)첫째상사'))!;
    expect(first).toContain('18540000');
    expect(first).toContain('7000000');
    // Its space written as a reader writes it, never the floor's code (the one way, units.space).
    expect(first).toContain(`"Floor 7, Unit ${spaces.first}"`);
    const korean = await reports(new Request(`http://127.0.0.1/api/reports/rent-roll?from=${today}&to=${today}&format=csv&lang=ko`, { headers: { Authorization: `Bearer ${viewer.token}` } }), { params: {} } as never);
    expect(await korean.text()).toContain(`,7층 ${spaces.second}호,`);
    expect(lines.some((line) => line.includes('(주)초안상사'))).toBe(false);
  });

  it('the expiry schedule: occupancy now (750 of 1,000 m²) and after each expiry, what ends in which quarter with its last rent, WALE by area and by rent', async () => {
    const answer = await call(reports, 'GET', `/api/reports/expiries?from=${addDays(today, -30)}&to=${today}`, { token: viewer.token });
    expect(answer.status, answer.text).toBe(200);
    const report = answer.json as { totalAreaM2: number; occupancy: { leasedAreaM2: number; share: number }; wale: { byArea: number; byRent: number }; quarters: { quarter: string; leases: number; areaM2: number; monthlyRentKrw: number; leasedAreaM2: number; occupancyShare: number }[] };
    expect(report.totalAreaM2).toBe(1000);
    expect(report.occupancy).toEqual({ leasedAreaM2: 750, share: 0.75 });
    expect(report.quarters).toHaveLength(20);
    expect(report.quarters[0]).toMatchObject({ quarter: quarterOf(today), leasedAreaM2: 750, occupancyShare: 0.75 });
    const at = (day: string) => report.quarters.findIndex((q) => q.quarter === quarterOf(day));
    // The two-year tenant leaves in its quarter: 250 m² at ₩10,000,000; the building is then half let.
    const second = at(secondEnds);
    expect(report.quarters[second]).toMatchObject({ leases: 1, areaM2: 250, monthlyRentKrw: 10_000_000 });
    expect(report.quarters[second + 1]).toMatchObject({ leasedAreaM2: 500, occupancyShare: 0.5 });
    // The five-year tenant leaves in its fifth lease year, at ₩18,000,000 stepped four times by 3 %.
    const first = at(firstEnds);
    expect(first).toBeGreaterThan(second);
    expect(report.quarters[first]).toMatchObject({ leases: 1, areaM2: 500, monthlyRentKrw: 20_259_159 });
    if (first + 1 < report.quarters.length) expect(report.quarters[first + 1]).toMatchObject({ leasedAreaM2: 0, occupancyShare: 0 });
    expect(report.quarters.reduce((sum, q) => sum + q.leases, 0)).toBe(2);
    // WALE: the years left on each, weighted by 500 and 250 m², and by this month's ₩18,540,000 and ₩10,000,000.
    const [y1, y2] = [yearsLeft(firstEnds, today), yearsLeft(secondEnds, today)];
    expect(report.wale.byArea).toBeCloseTo((y1 * 500 + y2 * 250) / 750, 1);
    expect(report.wale.byRent).toBeCloseTo((y1 * 18_540_000 + y2 * 10_000_000) / 28_540_000, 1);
    // The shorter lease pays more a m²: weighed by rent, the building's income ends sooner than its area does.
    expect(report.wale.byRent).toBeLessThan(report.wale.byArea);

    const csv = await reports(new Request(`http://127.0.0.1/api/reports/expiries?from=${addDays(today, -30)}&to=${today}&format=csv&lang=en`, { headers: { Authorization: `Bearer ${viewer.token}` } }), { params: {} } as never);
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toContain('text/csv');
    const text = (await csv.text()).replace(/^\uFEFF/, '');
    expect(text.split('\r\n').filter(Boolean)).toHaveLength(1 + 20);
    // The quarter in the reader's words, as the panel says it — not the stored '2027-Q3'.
    const [year, quarter] = quarterOf(firstEnds).split('-Q');
    expect(text).toContain(`Q${quarter} ${year},1,500,20259159`);
    expect(text).not.toMatch(/\d{4}-Q[1-4]/);
    const korean = await reports(new Request(`http://127.0.0.1/api/reports/expiries?from=${addDays(today, -30)}&to=${today}&format=csv&lang=ko`, { headers: { Authorization: `Bearer ${viewer.token}` } }), { params: {} } as never);
    expect(await korean.text()).toContain(`${year}년 ${quarter}분기,1,500,20259159`);
  });
});
