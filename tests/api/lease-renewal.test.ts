import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import leases from '../../functions/leases.ts';
import links from '../../functions/proposal-links.ts';
import units from '../../functions/units.ts';
import { resetServerEnv } from '../../src/server/env.ts';
import { koreanDay } from '../../src/shared/business-hours.ts';
import { addDays, addMonths } from '../../src/shared/deals/schedule.ts';
import { renewalTerms } from '../../src/shared/leases/renewal.ts';
import { call } from '../support/api-calls.ts';
import { adminToken, uploaded, useApiBackend } from '../support/api-suite.ts';
import { availableBackends } from '../support/db-backends.ts';
import { mailParts, newInquiry, proposalApi as api, tokenOf, workedExampleUnit } from '../support/proposals.ts';
import { startSmtp, subjectOf } from '../support/smtp.ts';
import { outboxSettled } from '../support/staff.ts';

/**
 * A tenant's renewal (issue 40): a proposal marked as the renewal of a signed lease of the same inquiry, prefilled
 * from it (src/shared/leases/renewal.ts); accepting it holds no space (the lease governs them), and the lease opened
 * from it renews the first — its 10-year day counted from the first lease's commencement.
 */
describe.each(availableBackends())('lease renewals on $name', (backend) => {
  const ctx = useApiBackend(backend);
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let admin = '';
  const saved = { ...process.env };
  const pdf = () => uploaded('lease', new TextEncoder().encode('%PDF-1.4 signed lease'));

  /** A lease of the worked example's space, opened by the owner's override, filled in and signed today. */
  async function signedLease(): Promise<{ id: string; inquiryId: string; unitId: string; terms: { startDate: string }; version: number }> {
    const unitId = await workedExampleUnit(ctx.db);
    const inquiry = await newInquiry(admin, undefined, { unitId });
    const opened = await call(leases, 'POST', `/api/inquiries/${inquiry.id}/lease`, { token: admin, body: { overrideReason: 'Signed on paper' } });
    const filled = await call(leases, 'PATCH', `/api/leases/${opened.json.id}`, { token: admin, body: { tenant: { businessNumber: '220-81-62517', representative: '박대표' } }, headers: { 'If-Match': `"${opened.json.version}"` } });
    const signed = await call(leases, 'POST', `/api/leases/${opened.json.id}/sign`, { token: admin, body: { signedOn: koreanDay(new Date()), documentPath: await pdf() }, headers: { 'If-Match': `"${filled.json.version}"` } });
    expect(signed.status, signed.text).toBe(200);
    return { ...signed.json, unitId };
  }

  beforeAll(async () => {
    smtp = await startSmtp();
    process.env.SMTP_URL = `smtp://127.0.0.1:${smtp.port}`;
    process.env.INQUIRY_NOTIFY_FROM = 'B TOWER Leasing <leasing@btower.example>';
    resetServerEnv();
    admin = await adminToken();
  });
  afterAll(async () => {
    process.env = saved;
    resetServerEnv();
    await smtp.stop();
  });

  it('is a proposal on the lease’s inquiry marked as its renewal; another inquiry’s lease, a draft or no lease at all is refused at the field', async () => {
    const lease = await signedLease();
    const full = (await call(leases, 'GET', `/api/leases/${lease.id}`, { token: admin })).json;
    const terms = renewalTerms({ terms: full.terms, area: full.area, amendments: [] });
    const made = await api.create(admin, lease.inquiryId, { unitIds: [lease.unitId], terms, renewalOf: lease.id });
    expect(made.status, made.text).toBe(201);
    expect(made.json).toMatchObject({ renewalOf: lease.id, version: 1, terms: { startDate: addMonths(lease.terms.startDate, 60) } });
    expect((await api.get(admin, made.json.id)).json.renewalOf).toBe(lease.id);

    const other = await newInquiry(admin);
    for (const renewalOf of [lease.id, randomUUID()]) {
      const refused = await api.create(admin, other.id, { unitIds: [lease.unitId], terms, renewalOf });
      expect([refused.status, refused.json.error.fields]).toEqual([400, { renewalOf: 'proposals.errors.renewalOfUnknown' }]);
    }
    // A draft is no lease yet: nothing to renew.
    const draftUnit = await workedExampleUnit(ctx.db);
    const draftInquiry = await newInquiry(admin, undefined, { unitId: draftUnit });
    const draft = (await call(leases, 'POST', `/api/inquiries/${draftInquiry.id}/lease`, { token: admin, body: { overrideReason: 'Signed on paper' } })).json;
    const ofDraft = await api.create(admin, draftInquiry.id, { unitIds: [draftUnit], terms, renewalOf: draft.id });
    expect([ofDraft.status, ofDraft.json.error.fields]).toEqual([400, { renewalOf: 'proposals.errors.renewalOfUnknown' }]);
    const plain = await api.create(admin, other.id, { unitIds: [lease.unitId], terms });
    expect(plain.json.renewalOf).toBeNull();
  });

  it('accepted, holds no space; the lease opened from it renews the first: its own dates, the chain’s 10-year day, both signed', async () => {
    const lease = await signedLease();
    const full = (await call(leases, 'GET', `/api/leases/${lease.id}`, { token: admin })).json;
    const terms = renewalTerms({ terms: full.terms, area: full.area, amendments: [] });
    let proposal = (await api.create(admin, lease.inquiryId, { unitIds: [lease.unitId], terms, renewalOf: lease.id })).json;
    proposal = (await api.post(admin, proposal.id, 'submit', {}, proposal.revision)).json;
    expect(proposal.status).toBe('approved');
    await outboxSettled(ctx.db);
    smtp.mails.splice(0);
    const sent = await api.post(admin, proposal.id, 'send', {}, proposal.revision);
    expect(sent.status, sent.text).toBe(200);
    await outboxSettled(ctx.db);
    const token = tokenOf(mailParts(smtp.mails.splice(0).find((mail) => /\/proposal\/#/.test(mailParts(mail.raw).text))!.raw).text);
    expect((await call(links, 'POST', '/api/proposal-links/code', { token, body: {} })).status).toBe(202);
    await outboxSettled(ctx.db);
    const code = /(\d{6})/.exec(subjectOf(smtp.mails.splice(0).find((mail) => /\d{6}/.test(subjectOf(mail.raw)))!.raw))![1]!;
    const accepted = await call(links, 'POST', '/api/proposal-links/answer', { token, body: { decision: 'accept', code, signerName: '김민준', consent: true, consentVersion: '2026-12-06' } });
    expect(accepted.status, accepted.text).toBe(200);
    // The space stays the lease's: leased, no hold.
    expect((await call(units, 'GET', `/api/units/${lease.unitId}`, { token: admin })).json).toMatchObject({ status: 'leased', lease: { id: lease.id } });
    expect(await ctx.db.selectFrom('proposalHolds').select('unitId').where('proposalId', '=', proposal.id).execute()).toEqual([]);

    const opened = await call(leases, 'POST', `/api/inquiries/${lease.inquiryId}/lease`, { token: admin, body: { proposalId: proposal.id } });
    expect(opened.status, opened.text).toBe(201);
    const firstDay = addMonths(lease.terms.startDate, 60);
    expect(opened.json).toMatchObject({ renewalOf: lease.id, proposalId: proposal.id, dates: { commencementOn: firstDay, handoverOn: firstDay, expiresOn: addDays(addMonths(firstDay, 60), -1) } });
    // Ten years of renewals are counted from the first lease's commencement, not the renewal's.
    expect(opened.json.renewal.tenYearsOn).toBe(addDays(addMonths(lease.terms.startDate, 120), -1));
    const filled = await call(leases, 'PATCH', `/api/leases/${opened.json.id}`, { token: admin, body: { tenant: { businessNumber: '220-81-62517', representative: '박대표' } }, headers: { 'If-Match': `"${opened.json.version}"` } });
    // Its possession starts the day after the first lease's last day: both are signed leases of one space.
    const renewed = await call(leases, 'POST', `/api/leases/${opened.json.id}/sign`, { token: admin, body: { signedOn: koreanDay(new Date()), documentPath: await pdf() }, headers: { 'If-Match': `"${filled.json.version}"` } });
    expect(renewed.status, renewed.text).toBe(200);
    expect((await call(units, 'GET', `/api/units/${lease.unitId}`, { token: admin })).json.status).toBe('leased');
  });
});
