import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import audit from '../../functions/admin-audit.ts';
import invitations from '../../functions/admin-invitations.ts';
import login from '../../functions/admin-login.ts';
import logout from '../../functions/admin-logout.ts';
import me from '../../functions/admin-me.ts';
import passkeys from '../../functions/admin-passkeys.ts';
import passwordReset from '../../functions/admin-password-reset.ts';
import sessions from '../../functions/admin-sessions.ts';
import settings from '../../functions/admin-settings.ts';
import users from '../../functions/admin-users.ts';
import brands from '../../functions/brands.ts';
import inquiries from '../../functions/inquiries.ts';
import multipart from '../../functions/objects-multipart.ts';
import setPublic from '../../functions/objects-set-public.ts';
import upload from '../../functions/objects-upload.ts';
import units from '../../functions/units.ts';
import { can, type Permission } from '../../src/shared/roles.ts';
import { call } from '../support/api-calls.ts';
import { adminToken, brandBody, inquiryBody, uploaded, useApiBackend } from '../support/api-suite.ts';
import { availableBackends } from '../support/db-backends.ts';
import { signIn, staffAccount, strongPassword, type TestAccount } from '../support/staff.ts';

/** Who sends each request: the three roles, a deactivated agent (with the token they had) and nobody. */
const CALLERS = ['owner', 'agent', 'viewer', 'deactivated', 'nobody'] as const;
type Caller = (typeof CALLERS)[number];
type Answer = { status: number; json: { error?: { code?: string } } | null };

/** A GET whose success is a file (CSV), not JSON: its status, and the error body when it is one. */
async function getFile(handler: (req: Request, context: never) => Promise<Response>, path: string, token?: string): Promise<Answer> {
  const response = await handler(new Request(`http://127.0.0.1${path}`, { headers: token ? { Authorization: `Bearer ${token}` } : {} }), { ip: randomUUID(), params: {} } as never);
  const text = await response.text();
  return { status: response.status, json: response.headers.get('content-type')?.includes('application/json') ? JSON.parse(text) : null };
}

interface RouteCase {
  route: string;
  /** The action the route performs (src/shared/roles.ts), or public: everyone gets the same answer. */
  access: Permission | 'public';
  /** What a caller who may gets (with its error code when that answer is an error by design). */
  ok: number;
  okCode?: string;
  send(caller: Caller, token: string | undefined): Promise<Answer>;
}

const unitBody = (overrides: Record<string, unknown> = {}) => ({
  floor: '5F',
  // A number on 5F (5xx, as the floor rule wants) with a random suffix, so the matrix's many creations never collide.
  unitNumber: `5${String(Math.floor(Math.random() * 100)).padStart(2, '0')}-${Math.random().toString(36).slice(2, 5).padEnd(3, '0')}`,
  exclusiveAreaM2: 99.17,
  supplyAreaM2: 165.29,
  uses: ['Office'],
  status: 'available',
  availableFrom: '2026-03-01',
  monthlyRent: 4_500_000,
  deposit: 45_000_000,
  maintenanceFee: 900_000,
  pricePublic: false,
  plan: null,
  note: {},
  ...overrides,
});

/** Answers the matrix expects: 401 for nobody and the deactivated, 403 for a role that may not, else `ok`. */
function expected(route: RouteCase, caller: Caller): { status: number; code?: string } {
  if (route.access === 'public') return { status: route.ok, code: route.okCode };
  if (caller === 'nobody') return { status: 401, code: 'unauthorized' };
  // The holder of a deactivated account's session is told so (issue 28), not sent to sign in again.
  if (caller === 'deactivated') return { status: 401, code: 'account_deactivated' };
  return can(caller, route.access) ? { status: route.ok, code: route.okCode } : { status: 403, code: 'forbidden' };
}

describe.each(availableBackends())('role matrix: every admin route as owner, agent, viewer, a deactivated user and nobody, on $name', (backend) => {
  const ctx = useApiBackend(backend);
  let admin = '';
  const accounts = {} as Record<'owner' | 'agent' | 'viewer' | 'deactivated', TestAccount>;
  let thumbnail = '';
  let inquiryId = '';

  const tokenOf = (caller: Caller) => (caller === 'nobody' ? undefined : accounts[caller].token);
  const newBrand = async () => (await call(brands, 'POST', '/api/brands', { token: admin, body: brandBody(thumbnail, { name: `Brand ${randomUUID()}` }) })).json.id as string;
  const newUnit = async () => (await call(units, 'POST', '/api/units', { token: admin, body: unitBody() })).json.id as string;
  /** A second session of the caller's account (to be signed out), or a made-up id for those who have none. */
  const secondSession = async (caller: Caller) => {
    if (caller === 'nobody' || caller === 'deactivated') return randomUUID();
    const token = await signIn(accounts[caller].username, accounts[caller].password);
    const list = (await call(sessions, 'GET', '/api/admin/sessions', { token })).json as { id: string; current: boolean }[];
    return list.find((session) => session.current)!.id;
  };
  /** A fresh session to sign out with (a caller's own token must survive the matrix). */
  const freshToken = async (caller: Caller) =>
    caller === 'nobody' || caller === 'deactivated' ? tokenOf(caller) : signIn(accounts[caller].username, accounts[caller].password);

  const ROUTES: RouteCase[] = [
    // Brands
    { route: 'POST /api/brands', access: 'brands.write', ok: 201, send: (_, token) => call(brands, 'POST', '/api/brands', { token, body: brandBody(thumbnail, { name: `Brand ${randomUUID()}` }) }) },
    { route: 'PUT /api/brands/{id}', access: 'brands.write', ok: 200, send: async (_, token) => call(brands, 'PUT', `/api/brands/${await newBrand()}`, { token, body: brandBody(thumbnail, { name: 'Renamed' }) }) },
    { route: 'DELETE /api/brands/{id}', access: 'brands.write', ok: 204, send: async (_, token) => call(brands, 'DELETE', `/api/brands/${await newBrand()}`, { token }) },
    {
      route: 'POST /api/brands/{id}/restore', access: 'brands.write', ok: 200,
      send: async (_, token) => {
        const id = await newBrand();
        await call(brands, 'DELETE', `/api/brands/${id}`, { token: admin });
        return call(brands, 'POST', `/api/brands/${id}/restore`, { token });
      },
    },
    // Units (the list and one unit are public; with a bearer they show every price, so the bearer is checked)
    { route: 'GET /api/units (with a bearer)', access: 'units.read', ok: 200, send: (_, token) => call(units, 'GET', '/api/units', { token: token ?? 'x'.repeat(43) }) },
    { route: 'GET /api/units/{id} (with a bearer)', access: 'units.read', ok: 200, send: async (_, token) => call(units, 'GET', `/api/units/${await newUnit()}`, { token: token ?? 'x'.repeat(43) }) },
    { route: 'POST /api/units', access: 'units.write', ok: 201, send: (_, token) => call(units, 'POST', '/api/units', { token, body: unitBody() }) },
    { route: 'PUT /api/units/{id}', access: 'units.write', ok: 200, send: async (_, token) => call(units, 'PUT', `/api/units/${await newUnit()}`, { token, body: unitBody({ status: 'negotiating' }) }) },
    { route: 'DELETE /api/units/{id}', access: 'units.write', ok: 204, send: async (_, token) => call(units, 'DELETE', `/api/units/${await newUnit()}`, { token }) },
    {
      route: 'POST /api/units/{id}/restore', access: 'units.write', ok: 200,
      send: async (_, token) => {
        const id = await newUnit();
        await call(units, 'DELETE', `/api/units/${id}`, { token: admin });
        return call(units, 'POST', `/api/units/${id}/restore`, { token });
      },
    },
    // Uploads
    { route: 'POST /api/objects/upload (thumbnail)', access: 'uploads.write', ok: 201, send: (_, token) => call(upload, 'POST', '/api/objects/upload', { token, body: { purpose: 'thumbnail', filename: 'logo.png', size: 100, type: 'image/png' } }) },
    { route: 'POST /api/objects/multipart (plan)', access: 'uploads.write', ok: 201, send: (_, token) => call(multipart, 'POST', '/api/objects/multipart', { token, body: { purpose: 'plan', filename: 'plan.png', size: 100, type: 'image/png' } }) },
    { route: 'POST /api/objects/set-public', access: 'uploads.write', ok: 200, send: async (_, token) => call(setPublic, 'POST', '/api/objects/set-public', { token, body: { objectPath: await uploaded('thumbnail') } }) },
    // The inbox
    { route: 'GET /api/inquiries', access: 'inquiries.read', ok: 200, send: (_, token) => call(inquiries, 'GET', '/api/inquiries', { token }) },
    { route: 'GET /api/inquiries?assignee=me', access: 'inquiries.read', ok: 200, send: (_, token) => call(inquiries, 'GET', '/api/inquiries?assignee=me', { token }) },
    { route: 'GET /api/inquiries/counts', access: 'inquiries.read', ok: 200, send: (_, token) => call(inquiries, 'GET', '/api/inquiries/counts', { token }) },
    { route: 'GET /api/inquiries/stats', access: 'inquiries.read', ok: 200, send: (_, token) => call(inquiries, 'GET', '/api/inquiries/stats', { token }) },
    { route: 'GET /api/inquiries/{id}', access: 'inquiries.read', ok: 200, send: (_, token) => call(inquiries, 'GET', `/api/inquiries/${inquiryId}`, { token }) },
    { route: 'GET /api/inquiries/export', access: 'inquiries.export', ok: 200, send: (_, token) => getFile(inquiries, '/api/inquiries/export', token) },
    { route: 'PATCH /api/inquiries/{id} (status)', access: 'inquiries.write', ok: 200, send: (caller, token) => call(inquiries, 'PATCH', `/api/inquiries/${inquiryId}`, { token, body: { status: caller === 'owner' ? 'contacted' : 'touring' } }) },
    { route: 'PATCH /api/inquiries/{id} (note)', access: 'inquiries.write', ok: 200, send: (caller, token) => call(inquiries, 'PATCH', `/api/inquiries/${inquiryId}`, { token, body: { note: `Called by ${caller}` } }) },
    { route: 'PATCH /api/inquiries/{id} (assignment, next step)', access: 'inquiries.write', ok: 200, send: (_, token) => call(inquiries, 'PATCH', `/api/inquiries/${inquiryId}`, { token, body: { assigneeId: accounts.agent.id, nextStepOn: '2026-12-01' } }) },
    { route: 'POST /api/inquiries/{id}/attachments/0/link', access: 'inquiries.attachments', ok: 200, send: (_, token) => call(inquiries, 'POST', `/api/inquiries/${inquiryId}/attachments/0/link`, { token }) },
    // The team
    { route: 'GET /api/admin/users', access: 'team.manage', ok: 200, send: (_, token) => call(users, 'GET', '/api/admin/users', { token }) },
    {
      route: 'POST /api/admin/users', access: 'team.manage', ok: 201,
      send: (_, token) => {
        const username = `made-${randomUUID().slice(0, 8)}`;
        return call(users, 'POST', '/api/admin/users', { token, body: { username, name: 'New colleague', email: `${username}@btower.example`, role: 'viewer', password: strongPassword() } });
      },
    },
    {
      route: 'PATCH /api/admin/users/{id}', access: 'team.manage', ok: 200,
      send: async (_, token) => {
        const target = await staffAccount(admin, 'viewer');
        return call(users, 'PATCH', `/api/admin/users/${target.id}`, { token, body: { role: 'agent', name: 'Promoted' } });
      },
    },
    {
      route: 'DELETE /api/admin/users/{id}/second-factor', access: 'team.manage', ok: 204,
      send: async (_, token) => call(users, 'DELETE', `/api/admin/users/${(await staffAccount(admin, 'agent')).id}/second-factor`, { token }),
    },
    { route: 'GET /api/admin/assignees', access: 'team.directory', ok: 200, send: (_, token) => call(users, 'GET', '/api/admin/assignees', { token }) },
    { route: 'GET /api/admin/invitations', access: 'team.manage', ok: 200, send: (_, token) => call(invitations, 'GET', '/api/admin/invitations', { token }) },
    { route: 'POST /api/admin/invitations', access: 'team.manage', ok: 201, send: (_, token) => call(invitations, 'POST', '/api/admin/invitations', { token, body: { email: `invitee-${randomUUID().slice(0, 8)}@btower.example`, name: 'Invitee', role: 'agent' } }) },
    { route: 'POST /api/admin/invitations/accept (spent link)', access: 'public', ok: 400, okCode: 'invalid_token', send: (_, token) => call(invitations, 'POST', '/api/admin/invitations/accept', { token, body: { token: 'x'.repeat(43), username: 'someone', password: strongPassword() } }) },
    // My account
    { route: 'GET /api/admin/me', access: 'account.self', ok: 200, send: (_, token) => call(me, 'GET', '/api/admin/me', { token }) },
    { route: 'PATCH /api/admin/me', access: 'account.self', ok: 200, send: (caller, token) => call(me, 'PATCH', '/api/admin/me', { token, body: { name: `${caller} (renamed)` } }) },
    {
      route: 'POST /api/admin/me/password', access: 'account.self', ok: 200,
      send: async (caller, token) => {
        if (caller === 'nobody' || caller === 'deactivated') return call(me, 'POST', '/api/admin/me/password', { token, body: { currentPassword: 'whatever-it-was', password: strongPassword() } });
        const password = strongPassword();
        const answer = await call(me, 'POST', '/api/admin/me/password', { token, body: { currentPassword: accounts[caller].password, password } });
        if (answer.status === 200) accounts[caller].password = password;
        return answer;
      },
    },
    // My second factor (the set-up starts a pending key; a wrong first code; nothing on to turn off)
    { route: 'POST /api/admin/me/totp', access: 'account.self', ok: 200, send: (_, token) => call(me, 'POST', '/api/admin/me/totp', { token }) },
    { route: 'POST /api/admin/me/totp/confirm (wrong code)', access: 'account.self', ok: 400, okCode: 'invalid_code', send: (_, token) => call(me, 'POST', '/api/admin/me/totp/confirm', { token, body: { code: 'abcdef' } }) },
    { route: 'DELETE /api/admin/me/totp (none on)', access: 'account.self', ok: 409, okCode: 'totp_not_on', send: (_, token) => call(me, 'DELETE', '/api/admin/me/totp', { token, body: { code: '123456' } }) },
    { route: 'GET /api/admin/sessions', access: 'account.self', ok: 200, send: (_, token) => call(sessions, 'GET', '/api/admin/sessions', { token }) },
    { route: 'DELETE /api/admin/sessions/{id}', access: 'account.self', ok: 204, send: async (caller, token) => call(sessions, 'DELETE', `/api/admin/sessions/${await secondSession(caller)}`, { token }) },
    { route: 'POST /api/admin/logout', access: 'account.self', ok: 200, send: async (caller) => call(logout, 'POST', '/api/admin/logout', { token: await freshToken(caller) }) },
    { route: 'GET /api/admin/passkeys', access: 'account.self', ok: 200, send: (_, token) => call(passkeys, 'GET', '/api/admin/passkeys', { token }) },
    { route: 'DELETE /api/admin/passkeys/{id} (not mine)', access: 'account.self', ok: 404, okCode: 'passkey_not_found', send: (_, token) => call(passkeys, 'DELETE', '/api/admin/passkeys/bm90LW1pbmU', { token }) },
    { route: 'POST /api/admin/passkeys/register/options', access: 'account.self', ok: 200, send: (_, token) => call(passkeys, 'POST', '/api/admin/passkeys/register/options', { token, headers: { Origin: 'http://localhost:4403' } }) },
    {
      route: 'POST /api/admin/passkeys/register/verify (stale challenge)', access: 'account.self', ok: 400, okCode: 'invalid_challenge',
      send: (_, token) => call(passkeys, 'POST', '/api/admin/passkeys/register/verify', { token, headers: { Origin: 'http://localhost:4403' }, body: { challengeId: randomUUID(), response: { id: 'abc' } } }),
    },
    { route: 'POST /api/admin/passkeys/sign-in/options', access: 'public', ok: 200, send: (_, token) => call(passkeys, 'POST', '/api/admin/passkeys/sign-in/options', { token, headers: { Origin: 'http://localhost:4403' } }) },
    // The activity log and settings
    { route: 'GET /api/admin/audit', access: 'audit.read', ok: 200, send: (_, token) => call(audit, 'GET', '/api/admin/audit', { token }) },
    { route: 'GET /api/admin/audit/export', access: 'audit.read', ok: 200, send: (_, token) => getFile(audit, '/api/admin/audit/export', token) },
    { route: 'GET /api/admin/settings', access: 'settings.manage', ok: 200, send: (_, token) => call(settings, 'GET', '/api/admin/settings', { token }) },
    { route: 'PATCH /api/admin/settings', access: 'settings.manage', ok: 200, send: (caller, token) => call(settings, 'PATCH', '/api/admin/settings', { token, body: { reminderBusinessHours: caller === 'owner' ? 6 : 3 } }) },
    // Signing in (public)
    { route: 'POST /api/admin/login/second-factor (stale challenge)', access: 'public', ok: 401, okCode: 'challenge_expired', send: (_, token) => call(login, 'POST', '/api/admin/login/second-factor', { token, body: { challenge: 'z'.repeat(43), code: '123456' } }) },
    { route: 'POST /api/admin/password-reset', access: 'public', ok: 202, send: (_, token) => call(passwordReset, 'POST', '/api/admin/password-reset', { token, body: { email: 'nobody-here@btower.example' } }) },
  ];

  beforeAll(async () => {
    admin = await adminToken();
    thumbnail = await uploaded('thumbnail');
    for (const role of ['owner', 'agent', 'viewer'] as const) accounts[role] = await staffAccount(admin, role);
    accounts.deactivated = await staffAccount(admin, 'agent', 'Former agent');
    const off = await call(users, 'PATCH', `/api/admin/users/${accounts.deactivated.id}`, { token: admin, body: { active: false } });
    expect(off.status).toBe(200);
    const attachment = await uploaded('attachment', new TextEncoder().encode('%PDF-1.4 company registration'));
    inquiryId = (await call(inquiries, 'POST', '/api/inquiries', { body: inquiryBody({ attachments: [attachment] }) })).json.id;
  });

  it.each(CALLERS)('answers each route as the role table says for %s', async (caller) => {
    const answers: string[] = [];
    const wanted: string[] = [];
    for (const route of ROUTES) {
      const answer = await route.send(caller, tokenOf(caller));
      const want = expected(route, caller);
      answers.push(`${route.route} → ${answer.status}${want.code ? ` ${answer.json?.error?.code}` : ''}`);
      wanted.push(`${route.route} → ${want.status}${want.code ? ` ${want.code}` : ''}`);
    }
    expect(answers).toEqual(wanted);
  });

  it('records every kind of write the matrix made in the activity log, naming who made it', async () => {
    const rows = await ctx.db.selectFrom('auditEvents').select(['entity', 'entityId', 'action', 'actorId']).execute();
    const kinds = new Set(rows.map((row) => `${row.entity}.${row.action}`));
    const expectedKinds = [
      'brand.create', 'brand.update', 'brand.delete', 'brand.restore',
      'unit.create', 'unit.update', 'unit.delete', 'unit.restore',
      'object.upload', 'object.make_public',
      'inquiry.update', 'inquiry.note', 'inquiry.export', 'inquiry.attachment_link',
      'user.create', 'user.update', 'user.password_change', 'invitation.invite',
      'session.sign_in', 'session.sign_out', 'setting.create', 'audit.export',
      'user.totp_start', 'user.second_factor_reset',
    ];
    expect(expectedKinds.filter((kind) => !kinds.has(kind))).toEqual([]);
    // The writes of the agent are theirs, not the admin's: status changes, notes, assignment.
    const agentsInquiryWrites = rows.filter((row) => row.entity === 'inquiry' && row.actorId === accounts.agent.id).map((row) => row.action);
    expect(new Set(agentsInquiryWrites)).toEqual(new Set(['update', 'note', 'export', 'attachment_link']));
    // The viewer changed only their own account (name, password); the deactivated agent nothing at all.
    const writes = rows.filter((row) => !['sign_in', 'sign_out', 'sign_in_failed'].includes(row.action));
    expect(new Set(writes.filter((row) => row.actorId === accounts.viewer.id).map((row) => `${row.entity}:${row.entityId}`))).toEqual(new Set([`user:${accounts.viewer.id}`]));
    expect(writes.filter((row) => row.actorId === accounts.deactivated.id)).toEqual([]);
  });

  it('counts a failed sign-in in the log too, with the username tried', async () => {
    const failed = await call(login, 'POST', '/api/admin/login', { body: { username: accounts.viewer.username, password: 'not the password at all' }, ip: `wrong-${randomUUID()}` });
    expect(failed.status).toBe(401);
    const row = await ctx.db.selectFrom('auditEvents').selectAll().where('action', '=', 'sign_in_failed').orderBy('at', 'desc').executeTakeFirstOrThrow();
    expect(row).toMatchObject({ entity: 'user', entityId: accounts.viewer.id, actorName: accounts.viewer.username });
  });
});
