import { Secret, TOTP } from 'otpauth';
import { ARGON2ID, SCRYPT, hashPassword, preferredAlgorithm, verifyPassword } from '../../src/server/auth/passwords.ts';
import { percentile, timeSequential, type Row } from './stats.ts';

const SAMPLES = 40;
const BUDGET_MS = 300;

/**
 * Sign-in with the memory-hard hash (issue 17): `POST /api/admin/login` through the local server, one after
 * another from one browser (p95 ≤ 300 ms), and the hash alone in this process for reference.
 */
export async function loginBench(origin: string, password: string): Promise<Row[]> {
  const signIn = async () => {
    const response = await fetch(`${origin}/api/admin/login`, { method: 'POST', headers: { 'Content-Type': 'application/json', 'x-nf-client-connection-ip': 'bench-login' }, body: JSON.stringify({ password }) });
    await response.arrayBuffer();
    if (response.status !== 200) throw new Error(`POST /api/admin/login → ${response.status}`);
  };
  await timeSequential(3, signIn);
  const durations = await timeSequential(SAMPLES, signIn);
  const p95 = percentile(durations, 0.95);
  const stored = await hashPassword(password);
  const hashes = await timeSequential(20, () => verifyPassword(password, stored));
  const parameters = preferredAlgorithm() === 'argon2id'
    ? `argon2id m=${ARGON2ID.memoryKiB} KiB t=${ARGON2ID.passes} p=${ARGON2ID.parallelism}`
    : `scrypt N=2^${SCRYPT.logN} r=${SCRYPT.r} p=${SCRYPT.p}`;
  return [
    { measure: `POST /api/admin/login (${SAMPLES} sign-ins, ${parameters})`, p50: percentile(durations, 0.5), p95, budget: `p95 ≤ ${BUDGET_MS} ms`, ok: p95 <= BUDGET_MS },
    { measure: `  the password hash alone (${parameters}, in process)`, p50: percentile(hashes, 0.5), p95: percentile(hashes, 0.95) },
  ];
}

const SECOND_FACTOR_SAMPLES = 30;

/**
 * Sign-in with a second factor (issue 25), each step timed through the local server: the password (401
 * `second_factor_required` with the challenge) and the TOTP code (→ the session). A code is accepted once
 * per account and time step, so each sample is a staff member of its own, set up beforehand with the owner's
 * token, from an address of its own (the code step's throttle is per client). p95 ≤ 300 ms per step.
 */
export async function secondFactorBench(origin: string, ownerToken: string): Promise<Row[]> {
  const post = async (pathname: string, body: unknown, headers: Record<string, string> = {}) => {
    const response = await fetch(`${origin}${pathname}`, { method: 'POST', headers: { 'Content-Type': 'application/json', ...headers }, body: JSON.stringify(body) });
    return { status: response.status, json: (await response.json().catch(() => null)) as Record<string, unknown> | null };
  };
  const people: { username: string; password: string; secret: string }[] = [];
  for (let i = 0; i < SECOND_FACTOR_SAMPLES + 3; i++) {
    const username = `bench-2fa-${i}-${Math.random().toString(36).slice(2, 6)}`;
    const password = `Bench-${username}-lease`;
    const made = await post('/api/admin/users', { username, name: username, email: `${username}@btower.example`, role: 'agent', password }, { Authorization: `Bearer ${ownerToken}` });
    if (made.status !== 201) throw new Error(`POST /api/admin/users → ${made.status}`);
    const signedIn = await post('/api/admin/login', { username, password }, { 'x-nf-client-connection-ip': `bench-2fa-setup-${i}` });
    const auth = { Authorization: `Bearer ${signedIn.json?.token as string}` };
    const setup = await post('/api/admin/me/totp', {}, auth);
    const secret = setup.json?.secret as string;
    const confirmed = await post('/api/admin/me/totp/confirm', { code: new TOTP({ secret: Secret.fromBase32(secret) }).generate() }, auth);
    if (confirmed.status !== 200) throw new Error(`POST /api/admin/me/totp/confirm → ${confirmed.status}`);
    people.push({ username, password, secret });
  }
  const passwordStep: number[] = [];
  const codeStep: number[] = [];
  for (const [i, person] of people.entries()) {
    const client = { 'x-nf-client-connection-ip': `bench-2fa-${i}` };
    let started = performance.now();
    const first = await post('/api/admin/login', { username: person.username, password: person.password }, client);
    const passwordMs = performance.now() - started;
    if (first.status !== 401 || typeof first.json?.challenge !== 'string') throw new Error(`POST /api/admin/login → ${first.status}, no challenge`);
    // The next time step's code: the set-up spent this one's.
    const code = new TOTP({ secret: Secret.fromBase32(person.secret) }).generate({ timestamp: Date.now() + 30_000 });
    started = performance.now();
    const second = await post('/api/admin/login/second-factor', { challenge: first.json.challenge, code }, client);
    const codeMs = performance.now() - started;
    if (second.status !== 200) throw new Error(`POST /api/admin/login/second-factor → ${second.status}`);
    // The first three warm the functions up.
    if (i >= 3) {
      passwordStep.push(passwordMs);
      codeStep.push(codeMs);
    }
  }
  const row = (measure: string, durations: number[]): Row => {
    const p95 = percentile(durations, 0.95);
    return { measure, p50: percentile(durations, 0.5), p95, budget: `p95 ≤ ${BUDGET_MS} ms`, ok: p95 <= BUDGET_MS };
  };
  return [
    row(`sign-in with a second factor, step 1: POST /api/admin/login → challenge (${SECOND_FACTOR_SAMPLES} people)`, passwordStep),
    row('  step 2: POST /api/admin/login/second-factor (TOTP code) → session', codeStep),
  ];
}
