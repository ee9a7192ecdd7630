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
