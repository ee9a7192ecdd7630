import { mkdtemp, rm } from 'node:fs/promises';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { freePort, startLocalServer } from '../../netlify-local/spawn.ts';
import { openPglite } from '../../src/server/db/pglite.ts';
import { koreanDay } from '../../src/shared/business-hours.ts';
import { askingSnapshot, askingTerms, areaOf } from '../../src/shared/deals/asking.ts';
import { dealMetrics } from '../../src/shared/deals/economics.ts';
import { DEFAULT_DEAL_RATES } from '../../src/shared/deals/rates.ts';
import { addDays, addMonths } from '../../src/shared/deals/schedule.ts';
import type { DealTerms } from '../../src/shared/deals/terms.ts';
import { seedInquiries } from './inbox-seed.ts';
import { cpuPerRequest } from './server-cpu.ts';
import { percentile, printTable, timeSequential, type Row } from './stats.ts';

/**
 * The proposals budget (issue 39) on PGlite through the local server: saving a proposal — creating a draft
 * (the inquiry's privacy lock, the spaces' asking terms frozen, the economics computed over up to 264 months and
 * stored, the answer read back with its approvals, link, answer and hold) and editing one (If-Match, the row lock,
 * the economics again) — p95 ≤ 150 ms with 10,000 inquiries and 2,000 proposals in the database.
 */
const INQUIRIES = 10_000;
const PROPOSALS = 2000;
const UNITS = 20;
const SAVES = 80;
const PASSWORD = 'bench-admin-password';

const startDay = () => addMonths(`${koreanDay(new Date()).slice(0, 7)}-01`, 2);
const terms = (overrides: Partial<DealTerms> = {}): DealTerms => ({
  depositKrw: 180_000_000, rentPerM2Krw: 36_000, maintenancePerM2Krw: 14_000, vatExcluded: true, termMonths: 60, startDate: startDay(),
  fitoutMonths: 1, freeRent: { basis: 'perYear', months: 1 }, escalationPct: 3, tiKrw: 0, brokerFeeKrw: 0, contractDepositPct: 10,
  use: 'Office', useDetail: '', parking: '', specialTerms: '', ...overrides,
});

async function seed(dataDir: string): Promise<{ inquiryIds: string[]; unitIds: string[]; draftIds: string[] }> {
  await seedInquiries(dataDir, INQUIRIES);
  const db = await openPglite({ dataDir });
  try {
    const units = await db.insertInto('units').values(Array.from({ length: UNITS }, (_, i) => ({
      floor: `${3 + (i % 10)}F`, unitNumber: `${3 + (i % 10)}0${i}`, exclusiveAreaM2: 275, supplyAreaM2: 500, status: 'available',
      monthlyRent: 18_000_000, deposit: 180_000_000, maintenanceFee: 7_000_000,
    }))).returning(['id', 'floor', 'unitNumber', 'supplyAreaM2', 'exclusiveAreaM2', 'monthlyRent', 'deposit', 'maintenanceFee']).execute();
    const asking = askingSnapshot([{ ...units[0]!, monthlyRent: 18_000_000, deposit: 180_000_000, maintenanceFee: 7_000_000 }], 3, new Date());
    const offer = terms();
    const metrics = dealMetrics(offer, areaOf(asking), DEFAULT_DEAL_RATES, askingTerms(asking, offer));
    const inquiryIds = (await db.selectFrom('inquiries').select('id').orderBy('createdAt', 'desc').execute()).map((row) => row.id);
    // 2,000 versions 1 on the newest inquiries, every status; the first SAVES drafts are the ones edited below.
    await sql`
      with made as (select gen_random_uuid() as id, n from generate_series(0, ${PROPOSALS - 1}) as n)
      insert into proposals (id, inquiry_id, root_id, version, proposed_by, status, unit_ids, terms, asking, metrics, valid_until, locale, sent_at)
      select id, (${inquiryIds}::uuid[])[1 + n % 1500], id, 1, 'landlord',
        case when n < ${SAVES} then 'draft' else (array['draft','pending_approval','approved','sent','accepted','declined','countered','expired'])[1 + n % 8] end,
        array[(${units.map((unit) => unit.id)}::uuid[])[1 + n % ${UNITS}]], ${JSON.stringify(offer)}::jsonb, ${JSON.stringify(asking)}::jsonb, ${JSON.stringify(metrics)}::jsonb,
        ${addDays(koreanDay(new Date()), 14)}::date, 'ko', case when n % 8 >= 3 then now() end
      from made`.execute(db);
    await sql`analyze proposals`.execute(db);
    const draftIds = (await db.selectFrom('proposals').select('id').where('status', '=', 'draft').orderBy('id').limit(SAVES).execute()).map((row) => row.id);
    return { inquiryIds, unitIds: units.map((unit) => unit.id), draftIds };
  } finally {
    await db.destroy();
  }
}

export async function proposalsBench(): Promise<Row[]> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'btower-bench-proposals-'));
  const { inquiryIds, unitIds, draftIds } = await seed(path.join(dataDir, 'pglite'));
  const env = { DATA_DIR: dataDir, ADMIN_PASSWORD: PASSWORD, DATABASE_URL: '', OBJECT_SIGNING_SECRET: 'bench-signing-secret' };
  const server = await startLocalServer(await freePort(), env, { apiOnly: true });
  try {
    const login = await fetch(`${server.origin}/api/admin/login`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ password: PASSWORD }) });
    const { token } = (await login.json()) as { token: string };
    const headers = { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` };
    const rows: Row[] = [];

    // Creating: a draft on an inquiry that has none yet (the newest 1,500 hold the seeded ones).
    const create = async (i: number) => {
      const response = await fetch(`${server.origin}/api/inquiries/${inquiryIds[2000 + i]}/proposals`, {
        method: 'POST', headers, body: JSON.stringify({ unitIds: [unitIds[i % unitIds.length]], terms: terms({ freeRent: { basis: 'perYear', months: i % 3 } }) }),
      });
      await response.arrayBuffer();
      if (response.status !== 201) throw new Error(`create ${i} → ${response.status}`);
    };
    await timeSequential(10, create);
    let created: number[] = [];
    const createCpu = await cpuPerRequest(server.pid, SAVES, async () => (created = await timeSequential(SAVES, (i) => create(i + 10))));
    const createP95 = percentile(created, 0.95);
    rows.push({ measure: `POST /api/inquiries/{id}/proposals (${INQUIRIES} inquiries, ${PROPOSALS} proposals)`, p50: percentile(created, 0.5), p95: createP95, value: createCpu, budget: 'p95 ≤ 150 ms', ok: createP95 <= 150 });

    // Editing: each seeded draft once, with If-Match from its read (the panel's save), new terms each time.
    const revisions = new Map<string, string>();
    for (const id of draftIds) {
      const read = await fetch(`${server.origin}/api/proposals/${id}`, { headers });
      await read.arrayBuffer();
      revisions.set(id, read.headers.get('etag')!);
    }
    const edit = async (i: number) => {
      const id = draftIds[i]!;
      const response = await fetch(`${server.origin}/api/proposals/${id}`, {
        method: 'PATCH', headers: { ...headers, 'If-Match': revisions.get(id)! }, body: JSON.stringify({ terms: terms({ rentPerM2Krw: 34_000 + i, escalationPct: 2.5 }) }),
      });
      await response.arrayBuffer();
      if (response.status !== 200) throw new Error(`edit ${i} → ${response.status}`);
    };
    let edited: number[] = [];
    const editCpu = await cpuPerRequest(server.pid, SAVES, async () => (edited = await timeSequential(SAVES, edit)));
    const editP95 = percentile(edited, 0.95);
    rows.push({ measure: `PATCH /api/proposals/{id} (If-Match, ${SAVES} drafts)`, p50: percentile(edited, 0.5), p95: editP95, value: editCpu, budget: 'p95 ≤ 150 ms', ok: editP95 <= 150 });
    return rows;
  } finally {
    await server.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

// `node scripts/bench/proposals.ts` runs these alone (npm run bench runs them with the rest).
if (import.meta.main) {
  const rows = await proposalsBench();
  console.log(`${availableParallelism()} CPUs, load average ${loadavg().map((n) => n.toFixed(1)).join(' / ')} (1/5/15 min)\n`);
  printTable(rows);
  if (rows.some((row) => row.ok === false)) process.exitCode = 1;
}
