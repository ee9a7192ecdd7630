import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import inquiries from '../../functions/inquiries.ts';
import { resetServerEnv } from '../../src/server/env.ts';
import { call } from '../support/api-calls.ts';
import { adminToken, inquiryBody, useApiBackend } from '../support/api-suite.ts';
import { availableBackends } from '../support/db-backends.ts';
import { staffAccount, type TestAccount } from '../support/staff.ts';

/** Agents and owners correct a prospect's name, e-mail, phone and company themselves, on the version they read. */
describe.each(availableBackends())('correcting a prospect\'s contact fields on $name', (backend) => {
  useApiBackend(backend);
  let owner = '';
  let agent: TestAccount;
  let viewer: TestAccount;
  const saved = { ...process.env };

  beforeAll(async () => {
    owner = await adminToken();
    agent = await staffAccount(owner, 'agent', 'Dana');
    viewer = await staffAccount(owner, 'viewer', 'Vic');
  });
  afterAll(() => {
    process.env = saved;
    resetServerEnv();
  });

  const sent = async () => (await call(inquiries, 'POST', '/api/inquiries', { body: inquiryBody({ name: 'Kim Typo', email: 'kim@exmaple.com', phone: '010-1111-2222', company: 'Acme' }) })).json.id as string;
  const read = async (id: string) => (await call(inquiries, 'GET', `/api/inquiries/${id}`, { token: owner })).json;
  const patch = (id: string, token: string, body: Record<string, unknown>, version?: number) =>
    call(inquiries, 'PATCH', `/api/inquiries/${id}`, { token, body, headers: version === undefined ? {} : { 'If-Match': `"${version}"` } });

  it('saves an agent\'s correction on the version read and records which fields, by whom, in the history', async () => {
    const id = await sent();
    const before = await read(id);
    const saved = await patch(id, agent.token, { email: 'kim@example.com', phone: '010-1111-3333', company: '' }, before.version);
    expect(saved.status).toBe(200);
    expect(saved.json).toMatchObject({ name: 'Kim Typo', email: 'kim@example.com', phone: '010-1111-3333', company: null, status: 'new' });
    expect(saved.json.history.at(-1)).toMatchObject({ by: { id: agent.id, name: 'Dana' }, corrected: ['email', 'phone', 'company'] });
    // The values are not in the history (only the activity log has them, destroyed with the inquiry).
    expect(JSON.stringify(saved.json.history)).not.toContain('exmaple');
    // A correction is not a response to the prospect: the inquiry is still untouched.
    expect(saved.json.touchedAt).toBeNull();
    // The same again changes nothing and records nothing.
    const again = await patch(id, agent.token, { email: 'kim@example.com' });
    expect(again.json.history).toHaveLength(saved.json.history.length);
  });

  it('refuses a stale version (409 conflict with the inquiry as it is), the form\'s rules per field, and a viewer', async () => {
    const id = await sent();
    const { version } = await read(id);
    expect((await patch(id, owner, { name: 'Kim Right' }, version)).status).toBe(200);
    const stale = await patch(id, agent.token, { name: 'Kim Wrong' }, version);
    expect(stale.status).toBe(409);
    expect(stale.json.error.code).toBe('conflict');
    expect(stale.json.error.current.name).toBe('Kim Right');
    const bad = await patch(id, agent.token, { email: 'not an address', phone: 'call me', name: '' });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.json.error.fields).sort()).toEqual(['email', 'name', 'phone']);
    expect((await patch(id, viewer.token, { name: 'Vic was here' })).status).toBe(403);
    expect((await read(id)).name).toBe('Kim Right');
  });

  it('refuses a correction of a destroyed inquiry (the guard of every write)', async () => {
    const id = await sent();
    expect((await call(inquiries, 'POST', `/api/inquiries/${id}/destroy`, { token: owner })).status).toBe(200);
    const refused = await patch(id, agent.token, { name: 'Back again' });
    expect(refused.status).toBe(409);
    expect(refused.json.error.code).toBe('inquiry_destroyed');
  });
});
