import { randomBytes, randomUUID, scryptSync } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import audit from '../../functions/admin-audit.ts';
import invitations from '../../functions/admin-invitations.ts';
import login from '../../functions/admin-login.ts';
import logout from '../../functions/admin-logout.ts';
import me from '../../functions/admin-me.ts';
import passkeys from '../../functions/admin-passkeys.ts';
import passwordReset from '../../functions/admin-password-reset.ts';
import sessions from '../../functions/admin-sessions.ts';
import users from '../../functions/admin-users.ts';
import inquiries from '../../functions/inquiries.ts';
import { LOGIN_ACCOUNT_LIMIT } from '../../src/shared/abuse.ts';
import { resetServerEnv } from '../../src/server/env.ts';
import { call } from '../support/api-calls.ts';
import { adminToken, inquiryBody, useApiBackend } from '../support/api-suite.ts';
import { availableBackends } from '../support/db-backends.ts';
import { plain, startSmtp, subjectOf } from '../support/smtp.ts';
import { outboxSettled, signIn, staffAccount, strongPassword } from '../support/staff.ts';

const SITE = 'https://leasing.btower.example';
const UUID_PATTERN = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';

describe.each(availableBackends())('the leasing team’s accounts on $name', (backend) => {
  const ctx = useApiBackend(backend);
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let admin = '';
  const saved = { ...process.env };

  /** The mails delivered so far to `address`, decoded. */
  const mailsTo = async (address: string) => {
    await outboxSettled(ctx.db);
    return smtp.mails.filter((mail) => mail.to.includes(address)).map((mail) => ({ subject: subjectOf(mail.raw), text: plain(mail.raw) }));
  };
  const tokenIn = (text: string, kind: 'invitation' | 'reset') => text.match(new RegExp(`#${kind}=([A-Za-z0-9_-]+)`))?.[1] ?? '';
  const meWith = (token: string) => call(me, 'GET', '/api/admin/me', { token });
  /** The activity log's CSV as the owner downloads it, decoded keeping the byte-order mark Excel needs (Response.text() would drop it). */
  const exportLog = async (query: string) => {
    const csv = await audit(new Request(`http://127.0.0.1/api/admin/audit/export?${query}`, { headers: { Authorization: `Bearer ${admin}` } }), { ip: '1' } as never);
    expect(csv.status).toBe(200);
    return new TextDecoder('utf-8', { ignoreBOM: true }).decode(await csv.arrayBuffer());
  };

  beforeAll(async () => {
    smtp = await startSmtp();
    process.env.SMTP_URL = `smtp://127.0.0.1:${smtp.port}`;
    process.env.INQUIRY_NOTIFY_FROM = 'B TOWER <noreply@btower.example>';
    process.env.SITE_URL = SITE;
    resetServerEnv();
    admin = await adminToken();
    // The owner's own address, for the mails owners get.
    expect((await call(me, 'PATCH', '/api/admin/me', { token: admin, body: { email: 'owner@btower.example' } })).status).toBe(200);
  });
  afterAll(async () => {
    process.env = saved;
    resetServerEnv();
    await smtp.stop();
  });

  it('invites by mail in the invitee’s language; the link works once, is stored only hashed and builds on SITE_URL', async () => {
    const email = `mina-${randomUUID().slice(0, 6)}@btower.example`;
    const invited = await call(invitations, 'POST', '/api/admin/invitations', { token: admin, body: { email, name: 'Mina Park', role: 'agent', locale: 'en' }, headers: { Host: 'evil.example' } });
    expect(invited.status).toBe(201);
    expect(invited.json).toMatchObject({ mail: 'queued', invitation: { email, name: 'Mina Park', role: 'agent' } });
    expect(invited.json.link).toBeUndefined();
    const [mail] = await mailsTo(email);
    expect(mail?.subject).toMatch(/invited you to the leasing team/);
    expect(mail?.text).toContain(`${SITE}/en/admin#invitation=`);
    // The expiry names its time zone: staff may read it abroad (issue 28).
    expect(mail?.text).toMatch(/works once and until .+ \(Korea time, KST\)\./);
    const token = tokenIn(mail!.text, 'invitation');
    // Neither the link table nor the queued mail holds the token itself.
    const stored = await ctx.db.selectFrom('authTokens').select(['tokenHash']).where('email', '=', email).execute();
    expect(stored.map((row) => row.tokenHash)).not.toContain(token);
    const queued = await ctx.db.selectFrom('outbox').select(sql<string>`payload::text`.as('payload')).where('channel', '=', 'staff-mail').execute();
    expect(queued.some((row) => row.payload.includes(token))).toBe(false);

    const weak = await call(invitations, 'POST', '/api/admin/invitations/accept', { body: { token, username: 'mina', password: 'password1234' } });
    expect(weak.status).toBe(400);
    expect(weak.json.error.fields).toEqual({ password: 'team.errors.passwordCommon' });
    const password = strongPassword();
    const accepted = await call(invitations, 'POST', '/api/admin/invitations/accept', { body: { token, username: 'Mina', password } });
    expect(accepted.status).toBe(200);
    expect((await meWith(accepted.json.token)).json).toMatchObject({ username: 'mina', name: 'Mina Park', email, role: 'agent', locale: 'en' });
    const again = await call(invitations, 'POST', '/api/admin/invitations/accept', { body: { token, username: 'mina2', password } });
    expect(again.status).toBe(400);
    expect(again.json.error.code).toBe('invalid_token');
    expect((await call(invitations, 'POST', '/api/admin/invitations', { token: admin, body: { email, name: 'Mina', role: 'agent' } })).json.error.code).toBe('email_taken');
  });

  it('refuses an expired invitation and one replaced by a newer invitation', async () => {
    const email = `late-${randomUUID().slice(0, 6)}@btower.example`;
    await call(invitations, 'POST', '/api/admin/invitations', { token: admin, body: { email, name: 'Late', role: 'viewer' } });
    const first = tokenIn((await mailsTo(email))[0]!.text, 'invitation');
    await call(invitations, 'POST', '/api/admin/invitations', { token: admin, body: { email, name: 'Late', role: 'viewer' } });
    const mails = await mailsTo(email);
    const second = tokenIn(mails[1]!.text, 'invitation');
    const accept = (token: string, username: string) => call(invitations, 'POST', '/api/admin/invitations/accept', { body: { token, username, password: strongPassword() } });
    expect((await accept(first, 'late1')).json.error.code).toBe('invalid_token');
    await ctx.db.updateTable('authTokens').set({ expiresAt: sql<Date>`now() - interval '1 minute'` }).where('email', '=', email).execute();
    expect((await accept(second, 'late2')).json.error.code).toBe('invalid_token');
  });

  it('resends a pending invitation: a new link with a fresh expiry in the invitee’s language, the old link refused, the new one accepted once', async () => {
    const email = `resent-${randomUUID().slice(0, 6)}@btower.example`;
    const first = await call(invitations, 'POST', '/api/admin/invitations', { token: admin, body: { email, name: 'Resent', role: 'agent', locale: 'en' } });
    const oldId = first.json.invitation.id as string;
    const oldToken = tokenIn((await mailsTo(email))[0]!.text, 'invitation');
    // The first link is about to run out when the owner resends it.
    await ctx.db.updateTable('authTokens').set({ expiresAt: sql<Date>`now() + interval '1 hour'` }).where('id', '=', oldId).execute();
    const resent = await call(invitations, 'POST', `/api/admin/invitations/${oldId}/resend`, { token: admin });
    expect(resent.status).toBe(201);
    expect(resent.json).toMatchObject({ mail: 'queued', invitation: { email, name: 'Resent', role: 'agent' } });
    expect(resent.json.invitation.id).not.toBe(oldId);
    expect(new Date(resent.json.invitation.expiresAt).getTime()).toBeGreaterThan(Date.now() + 71 * 3_600_000);
    const mails = await mailsTo(email);
    expect(mails).toHaveLength(2);
    expect(mails[1]!.subject).toBe(mails[0]!.subject);
    expect(mails[1]!.subject).toMatch(/invited you to the leasing team/);
    expect(mails[1]!.text).toContain(`${SITE}/en/admin#invitation=`);
    const newToken = tokenIn(mails[1]!.text, 'invitation');
    expect(newToken).not.toBe(oldToken);
    const listed = (await call(invitations, 'GET', '/api/admin/invitations', { token: admin })).json as { id: string }[];
    expect(listed.map((row) => row.id)).toContain(resent.json.invitation.id);
    expect(listed.map((row) => row.id)).not.toContain(oldId);

    const accept = (token: string) => call(invitations, 'POST', '/api/admin/invitations/accept', { body: { token, username: `resent-${randomUUID().slice(0, 6)}`, password: strongPassword() } });
    const refused = await accept(oldToken);
    expect(refused.status).toBe(400);
    expect(refused.json.error.code).toBe('invalid_token');
    // The replaced invitation can no longer be resent or revoked.
    expect((await call(invitations, 'POST', `/api/admin/invitations/${oldId}/resend`, { token: admin })).json.error.code).toBe('not_found');
    expect((await call(invitations, 'DELETE', `/api/admin/invitations/${oldId}`, { token: admin })).status).toBe(404);
    const accepted = await accept(newToken);
    expect(accepted.status).toBe(200);
    expect((await meWith(accepted.json.token)).json).toMatchObject({ email, role: 'agent', locale: 'en' });
    expect((await accept(newToken)).json.error.code).toBe('invalid_token');
    // Once accepted, there is nothing left to resend or revoke.
    const used = await call(invitations, 'POST', `/api/admin/invitations/${resent.json.invitation.id}/resend`, { token: admin });
    expect([used.status, used.json.error.code]).toEqual([404, 'not_found']);
    expect((await mailsTo(email))).toHaveLength(2);
  });

  it('revokes a pending invitation: its link stops working, a second revoke is 404, and the log names who did it', async () => {
    const email = `revoked-${randomUUID().slice(0, 6)}@btower.example`;
    const made = await call(invitations, 'POST', '/api/admin/invitations', { token: admin, body: { email, name: 'Revoked', role: 'viewer' } });
    const id = made.json.invitation.id as string;
    const token = tokenIn((await mailsTo(email))[0]!.text, 'invitation');
    const agent = await staffAccount(admin, 'agent');
    const notOwner = await call(invitations, 'DELETE', `/api/admin/invitations/${id}`, { token: agent.token });
    expect([notOwner.status, notOwner.json.error.code]).toEqual([403, 'forbidden']);
    expect((await call(invitations, 'POST', `/api/admin/invitations/${id}/resend`, { token: agent.token })).status).toBe(403);
    expect((await call(invitations, 'DELETE', `/api/admin/invitations/${id}`)).status).toBe(401);

    const revoked = await call(invitations, 'DELETE', `/api/admin/invitations/${id}`, { token: admin });
    expect(revoked.status).toBe(204);
    const refused = await call(invitations, 'POST', '/api/admin/invitations/accept', { body: { token, username: `revoked-${randomUUID().slice(0, 6)}`, password: strongPassword() } });
    expect([refused.status, refused.json.error.code]).toEqual([400, 'invalid_token']);
    const again = await call(invitations, 'DELETE', `/api/admin/invitations/${id}`, { token: admin });
    expect([again.status, again.json.error.code]).toEqual([404, 'not_found']);
    expect((await call(invitations, 'POST', `/api/admin/invitations/${id}/resend`, { token: admin })).status).toBe(404);
    expect((await call(invitations, 'DELETE', `/api/admin/invitations/${randomUUID()}`, { token: admin })).status).toBe(404);
    expect((await call(invitations, 'DELETE', '/api/admin/invitations/not-an-id', { token: admin })).status).toBe(404);
    const listed = (await call(invitations, 'GET', '/api/admin/invitations', { token: admin })).json as { id: string }[];
    expect(listed.map((row) => row.id)).not.toContain(id);
    const ownerId = (await meWith(admin)).json.id as string;
    const events = await ctx.db.selectFrom('auditEvents').select(['action', 'actorId']).where('entity', '=', 'invitation').where('entityId', '=', id).execute();
    expect(events).toEqual(expect.arrayContaining([{ action: 'invite', actorId: ownerId }, { action: 'revoke', actorId: ownerId }]));
    expect(events.filter((event) => event.action === 'revoke')).toHaveLength(1);
  });

  it('resends without mail by handing the owner the new link, as inviting does', async () => {
    const email = `offline-${randomUUID().slice(0, 6)}@btower.example`;
    const made = await call(invitations, 'POST', '/api/admin/invitations', { token: admin, body: { email, name: 'Offline', role: 'agent', locale: 'ja' } });
    const smtpUrl = process.env.SMTP_URL;
    delete process.env.SMTP_URL;
    resetServerEnv();
    try {
      const resent = await call(invitations, 'POST', `/api/admin/invitations/${made.json.invitation.id}/resend`, { token: admin });
      expect(resent.status).toBe(201);
      expect(resent.json.mail).toBe('off');
      expect(resent.json.link).toContain(`${SITE}/ja/admin#invitation=`);
      const token = tokenIn(resent.json.link, 'invitation');
      const accepted = await call(invitations, 'POST', '/api/admin/invitations/accept', { body: { token, username: `offline-${randomUUID().slice(0, 6)}`, password: strongPassword() } });
      expect(accepted.status).toBe(200);
      expect((await meWith(accepted.json.token)).json).toMatchObject({ email, locale: 'ja' });
    } finally {
      process.env.SMTP_URL = smtpUrl;
      resetServerEnv();
    }
  });

  it('answers a password reset request the same whether or not the address exists; the link sets a new password once and ends every session', async () => {
    const agent = await staffAccount(admin, 'agent');
    const otherSession = await signIn(agent.username, agent.password);
    const known = await call(passwordReset, 'POST', '/api/admin/password-reset', { body: { email: agent.email } });
    const unknown = await call(passwordReset, 'POST', '/api/admin/password-reset', { body: { email: `nobody-${randomUUID()}@btower.example` } });
    expect([known.status, unknown.status]).toEqual([202, 202]);
    expect(known.text).toBe(unknown.text);
    const [mail] = await mailsTo(agent.email);
    expect(mail?.text).toContain(`${SITE}/admin#reset=`);
    expect(mail?.text).toMatch(/\d{4}년 \d+월 \d+일 .+ \(한국 시간, KST\)까지 유효합니다\./);
    const token = tokenIn(mail!.text, 'reset');
    // The panel checks the link as it opens: live now (and checking takes nothing away)…
    const check = () => call(passwordReset, 'POST', '/api/admin/password-reset/check', { body: { token } });
    expect((await check()).status).toBe(200);
    expect((await check()).status).toBe(200);
    const tooShort = await call(passwordReset, 'POST', '/api/admin/password-reset/confirm', { body: { token, password: 'Short-1234' } });
    expect(tooShort.json.error.fields).toEqual({ password: 'team.errors.passwordTooShort' });
    const password = strongPassword();
    expect((await call(passwordReset, 'POST', '/api/admin/password-reset/confirm', { body: { token, password } })).status).toBe(200);
    for (const old of [agent.token, otherSession]) expect((await meWith(old)).status).toBe(401);
    // …and once used, it says so before a password is asked for.
    const spent = await check();
    expect(spent.status).toBe(400);
    expect(spent.json.error.code).toBe('invalid_token');
    expect((await call(passwordReset, 'POST', '/api/admin/password-reset/confirm', { body: { token, password: strongPassword() } })).json.error.code).toBe('invalid_token');
    expect((await meWith(await signIn(agent.username, password))).status).toBe(200);
    expect((await mailsTo(agent.email)).map((m) => m.subject)).toContain('[B TOWER] 비밀번호가 변경되었습니다');
  });

  it('lists my sessions with device and address, signs one out, or all', async () => {
    const agent = await staffAccount(admin, 'agent');
    const phone = (await call(login, 'POST', '/api/admin/login', {
      body: { username: agent.username, password: agent.password }, ip: '203.0.113.7',
      headers: { 'User-Agent': 'Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36' },
    })).json.token as string;
    const list = (await call(sessions, 'GET', '/api/admin/sessions', { token: agent.token })).json as { id: string; device: string; address: string; current: boolean }[];
    expect(list).toHaveLength(2);
    const other = list.find((session) => !session.current)!;
    expect(other).toMatchObject({ device: 'Chrome · Android', address: '203.0.113.7' });
    expect((await call(sessions, 'DELETE', `/api/admin/sessions/${other.id}`, { token: agent.token })).status).toBe(204);
    expect((await meWith(phone)).status).toBe(401);
    expect((await call(sessions, 'DELETE', `/api/admin/sessions/${other.id}`, { token: agent.token })).status).toBe(404);
    const third = await signIn(agent.username, agent.password);
    expect((await call(logout, 'POST', '/api/admin/logout', { token: agent.token, body: { all: true } })).status).toBe(200);
    for (const token of [agent.token, third]) expect((await meWith(token)).status).toBe(401);
  });

  it('a password change keeps this session, ends the others and mails the person', async () => {
    const agent = await staffAccount(admin, 'agent');
    const elsewhere = await signIn(agent.username, agent.password);
    const wrong = await call(me, 'POST', '/api/admin/me/password', { token: agent.token, body: { currentPassword: 'not-my-password-at-all', password: strongPassword() } });
    expect(wrong.json.error.fields).toEqual({ currentPassword: 'team.errors.currentPasswordWrong' });
    const like = await call(me, 'POST', '/api/admin/me/password', { token: agent.token, body: { currentPassword: agent.password, password: `${agent.username}2024` } });
    expect(like.json.error.fields).toEqual({ password: 'team.errors.passwordLikeAccount' });
    expect((await call(me, 'POST', '/api/admin/me/password', { token: agent.token, body: { currentPassword: agent.password, password: strongPassword() } })).status).toBe(200);
    expect((await meWith(agent.token)).status).toBe(200);
    expect((await meWith(elsewhere)).status).toBe(401);
    expect((await mailsTo(agent.email)).map((m) => m.subject)).toContain('[B TOWER] 비밀번호가 변경되었습니다');
    // admin's password is ADMIN_PASSWORD: it changes there only.
    expect((await call(me, 'POST', '/api/admin/me/password', { token: admin, body: { currentPassword: 'x', password: strongPassword() } })).json.error.code).toBe('password_from_environment');
  });

  it('deactivating someone refuses their very next request, hands their open inquiries back and tells the owner', async () => {
    const agent = await staffAccount(admin, 'agent', 'Jun Lee');
    const open = [(await call(inquiries, 'POST', '/api/inquiries', { body: inquiryBody() })).json.id, (await call(inquiries, 'POST', '/api/inquiries', { body: inquiryBody() })).json.id];
    const won = (await call(inquiries, 'POST', '/api/inquiries', { body: inquiryBody() })).json.id;
    for (const id of [...open, won]) await call(inquiries, 'PATCH', `/api/inquiries/${id}`, { token: admin, body: { assigneeId: agent.id } });
    // Won by an owner (without a proposal only an owner may record it, with a reason: issue 40).
    await call(inquiries, 'PATCH', `/api/inquiries/${won}`, { token: admin, body: { status: 'won', wonOverrideReason: 'Signed on paper' } });
    const off = await call(users, 'PATCH', `/api/admin/users/${agent.id}`, { token: admin, body: { active: false } });
    expect(off.json).toMatchObject({ active: false });
    const next = await call(inquiries, 'PATCH', `/api/inquiries/${open[0]}`, { token: agent.token, body: { note: 'still here?' } });
    expect(next.status).toBe(401);
    expect(next.json.error.code).toBe('account_deactivated');
    const again = await call(login, 'POST', '/api/admin/login', { body: { username: agent.username, password: agent.password } });
    expect(again.status).toBe(403);
    expect(again.json.error.code).toBe('account_deactivated');
    for (const id of open) {
      const detail = (await call(inquiries, 'GET', `/api/inquiries/${id}`, { token: admin })).json;
      expect(detail.assignee).toBeNull();
      expect(detail.history.at(-1)).toMatchObject({ by: { name: 'Admin' }, assignee: null });
    }
    expect((await call(inquiries, 'GET', `/api/inquiries/${won}`, { token: admin })).json.assignee).toMatchObject({ id: agent.id, name: 'Jun Lee' });
    const told = await mailsTo('owner@btower.example');
    expect(told.some((mail) => mail.subject.includes('Jun Lee') && mail.text.includes('문의 2건'))).toBe(true);
  });

  it('a role change signs the person out at once; the next sign-in has the new role', async () => {
    const person = await staffAccount(admin, 'viewer');
    expect((await call(users, 'PATCH', `/api/admin/users/${person.id}`, { token: admin, body: { role: 'agent' } })).status).toBe(200);
    expect((await meWith(person.token)).status).toBe(401);
    expect((await meWith(await signIn(person.username, person.password))).json.role).toBe('agent');
  });

  it('keeps an active owner: the last one can be neither demoted nor deactivated', async () => {
    const owners = (await call(users, 'GET', '/api/admin/users', { token: admin })).json.filter((u: { role: string; active: boolean }) => u.role === 'owner' && u.active);
    for (const owner of owners.filter((u: { username: string }) => u.username !== 'admin')) {
      await call(users, 'PATCH', `/api/admin/users/${owner.id}`, { token: admin, body: { active: false } });
    }
    const adminId = (await meWith(admin)).json.id;
    const demote = await call(users, 'PATCH', `/api/admin/users/${adminId}`, { token: admin, body: { role: 'agent' } });
    expect(demote.status).toBe(409);
    expect(demote.json.error.code).toBe('last_owner');
    expect((await call(users, 'PATCH', `/api/admin/users/${adminId}`, { token: admin, body: { active: false } })).json.error.code).toBe('last_owner');
    expect((await meWith(admin)).json.role).toBe('owner');
  });

  it('hashes passwords with argon2id at OWASP parameters, and upgrades an older hash at the next sign-in', async () => {
    const agent = await staffAccount(admin, 'agent');
    const row = await ctx.db.selectFrom('users').select('password').where('id', '=', agent.id).executeTakeFirstOrThrow();
    expect(row.password).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$[A-Za-z0-9+/]{22}\$[A-Za-z0-9+/]{43}$/);
    // An account from before: scrypt at N=2^14 (a quarter of today's memory).
    const salt = randomBytes(16);
    const old = `$scrypt$ln=14,r=8,p=1$${salt.toString('base64').replace(/=+$/, '')}$${scryptSync(agent.password, salt, 32, { N: 2 ** 14, r: 8, p: 1 }).toString('base64').replace(/=+$/, '')}`;
    await ctx.db.updateTable('users').set({ password: old }).where('id', '=', agent.id).execute();
    await signIn(agent.username, agent.password);
    const upgraded = await ctx.db.selectFrom('users').select('password').where('id', '=', agent.id).executeTakeFirstOrThrow();
    expect(upgraded.password).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await ctx.db.selectFrom('auditEvents').select('action').where('entityId', '=', agent.id).where('action', '=', 'password_rehash').executeTakeFirst()).toBeTruthy();
    await signIn(agent.username, agent.password);
  });

  it('refuses short and common passwords for new accounts', async () => {
    const make = (password: string) =>
      call(users, 'POST', '/api/admin/users', { token: admin, body: { username: `p-${randomUUID().slice(0, 6)}`, name: 'P', email: `p-${randomUUID().slice(0, 6)}@btower.example`, role: 'viewer', password } });
    expect((await make('Elevenchars')).json.error.fields).toEqual({ password: 'team.errors.passwordTooShort' });
    expect((await make('Password1234')).json.error.fields).toEqual({ password: 'team.errors.passwordCommon' });
    expect((await make('qwertyuiop123')).json.error.fields).toEqual({ password: 'team.errors.passwordCommon' });
    expect((await make('Twelve chars')).status).toBe(201);
  });

  it('bounds guesses at one account from many addresses; that account’s usual browser and other accounts still get in', async () => {
    const target = await staffAccount(admin, 'viewer');
    const usual = `usual-${randomUUID()}`;
    expect((await call(login, 'POST', '/api/admin/login', { ip: usual, body: { username: target.username, password: target.password } })).status).toBe(200);
    const guess = () => call(login, 'POST', '/api/admin/login', { ip: `botnet-${randomUUID()}`, body: { username: target.username, password: strongPassword() } });
    for (let n = 0; n < LOGIN_ACCOUNT_LIMIT.max; n += 1) expect((await guess()).status).toBe(401);
    const refused = await guess();
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('Retry-After'))).toBeLessThanOrEqual(LOGIN_ACCOUNT_LIMIT.windowMs / 1000);
    expect((await call(login, 'POST', '/api/admin/login', { ip: `new-${randomUUID()}`, body: { username: target.username, password: target.password } })).status).toBe(429);
    expect((await call(login, 'POST', '/api/admin/login', { ip: usual, body: { username: target.username, password: target.password } })).status).toBe(200);
    const other = await staffAccount(admin, 'viewer');
    expect((await meWith(other.token)).status).toBe(200);
    await ctx.db.deleteFrom('loginAttempts').execute();
  });

  it('assigning mails the assignee in their language; the inbox filters by assignee, me and unassigned', async () => {
    const a = await staffAccount(admin, 'agent', 'Ara');
    const b = await staffAccount(admin, 'agent', 'Bo');
    await call(me, 'PATCH', '/api/admin/me', { token: b.token, body: { locale: 'ja' } });
    const id = (await call(inquiries, 'POST', '/api/inquiries', { body: inquiryBody({ name: `Assign ${randomUUID().slice(0, 6)}` }) })).json.id;
    const assigned = await call(inquiries, 'PATCH', `/api/inquiries/${id}`, { token: a.token, body: { assigneeId: b.id, nextStepOn: '2026-12-03' } });
    expect(assigned.json).toMatchObject({ assigneeId: b.id, assignee: { id: b.id, name: 'Bo' }, nextStepOn: '2026-12-03' });
    expect(assigned.json.history.slice(-2).map(({ at: _at, ...entry }: { at: string }) => entry)).toEqual([
      { by: { id: a.id, name: 'Ara' }, assignee: { id: b.id, name: 'Bo' } },
      { by: { id: a.id, name: 'Ara' }, nextStepOn: '2026-12-03' },
    ]);
    const [mail] = await mailsTo(b.email);
    expect(mail?.subject).toMatch(/お問い合わせが割り当てられました/);
    expect(mail?.text).toContain(`${SITE}/ja/admin?inquiry=${id}`);
    const ids = async (token: string, query: string) => ((await call(inquiries, 'GET', `/api/inquiries?limit=200&${query}`, { token })).json as { id: string }[]).map((row) => row.id);
    expect(await ids(b.token, 'assignee=me')).toEqual([id]);
    expect(await ids(a.token, `assignee=${b.id}`)).toEqual([id]);
    expect(await ids(a.token, 'assignee=none')).not.toContain(id);
    expect(await ids(a.token, 'assignee=all')).toContain(id);
    const viewer = await staffAccount(admin, 'viewer');
    const toViewer = await call(inquiries, 'PATCH', `/api/inquiries/${id}`, { token: a.token, body: { assigneeId: viewer.id } });
    expect(toViewer.json.error.fields).toEqual({ assigneeId: 'team.errors.assigneeInvalid' });
  });

  it('keeps the activity log append-only, paged newest first, filtered by person and kind, and exportable', async () => {
    await expect(sql`update audit_events set action = 'nothing'`.execute(ctx.db)).rejects.toThrow(/append-only/);
    await expect(sql`delete from audit_events`.execute(ctx.db)).rejects.toThrow(/append-only/);
    const adminId = (await meWith(admin)).json.id;
    const first = await call(audit, 'GET', `/api/admin/audit?actor=${adminId}&entity=user&limit=2`, { token: admin });
    expect(first.json).toHaveLength(2);
    expect(first.json.every((event: { actor: { id: string }; entity: string }) => event.actor.id === adminId && event.entity === 'user')).toBe(true);
    const next = first.headers.get('Link')?.match(/<([^>]+)>/)?.[1];
    const second = await call(audit, 'GET', next!, { token: admin });
    expect(second.json[0].at <= first.json[1].at).toBe(true);
    expect(second.json.map((e: { id: string }) => e.id)).not.toContain(first.json[1].id);
    const text = await exportLog('entity=user&lang=en');
    expect(text.split('\r\n')[0]).toBe('\uFEFFTime,Person,Action,Kind of record,Record,Record id,Changes (before → after),Client address');
    // The action and the kind of record in words, the account by its name (its id beside it for machines).
    expect(text).toMatch(new RegExp(`,admin,changed,Account,[^,]+,${UUID_PATTERN},`));
    expect(text).not.toContain(',update,user,');
    expect((await exportLog('entity=user&lang=ko')).split('\r\n')[0]).toBe('\uFEFF일시,사람,행동,대상 종류,대상,대상 ID,변경 내용 (전 → 후),접속 주소');
  });

  it('the activity log’s CSV says what the panel says, in the exporter’s language: a status change, an assignee, an empty value, a destroyed one', async () => {
    const agent = await staffAccount(admin, 'agent', 'Ara Kim');
    const made = await call(inquiries, 'POST', '/api/inquiries', { body: inquiryBody({ name: '이서연', email: `seoyeon-${randomUUID().slice(0, 6)}@example.com` }) });
    const id = made.json.id as string;
    expect((await call(inquiries, 'PATCH', `/api/inquiries/${id}`, { token: admin, body: { status: 'contacted', assigneeId: agent.id } })).status).toBe(200);
    const rowsOf = (text: string) => text.split('\r\n').filter((line) => line.includes(id));

    const ko = rowsOf(await exportLog('entity=inquiry&lang=ko'));
    const changed = ko.find((line) => line.includes('상태: 신규 → 연락함'));
    expect(changed, ko.join('\n')).toBeDefined();
    expect(changed).toContain(',admin,수정,문의,이서연 님 문의 (#');
    expect(changed).toContain('담당자: (비어 있음) → Ara Kim');
    const en = rowsOf(await exportLog('entity=inquiry&lang=en'));
    expect(en.find((line) => line.includes('Status: New → Contacted'))).toContain('Assignee: (empty) → Ara Kim');
    for (const line of [...ko, ...en]) {
      for (const raw of ['∅', 'status: new', 'contacted', 'assignee_id', agent.id, '{', '"[']) expect(line, raw).not.toContain(raw);
    }

    // Destroyed, the inquirer's values read "destroyed" (never the values), the facts as before.
    expect((await call(inquiries, 'POST', `/api/inquiries/${id}/destroy`, { token: admin })).status).toBe(200);
    const after = rowsOf(await exportLog('entity=inquiry&lang=ko'));
    expect(after.join('\n')).not.toContain(made.json.email ?? 'seoyeon-');
    expect(after.join('\n')).not.toContain('이서연');
    expect(after.find((line) => line.includes('상태: 신규 → 연락함'))).toBeDefined();
    expect(after.some((line) => /이메일: 파기됨/.test(line))).toBe(true);
    await outboxSettled(ctx.db); // the inquirer's confirmation and the assignee's mail, before the suite stops
  });

  it('refuses passkey ceremonies from a page that is not the site', async () => {
    const options = await call(passkeys, 'POST', '/api/admin/passkeys/sign-in/options', { headers: { Origin: 'http://127.0.0.1:4403' } });
    expect(options.status).toBe(400);
    expect(options.json.error.code).toBe('passkey_unavailable');
    const site = await call(passkeys, 'POST', '/api/admin/passkeys/sign-in/options', { headers: { Origin: 'https://leasing.btower.example' } });
    expect(site.status).toBe(403);
    expect(site.json.error.code).toBe('cross_site_request');
  });
});
