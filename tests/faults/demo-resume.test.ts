import { spawn, type ChildProcess } from 'node:child_process';
import { access, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '../../netlify-local/spawn.ts';
import type { Brand } from '../../src/shared/brand.ts';
import type { Unit } from '../../src/shared/units/unit.ts';
import { DEMO_BRANDS, DEMO_UNITS } from '../../scripts/demo/seed-data.ts';
import { ensureLocalAdminPassword } from '../../src/server/auth/local-password.ts';
import { plain } from '../support/smtp.ts';

/**
 * `npm run demo` stopped with Ctrl-C while it seeds its first building, then started again (issue 16):
 * the second run completes the building, with nothing twice. And the building is a Korean one: Korean
 * names and descriptions (translations beside them), found by a Korean search, every tenant on the plan.
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

describe('npm run demo', () => {
  it('completes a first seeding interrupted by Ctrl-C on the next run, with nothing twice, as a Korean building', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'btower-demo-'));
    folders.push(dataDir);
    const port = await freePort();
    const origin = `http://127.0.0.1:${port}`;

    const first = startDemo(dataDir, port);
    await until('the first brand', () => brandsAt(origin), (brands) => brands.length >= 1, first.log);
    first.child.kill('SIGINT');
    await first.exited;
    const marker = path.join(dataDir, 'demo-seeded');
    expect(await access(marker).then(() => true, () => false), 'the first run was interrupted before it finished').toBe(false);

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

    // The demo prints an address where passkeys work (localhost, a secure context), and its mails link there, not
    // to a placeholder domain. Every mail lands in the data folder's mailbox, one file each: an invitation's too.
    expect(second.log()).toContain(`Sign in at http://localhost:${port}/admin`);
    expect(second.log()).toContain(`Accounts admin, agent, viewer, each with the password in`);
    const password = await ensureLocalAdminPassword(dataDir);
    const signIn = async (username?: string) =>
      fetch(`${origin}/api/admin/login`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ username, password }) });
    const { token } = (await (await signIn()).json()) as { token: string };
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

    // The team beside the owner: an agent signs in with the same password and is an agent.
    const agent = await signIn('agent');
    expect(agent.status).toBe(200);
    const me = await fetch(`${origin}/api/admin/me`, { headers: { Authorization: `Bearer ${((await agent.json()) as { token: string }).token}` } });
    expect(await me.json()).toMatchObject({ username: 'agent', role: 'agent', email: 'agent@btower-demo.example' });

    second.child.kill('SIGTERM');
    await second.exited;
  }, 600_000);
});
