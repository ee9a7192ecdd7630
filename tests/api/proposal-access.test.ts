import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import audit from '../../functions/admin-audit.ts';
import links from '../../functions/proposal-links.ts';
import privacy from '../../functions/admin-privacy-requests.ts';
import proposals from '../../functions/proposals.ts';
import { resetServerEnv } from '../../src/server/env.ts';
import { call } from '../support/api-calls.ts';
import { adminToken, useApiBackend } from '../support/api-suite.ts';
import { availableBackends } from '../support/db-backends.ts';
import { atAsking, mailParts, newInquiry, proposalApi as api, tokenOf, workedExampleUnit } from '../support/proposals.ts';
import { startSmtp, subjectOf } from '../support/smtp.ts';
import { outboxSettled, staffAccount, type TestAccount } from '../support/staff.ts';

type Row = { action: string; inquiryIds: string[]; targetId: string | null; target: unknown; count: number | null; actor: { id: string } | null; address: string | null };

/**
 * Reading a proposal that names the prospect is a read of personal data (decision 027): the address its link went to,
 * the signer's name, title and company and the answer's evidence, its PDF (the addressee) and certificate. Each is an
 * access record — who, when, from where, which inquiry and proposal — shown in the log by its words, not its id.
 */
describe.each(availableBackends())('reads of proposals in the access records on $name', (backend) => {
  const ctx = useApiBackend(backend);
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let admin = '';
  let owner: TestAccount;
  let agent: TestAccount;
  let viewer: TestAccount;
  const saved = { ...process.env };

  beforeAll(async () => {
    smtp = await startSmtp();
    process.env.SMTP_URL = `smtp://127.0.0.1:${smtp.port}`;
    process.env.INQUIRY_NOTIFY_FROM = 'B TOWER Leasing <leasing@btower.example>';
    resetServerEnv();
    admin = await adminToken();
    owner = await staffAccount(admin, 'owner', 'Owner Oh');
    agent = await staffAccount(admin, 'agent', 'Agent Ahn');
    viewer = await staffAccount(admin, 'viewer', 'Viewer Vo');
  });
  afterAll(async () => {
    process.env = saved;
    resetServerEnv();
    await smtp.stop();
  });

  const reads = async (who: TestAccount) =>
    (await call(audit, 'GET', `/api/admin/audit?kind=access&actor=${who.id}`, { token: owner.token })).json as Row[];
  const pdf = async (token: string, path: string) => {
    const response = await proposals(new Request(`http://127.0.0.1${path}`, { headers: { Authorization: `Bearer ${token}` } }), { ip: 'agent-desk', params: {} } as never);
    return response.status;
  };

  it('a sent or answered proposal read by anyone (a viewer masked too), its PDF and its certificate are recorded; a draft is not', async () => {
    const unitId = await workedExampleUnit(ctx.db);
    const inquiry = await newInquiry(admin, agent.id);
    const draft = (await api.create(agent.token, inquiry.id, { unitIds: [unitId], terms: atAsking() })).json;
    // A draft holds figures and staff's words: reading it is no access to anyone's data.
    expect((await api.get(agent.token, draft.id)).status).toBe(200);
    expect((await api.list(agent.token, inquiry.id)).status).toBe(200);
    expect(await reads(agent)).toEqual([]);

    const approved = (await api.post(agent.token, draft.id, 'submit', {}, draft.revision)).json;
    await outboxSettled(ctx.db);
    smtp.mails.splice(0);
    const sent = await api.post(agent.token, draft.id, 'send', {}, approved.revision);
    expect(sent.status, sent.text).toBe(200);
    await outboxSettled(ctx.db);
    const token = tokenOf(mailParts(smtp.mails.find((mail) => /\/proposal\/#/.test(mailParts(mail.raw).text))!.raw).text);

    // Sent: it names the address its link went to. One record per read, by whoever reads it, masked or not.
    expect((await call(proposals, 'GET', `/api/proposals/${draft.id}`, { token: viewer.token, ip: 'viewer-desk' })).json.masked).toBe(true);
    expect(await reads(viewer)).toEqual([
      expect.objectContaining({ action: 'proposal.view', inquiryIds: [inquiry.id], targetId: draft.id, target: { kind: 'proposal', version: 1 }, count: null, address: 'viewer-desk' }),
    ]);
    expect((await call(proposals, 'GET', `/api/inquiries/${inquiry.id}/proposals`, { token: agent.token, ip: 'agent-desk' })).status).toBe(200);
    expect(await reads(agent)).toEqual([expect.objectContaining({ action: 'proposal.view', inquiryIds: [inquiry.id], targetId: draft.id, target: { kind: 'proposal', version: 1 } })]);

    // Accepted with a code: the signer and the evidence. The PDF (the addressee) and the certificate are downloads.
    expect((await call(links, 'POST', '/api/proposal-links/code', { token, body: {} })).status).toBe(202);
    await outboxSettled(ctx.db);
    const code = /(\d{6})/.exec(subjectOf(smtp.mails.findLast((mail) => /\d{6}/.test(subjectOf(mail.raw)))!.raw))![1]!;
    const accepted = await call(links, 'POST', '/api/proposal-links/answer', { token, body: { decision: 'accept', code, signerName: '김민준', signerTitle: '대표이사', company: 'Acme Korea', consent: true, consentVersion: '2026-12-06' } });
    expect(accepted.status, accepted.text).toBe(200);
    expect(await pdf(agent.token, `/api/proposals/${draft.id}/pdf?lang=ko`)).toBe(200);
    expect(await pdf(agent.token, `/api/proposals/${draft.id}/certificate.pdf`)).toBe(200);
    const downloads = (await call(audit, 'GET', `/api/admin/audit?kind=download&actor=${agent.id}`, { token: owner.token })).json as Row[];
    expect(downloads.map((row) => [row.action, row.targetId, row.inquiryIds, row.address])).toEqual([
      ['proposal.certificate', draft.id, [inquiry.id], 'agent-desk'],
      ['proposal.pdf', draft.id, [inquiry.id], 'agent-desk'],
    ]);
    expect((await call(audit, 'GET', `/api/admin/audit?kind=view&actor=${agent.id}`, { token: owner.token })).json.map((row: Row) => row.action)).toEqual(['proposal.view']);
    // A refused download records nothing: a viewer may not have the certificate (it names the signer).
    expect(await pdf(viewer.token, `/api/proposals/${draft.id}/certificate.pdf`)).toBe(403);
    expect((await reads(viewer)).map((row) => row.action)).toEqual(['proposal.view']);
    // Ids only in the table, as for inquiries: the destruction has nothing to erase there.
    const stored = JSON.stringify(await ctx.db.selectFrom('accessRecords').selectAll().execute());
    for (const value of ['김민준', '대표이사', 'Acme Korea', inquiry.email]) expect(stored).not.toContain(value);
    await outboxSettled(ctx.db);
  });

  it('a list of several versions that name the prospect is one record with their count; the 결재 list of unsent versions none', async () => {
    const unitId = await workedExampleUnit(ctx.db);
    const inquiry = await newInquiry(admin, agent.id);
    let version = (await api.create(agent.token, inquiry.id, { unitIds: [unitId], terms: atAsking() })).json;
    for (let n = 0; n < 2; n++) {
      const approved = (await api.post(agent.token, version.id, 'submit', {}, version.revision)).json;
      const sent = (await api.post(agent.token, version.id, 'send', {}, approved.revision)).json;
      if (n === 0) version = (await api.create(agent.token, inquiry.id, { unitIds: [unitId], terms: atAsking({ rentPerM2Krw: 35_500 }), parentId: sent.id })).json;
    }
    // A version waiting for an owner (a special term hits the rule): unsent, nobody in it.
    const pending = (await api.create(agent.token, inquiry.id, { unitIds: [await workedExampleUnit(ctx.db)], terms: atAsking({ specialTerms: '간판 설치 허용' }) })).json;
    expect((await api.post(agent.token, pending.id, 'submit', {}, pending.revision)).json.status).toBe('pending_approval');
    const before = (await reads(owner)).length;
    expect((await call(proposals, 'GET', '/api/proposals?status=pending_approval', { token: owner.token })).status).toBe(200);
    expect(await reads(owner)).toHaveLength(before);
    expect((await call(proposals, 'GET', `/api/inquiries/${inquiry.id}/proposals`, { token: owner.token })).json).toHaveLength(3);
    expect((await reads(owner))[0]).toMatchObject({ action: 'proposal.view', inquiryIds: [inquiry.id], targetId: null, target: null, count: 2 });
    await outboxSettled(ctx.db);
  });

  it('a privacy request read is named by its kind and day in the log, never by its id', async () => {
    const confirmedAt = new Date('2026-12-01T01:00:00Z');
    const request = await ctx.db
      .insertInto('privacyRequests')
      .values({ kind: 'access', email: 'asker@example.com', lang: 'ko', status: 'open', expiresAt: new Date(Date.now() + 86_400_000), confirmedAt, dueAt: new Date(confirmedAt.getTime() + 10 * 86_400_000) })
      .returning('id')
      .executeTakeFirstOrThrow();
    const listed = await call(privacy, 'GET', '/api/admin/privacy-requests', { token: owner.token });
    expect(listed.status).toBe(200);
    expect(listed.json).toHaveLength(1);
    const read = (await reads(owner)).find((row) => row.action === 'privacy_request.view');
    expect(read).toMatchObject({ targetId: request.id, target: { kind: 'privacy_request', requestKind: 'access', confirmedAt: confirmedAt.toISOString() } });
  });
});
