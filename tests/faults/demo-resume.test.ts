import { spawn, type ChildProcess } from 'node:child_process';
import { access, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '../../netlify-local/spawn.ts';
import type { Brand } from '../../src/shared/brand.ts';
import { koreanDay } from '../../src/shared/business-hours.ts';
import { addDays } from '../../src/shared/deals/schedule.ts';
import type { Inquiry } from '../../src/shared/inquiry.ts';
import type { Lease } from '../../src/shared/leases/lease.ts';
import type { Proposal } from '../../src/shared/proposals/types.ts';
import type { Tour } from '../../src/shared/tours.ts';
import type { Unit } from '../../src/shared/units/unit.ts';
import { DEMO_DEALS } from '../../scripts/demo/deals-data.ts';
import { DEMO_BRANDS, DEMO_UNITS } from '../../scripts/demo/seed-data.ts';
import { DEMO_TENANTS } from '../../scripts/demo/tenants-data.ts';
import { ensureLocalAdminPassword } from '../../src/server/auth/local-password.ts';
import { openPglite } from '../../src/server/db/pglite.ts';
import { proposalExpiryStep } from '../../src/server/proposals/dates.ts';
import { mailSubject } from '../../scripts/demo/mail-text.ts';
import { plain } from '../support/smtp.ts';

/**
 * `npm run demo` stopped with Ctrl-C while it seeds its building in business — among the tenants' leases, then in
 * the middle of the pipeline, a proposal out with a prospect who has yet to answer — then started again (issue 16):
 * the third run completes it, with nothing twice. The building is a Korean one (Korean names and descriptions, translations beside them, found by
 * a Korean search, every tenant on the plan), and a building in business: its tenants' signed leases (one expiring,
 * spaces "available from", brands coming soon), a pipeline with a proposal at every stage, and reports with figures.
 */
const children: ChildProcess[] = [];
const folders: string[] = [];
afterAll(async () => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
  await Promise.all(folders.map((dir) => rm(dir, { recursive: true, force: true })));
});

function startDemo(dataDir: string, port: number): { child: ChildProcess; exited: Promise<void>; log: () => string } {
  const child = spawn(process.execPath, ['scripts/demo.ts'], {
    env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), DATABASE_URL: '', ADMIN_PASSWORD: '', SMTP_URL: '' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let log = '';
  child.stdout?.on('data', (chunk: Buffer) => (log += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (log += chunk.toString()));
  return { child, exited: new Promise((resolve) => child.once('exit', () => resolve())), log: () => log };
}

async function brandsAt(origin: string): Promise<Brand[]> {
  return fetch(`${origin}/api/brands`).then((response) => (response.ok ? (response.json() as Promise<Brand[]>) : []), () => []);
}

async function until<T>(what: string, read: () => Promise<T>, done: (value: T) => boolean, log: () => string, timeoutMs = 240_000): Promise<T> {
  const started = Date.now();
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() - started > timeoutMs) throw new Error(`${what} did not happen in time:\n${log()}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Each of the demo's proposals, inquiry by inquiry (its company), as `version:proposer:status`, oldest first. */
const EXPECTED_PROPOSALS: Record<string, string[]> = {
  링고잉글리시어학원: ['1:landlord:draft'],
  'さくらメディカル株式会社 (Sakura Medical Co., Ltd.)': ['1:landlord:pending_approval'],
  밝은눈안과의원: ['1:landlord:sent'],
  '주식회사 하늘정원': ['1:landlord:countered', '2:prospect:sent'],
  '주식회사 필라테스온': ['1:landlord:countered', '2:prospect:superseded', '3:landlord:accepted'],
  '주식회사 누들랩': ['1:landlord:accepted'],
  코딩하우스: ['1:landlord:declined'],
  // Sent, valid through the seeding day only: the daily job expires it that night (below: what the job does then).
  온누리이비인후과의원: ['1:landlord:sent'],
  // The renewal the agent drafts for the lease in its renewal window.
  브라이트수학학원: ['1:landlord:draft'],
};

describe('npm run demo', () => {
  it('completes a first seeding interrupted twice by Ctrl-C on the next run, with nothing twice, as a Korean building in business', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'btower-demo-'));
    folders.push(dataDir);
    const port = await freePort();
    const origin = `http://127.0.0.1:${port}`;

    // Stopped twice before it finishes. First among the tenants, once three leases exist (the third perhaps a draft,
    // its PDF uploaded or not): the rest of the building in business is left to the next run.
    const first = startDemo(dataDir, port);
    await until('the first brand', () => brandsAt(origin), (brands) => brands.length >= 1, first.log);
    const owner = await until('a session', async () => {
      const response = await fetch(`${origin}/api/admin/login`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ password: await ensureLocalAdminPassword(dataDir) }) }).catch(() => null);
      return response?.ok ? ((await response.json()) as { token: string }).token : null;
    }, Boolean, first.log);
    const asOwner = <T>(pathname: string, none: T) => fetch(`${origin}${pathname}`, { headers: { Authorization: `Bearer ${owner}` } }).then((response) => (response.ok ? (response.json() as Promise<T>) : none), () => none);
    await until('three leases', () => asOwner<Lease[]>('/api/leases', []), (leases) => leases.length >= 3, first.log);
    first.child.kill('SIGINT');
    await first.exited;

    // Then once the countered deal's proposal is out (the second inquiry at 제안): its prospect's answer, the
    // acceptances, a lease and the rest of the pipeline are left to the next run, which has no link or code of its own.
    const again = startDemo(dataDir, port);
    await until('two proposals sent', () => asOwner<Record<string, number>>('/api/inquiries/counts', {}), (count) => (count.proposal ?? 0) >= 2, again.log);
    again.child.kill('SIGINT');
    await again.exited;
    const marker = path.join(dataDir, 'demo-seeded');
    expect(await access(marker).then(() => true, () => false), 'the runs were interrupted before they finished').toBe(false);

    const second = startDemo(dataDir, port);
    await until('the demo data', async () => second.log(), (log) => log.includes('Demo data:') && log.includes('Sign in at'), second.log);
    await access(marker);
    const brands = await brandsAt(origin);
    expect(brands.map((brand) => brand.name).sort()).toEqual(DEMO_BRANDS.map((brand) => brand.name).sort());
    const units = (await (await fetch(`${origin}/api/units`)).json()) as Unit[];
    expect(units.map((unit) => `${unit.floor} ${unit.unitNumber}`).sort()).toEqual(DEMO_UNITS.map((unit) => `${unit.floor} ${unit.unitNumber}`).sort());

    // The Korean site reads Korean, the others their translation; a Korean search finds the café.
    const cafe = brands.find((brand) => brand.nameI18n?.en === 'Blue Harbor Coffee')!;
    expect(cafe.name).toBe('블루하버 커피');
    expect(cafe.descriptionI18n).toMatchObject({ zh: expect.stringMatching(/咖啡/), ja: expect.stringMatching(/コーヒー/) });
    for (const brand of brands) expect(brand.name, brand.nameI18n?.en).toMatch(/[가-힣]/);
    const found = (await (await fetch(`${origin}/api/brands?search=${encodeURIComponent('커피')}`)).json()) as Brand[];
    expect(found.map((brand) => brand.name)).toContain('블루하버 커피');
    // Every tenant stands on the stacking plan: its floor and unit are a (leased) space.
    for (const brand of brands) {
      expect(units.find((unit) => unit.floor === brand.floor && unit.unitNumber === brand.unit), `${brand.floor} ${brand.unit}`).toMatchObject({ status: 'leased' });
    }

    // In business. Every visitor's inquiry once; the leases signed, each tenant once, standing where its dates put it.
    const password = await ensureLocalAdminPassword(dataDir);
    const { token } = (await (await fetch(`${origin}/api/admin/login`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ password }) })).json()) as { token: string };
    const read = async <T>(pathname: string): Promise<T> => {
      const response = await fetch(`${origin}${pathname}`, { headers: { Authorization: `Bearer ${token}` } });
      expect(response.status, pathname).toBe(200);
      return response.json() as Promise<T>;
    };
    const inquiries = await read<Inquiry[]>('/api/inquiries?limit=200');
    const emails = [...DEMO_TENANTS.map((tenant) => tenant.visitor.email), ...DEMO_DEALS.map((deal) => deal.visitor.email)];
    expect(inquiries.map((inquiry) => inquiry.email).sort()).toEqual(emails.sort());
    const leases = await read<Lease[]>('/api/leases');
    expect(leases.map((lease) => lease.tenant.legalName).sort()).toEqual([...DEMO_TENANTS.map((tenant) => tenant.legalName), '주식회사 누들랩'].sort());
    const byStatus = (status: string) => leases.filter((lease) => lease.status === status).map((lease) => lease.tenant.legalName).sort();
    expect(byStatus('expiring')).toEqual(['브라이트수학학원']);
    expect(byStatus('fitout')).toEqual(['주식회사 누들랩', '주식회사 코어피트니스']);
    expect(byStatus('signed')).toEqual(['타워웍스 주식회사']);
    expect(byStatus('active')).toHaveLength(DEMO_TENANTS.length - 3);
    const amended = leases.find((lease) => lease.tenant.legalName === '주식회사 한옥테이블')!;
    expect((await read<Lease>(`/api/leases/${amended.id}`)).amendments).toHaveLength(1);
    // The public plan: the expiring lease's space is available from the day after its last day; the accepted deal's is reserved.
    const expiring = leases.find((lease) => lease.status === 'expiring')!;
    const plan = (await (await fetch(`${origin}/api/units`)).json()) as Unit[];
    expect(plan.find((unit) => unit.id === expiring.units[0]!.id)).toMatchObject({ status: 'leased', availableFrom: addDays(expiring.dates.expiresOn, 1) });
    expect(plan.find((unit) => unit.floor === '3F' && unit.unitNumber === '303')).toMatchObject({ status: 'reserved' });
    // The brands still fitting out are announced, each with its opening day (the day its term starts).
    for (const name of ['누들랩', '코어 피트니스', '타워웍스']) {
      const lease = leases.find((one) => one.brand?.name === name)!;
      expect(brands.find((brand) => brand.name === name), name).toMatchObject({ directoryState: 'coming_soon', openingOn: lease.dates.commencementOn });
    }

    // The pipeline: every proposal where the demo leaves it, none twice (the interrupted answer completed by a new link).
    const proposals: Record<string, string[]> = {};
    for (const inquiry of inquiries) {
      const versions = await read<Proposal[]>(`/api/inquiries/${inquiry.id}/proposals`);
      if (versions.length > 0) proposals[inquiry.company!] = versions.map((one) => `${one.version}:${one.proposedBy}:${one.status}`);
    }
    expect(proposals).toEqual(EXPECTED_PROPOSALS);
    const today = koreanDay(new Date());
    const lapsing = inquiries.find((inquiry) => inquiry.company === '온누리이비인후과의원')!;
    const [unanswered] = await read<Proposal[]>(`/api/inquiries/${lapsing.id}/proposals`);
    expect(unanswered!.validUntil).toBe(today);
    const tours = await read<Tour[]>(`/api/tours?from=${today}&to=${addDays(today, 30)}`);
    expect(tours.map((tour) => tour.company).sort()).toEqual(DEMO_DEALS.filter((deal) => deal.tour).map((deal) => deal.visitor.company).sort());
    expect(await read('/api/inquiries/counts')).toMatchObject({ new: 2, contacted: 1, touring: 4, proposal: 4, won: 18, lost: 1 });

    // The owner's reports have figures: the rent roll, the expiries (occupancy, WALE) and the proposals.
    const period = `from=${addDays(today, -30)}&to=${today}`;
    const rentRoll = await read<{ leases: { rentKrw: number }[]; totals: { rentKrw: number } }>(`/api/reports/rent-roll?${period}`);
    expect(rentRoll.leases).toHaveLength(leases.length);
    expect(rentRoll.totals.rentKrw).toBeGreaterThan(0);
    const expiries = await read<{ occupancy: { share: number }; wale: { byArea: number; byRent: number }; quarters: { leases: number }[] }>(`/api/reports/expiries?${period}`);
    expect(expiries.occupancy.share).toBeGreaterThan(0.4);
    expect(expiries.wale.byArea).toBeGreaterThan(1);
    expect(expiries.quarters[0]!.leases + expiries.quarters[1]!.leases).toBeGreaterThanOrEqual(1);
    const report = await read<{ conversionTotal: object; approvalsTotal: { approved: number } }>(`/api/reports/proposals?${period}`);
    expect(report.conversionTotal).toEqual({ sent: 6, accepted: 2, declined: 1, open: 3, lapsed: 0 });
    expect(report.approvalsTotal.approved).toBeGreaterThanOrEqual(3);

    // The demo prints an address where passkeys work (localhost, a secure context), and its mails link there, not
    // to a placeholder domain. Every mail lands in the data folder's mailbox, one file each: an invitation's too.
    expect(second.log()).toContain(`Sign in at http://localhost:${port}/admin`);
    expect(second.log()).toContain(`Accounts admin, agent, viewer, each with the password in`);
    const signIn = async (username?: string) =>
      fetch(`${origin}/api/admin/login`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ username, password }) });
    const invited = await fetch(`${origin}/api/admin/invitations`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
      body: JSON.stringify({ email: 'new-agent@btower.example', name: '새 상담원', role: 'agent' }),
    });
    expect(invited.status).toBe(201);
    expect(((await invited.json()) as { mail: string }).mail).toBe('queued');
    const mailDir = path.join(dataDir, 'mail');
    const invitation = await until('the invitation mail in the mailbox', async () => {
      const files = await readdir(mailDir).catch(() => [] as string[]);
      return files.find((file) => file.endsWith('-new-agent@btower.example.eml'));
    }, Boolean, second.log);
    expect(plain(await readFile(path.join(mailDir, invitation!), 'utf8'))).toMatch(new RegExp(`http://localhost:${port}/admin#invitation=`));
    expect(second.log()).toContain(`Mail to new-agent@btower.example: `);
    // The lease expiring within the year told the owner and its agent once (when it was signed), whatever the runs did.
    const subjects = await Promise.all((await readdir(mailDir)).map(async (file) => mailSubject(await readFile(path.join(mailDir, file), 'utf8'))));
    expect(subjects.filter((subject) => subject.startsWith('[B TOWER] 임대차 만료 예정: 11층 1103호'))).toHaveLength(2);

    // The team beside the owner: an agent signs in with the same password and is an agent.
    const agent = await signIn('agent');
    expect(agent.status).toBe(200);
    const me = await fetch(`${origin}/api/admin/me`, { headers: { Authorization: `Bearer ${((await agent.json()) as { token: string }).token}` } });
    expect(await me.json()).toMatchObject({ username: 'agent', role: 'agent', email: 'agent@btower-demo.example' });

    second.child.kill('SIGTERM');
    await second.exited;

    // That night the daily job's expiry step (run here at 00:01 the next day, on the demo's own database once the demo
    // has stopped) expires the unanswered offer, and only it: the demo's expired version is made as one expires.
    const db = await openPglite({ dataDir: path.join(dataDir, 'pglite') });
    try {
      expect(await proposalExpiryStep.run(db, new Date(`${addDays(today, 1)}T00:01:00+09:00`))).toBe(1);
      const expired = await db.selectFrom('proposals').select(['inquiryId', 'status']).where('status', '=', 'expired').execute();
      expect(expired).toEqual([{ inquiryId: lapsing.id, status: 'expired' }]);
    } finally {
      await db.destroy();
    }
  }, 600_000);
});
