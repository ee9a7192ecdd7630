import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import me from '../../functions/admin-me.ts';
import settings from '../../functions/admin-settings.ts';
import users from '../../functions/admin-users.ts';
import units from '../../functions/units.ts';
import { inputFromUnit } from '../../src/shared/units/unit.ts';
import { resetServerEnv } from '../../src/server/env.ts';
import { koreanDay } from '../../src/shared/business-hours.ts';
import { addDays } from '../../src/shared/deals/schedule.ts';
import { call } from '../support/api-calls.ts';
import { adminToken, useApiBackend } from '../support/api-suite.ts';
import { availableBackends } from '../support/db-backends.ts';
import { atAsking, newInquiry, offerA, proposalApi as api, workedExampleUnit } from '../support/proposals.ts';
import { startSmtp, subjectOf } from '../support/smtp.ts';
import { outboxSettled, signIn, staffAccount, type TestAccount } from '../support/staff.ts';

/**
 * Proposals on an inquiry (issue 39): drafted from the spaces' asking terms, their economics stored with each save,
 * approved by the owner's rules or by an owner, edits after approval sending them back, stale decisions refused.
 */
describe.each(availableBackends({ neon: true }))('proposals on $name', (backend) => {
  const ctx = useApiBackend(backend);
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let admin = '';
  let owner: TestAccount;
  let agent: TestAccount;
  let viewer: TestAccount;
  const saved = { ...process.env };
  const today = () => koreanDay(new Date());

  beforeAll(async () => {
    smtp = await startSmtp();
    process.env.SMTP_URL = `smtp://127.0.0.1:${smtp.port}`;
    process.env.INQUIRY_NOTIFY_FROM = 'B TOWER Leasing <leasing@btower.example>';
    resetServerEnv();
    admin = await adminToken();
    await call(me, 'PATCH', '/api/admin/me', { token: admin, body: { email: 'admin@btower.example' } });
    owner = await staffAccount(admin, 'owner', 'Olivia');
    agent = await staffAccount(admin, 'agent', 'Dana');
    viewer = await staffAccount(admin, 'viewer', 'Vic');
  });
  afterAll(async () => {
    process.env = saved;
    resetServerEnv();
    await smtp.stop();
  });

  it('drafts version 1 from the spaces: asking frozen, the worked example\'s economics stored, valid 14 days, in the inquiry\'s language', async () => {
    const unitId = await workedExampleUnit(ctx.db);
    const inquiry = await newInquiry(admin, agent.id);
    const made = await api.create(agent.token, inquiry.id, { unitIds: [unitId], terms: offerA() });
    expect(made.status).toBe(201);
    expect(made.headers.get('etag')).toBe(`"${made.json.revision}"`);
    expect(made.json).toMatchObject({
      inquiryId: inquiry.id, version: 1, parentId: null, proposedBy: 'landlord', status: 'draft', unitIds: [unitId], locale: 'en',
      validUntil: addDays(today(), 14), changedFromParent: null, askingChanged: [], createdBy: { id: agent.id, name: 'Dana' },
    });
    expect(made.json.rootId).toBe(made.json.id);
    expect(made.json.asking).toMatchObject({ contractAreaM2: 500, exclusiveAreaM2: 275, rentPerM2Krw: 36_000, maintenancePerM2Krw: 14_000, depositKrw: 180_000_000, escalationPct: 3 });
    // research/deals.md §3.2: asking 38,226 / 38,113; offer A 35,040 / 34,864, 8.5 % below asking by NER.
    expect(made.json.metrics).toMatchObject({
      faceRentPerM2: 36_000, effectiveRentPerM2: 35_040, nerPerM2: 34_864, askingEffectiveRentPerM2: 38_226, askingNerPerM2: 38_113,
      discountVsAskingPct: 8.53, nerDiscountRatePct: 5, convertedDepositKrw: 1_980_000_000, protectedByAct: false, freeRentMonths: 5,
    });
    const listed = await api.list(viewer.token, inquiry.id);
    expect(listed.status).toBe(200);
    expect(listed.json.map((p: { id: string }) => p.id)).toEqual([made.json.id]);
  });

  it('keeps the asking terms it froze when the space\'s price changes later: the difference is shown, the figures and an edit keep the frozen ones', async () => {
    const unitId = await workedExampleUnit(ctx.db);
    const inquiry = await newInquiry(admin, agent.id);
    const made = (await api.create(agent.token, inquiry.id, { unitIds: [unitId], terms: offerA() })).json;
    // The team raises the space's asking rent (₩18,000,000 → ₩20,000,000 a month) through the spaces form.
    const unit = (await call(units, 'GET', `/api/units/${unitId}`, { token: agent.token })).json;
    const raised = await call(units, 'PUT', `/api/units/${unitId}`, { token: agent.token, body: { ...inputFromUnit(unit), monthlyRent: 20_000_000 }, headers: { 'If-Match': `"${unit.version}"` } });
    expect(raised.status, raised.text).toBe(200);
    const read = (await api.get(agent.token, made.id)).json;
    expect(read.askingChanged).toEqual(['rentPerM2Krw']);
    expect(read.asking).toEqual(made.asking);
    expect(read.metrics).toEqual(made.metrics);
    // Saving the draft again recomputes against what it froze, never the new price (the discount stays 8.53 %).
    const edited = (await api.patch(agent.token, made.id, { validUntil: addDays(today(), 10) }, made.revision)).json;
    expect(edited.asking.rentPerM2Krw).toBe(36_000);
    expect(edited.metrics).toMatchObject({ askingNerPerM2: 38_113, discountVsAskingPct: 8.53 });
    expect(edited.askingChanged).toEqual(['rentPerM2Krw']);
  });

  it('refuses what cannot be a proposal with the field and its dictionary key, storing nothing', async () => {
    const unitId = await workedExampleUnit(ctx.db);
    const inquiry = await newInquiry(admin, agent.id);
    const cases: [Record<string, unknown>, string, string][] = [
      [{ unitIds: ['00000000-0000-4000-8000-000000000000'], terms: offerA() }, 'unitIds', 'proposals.errors.unitUnknown'],
      [{ unitIds: [], terms: offerA() }, 'unitIds', 'proposals.errors.unitsRequired'],
      [{ unitIds: [unitId, unitId], terms: offerA() }, 'unitIds', 'proposals.errors.unitsRepeated'],
      [{ unitIds: [unitId], terms: offerA(), validUntil: addDays(today(), -1) }, 'validUntil', 'proposals.errors.validUntilPast'],
      [{ unitIds: [unitId], terms: offerA(), validUntil: addDays(today(), 91) }, 'validUntil', 'proposals.errors.validUntilTooFar'],
      [{ unitIds: [unitId], terms: offerA({ rentPerM2Krw: 36_000.5 }) }, 'terms.rentPerM2Krw', 'deals.errors.amountInvalid'],
      [{ unitIds: [unitId], terms: offerA({ freeRent: { basis: 'perYear', months: 12 } }) }, 'terms.freeRent.months', 'deals.errors.freeRentTooMany'],
      [{ unitIds: [unitId], terms: offerA(), sneaky: true }, 'sneaky', 'proposals.errors.unknownField'],
    ];
    for (const [body, field, key] of cases) {
      const answer = await api.create(agent.token, inquiry.id, body);
      expect({ field, status: answer.status, key: answer.json.error.fields?.[field] }).toEqual({ field, status: 400, key });
    }
    // A validity of exactly 90 days is the last one allowed.
    expect((await api.create(agent.token, inquiry.id, { unitIds: [unitId], terms: offerA(), validUntil: addDays(today(), 90) })).status).toBe(201);
    expect((await api.list(agent.token, inquiry.id)).json).toHaveLength(1);
  });

  it('lets agents and owners write, viewers only read — masked', async () => {
    const unitId = await workedExampleUnit(ctx.db);
    const inquiry = await newInquiry(admin, agent.id);
    const refused = await api.create(viewer.token, inquiry.id, { unitIds: [unitId], terms: offerA() });
    expect([refused.status, refused.json.error.code]).toEqual([403, 'forbidden']);
    const made = await api.create(owner.token, inquiry.id, { unitIds: [unitId], terms: offerA() });
    expect(made.status).toBe(201);
    const read = await api.get(viewer.token, made.json.id);
    expect(read.status).toBe(200);
    expect(read.json).toMatchObject({ masked: true, metrics: { nerPerM2: 34_864 } });
    expect((await api.get(agent.token, made.json.id)).json).not.toHaveProperty('masked');
  });

  it('recomputes on every save and takes If-Match on the revision: a stale edit is 409 with the proposal as it is now', async () => {
    const unitId = await workedExampleUnit(ctx.db);
    const inquiry = await newInquiry(admin, agent.id);
    const made = (await api.create(agent.token, inquiry.id, { unitIds: [unitId], terms: offerA() })).json;
    const edited = await api.patch(agent.token, made.id, { terms: offerA({ freeRent: { basis: 'upFront', months: 5 } }) }, made.revision);
    expect(edited.status).toBe(200);
    expect(edited.json.metrics).toMatchObject({ effectiveRentPerM2: 35_226, nerPerM2: 34_758 });
    expect(edited.json.revision).toBe(made.revision + 1);
    expect(edited.json.version).toBe(1);
    const stale = await api.patch(owner.token, made.id, { validUntil: addDays(today(), 20) }, made.revision);
    expect([stale.status, stale.json.error.code]).toEqual([409, 'conflict']);
    expect(stale.json.error.current).toMatchObject({ id: made.id, revision: edited.json.revision, metrics: { nerPerM2: 34_758 } });
    expect(stale.headers.get('etag')).toBe(`"${edited.json.revision}"`);
    // The same values again change nothing (no new revision); a second click is harmless.
    const same = await api.patch(agent.token, made.id, { terms: offerA({ freeRent: { basis: 'upFront', months: 5 } }) }, edited.json.revision);
    expect(same.json.revision).toBe(edited.json.revision);
    const bad = await api.patch(agent.token, made.id, { validUntil: addDays(today(), 3) }, 'x' as never);
    expect(bad.status).toBe(400);
  });

  it('approves by rule: at asking it is approved automatically, each rule logged with its value and limit', async () => {
    const unitId = await workedExampleUnit(ctx.db);
    const inquiry = await newInquiry(admin, agent.id);
    const made = (await api.create(agent.token, inquiry.id, { unitIds: [unitId], terms: atAsking() })).json;
    const submitted = await api.post(agent.token, made.id, 'submit', {}, made.revision);
    expect(submitted.status).toBe(200);
    expect(submitted.json.status).toBe('approved');
    expect(submitted.json.approvals).toHaveLength(1);
    expect(submitted.json.approvals[0]).toMatchObject({ decision: 'auto', requestedBy: { id: agent.id }, approver: null, revision: made.revision });
    expect(submitted.json.approvals[0].rules).toEqual([
      { rule: 'discount', value: 0, limit: 5, hit: false },
      { rule: 'freeRent', value: 0, limit: 1, hit: false },
      { rule: 'ti', value: 0, limit: 0, hit: false },
      { rule: 'specialTerms', value: false, limit: false, hit: false },
    ]);
    const again = await api.post(agent.token, made.id, 'submit', {}, submitted.json.revision);
    expect([again.status, again.json.error.code]).toEqual([409, 'proposal_not_draft']);
    const log = await ctx.db.selectFrom('auditEvents').select(['action', 'entity', 'actorId']).where('entityId', '=', made.id).execute();
    expect(log).toEqual(expect.arrayContaining([{ action: 'create', entity: 'proposal', actorId: agent.id }, { action: 'submit', entity: 'proposal', actorId: agent.id }]));
  });

  it('sends a rule-hitting proposal to the owners; an owner approves; any edit after approval sends it back to draft', async () => {
    const unitId = await workedExampleUnit(ctx.db);
    const inquiry = await newInquiry(admin, agent.id);
    const made = (await api.create(agent.token, inquiry.id, { unitIds: [unitId], terms: offerA({ tiKrw: 24_960_000, specialTerms: '간판 설치 허용' }) })).json;
    await outboxSettled(ctx.db);
    smtp.mails.splice(0);
    const submitted = (await api.post(agent.token, made.id, 'submit', {}, made.revision)).json;
    expect(submitted.status).toBe('pending_approval');
    expect(submitted.approvals[0].rules.filter((rule: { hit: boolean }) => rule.hit).map((rule: { rule: string }) => rule.rule)).toEqual(['discount', 'ti', 'specialTerms']);
    // Each active owner with an address is asked, by reference — never the prospect's name, address or the terms' words.
    await outboxSettled(ctx.db);
    const asks = smtp.mails.splice(0);
    expect(asks.map((mail) => mail.to[0]).sort()).toEqual(['admin@btower.example', owner.email].sort());
    for (const mail of asks) {
      expect(subjectOf(mail.raw)).toMatch(/결재 요청: 제안 v1 #[0-9A-F]{8}/);
      expect(mail.raw).not.toContain(inquiry.email);
      expect(subjectOf(mail.raw)).not.toContain('김민준');
    }
    const pending = await api.get(viewer.token, made.id);
    expect((await call((await import('../../functions/proposals.ts')).default, 'GET', '/api/proposals?status=pending_approval', { token: viewer.token })).json.map((p: { id: string }) => p.id)).toContain(made.id);
    const notOwner = await api.post(agent.token, made.id, 'approve', {}, pending.json.revision);
    expect([notOwner.status, notOwner.json.error.code]).toEqual([403, 'forbidden']);
    const approved = await api.post(owner.token, made.id, 'approve', { comment: 'TI 승인' }, pending.json.revision);
    expect(approved.status).toBe(200);
    expect(approved.json.status).toBe('approved');
    expect(approved.json.approvals.at(-1)).toMatchObject({ decision: 'approved', approver: { id: owner.id }, comment: 'TI 승인' });
    const edited = await api.patch(agent.token, made.id, { validUntil: addDays(today(), 10) }, approved.json.revision);
    expect(edited.json.status).toBe('draft');
    // Pending, then edited: the round is voided and the owners' list forgets it.
    const again = (await api.post(agent.token, made.id, 'submit', {}, edited.json.revision)).json;
    expect(again.status).toBe('pending_approval');
    const editedWhilePending = (await api.patch(agent.token, made.id, { validUntil: addDays(today(), 11) }, again.revision)).json;
    expect(editedWhilePending.status).toBe('draft');
    expect(editedWhilePending.approvals.map((round: { decision: string }) => round.decision)).toEqual(['approved', 'voided']);
    const late = await api.post(owner.token, made.id, 'approve', {}, editedWhilePending.revision);
    expect([late.status, late.json.error.code]).toEqual([409, 'proposal_not_pending']);
  });

  it('refuses a stale approval: the owner read version A, the agent changed it and submitted again — 409 with the current one', async () => {
    const unitId = await workedExampleUnit(ctx.db);
    const inquiry = await newInquiry(admin, agent.id);
    const made = (await api.create(agent.token, inquiry.id, { unitIds: [unitId], terms: offerA({ tiKrw: 10_000_000 }) })).json;
    const asked = (await api.post(agent.token, made.id, 'submit', {}, made.revision)).json;
    const seenByOwner = (await api.get(owner.token, made.id)).json;
    const changed = (await api.patch(agent.token, made.id, { terms: offerA({ tiKrw: 90_000_000 }) }, asked.revision)).json;
    const resubmitted = (await api.post(agent.token, made.id, 'submit', {}, changed.revision)).json;
    expect(resubmitted.status).toBe('pending_approval');
    const stale = await api.post(owner.token, made.id, 'approve', {}, seenByOwner.revision);
    expect([stale.status, stale.json.error.code]).toEqual([409, 'conflict']);
    expect(stale.json.error.current.terms.tiKrw).toBe(90_000_000);
    expect((await api.get(owner.token, made.id)).json.status).toBe('pending_approval');
    const fresh = await api.post(owner.token, made.id, 'approve', {}, stale.json.error.current.revision);
    expect(fresh.json.status).toBe('approved');
  });

  it('asks for changes and rejects with a comment; a rejected version is closed, its submitter told', async () => {
    const unitId = await workedExampleUnit(ctx.db);
    const inquiry = await newInquiry(admin, agent.id);
    const made = (await api.create(agent.token, inquiry.id, { unitIds: [unitId], terms: offerA({ specialTerms: '전대 허용' }) })).json;
    const asked = (await api.post(agent.token, made.id, 'submit', {}, made.revision)).json;
    const noComment = await api.post(owner.token, made.id, 'request-changes', {}, asked.revision);
    expect([noComment.status, noComment.json.error.fields?.comment]).toEqual([400, 'proposals.errors.commentRequired']);
    const changes = (await api.post(owner.token, made.id, 'request-changes', { comment: '전대 조항 삭제' }, asked.revision)).json;
    expect(changes.status).toBe('changes_requested');
    const fixed = (await api.patch(agent.token, made.id, { terms: offerA() }, changes.revision)).json;
    const resubmitted = (await api.post(agent.token, made.id, 'submit', {}, fixed.revision)).json;
    expect(resubmitted.status).toBe('pending_approval');
    const bareReject = await api.post(owner.token, made.id, 'reject', { comment: '  ' }, resubmitted.revision);
    expect([bareReject.status, bareReject.json.error.fields?.comment]).toEqual([400, 'proposals.errors.commentRequired']);
    const rejected = (await api.post(owner.token, made.id, 'reject', { comment: '할인 과다' }, resubmitted.revision)).json;
    expect(rejected.status).toBe('rejected');
    const closed = await api.patch(agent.token, made.id, { validUntil: addDays(today(), 5) }, rejected.revision);
    expect([closed.status, closed.json.error.code]).toEqual([409, 'proposal_closed']);
    await outboxSettled(ctx.db);
    const decisions = smtp.mails.splice(0).filter((mail) => mail.to[0] === agent.email).map((mail) => subjectOf(mail.raw));
    expect(decisions).toEqual(expect.arrayContaining([expect.stringContaining('수정 요청'), expect.stringContaining('반려')]));
  });

  it('lets an owner\'s own submission be their approval, and nobody decide on a proposal they submitted', async () => {
    const unitId = await workedExampleUnit(ctx.db);
    const inquiry = await newInquiry(admin, agent.id);
    const byOwner = (await api.create(owner.token, inquiry.id, { unitIds: [unitId], terms: offerA({ tiKrw: 5_000_000 }) })).json;
    const self = (await api.post(owner.token, byOwner.id, 'submit', {}, byOwner.revision)).json;
    expect(self.status).toBe('approved');
    expect(self.approvals[0]).toMatchObject({ decision: 'approved', approver: { id: owner.id }, requestedBy: { id: owner.id } });
    expect(self.approvals[0].rules.find((rule: { rule: string }) => rule.rule === 'ti').hit).toBe(true);
    // An agent who submitted and is then made an owner still cannot decide on their own submission.
    const climber = await staffAccount(admin, 'agent', 'Climber');
    const mine = (await api.create(climber.token, inquiry.id, { unitIds: [await workedExampleUnit(ctx.db)], terms: offerA({ tiKrw: 5_000_000 }) })).json;
    const asked = (await api.post(climber.token, mine.id, 'submit', {}, mine.revision)).json;
    expect((await call(users, 'PATCH', `/api/admin/users/${climber.id}`, { token: admin, body: { role: 'owner' } })).status).toBe(200);
    const promoted = await signIn(climber.username, climber.password);
    const own = await api.post(promoted, mine.id, 'approve', {}, asked.revision);
    expect([own.status, own.json.error.code]).toEqual([403, 'own_proposal']);
  });

  it('follows the owner\'s thresholds: a higher discount limit and no TI rule approve the same offer automatically', async () => {
    const read = await call(settings, 'GET', '/api/admin/settings', { token: admin });
    expect(read.json).toMatchObject({ approvalDiscountPct: 5, approvalFreeMonthsPerYear: 1, approvalAnyTi: true, approvalAnySpecialTerms: true, proposalHoldDays: 30, nerDiscountRatePct: 5 });
    const bad = await call(settings, 'PATCH', '/api/admin/settings', { token: admin, body: { approvalDiscountPct: 5.55 } });
    expect([bad.status, bad.json.error.fields?.approvalDiscountPct]).toEqual([400, 'proposals.errors.approvalDiscountInvalid']);
    const changed = await call(settings, 'PATCH', '/api/admin/settings', { token: admin, body: { approvalDiscountPct: 15, approvalAnyTi: false }, headers: { 'If-Match': `"${read.json.version}"` } });
    expect(changed.status).toBe(200);
    try {
      const inquiry = await newInquiry(admin, agent.id);
      const made = (await api.create(agent.token, inquiry.id, { unitIds: [await workedExampleUnit(ctx.db)], terms: offerA({ tiKrw: 24_960_000 }) })).json;
      const submitted = (await api.post(agent.token, made.id, 'submit', {}, made.revision)).json;
      expect(submitted.status).toBe('approved');
      expect(submitted.approvals[0].rules.slice(0, 3)).toEqual([
        { rule: 'discount', value: made.metrics.discountVsAskingPct, limit: 15, hit: false },
        { rule: 'freeRent', value: 1, limit: 1, hit: false },
        { rule: 'ti', value: 24_960_000, limit: null, hit: false },
      ]);
    } finally {
      await call(settings, 'PATCH', '/api/admin/settings', { token: admin, body: { approvalDiscountPct: 5, approvalAnyTi: true } });
    }
  });

  it('refuses every write on a destroyed or suspended inquiry (the privacy guard), changing nothing', async () => {
    const unitId = await workedExampleUnit(ctx.db);
    const suspended = await newInquiry(admin, agent.id);
    const draft = (await api.create(agent.token, suspended.id, { unitIds: [unitId], terms: offerA() })).json;
    await ctx.db.updateTable('inquiries').set({ suspendedAt: new Date() }).where('id', '=', suspended.id).execute();
    for (const answer of [
      await api.create(agent.token, suspended.id, { unitIds: [unitId], terms: offerA() }),
      await api.patch(agent.token, draft.id, { validUntil: addDays(today(), 3) }),
      await api.post(agent.token, draft.id, 'submit'),
    ]) expect([answer.status, answer.json.error.code]).toEqual([409, 'inquiry_suspended']);
    expect((await api.get(agent.token, draft.id)).json.revision).toBe(draft.revision);
    const destroyed = await newInquiry(admin, agent.id);
    await ctx.db.updateTable('inquiries').set({ destroyedAt: new Date(), name: null, email: null }).where('id', '=', destroyed.id).execute();
    const refused = await api.create(agent.token, destroyed.id, { unitIds: [unitId], terms: offerA() });
    expect([refused.status, refused.json.error.code]).toEqual([409, 'inquiry_destroyed']);
  });

  it('keeps `reserved` to the proposals: a space cannot be set reserved by hand', async () => {
    const unitId = await workedExampleUnit(ctx.db);
    const unit = (await call(units, 'GET', `/api/units/${unitId}`, { token: agent.token })).json;
    const { version } = unit;
    const input = inputFromUnit(unit);
    const answer = await call(units, 'PUT', `/api/units/${unitId}`, { token: agent.token, body: { ...input, status: 'reserved' }, headers: { 'If-Match': `"${version}"` } });
    expect([answer.status, answer.json.error.fields?.status]).toEqual([400, 'units.errors.reservedByProposal']);
  });
});
