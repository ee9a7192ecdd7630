import { randomUUID } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import inquiries from '../../functions/inquiries.ts';
import login from '../../functions/admin-login.ts';
import logout from '../../functions/admin-logout.ts';
import me from '../../functions/admin-me.ts';
import passkeys from '../../functions/admin-passkeys.ts';
import settings from '../../functions/admin-settings.ts';
import users from '../../functions/admin-users.ts';
import { SECOND_FACTOR_ACCOUNT_LIMITS, SECOND_FACTOR_CLIENT_LIMITS } from '../../src/shared/abuse.ts';
import { BACKGROUND_HEADER, IDLE_TIMEOUT_HEADER, SESSION_TTL_MS } from '../../src/shared/api.ts';
import { RECOVERY_CODE_COUNT, SECOND_FACTOR_CHALLENGE_MAX_FAILURES, SECOND_FACTOR_CHALLENGE_TTL_MS, TOTP_PERIOD_SECONDS } from '../../src/shared/second-factor.ts';
import { LAST_USED_GRANULARITY_MS } from '../../src/server/auth/access.ts';
import { call } from '../support/api-calls.ts';
import { ADMIN_PASSWORD, adminToken, inquiryBody, useApiBackend } from '../support/api-suite.ts';
import { availableBackends } from '../support/db-backends.ts';
import { signIn, staffAccount, type TestAccount } from '../support/staff.ts';

/** The code an authenticator app shows for `secret` at `timestamp` (now by default). */
const codeFor = (secret: string, timestamp = Date.now()) => new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp });
/** The code of the next time step: a code is accepted once, so a second sign-in waits for a new one. */
const nextCode = (secret: string, steps = 1) => codeFor(secret, Date.now() + steps * TOTP_PERIOD_SECONDS * 1000);

describe.each(availableBackends())('a second factor and sessions that end, on $name', (backend) => {
  const ctx = useApiBackend(backend);
  let admin = '';

  const password = (account: TestAccount, ip = `pw-${randomUUID()}`) =>
    call(login, 'POST', '/api/admin/login', { body: { username: account.username, password: account.password }, ip });
  const second = (challenge: string, code: string, ip = `sf-${randomUUID()}`) => call(login, 'POST', '/api/admin/login/second-factor', { body: { challenge, code }, ip });
  const meWith = (token: string) => call(me, 'GET', '/api/admin/me', { token });

  /** An agent with TOTP on: its key and the ten recovery codes it was shown. */
  async function withTotp(): Promise<TestAccount & { secret: string; recoveryCodes: string[] }> {
    const agent = await staffAccount(admin, 'agent');
    const started = await call(me, 'POST', '/api/admin/me/totp', { token: agent.token });
    expect(started.status).toBe(200);
    const { secret, otpauthUrl } = started.json as { secret: string; otpauthUrl: string };
    expect(otpauthUrl).toMatch(/^otpauth:\/\/totp\/B%20TOWER:/);
    expect(new URL(otpauthUrl).searchParams.get('secret')).toBe(secret);
    const confirmed = await call(me, 'POST', '/api/admin/me/totp/confirm', { token: agent.token, body: { code: codeFor(secret) } });
    expect(confirmed.status).toBe(200);
    return { ...agent, secret, recoveryCodes: confirmed.json.recoveryCodes };
  }

  beforeAll(async () => {
    admin = await adminToken();
  });
  afterEach(async () => {
    vi.useRealTimers();
    // Straight to the table: while a factor is required, the factorless admin could not reach the settings.
    await ctx.db.deleteFrom('settings').where('key', 'in', ['requireSecondFactor', 'idleTimeoutMinutes']).execute();
  });

  it('turns TOTP on only after a first right code, shows ten recovery codes once and keeps them hashed', async () => {
    const agent = await staffAccount(admin, 'agent');
    expect((await meWith(agent.token)).json).toMatchObject({ secondFactor: 'none', secondFactorSetupRequired: false, idleTimeoutMinutes: 30 });
    const { secret } = (await call(me, 'POST', '/api/admin/me/totp', { token: agent.token })).json;
    // Pending: not on yet, and a password alone still signs in.
    expect((await meWith(agent.token)).json.secondFactor).toBe('none');
    expect((await password(agent)).status).toBe(200);
    const wrong = await call(me, 'POST', '/api/admin/me/totp/confirm', { token: agent.token, body: { code: codeFor(secret) === '000000' ? '111111' : '000000' } });
    expect(wrong.status).toBe(400);
    expect(wrong.json.error).toMatchObject({ code: 'invalid_code', fields: { code: 'secondFactor.errors.invalidCode' } });
    const confirmed = await call(me, 'POST', '/api/admin/me/totp/confirm', { token: agent.token, body: { code: codeFor(secret) } });
    expect(confirmed.json.recoveryCodes).toHaveLength(RECOVERY_CODE_COUNT);
    expect(new Set(confirmed.json.recoveryCodes).size).toBe(RECOVERY_CODE_COUNT);
    expect((await meWith(agent.token)).json.secondFactor).toBe('totp');
    // A second set-up while on is refused; the codes are nowhere in the database as text.
    expect((await call(me, 'POST', '/api/admin/me/totp', { token: agent.token })).json.error.code).toBe('totp_already_on');
    const stored = await ctx.db.selectFrom('recoveryCodes').select('codeHash').where('userId', '=', agent.id).execute();
    expect(stored).toHaveLength(RECOVERY_CODE_COUNT);
    const everything = JSON.stringify(await ctx.db.selectFrom('auditEvents').selectAll().where('entityId', '=', agent.id).execute());
    for (const code of confirmed.json.recoveryCodes as string[]) {
      expect(stored.map((row) => row.codeHash)).not.toContain(code);
      expect(everything).not.toContain(code);
    }
    expect(everything).not.toContain(secret);
    expect(everything).toContain('totp_on');
  });

  it('asks for the code after the password; a wrong code is refused, the right one signs in once, a recovery code works once', async () => {
    const agent = await withTotp();
    const first = await password(agent);
    expect(first.status).toBe(401);
    expect(first.json.error.code).toBe('second_factor_required');
    const { challenge } = first.json as { challenge: string };
    expect(challenge).toMatch(/^[A-Za-z0-9_-]{40,}$/);

    const wrong = await second(challenge, nextCode(agent.secret, 3));
    expect(wrong.status).toBe(401);
    expect(wrong.json.error.code).toBe('invalid_code');
    // The code confirmed at set-up was spent: the next time step's code signs in (and the challenge is single use).
    const right = await second(challenge, nextCode(agent.secret));
    expect(right.status).toBe(200);
    expect((await meWith(right.json.token)).json.username).toBe(agent.username);
    expect((await second(challenge, nextCode(agent.secret))).json.error.code).toBe('challenge_expired');
    // The same code again on a new challenge: refused (RFC 6238 §5.2, a code is accepted once).
    const again = (await password(agent)).json.challenge as string;
    expect((await second(again, nextCode(agent.secret))).json.error.code).toBe('invalid_code');

    const recovery = agent.recoveryCodes[3]!;
    const byRecovery = await second(again, recovery.toUpperCase().replaceAll('-', ' '));
    expect(byRecovery.status).toBe(200);
    const third = (await password(agent)).json.challenge as string;
    expect((await second(third, recovery)).json.error.code).toBe('invalid_code');
    const log = await ctx.db.selectFrom('auditEvents').select(['action', 'changes']).where('actorId', '=', agent.id).where('action', 'in', ['sign_in', 'sign_in_failed']).execute();
    expect(log.map((row) => (row.changes as { method?: [null, string] }).method?.[1])).toEqual(expect.arrayContaining(['password+totp', 'password+recovery', 'second_factor']));
  });

  it('a challenge lives five minutes and takes a limited number of wrong codes; each client and account is throttled', async () => {
    const agent = await withTotp();
    vi.useFakeTimers({ toFake: ['Date'] });
    const late = (await password(agent)).json.challenge as string;
    vi.setSystemTime(Date.now() + SECOND_FACTOR_CHALLENGE_TTL_MS + 1_000);
    const expired = await second(late, codeFor(agent.secret));
    expect(expired.status).toBe(401);
    expect(expired.json.error.code).toBe('challenge_expired');
    vi.useRealTimers();

    const guessed = (await password(agent)).json.challenge as string;
    const wrongCode = (n: number) => String((Number(nextCode(agent.secret, 5)) + n) % 1_000_000).padStart(6, '0');
    for (let i = 0; i < SECOND_FACTOR_CHALLENGE_MAX_FAILURES; i++) expect((await second(guessed, wrongCode(i + 1))).json.error.code).toBe('invalid_code');
    // Used up: even the right code no longer opens it.
    expect((await second(guessed, nextCode(agent.secret))).json.error.code).toBe('challenge_expired');

    const client = `one-client-${randomUUID()}`;
    const answers: string[] = [];
    for (let i = 0; i <= SECOND_FACTOR_CLIENT_LIMITS[0]!.max; i++) answers.push((await second('x'.repeat(43), '123456', client)).json.error.code);
    expect(answers.at(-1)).toBe('too_many_requests');
    expect(answers.slice(0, -1).every((code) => code === 'challenge_expired')).toBe(true);

    // The account's own bound holds across addresses (and new challenges).
    const accountAnswers: number[] = [];
    for (let i = 0; i < SECOND_FACTOR_ACCOUNT_LIMITS[0]!.max; i++) {
      const challenge = (await password(agent)).json.challenge as string;
      accountAnswers.push((await second(challenge, wrongCode(i + 10))).status);
    }
    expect(accountAnswers.filter((status) => status === 429).length).toBeGreaterThan(0);
  });

  it('turns my TOTP off only with a current code; the owner removes a lost one for someone else, recorded', async () => {
    const agent = await withTotp();
    expect((await call(me, 'DELETE', '/api/admin/me/totp', { token: agent.token, body: { code: '12345678' } })).json.error.code).toBe('invalid_code');
    const off = await call(me, 'DELETE', '/api/admin/me/totp', { token: agent.token, body: { code: nextCode(agent.secret) } });
    expect(off.status).toBe(204);
    expect((await meWith(agent.token)).json.secondFactor).toBe('none');
    expect((await password(agent)).status).toBe(200);

    const lost = await withTotp();
    const ownerAccount = await staffAccount(admin, 'owner');
    expect((await call(users, 'DELETE', `/api/admin/users/${lost.id}/second-factor`, { token: lost.token })).json.error.code).toBe('forbidden');
    expect((await call(users, 'DELETE', `/api/admin/users/${ownerAccount.id}/second-factor`, { token: ownerAccount.token })).json.error.code).toBe('own_second_factor');
    expect((await call(users, 'DELETE', `/api/admin/users/${randomUUID()}/second-factor`, { token: ownerAccount.token })).status).toBe(404);
    expect((await call(users, 'DELETE', `/api/admin/users/${lost.id}/second-factor`, { token: ownerAccount.token })).status).toBe(204);
    expect((await password(lost)).status).toBe(200);
    const team = (await call(users, 'GET', '/api/admin/users', { token: ownerAccount.token })).json as { id: string; secondFactor: string }[];
    expect(team.find((person) => person.id === lost.id)?.secondFactor).toBe('none');
    const recorded = await ctx.db.selectFrom('auditEvents').selectAll().where('action', '=', 'second_factor_reset').where('entityId', '=', lost.id).executeTakeFirstOrThrow();
    expect(recorded).toMatchObject({ actorId: ownerAccount.id, changes: { secondFactor: ['totp', 'none'] } });
  });

  it('turning TOTP off takes the sign-in step\'s guard: five wrong codes end the session, and the client\'s and account\'s limits are the same ones', async () => {
    const agent = await withTotp();
    const wrongCode = (n: number) => String((Number(nextCode(agent.secret, 5)) + n) % 1_000_000).padStart(6, '0');
    const turnOff = (token: string, code: string, ip?: string) => call(me, 'DELETE', '/api/admin/me/totp', { token, body: { code }, ip });
    for (let i = 1; i < SECOND_FACTOR_CHALLENGE_MAX_FAILURES; i++) {
      const wrong = await turnOff(agent.token, wrongCode(i));
      expect([wrong.status, wrong.json.error.code]).toEqual([400, 'invalid_code']);
    }
    // The fifth, as on a sign-in challenge, ends it: the session is gone, not merely this form.
    const fifth = await turnOff(agent.token, wrongCode(SECOND_FACTOR_CHALLENGE_MAX_FAILURES));
    expect([fifth.status, fifth.json.error.code]).toEqual([401, 'second_factor_locked']);
    expect((await meWith(agent.token)).status).toBe(401);
    expect((await turnOff(agent.token, nextCode(agent.secret))).status).toBe(401);
    // Still on: the person signs in again, with the password and a code.
    expect((await password(agent)).json.error.code).toBe('second_factor_required');
    const failures = await ctx.db.selectFrom('auditEvents').select('action').where('entityId', '=', agent.id).where('action', 'like', 'totp_off%').execute();
    expect(failures.map((event) => event.action).sort()).toEqual([...Array(SECOND_FACTOR_CHALLENGE_MAX_FAILURES - 1).fill('totp_off_failed'), 'totp_off_locked']);

    // One client's guesses count together here and at the sign-in's second step.
    const other = await withTotp();
    const client = `guesser-${randomUUID()}`;
    for (let i = 0; i < SECOND_FACTOR_CLIENT_LIMITS[0]!.max; i++) await second('x'.repeat(43), '123456', client);
    const throttled = await turnOff(other.token, codeFor(other.secret), client);
    expect([throttled.status, throttled.json.error.code]).toEqual([429, 'too_many_requests']);
    expect(Number(throttled.headers.get('Retry-After'))).toBeGreaterThan(0);
    // And one account's, from any address: wrong codes at its sign-in challenges use up what turning it off may try.
    for (let used = 0; used < SECOND_FACTOR_ACCOUNT_LIMITS[0]!.max; ) {
      const challenge = (await password(other)).json.challenge as string;
      for (let i = 0; i < SECOND_FACTOR_CHALLENGE_MAX_FAILURES && used < SECOND_FACTOR_ACCOUNT_LIMITS[0]!.max; i++, used++) await second(challenge, String(100_000 + used));
    }
    expect((await turnOff(other.token, codeFor(other.secret))).json.error.code).toBe('too_many_requests');
    expect((await meWith(other.token)).json.secondFactor).toBe('totp');
  });

  it('counts the recovery codes left; new ones take a current code, replace the old, and each wrong try counts against the account', async () => {
    const agent = await withTotp();
    expect((await meWith(agent.token)).json.recoveryCodesLeft).toBe(RECOVERY_CODE_COUNT);
    const challenge = (await password(agent)).json.challenge as string;
    expect((await second(challenge, agent.recoveryCodes[0]!)).status).toBe(200);
    expect((await meWith(agent.token)).json.recoveryCodesLeft).toBe(RECOVERY_CODE_COUNT - 1);

    const renew = (code: string) => call(me, 'POST', '/api/admin/me/totp/recovery-codes', { token: agent.token, body: { code } });
    const wrong = await renew('000000');
    expect(wrong.status).toBe(400);
    expect(wrong.json.error).toMatchObject({ code: 'invalid_code', fields: { code: 'secondFactor.errors.invalidCode' } });
    const made = await renew(nextCode(agent.secret));
    expect(made.status).toBe(200);
    const fresh = made.json.recoveryCodes as string[];
    expect(new Set(fresh).size).toBe(RECOVERY_CODE_COUNT);
    expect(fresh.some((code) => agent.recoveryCodes.includes(code))).toBe(false);
    expect((await meWith(agent.token)).json.recoveryCodesLeft).toBe(RECOVERY_CODE_COUNT);
    // The old codes no longer sign in; a new one does. The renewal is in the activity log under the person.
    const next = (await password(agent)).json.challenge as string;
    expect((await second(next, agent.recoveryCodes[5]!)).json.error.code).toBe('invalid_code');
    expect((await second(next, fresh[0]!)).status).toBe(200);
    expect(await ctx.db.selectFrom('auditEvents').select('actorId').where('action', '=', 'recovery_codes_renewed').where('entityId', '=', agent.id).execute()).toEqual([{ actorId: agent.id }]);

    // Without an app there is nothing to renew; and guessing here is guarded as turning it off is: one wrong code
    // was tried above, the fifth from this session ends it.
    const plain = await staffAccount(admin, 'agent');
    expect((await call(me, 'POST', '/api/admin/me/totp/recovery-codes', { token: plain.token, body: { code: '123456' } })).json.error.code).toBe('totp_not_on');
    const wrongCode = (n: number) => String((Number(nextCode(agent.secret, 5)) + n) % 1_000_000).padStart(6, '0');
    for (let i = 2; i < SECOND_FACTOR_CHALLENGE_MAX_FAILURES; i++) expect((await renew(wrongCode(i))).json.error.code).toBe('invalid_code');
    const fifth = await renew(wrongCode(SECOND_FACTOR_CHALLENGE_MAX_FAILURES));
    expect([fifth.status, fifth.json.error.code]).toEqual([401, 'second_factor_locked']);
    expect((await meWith(agent.token)).status).toBe(401);
  });

  it('while the owner requires a factor, a person without one may only read me, set one up and sign out', async () => {
    const agent = await staffAccount(admin, 'agent');
    const inquiryId = (await call(inquiries, 'POST', '/api/inquiries', { body: inquiryBody() })).json.id as string;
    expect((await call(settings, 'PATCH', '/api/admin/settings', { token: admin, body: { requireSecondFactor: true } })).json.requireSecondFactor).toBe(true);
    // The bootstrap admin has none either: its password-only sign-in still works, and leads it to set one up.
    const adminNow = await adminToken();
    expect((await meWith(adminNow)).json).toMatchObject({ secondFactor: 'none', secondFactorSetupRequired: true });
    const refused = [
      await call(inquiries, 'GET', '/api/inquiries', { token: agent.token }),
      await call(inquiries, 'GET', `/api/inquiries/${inquiryId}`, { token: agent.token }),
      await call(me, 'PATCH', '/api/admin/me', { token: agent.token, body: { name: 'Someone' } }),
      await call(settings, 'GET', '/api/admin/settings', { token: adminNow }),
    ];
    expect(refused.map((answer) => `${answer.status} ${answer.json.error.code}`)).toEqual(Array(refused.length).fill('403 second_factor_setup_required'));
    expect((await meWith(agent.token)).json).toMatchObject({ secondFactor: 'none', secondFactorSetupRequired: true });
    expect((await call(passkeys, 'GET', '/api/admin/passkeys', { token: agent.token })).status).toBe(200);
    expect((await call(passkeys, 'POST', '/api/admin/passkeys/register/options', { token: agent.token, headers: { Origin: 'http://localhost:4403' } })).status).toBe(200);
    const { secret } = (await call(me, 'POST', '/api/admin/me/totp', { token: agent.token })).json;
    expect((await call(me, 'POST', '/api/admin/me/totp/confirm', { token: agent.token, body: { code: codeFor(secret) } })).status).toBe(200);
    // Set up: the same session now works.
    expect((await call(inquiries, 'GET', '/api/inquiries', { token: agent.token })).status).toBe(200);
    expect((await meWith(agent.token)).json.secondFactorSetupRequired).toBe(false);
    expect((await call(logout, 'POST', '/api/admin/logout', { token: adminNow })).status).toBe(200);
  });

  it('ends a session unused for the idle timeout (401 session_expired) and any session after 12 hours; a use keeps it alive', async () => {
    expect((await call(settings, 'PATCH', '/api/admin/settings', { token: admin, body: { idleTimeoutMinutes: 10 } })).status).toBe(200);
    vi.useFakeTimers({ toFake: ['Date'] });
    const start = Date.now();
    const person = await staffAccount(admin, 'viewer');
    const kept = await signIn(person.username, person.password);
    expect((await meWith(person.token)).json.idleTimeoutMinutes).toBe(10);
    // Nine minutes on, the kept session is used; the other is not.
    vi.setSystemTime(start + 9 * 60_000);
    expect((await meWith(kept)).status).toBe(200);
    // The panel's own polls are no use: the other session still idles.
    expect((await call(me, 'GET', '/api/admin/me', { token: person.token, headers: { [BACKGROUND_HEADER]: '1' } })).status).toBe(200);
    // Past ten minutes (and the minute a last use may lag) since the other's last use: it has ended.
    vi.setSystemTime(start + 10 * 60_000 + LAST_USED_GRANULARITY_MS + 1_000);
    const ended = await meWith(person.token);
    expect(ended.status).toBe(401);
    expect(ended.json.error.code).toBe('session_expired');
    expect((await meWith(kept)).status).toBe(200);
    // Once ended it stays ended, even if it is presented again soon after.
    expect((await meWith(person.token)).json.error.code).toBe('session_expired');

    // A session used every few minutes still ends at 12 hours.
    expect((await call(settings, 'PATCH', '/api/admin/settings', { token: await adminToken(), body: { idleTimeoutMinutes: 720 } })).status).toBe(200);
    const longDay = await signIn(person.username, person.password);
    const opened = Date.now();
    for (let hours = 3; hours < 12; hours += 3) {
      vi.setSystemTime(opened + hours * 3_600_000);
      expect((await meWith(longDay)).status).toBe(200);
    }
    vi.setSystemTime(opened + SESSION_TTL_MS + 1_000);
    expect((await meWith(longDay)).json.error.code).toBe('session_expired');
    // An unknown token is not "expired".
    expect((await meWith('y'.repeat(43))).json.error.code).toBe('unauthorized');
  });

  it('a shorter idle timeout reaches sessions already open: every answer says the one in force, and the server ends them at it, saying so', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const start = Date.now();
    const person = await staffAccount(admin, 'viewer');
    expect((await meWith(person.token)).headers.get(IDLE_TIMEOUT_HEADER)).toBe('30');
    // The owner shortens it while the person's panel is open.
    expect((await call(settings, 'PATCH', '/api/admin/settings', { token: admin, body: { idleTimeoutMinutes: 10 } })).status).toBe(200);
    vi.setSystemTime(start + 60_000);
    // The panel's next poll (no use of the session) already carries the new limit, so the panel can warn in time.
    const poll = await call(inquiries, 'GET', '/api/inquiries/counts', { token: person.token, headers: { [BACKGROUND_HEADER]: '1' } });
    expect([poll.status, poll.headers.get(IDLE_TIMEOUT_HEADER)]).toEqual([200, '10']);
    // Unused for ten minutes (and the minute a last use may lag), well within the thirty it was opened under: ended.
    vi.setSystemTime(start + 10 * 60_000 + LAST_USED_GRANULARITY_MS + 1_000);
    const ended = await meWith(person.token);
    expect(ended.status).toBe(401);
    expect(ended.json.error).toMatchObject({ code: 'session_expired', reason: 'idle', idleTimeoutMinutes: 10 });
    // An answer without a session says nothing of one.
    expect(ended.headers.get(IDLE_TIMEOUT_HEADER)).toBeNull();
  });

  it('tells a deactivated person so: their open session and their next sign-in, but not someone with a wrong password', async () => {
    const agent = await staffAccount(admin, 'agent');
    expect((await call(users, 'PATCH', `/api/admin/users/${agent.id}`, { token: admin, body: { active: false } })).status).toBe(200);
    const open = await call(inquiries, 'GET', '/api/inquiries', { token: agent.token });
    expect(open.status).toBe(401);
    expect(open.json.error.code).toBe('account_deactivated');
    const rightPassword = await password(agent);
    expect(rightPassword.status).toBe(403);
    expect(rightPassword.json.error.code).toBe('account_deactivated');
    const wrongPassword = await call(login, 'POST', '/api/admin/login', { body: { username: agent.username, password: 'not-the-password-at-all' } });
    expect(wrongPassword.status).toBe(401);
    expect(wrongPassword.json.error.code).toBe('wrong_password');
    const unknown = await call(login, 'POST', '/api/admin/login', { body: { username: `nobody-${randomUUID().slice(0, 6)}`, password: agent.password } });
    expect(unknown.json.error.code).toBe('wrong_password');
  });

  it('keeps the spec’s password-only sign-in for admin while it has no factor', async () => {
    const answer = await call(login, 'POST', '/api/admin/login', { body: { password: ADMIN_PASSWORD } });
    expect(answer.status).toBe(200);
    expect((await meWith(answer.json.token)).json).toMatchObject({ username: 'admin', secondFactor: 'none' });
  });
});
