import { mkdtemp, rm } from 'node:fs/promises';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { freePort, startLocalServer } from '../../netlify-local/spawn.ts';
import { openPglite } from '../../src/server/db/pglite.ts';
import { isOfficeDay, koreanDay } from '../../src/shared/business-hours.ts';
import { addDays, seoulInstant, weekStart } from '../../src/shared/tours.ts';
import { officeHolidays } from '../../src/server/inquiries/response-time.ts';
import { LeanHttpClient } from './lean-http.ts';
import { cpuPerRequest } from './server-cpu.ts';
import { percentile, printTable, timeSequential, type Row } from './stats.ts';

/**
 * The tours budgets (issue 26) on PGlite through the local server: the week agenda with 2,000 tours in the
 * database (20 hosts, ten weeks around this one, about 200 a week) p95 ≤ 50 ms, and booking a tour
 * (slot rules, the host lock, the insert, the inquiry's move to touring, two outbox rows) p95 ≤ 200 ms.
 */
const TOURS = 2000;
const HOSTS = 20;
const SAMPLES = 200;
const BOOKINGS = 60;
const PASSWORD = 'bench-admin-password';

async function seed(dataDir: string, monday: string): Promise<{ inquiryIds: string[]; unitIds: string[]; hostIds: string[] }> {
  const db = await openPglite({ dataDir });
  try {
    const hostIds = (await db.insertInto('users').values(Array.from({ length: HOSTS }, (_, i) => ({
      username: `host-${i}`, password: 'not-a-login', displayName: `Host ${i}`, email: `host-${i}@btower.example`, role: 'agent',
    }))).returning('id').execute()).map((row) => row.id);
    const unitIds = (await db.insertInto('units').values(Array.from({ length: 10 }, (_, i) => ({
      floor: `${3 + (i % 5)}F`, unitNumber: `${3 + (i % 5)}0${i}`, exclusiveAreaM2: 100, supplyAreaM2: 160, status: 'available',
    }))).returning('id').execute()).map((row) => row.id);
    await sql`
      insert into inquiries (name, email, phone, message, company, status, locale, attachments)
      select 'Prospect ' || n, 'p' || n || '@example.com', '010-0000-' || lpad(n::text, 4, '0'), 'Looking for an office', 'Company ' || n, 'new', 'ko', '{}'
      from generate_series(1, 400) as n`.execute(db);
    const inquiryIds = (await db.selectFrom('inquiries').select('id').execute()).map((row) => row.id);
    // Host h's k-th tour: ten weeks from four weeks ago, eight one-hour slots a day from 09:00, never overlapping.
    const first = seoulInstant(addDays(monday, -28), '09:00');
    await sql`
      insert into tours (inquiry_id, host_id, starts_at, ends_at, busy_until, unit_ids, status, locale)
      select (${inquiryIds}::uuid[])[1 + n % ${inquiryIds.length}],
             (${hostIds}::uuid[])[1 + n % ${HOSTS}],
             ${first}::timestamptz + make_interval(days => (n / ${HOSTS}) * 70 / ${TOURS / HOSTS}, hours => (n / ${HOSTS}) % 8),
             ${first}::timestamptz + make_interval(days => (n / ${HOSTS}) * 70 / ${TOURS / HOSTS}, hours => (n / ${HOSTS}) % 8, mins => 30),
             ${first}::timestamptz + make_interval(days => (n / ${HOSTS}) * 70 / ${TOURS / HOSTS}, hours => (n / ${HOSTS}) % 8, mins => 45),
             array[(${unitIds}::uuid[])[1 + n % 10], (${unitIds}::uuid[])[1 + (n + 3) % 10]],
             (array['scheduled','scheduled','scheduled','completed','no_show','cancelled'])[1 + n % 6], 'ko'
      from generate_series(0, ${TOURS - 1}) as n`.execute(db);
    await sql`analyze tours`.execute(db);
    return { inquiryIds, unitIds, hostIds };
  } finally {
    await db.destroy();
  }
}

export async function toursBench(): Promise<Row[]> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'btower-bench-tours-'));
  const monday = weekStart(koreanDay(new Date()));
  const { inquiryIds, unitIds } = await seed(path.join(dataDir, 'pglite'), monday);
  const env = { DATA_DIR: dataDir, ADMIN_PASSWORD: PASSWORD, DATABASE_URL: '', OBJECT_SIGNING_SECRET: 'bench-signing-secret' };
  const server = await startLocalServer(await freePort(), env, { apiOnly: true });
  try {
    const login = await fetch(`${server.origin}/api/admin/login`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ password: PASSWORD }) });
    const { token } = (await login.json()) as { token: string };
    const rows: Row[] = [];
    const client = await LeanHttpClient.connect(server.origin);
    try {
      const week = `/api/tours?from=${monday}&to=${addDays(monday, 6)}`;
      const count = ((await (await fetch(`${server.origin}${week}`, { headers: { Authorization: `Bearer ${token}` } })).json()) as unknown[]).length;
      const get = async () => {
        const { status } = await client.get(week, { Authorization: `Bearer ${token}` });
        if (status !== 200) throw new Error(`GET ${week} → ${status}`);
      };
      await timeSequential(20, get);
      let durations: number[] = [];
      const cpu = await cpuPerRequest(server.pid, SAMPLES, async () => (durations = await timeSequential(SAMPLES, get)));
      const p95 = percentile(durations, 0.95);
      rows.push({ measure: `GET /api/tours (this week: ${count} of ${TOURS} tours)`, p50: percentile(durations, 0.5), p95, value: cpu, budget: 'p95 ≤ 50 ms', ok: p95 <= 50 });
    } finally {
      client.close();
    }
    // Bookings by the owner (host: themselves), each on its own office-day slot 4–5 weeks ahead.
    const slots: string[] = [];
    for (let day = addDays(monday, 35); slots.length < BOOKINGS + 5; day = addDays(day, 1)) {
      if (!isOfficeDay(day, officeHolidays())) continue;
      for (let hour = 9; hour < 17 && slots.length < BOOKINGS + 5; hour++) slots.push(seoulInstant(day, `${String(hour).padStart(2, '0')}:00`).toISOString());
    }
    const book = async (i: number) => {
      const response = await fetch(`${server.origin}/api/inquiries/${inquiryIds[i % inquiryIds.length]}/tours`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
        body: JSON.stringify({ startsAt: slots[i], durationMinutes: 30, unitIds: [unitIds[i % unitIds.length]] }),
      });
      await response.arrayBuffer();
      if (response.status !== 201) throw new Error(`booking ${i} → ${response.status}`);
    };
    await timeSequential(5, book);
    let bookings: number[] = [];
    const cpu = await cpuPerRequest(server.pid, BOOKINGS, async () => (bookings = await timeSequential(BOOKINGS, (i) => book(i + 5))));
    const p95 = percentile(bookings, 0.95);
    rows.push({ measure: `POST /api/inquiries/{id}/tours (${BOOKINGS} bookings)`, p50: percentile(bookings, 0.5), p95, value: `${cpu} (the mails it queues drained meanwhile)`, budget: 'p95 ≤ 200 ms', ok: p95 <= 200 });
    return rows;
  } finally {
    await server.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

// `node scripts/bench/tours.ts` runs these alone (npm run bench runs them with the rest).
if (import.meta.main) {
  const rows = await toursBench();
  console.log(`${availableParallelism()} CPUs, load average ${loadavg().map((n) => n.toFixed(1)).join(' / ')} (1/5/15 min)\n`);
  printTable(rows);
  if (rows.some((row) => row.ok === false)) process.exitCode = 1;
}
