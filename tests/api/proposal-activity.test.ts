import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import audit from '../../functions/admin-audit.ts';
import { resetServerEnv } from '../../src/server/env.ts';
import type { AuditEvent } from '../../src/shared/audit.ts';
import { call } from '../support/api-calls.ts';
import { adminToken, useApiBackend } from '../support/api-suite.ts';
import { availableBackends } from '../support/db-backends.ts';
import { atAsking, newInquiry, proposalApi as api, workedExampleUnit } from '../support/proposals.ts';
import { staffAccount, type TestAccount } from '../support/staff.ts';

/**
 * The activity log of a negotiation names each version and what its link did (issue 38's follow-up): a proposal's
 * entries, its link's and its approval round's say which version of which inquiry they were (refs), a send records
 * the link — in which language, until when — and a resend the old link stopped, never the address it went to.
 */
describe.each(availableBackends())('the activity log of proposals and their links on $name', (backend) => {
  const ctx = useApiBackend(backend);
  let admin = '';
  let owner: TestAccount;
  let agent: TestAccount;
  const saved = { ...process.env };

  beforeAll(async () => {
    delete process.env.SMTP_URL; // no mail: the link comes back to the sender
    resetServerEnv();
    admin = await adminToken();
    owner = await staffAccount(admin, 'owner', 'Owner Oh');
    agent = await staffAccount(admin, 'agent', 'Agent Ahn');
  });
  afterAll(() => {
    process.env = saved;
    resetServerEnv();
  });

  it('a sent version’s link is in the log with its version, language and expiry; a resend stops the old link; the address stays out', async () => {
    const inquiry = await newInquiry(admin, agent.id);
    const unitId = await workedExampleUnit(ctx.db);
    const first = (await api.create(agent.token, inquiry.id, { unitIds: [unitId], terms: atAsking(), locale: 'zh' })).json;
    const approved = (await api.post(agent.token, first.id, 'submit', {}, first.revision)).json;
    expect(approved.status).toBe('approved');
    const sent = await api.post(agent.token, first.id, 'send', { locale: 'zh' }, approved.revision);
    expect(sent.status, sent.text).toBe(200);
    const resent = await api.post(agent.token, first.id, 'send', { locale: 'en' }, sent.json.revision);
    expect(resent.status, resent.text).toBe(200);

    const log = (await call(audit, 'GET', `/api/admin/audit?actor=${agent.id}`, { token: owner.token })).json as AuditEvent[];
    const ofProposal = log.filter((entry) => entry.entity.startsWith('proposal'));
    // Every entry names the version and its inquiry, whatever record it is about.
    for (const entry of ofProposal) {
      expect(entry.refs?.[entry.entityId!], `${entry.entity} ${entry.action}`).toEqual({ kind: 'proposal', version: 1, inquiryId: inquiry.id, name: expect.any(String), reference: inquiry.id.slice(0, 8).toUpperCase() });
    }
    const links = ofProposal.filter((entry) => entry.entity === 'proposal_link');
    const made = links.filter((entry) => entry.action === 'send' && entry.changes.expires_at);
    expect(made.map((entry) => entry.changes.locale?.[1])).toEqual(['en', 'zh']);
    // Until the end of the validity's day in Seoul (the panel says that day).
    expect(new Date(made[0]!.changes.expires_at![1] as string).toISOString()).toBe(new Date(new Date(`${first.validUntil}T00:00:00+09:00`).getTime() + 86_400_000).toISOString());
    expect(made[0]!.changes.proposal_id).toEqual([null, first.id]);
    // The resend stopped the first link (the same version, a new link).
    const stopped = links.filter((entry) => entry.changes.revoked_at);
    expect(stopped).toHaveLength(1);
    expect(stopped[0]!.entityId).toBe(made[1]!.entityId);
    // The address the link went to, its secret's digest and the prospect's openings are not the log's.
    expect(JSON.stringify(links)).not.toContain(inquiry.email);
    for (const entry of links) for (const field of ['recipient', 'token_hash', 'first_viewed_at', 'last_viewed_at']) expect(Object.keys(entry.changes)).not.toContain(field);
    // The version's own entries: made, submitted, sent.
    expect(ofProposal.filter((entry) => entry.entity === 'proposal').map((entry) => entry.action)).toEqual(expect.arrayContaining(['create', 'submit', 'send']));
  });

  it('the log’s CSV words a negotiation as the panel does, in the exporter’s language; “제안” in the filter takes in its links and approval rounds', async () => {
    const inquiry = await newInquiry(admin, agent.id, { name: '이서연' });
    const unitId = await workedExampleUnit(ctx.db);
    const proposal = (await api.create(agent.token, inquiry.id, { unitIds: [unitId], terms: atAsking(), locale: 'zh' })).json;
    const approved = (await api.post(agent.token, proposal.id, 'submit', {}, proposal.revision)).json;
    expect((await api.post(agent.token, proposal.id, 'send', { locale: 'zh' }, approved.revision)).status).toBe(200);

    const filtered = (await call(audit, 'GET', `/api/admin/audit?entity=proposal&limit=200`, { token: owner.token })).json as AuditEvent[];
    expect(filtered.every((entry) => ['proposal', 'proposal_link', 'proposal_approval'].includes(entry.entity))).toBe(true);
    expect(filtered.map((entry) => entry.entity)).toEqual(expect.arrayContaining(['proposal', 'proposal_link']));
    const leases = await call(audit, 'GET', '/api/admin/audit?entity=lease', { token: owner.token });
    expect(leases.status).toBe(200);
    expect((leases.json as AuditEvent[]).every((entry) => entry.entity === 'lease' || entry.entity === 'lease_amendment')).toBe(true);

    const exportLog = async (lang: string) => {
      const csv = await audit(new Request(`http://127.0.0.1/api/admin/audit/export?entity=proposal&lang=${lang}`, { headers: { Authorization: `Bearer ${owner.token}` } }), { ip: '1' } as never);
      expect(csv.status).toBe(200);
      const reference = inquiry.id.slice(0, 8).toUpperCase();
      return (await csv.text()).split('\r\n').filter((line) => line.includes(reference));
    };
    const ko = await exportLog('ko');
    const sent = ko.find((line) => line.includes(',보내기,제안 링크,'));
    expect(sent, ko.join('\n')).toContain('이서연 님 제안 v1 (#');
    expect(sent).toContain('받는 분 언어: 중국어');
    const drafted = ko.find((line) => line.includes(',생성,제안,'));
    expect(drafted).toContain('상태: 작성 중');
    expect(drafted).toContain('보증금: ₩180,000,000'); // the terms as the proposal's screen says them, not their keys
    const en = await exportLog('en');
    expect(en.find((line) => line.includes(',Sent,Proposal link,')), en.join('\n')).toContain('Recipient’s language: Chinese');
    for (const line of [...ko, ...en]) {
      for (const raw of ['∅', 'proposal_link', 'expires_at', 'locale:', ': zh', 'draft', 'landlord', 'perYear']) expect(line, raw).not.toContain(raw);
    }
  });
});
