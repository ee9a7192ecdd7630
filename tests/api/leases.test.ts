import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import brands from '../../functions/brands.ts';
import inquiries from '../../functions/inquiries.ts';
import leases from '../../functions/leases.ts';
import objects from '../../functions/objects.ts';
import me from '../../functions/admin-me.ts';
import units from '../../functions/units.ts';
import reports from '../../functions/reports.ts';
import { resetServerEnv } from '../../src/server/env.ts';
import { runDealDates } from '../../src/server/deal-dates/run.ts';
import { koreanDay } from '../../src/shared/business-hours.ts';
import { inquiryReference } from '../../src/shared/inquiry-basics.ts';
import { addDays, addMonths } from '../../src/shared/deals/schedule.ts';
import { call } from '../support/api-calls.ts';
import { adminToken, brandBody, inquiryBody, uploaded, useApiBackend } from '../support/api-suite.ts';
import { availableBackends } from '../support/db-backends.ts';
import { plain, startSmtp, subjectOf } from '../support/smtp.ts';
import { outboxSettled, staffAccount, type TestAccount } from '../support/staff.ts';
import { offerA, proposalApi } from '../support/proposals.ts';

const pdf = () => uploaded('lease', new TextEncoder().encode('%PDF-1.4 signed lease'));
/** Seoul's day `n` days from today. */
const dayFromToday = (n: number) => addDays(koreanDay(new Date()), n);
/** Noon in Seoul on `day`: what the daily job's clock reads. */
const noonOf = (day: string) => new Date(`${day}T12:00:00+09:00`);

describe.each(availableBackends({ neon: true }))('leases on $name', (backend) => {
  const ctx = useApiBackend(backend);
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let admin = '';
  let agent: TestAccount;
  let viewer: TestAccount;
  const saved = { ...process.env };

  /** A space of 500 m² contract / 275 m² exclusive at ₩18,000,000 a month (₩36,000/m²), as the research's example. */
  async function newUnit(floor = '10F'): Promise<string> {
    const unitNumber = `${floor.replace('F', '')}${String(Math.floor(Math.random() * 90) + 10)}-${randomUUID().slice(0, 3)}`;
    const made = await call(units, 'POST', '/api/units', {
      token: admin,
      body: { floor, unitNumber, exclusiveAreaM2: 275, supplyAreaM2: 500, uses: ['Office'], status: 'available', monthlyRent: 18_000_000, deposit: 180_000_000, maintenanceFee: 7_000_000, pricePublic: true },
    });
    expect(made.status, made.text).toBe(201);
    return made.json.id as string;
  }
  async function newInquiry(unitId: string): Promise<string> {
    const made = await call(inquiries, 'POST', '/api/inquiries', { body: inquiryBody({ unitId, name: '김임차', email: `tenant-${randomUUID().slice(0, 6)}@example.com`, phone: '010-2222-3333', company: '(주)비타워커피', businessType: 'F&B' }) });
    expect(made.status, made.text).toBe(201);
    await call(inquiries, 'PATCH', `/api/inquiries/${made.json.id}`, { token: admin, body: { assigneeId: agent.id } });
    return made.json.id as string;
  }
  const open = (inquiryId: string, body: Record<string, unknown>, token = admin) => call(leases, 'POST', `/api/inquiries/${inquiryId}/lease`, { token, body });
  const patch = (lease: { id: string; version: number }, body: Record<string, unknown>, token = admin) =>
    call(leases, 'PATCH', `/api/leases/${lease.id}`, { token, body, headers: { 'If-Match': `"${lease.version}"` } });
  const sign = async (lease: { id: string; version: number }, token = admin, signedOn = koreanDay(new Date())) =>
    call(leases, 'POST', `/api/leases/${lease.id}/sign`, { token, body: { signedOn, documentPath: await pdf() }, headers: { 'If-Match': `"${lease.version}"` } });
  /** A draft filled in as signing needs it. */
  async function readyDraft(unitId?: string, more: (draft: { terms: { startDate: string } }) => Record<string, unknown> = () => ({})): Promise<{ id: string; version: number; inquiryId: string; unitIds: string[] }> {
    const inquiryId = await newInquiry(unitId ?? (await newUnit()));
    const opened = await open(inquiryId, { overrideReason: 'Signed on paper before proposals existed' });
    expect(opened.status, opened.text).toBe(201);
    const filled = await patch(opened.json, { tenant: { businessNumber: '220-81-62517', representative: '박대표' }, ...more(opened.json) });
    expect(filled.status, filled.text).toBe(200);
    return { ...filled.json, inquiryId };
  }
  const delivered = async () => {
    await outboxSettled(ctx.db);
    return smtp.mails.splice(0);
  };

  beforeAll(async () => {
    smtp = await startSmtp();
    process.env.SMTP_URL = `smtp://127.0.0.1:${smtp.port}`;
    process.env.INQUIRY_NOTIFY_FROM = 'B TOWER Leasing <leasing@btower.example>';
    resetServerEnv();
    admin = await adminToken();
    await call(me, 'PATCH', '/api/admin/me', { token: admin, body: { email: 'owner@btower.example' } });
    agent = await staffAccount(admin, 'agent', 'Dana');
    viewer = await staffAccount(admin, 'viewer', 'Vic');
  });
  afterAll(async () => {
    process.env = saved;
    resetServerEnv();
    await smtp.stop();
  });

  it('opens a lease only from an accepted proposal, or by an owner giving a reason; prefilled from the inquiry and the space', async () => {
    const unitId = await newUnit();
    const inquiryId = await newInquiry(unitId);
    const none = await open(inquiryId, {}, agent.token);
    expect(none.status).toBe(409);
    expect(none.json.error).toMatchObject({ code: 'proposal_not_accepted', fields: { proposalId: 'leases.errors.proposalNotAccepted' } });
    const agentOverride = await open(inquiryId, { overrideReason: 'Paper deal' }, agent.token);
    expect(agentOverride.status).toBe(403);
    expect(agentOverride.json.error.fields).toEqual({ overrideReason: 'leases.errors.overrideOwnerOnly' });
    const emptyReason = await open(inquiryId, { overrideReason: '  ' });
    expect(emptyReason.json.error).toMatchObject({ code: 'invalid_input', fields: { overrideReason: 'leases.errors.overrideReasonRequired' } });

    const opened = await open(inquiryId, { overrideReason: 'Paper deal signed before proposals existed' });
    expect(opened.status, opened.text).toBe(201);
    expect(opened.headers.get('ETag')).toBe(`"${opened.json.version}"`);
    const lease = opened.json;
    expect(lease).toMatchObject({
      inquiryId, proposalId: null, status: 'draft', overrideReason: 'Paper deal signed before proposals existed',
      tenant: { legalName: '(주)비타워커피', businessNumber: '', representative: '', contacts: [{ name: '김임차', phone: '010-2222-3333' }] },
      newBrand: { name: '(주)비타워커피', category: 'F&B' },
      unitIds: [unitId], area: { contractM2: 500, exclusiveM2: 275 },
      terms: { rentPerM2Krw: 36_000, maintenancePerM2Krw: 14_000, depositKrw: 180_000_000, termMonths: 60, vatExcluded: true },
      deposit: { amountKrw: 180_000_000, schedule: [{ kind: 'contract', amountKrw: 18_000_000 }, { kind: 'balance', amountKrw: 162_000_000 }] },
      problems: { businessNumber: 'leases.errors.businessNumberRequired', representative: 'leases.errors.representativeRequired' },
    });
    expect(lease.dates.commencementOn).toBe(lease.terms.startDate);
    expect(lease.dates.expiresOn).toBe(addDays(addMonths(lease.terms.startDate, 60), -1));
    // A second click finds the first draft.
    const again = await open(inquiryId, { overrideReason: 'Again' });
    expect(again.status).toBe(409);
    expect(again.json.error).toMatchObject({ code: 'lease_exists', current: { id: lease.id } });
    expect(await ctx.db.selectFrom('leases').select('id').where('inquiryId', '=', inquiryId).execute()).toHaveLength(1);
  });

  it('opens from the accepted proposal: its spaces and terms; signing ends the proposal’s hold on the space', async () => {
    const unitId = await newUnit();
    const inquiryId = await newInquiry(unitId);
    const made = await proposalApi.create(agent.token, inquiryId, { unitIds: [unitId], terms: offerA({ fitoutMonths: 2 }) });
    expect(made.status, made.text).toBe(201);
    // The prospect's acceptance as deals' answer route records it: the version accepted, its space held (reserved).
    await ctx.db.updateTable('proposals').set({ status: 'accepted', answeredAt: new Date() }).where('id', '=', made.json.id).execute();
    await ctx.db.insertInto('proposalHolds').values({ proposalId: made.json.id, unitId, statusBefore: 'available', until: new Date(Date.now() + 30 * 86_400_000) }).execute();
    await ctx.db.updateTable('units').set({ status: 'reserved' }).where('id', '=', unitId).execute();

    const opened = await open(inquiryId, {}, agent.token);
    expect(opened.status, opened.text).toBe(201);
    expect(opened.json).toMatchObject({ proposalId: made.json.id, overrideReason: null, unitIds: [unitId], terms: { rentPerM2Krw: 36_000, fitoutMonths: 2, freeRent: { basis: 'perYear', months: 1 }, escalationPct: 3 } });
    // Handed over when the two fit-out months start; rent from the second month (the first of each lease year is free).
    expect(opened.json.dates).toMatchObject({ handoverOn: addMonths(opened.json.terms.startDate, -2), commencementOn: opened.json.terms.startDate, rentStartOn: addMonths(opened.json.terms.startDate, 1) });
    const filled = await patch(opened.json, { tenant: { businessNumber: '220-81-62517', representative: '박대표' } }, agent.token);
    expect((await call(units, 'GET', `/api/units/${unitId}`)).json.status).toBe('reserved');
    const signed = await sign(filled.json);
    expect(signed.status, signed.text).toBe(200);
    const hold = await ctx.db.selectFrom('proposalHolds').select(['releasedAt', 'releaseReason']).where('proposalId', '=', made.json.id).executeTakeFirstOrThrow();
    expect(hold).toMatchObject({ releaseReason: 'lease_signed', releasedAt: expect.any(Date) });
    expect((await call(units, 'GET', `/api/units/${unitId}`)).json.status).toBe('leased');
    // The proposal is done: another lease cannot be opened from it.
    expect((await open(inquiryId, { proposalId: made.json.id }, agent.token)).json.error.code).toBe('proposal_not_accepted');
  });

  it('signing over another inquiry’s accepted proposal’s hold is refused (409 unit_reserved naming it) unless an owner releases it with a reason: kept, logged, its team mailed', async () => {
    const unitId = await newUnit();
    const holder = await newInquiry(unitId);
    // The other inquiry's lease is drafted while the space is still free; then the first prospect accepts online.
    const draft = await readyDraft(unitId);
    const made = await proposalApi.create(agent.token, holder, { unitIds: [unitId], terms: offerA() });
    expect(made.status, made.text).toBe(201);
    await ctx.db.updateTable('proposals').set({ status: 'accepted', answeredAt: new Date() }).where('id', '=', made.json.id).execute();
    await ctx.db.insertInto('proposalHolds').values({ proposalId: made.json.id, unitId, statusBefore: 'available', until: new Date(Date.now() + 30 * 86_400_000) }).execute();
    await ctx.db.updateTable('units').set({ status: 'reserved' }).where('id', '=', unitId).execute();
    await delivered();
    const liveHold = () => ctx.db.selectFrom('proposalHolds').selectAll().where('proposalId', '=', made.json.id).executeTakeFirstOrThrow();

    const refused = await sign(draft);
    expect(refused.status, refused.text).toBe(409);
    expect(refused.json.error).toMatchObject({
      code: 'unit_reserved', fields: { releaseHolds: 'leases.errors.unitReserved' }, unitIds: [unitId],
      holds: [{ unitId, proposalId: made.json.id, version: 1, inquiryId: holder, reference: inquiryReference(holder) }],
    });
    // Nothing moved: the hold lives, the space is reserved, the lease is a draft, nobody was mailed.
    expect(await liveHold()).toMatchObject({ releasedAt: null, releaseReason: null });
    expect((await call(units, 'GET', `/api/units/${unitId}`)).json.status).toBe('reserved');
    expect((await call(leases, 'GET', `/api/leases/${draft.id}`, { token: admin })).json.status).toBe('draft');
    // The release says why, or it is no release.
    const signWith = async (releaseHolds: unknown, token = admin) =>
      call(leases, 'POST', `/api/leases/${draft.id}/sign`, { token, body: { signedOn: koreanDay(new Date()), documentPath: await pdf(), releaseHolds }, headers: { 'If-Match': `"${draft.version}"` } });
    for (const bad of [{ reason: '   ' }, {}, 'yes', null]) {
      const answer = await signWith(bad);
      expect([answer.status, answer.json.error.code, Object.keys(answer.json.error.fields)], JSON.stringify(bad)).toEqual([400, 'invalid_input', ['reason']]);
    }
    // Signing is an owner's: an agent's release is refused like their signing, and releases nothing.
    expect((await signWith({ reason: 'Mine now' }, agent.token)).status).toBe(403);
    expect(await liveHold()).toMatchObject({ releasedAt: null });
    const released = await signWith({ reason: '  Tenant B signed first on paper ' });
    expect(released.status, released.text).toBe(200);
    const hold = await liveHold();
    expect(hold).toMatchObject({ releaseReason: 'released', releaseNote: 'Tenant B signed first on paper', releasedFor: draft.id, releasedAt: expect.any(Date) });
    const me_ = await ctx.db.selectFrom('users').select('id').where('email', '=', 'owner@btower.example').executeTakeFirstOrThrow();
    expect(hold.releasedBy).toBe(me_.id);
    expect((await call(units, 'GET', `/api/units/${unitId}`)).json.status).toBe('leased');
    // The first prospect's proposal is still accepted, and its panel says the hold was released, by whom and why.
    const proposal = (await proposalApi.get(agent.token, made.json.id)).json;
    expect(proposal).toMatchObject({ status: 'accepted', hold: { releaseReason: 'released', releaseNote: 'Tenant B signed first on paper', releasedBy: { id: me_.id } } });
    const logged = await ctx.db.selectFrom('auditEvents').select(['action', 'actorId', 'changes']).where('entity', '=', 'proposal').where('entityId', '=', made.json.id).where('action', '=', 'hold_released').execute();
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatchObject({ actorId: me_.id, changes: { hold_release_note: [null, 'Tenant B signed first on paper'] } });
    // Its assignee is told by reference and space (the owner who released it knows); never the prospect's people.
    const mails = (await delivered()).filter((mail) => subjectOf(mail.raw).includes('제안 예약 해제'));
    expect(mails.map((mail) => mail.to[0])).toEqual([agent.email]);
    const text = plain(mails[0]!.raw);
    expect(text).toContain(`#${inquiryReference(holder)}`);
    expect(text).toContain(`?inquiry=${holder}`);
    for (const personal of ['김임차', '010-2222-3333', 'Tenant B signed first']) expect(text).not.toContain(personal);
  });

  it('"won" needs an accepted proposal or a lease; without one only an owner records it, giving a reason kept in the history', async () => {
    const unitId = await newUnit();
    const inquiryId = await newInquiry(unitId);
    const won = (token: string, body: Record<string, unknown> = {}) => call(inquiries, 'PATCH', `/api/inquiries/${inquiryId}`, { token, body: { status: 'won', ...body } });
    expect((await won(agent.token)).json.error).toMatchObject({ code: 'won_needs_proposal', fields: { status: 'inbox.errors.wonNeedsProposal' } });
    expect((await won(admin)).json.error.code).toBe('won_needs_proposal');
    const agentOverride = await won(agent.token, { wonOverrideReason: 'Signed on paper' });
    expect(agentOverride.status).toBe(403);
    expect(agentOverride.json.error.fields).toEqual({ wonOverrideReason: 'inbox.errors.wonOverrideOwnerOnly' });
    expect((await call(inquiries, 'PATCH', `/api/inquiries/${inquiryId}`, { token: admin, body: { note: 'x', wonOverrideReason: 'Why' } })).json.error.fields).toEqual({ wonOverrideReason: 'inbox.errors.wonReasonOnlyWhenWon' });
    expect((await call(inquiries, 'GET', `/api/inquiries/${inquiryId}`, { token: admin })).json.status).toBe('new');
    // An accepted proposal is enough, for an agent too.
    const otherUnit = await newUnit();
    const other = await newInquiry(otherUnit);
    const made = await proposalApi.create(agent.token, other, { unitIds: [otherUnit], terms: offerA() });
    await ctx.db.updateTable('proposals').set({ status: 'accepted', answeredAt: new Date() }).where('id', '=', made.json.id).execute();
    expect((await call(inquiries, 'PATCH', `/api/inquiries/${other}`, { token: agent.token, body: { status: 'won' } })).status).toBe(200);
    // The owner's override, with its reason in the history by the owner.
    const overridden = await won(admin, { wonOverrideReason: '제안 기능 이전에 종이로 계약' });
    expect(overridden.status, overridden.text).toBe(200);
    expect(overridden.json.history.at(-1)).toMatchObject({ status: 'won', note: '제안 기능 이전에 종이로 계약' });
  });

  it('refuses a wrong 사업자등록번호 naming the field, stores a right one as XXX-XX-XXXXX, and keeps the draft as it was', async () => {
    const inquiryId = await newInquiry(await newUnit());
    const lease = (await open(inquiryId, { overrideReason: 'Paper deal' })).json;
    const wrong = await patch(lease, { tenant: { businessNumber: '220-81-62518', representative: '박대표' } });
    expect(wrong.status).toBe(400);
    expect(wrong.json.error).toMatchObject({ code: 'invalid_input', fields: { businessNumber: 'leases.errors.businessNumberInvalid' } });
    const stored = await ctx.db.selectFrom('leases').select(['businessNumber', 'representative', 'version']).where('id', '=', lease.id).executeTakeFirstOrThrow();
    expect(stored).toMatchObject({ businessNumber: '', representative: '', version: lease.version });
    const right = await patch(lease, { tenant: { businessNumber: '2208162517', representative: '박대표' } });
    expect(right.status, right.text).toBe(200);
    expect(right.json.tenant).toMatchObject({ businessNumber: '220-81-62517', representative: '박대표' });
    expect(right.json.problems).toEqual({});
    // The edit was based on the version before: a second one from the same read is stale.
    const stale = await patch(lease, { tenant: { legalName: '(주)다른이름' } });
    expect(stale.status).toBe(409);
    expect(stale.json.error).toMatchObject({ code: 'conflict', current: { tenant: { businessNumber: '220-81-62517' } } });
  });

  it('checks what a person types into a draft: dates in order, installments that add up to the deposit', async () => {
    const lease = await readyDraft();
    const detail = (await call(leases, 'GET', `/api/leases/${lease.id}`, { token: admin })).json;
    const late = await patch(lease, { dates: { handoverOn: addDays(detail.dates.commencementOn, 1) } });
    expect(late.json.error).toMatchObject({ code: 'invalid_input', fields: { 'dates.handoverOn': 'leases.errors.handoverAfterCommencement' } });
    const short = await patch(lease, { depositSchedule: [{ kind: 'contract', amountKrw: 18_000_000, dueOn: dayFromToday(0) }, { kind: 'balance', amountKrw: 100_000_000, dueOn: dayFromToday(20) }] });
    expect(short.json.error).toMatchObject({ code: 'invalid_input', fields: { depositSchedule: 'leases.errors.depositScheduleSum' } });
    const backwards = await patch(lease, { depositSchedule: [{ kind: 'balance', amountKrw: 162_000_000, dueOn: dayFromToday(20) }, { kind: 'contract', amountKrw: 18_000_000, dueOn: dayFromToday(0) }] });
    expect(backwards.json.error).toMatchObject({ code: 'invalid_input', fields: { depositSchedule: 'leases.errors.installmentsOrder' } });
    const three = await patch(lease, {
      depositSchedule: [
        { kind: 'contract', amountKrw: 18_000_000, dueOn: dayFromToday(0) }, { kind: 'interim', amountKrw: 62_000_000, dueOn: dayFromToday(10) }, { kind: 'balance', amountKrw: 100_000_000, dueOn: dayFromToday(20) },
      ],
    });
    expect(three.status, three.text).toBe(200);
    expect(three.json.deposit.schedule.map((item: { kind: string }) => item.kind)).toEqual(['contract', 'interim', 'balance']);
  });

  it('installments nobody typed follow the draft: a new contract day, handover or deposit moves the 계약금 and the 잔금 with them', async () => {
    const lease = await readyDraft();
    const detail = (await call(leases, 'GET', `/api/leases/${lease.id}`, { token: admin })).json;
    const { commencementOn } = detail.dates as { commencementOn: string };
    const contractOn = dayFromToday(-3);
    const handoverOn = addMonths(commencementOn, -1);
    const moved = await patch(detail, { dates: { contractOn, handoverOn } });
    expect(moved.status, moved.text).toBe(200);
    expect(moved.json.deposit.schedule).toEqual([
      { kind: 'contract', amountKrw: 18_000_000, dueOn: contractOn },
      { kind: 'balance', amountKrw: 162_000_000, dueOn: handoverOn },
    ]);
    // A second change still finds them untyped: a larger deposit is split again at the same days.
    const larger = await patch(moved.json, { terms: { ...moved.json.terms, depositKrw: 200_000_000 } });
    expect(larger.status, larger.text).toBe(200);
    expect(larger.json.deposit.schedule).toEqual([
      { kind: 'contract', amountKrw: 20_000_000, dueOn: contractOn },
      { kind: 'balance', amountKrw: 180_000_000, dueOn: handoverOn },
    ]);
  });

  it('signs: owners only, with everything signing needs; the space leased, the inquiry won, the brand made hidden, the contacts still editable', async () => {
    const lease = await readyDraft();
    expect((await sign(lease, agent.token)).status).toBe(403);
    const noDocument = await call(leases, 'POST', `/api/leases/${lease.id}/sign`, { token: admin, body: { signedOn: dayFromToday(0), documentPath: `/objects/uploads/${randomUUID()}` } });
    expect(noDocument.json.error).toMatchObject({ code: 'invalid_input', fields: { documentPath: 'leases.errors.documentInvalid' } });
    const future = await sign(lease, admin, dayFromToday(1));
    expect(future.json.error).toMatchObject({ code: 'invalid_input', fields: { signedOn: 'leases.errors.signedOnFuture' } });

    const signed = await sign(lease);
    expect(signed.status, signed.text).toBe(200);
    expect(signed.json).toMatchObject({ status: 'signed', signedOn: dayFromToday(0), signedBy: { name: expect.any(String) }, brand: { name: '(주)비타워커피', directoryState: 'hidden' }, newBrand: null });
    expect(signed.json.brand.openingOn).toBe(signed.json.dates.openingOn);
    const unit = (await call(units, 'GET', `/api/units/${lease.unitIds[0]}`, { token: admin })).json;
    expect(unit).toMatchObject({ status: 'leased', availableFrom: null, lease: { id: lease.id, legalName: '(주)비타워커피' } });
    // Visitors never learn which lease governs a space.
    expect((await call(units, 'GET', `/api/units/${lease.unitIds[0]}`)).json).not.toHaveProperty('lease');
    const inquiry = (await call(inquiries, 'GET', `/api/inquiries/${lease.inquiryId}`, { token: admin })).json;
    expect(inquiry.status).toBe('won');
    expect(inquiry.history.at(-1)).toMatchObject({ status: 'won' });

    // Terms change only by amendment; the contacts stay editable, by an agent too.
    const terms = await patch(signed.json, { tenant: { legalName: '(주)새이름' } });
    expect(terms.status).toBe(409);
    expect(terms.json.error.code).toBe('lease_signed');
    const contacts = await patch(signed.json, { tenant: { contacts: [{ name: '이담당', title: '시설', phone: '02-555-0101', email: 'facility@example.com' }] } }, agent.token);
    expect(contacts.status, contacts.text).toBe(200);
    expect(contacts.json.tenant.contacts).toEqual([{ name: '이담당', title: '시설', phone: '02-555-0101', email: 'facility@example.com' }]);
    expect((await sign(contacts.json)).json.error.code).toBe('lease_signed');
    expect((await call(leases, 'DELETE', `/api/leases/${lease.id}`, { token: admin })).json.error.code).toBe('lease_signed');
    // The activity log records the contacts as changed, never their values (they outlive it by no day).
    const logged = JSON.stringify(await ctx.db.selectFrom('auditEvents').select('changes').where('entity', '=', 'lease').where('entityId', '=', lease.id).execute());
    expect(logged).not.toContain('facility@example.com');
    expect(logged).not.toContain('박대표');
  });

  it('signs and amends only the version read (If-Match): a stale tab is 409 conflict with the lease as it is now, nothing signed or amended', async () => {
    const lease = await readyDraft();
    // A colleague changes the draft after the owner read it.
    const moved = await patch(lease, { tenant: { representative: '김대표' } }, agent.token);
    expect(moved.status, moved.text).toBe(200);
    const stale = await sign(lease);
    expect(stale.status).toBe(409);
    expect(stale.json.error).toMatchObject({ code: 'conflict', current: { id: lease.id, status: 'draft', version: moved.json.version, tenant: { representative: '김대표' } } });
    expect((await call(leases, 'GET', `/api/leases/${lease.id}`, { token: admin })).json.status).toBe('draft');
    const signed = (await sign(moved.json)).json;
    expect(signed.status).toBe('signed');
    const amend = (version: number) =>
      call(leases, 'POST', `/api/leases/${lease.id}/amendments`, { token: admin, body: { effectiveOn: addMonths(signed.terms.startDate, 12), changes: { rentPerM2Krw: 38_000 }, reason: '재협상' }, headers: { 'If-Match': `"${version}"` } });
    const first = await amend(signed.version);
    expect(first.status, first.text).toBe(201);
    const again = await amend(signed.version);
    expect(again.status).toBe(409);
    expect(again.json.error).toMatchObject({ code: 'conflict', current: { version: first.json.version } });
    expect((await call(leases, 'GET', `/api/leases/${lease.id}`, { token: admin })).json.amendments).toHaveLength(1);
  });

  it('a lease signed today for a contract day ahead makes its space leased on that day, by the daily job — not before', async () => {
    const contractOn = dayFromToday(10);
    const lease = await readyDraft(undefined, () => ({ dates: { contractOn } }));
    const signed = await sign(lease);
    expect(signed.status, signed.text).toBe(200);
    expect(signed.json.dates.contractOn).toBe(contractOn);
    const unitId = lease.unitIds[0]!;
    const publicStatus = async () => (await call(units, 'GET', `/api/units/${unitId}`)).json.status as string;
    expect(await publicStatus()).toBe('available');
    await runDealDates(ctx.db, noonOf(addDays(contractOn, -1)));
    expect(await publicStatus()).toBe('available');
    await runDealDates(ctx.db, noonOf(contractOn));
    expect(await publicStatus()).toBe('leased');
    // Governed from the signing: nobody hand-writes its status meanwhile.
    const unit = (await call(units, 'GET', `/api/units/${unitId}`, { token: admin })).json;
    expect(unit.lease).toMatchObject({ id: lease.id });
  });

  it('keeps the signed PDF a private file: its path opens nothing, a 5-minute link made on request does — for staff who may, recorded', async () => {
    const lease = await readyDraft();
    const bytes = new TextEncoder().encode('%PDF-1.4 the signed lease of (주)비타워커피');
    const documentPath = await uploaded('lease', bytes);
    const signed = await call(leases, 'POST', `/api/leases/${lease.id}/sign`, { token: admin, body: { signedOn: dayFromToday(0), documentPath }, headers: { 'If-Match': `"${lease.version}"` } });
    expect(signed.status, signed.text).toBe(200);
    const read = (path: string) => objects(new Request(`http://127.0.0.1${path}`), { params: { id: path.split('?')[0]!.split('/').at(-1)! } } as never);
    expect((await read(documentPath)).status).not.toBe(200);
    expect((await call(leases, 'POST', `/api/leases/${lease.id}/document/link`, { token: viewer.token })).status).toBe(403);
    const link = await call(leases, 'POST', `/api/leases/${lease.id}/document/link`, { token: agent.token });
    expect(link.status, link.text).toBe(200);
    expect(link.json.url.startsWith(`${documentPath}?`)).toBe(true);
    const opened = await read(link.json.url);
    expect(opened.status).toBe(200);
    expect(new Uint8Array(await opened.arrayBuffer())).toEqual(bytes);
    // The link is the document's for five minutes; a link pushed further, or past its time, opens nothing.
    const url = new URL(link.json.url, 'http://127.0.0.1');
    const expires = Number(url.searchParams.get('expires'));
    expect(Math.abs(expires - (Date.now() / 1000 + 5 * 60))).toBeLessThan(10);
    url.searchParams.set('expires', String(expires + 3600));
    expect((await read(`${url.pathname}${url.search}`)).status).not.toBe(200);
    url.searchParams.set('expires', String(Math.floor(Date.now() / 1000) - 1));
    expect((await read(`${url.pathname}${url.search}`)).status).not.toBe(200);
    const logged = await ctx.db.selectFrom('auditEvents').select(['action', 'actorId']).where('entity', '=', 'lease').where('entityId', '=', lease.id).where('action', '=', 'document.link').execute();
    expect(logged).toEqual([{ action: 'document.link', actorId: agent.id }]);
  });

  it('a space a lease governs takes no hand-written status (409 lease_governs), its other fields do', async () => {
    const lease = await readyDraft();
    await sign(lease);
    const unitId = lease.unitIds[0]!;
    const unit = (await call(units, 'GET', `/api/units/${unitId}`, { token: admin })).json;
    const { id: _id, createdAt: _c, updatedAt: _u, version, lease: _lease, ...input } = unit;
    const status = await call(units, 'PUT', `/api/units/${unitId}`, { token: agent.token, body: { ...input, status: 'available' }, headers: { 'If-Match': `"${version}"` } });
    expect(status.status).toBe(409);
    expect(status.json.error).toMatchObject({ code: 'lease_governs', fields: { status: 'leases.errors.leaseGoverns' }, lease: { id: lease.id } });
    const date = await call(units, 'PUT', `/api/units/${unitId}`, { token: agent.token, body: { ...input, availableFrom: '2030-01-01' } });
    expect(date.json.error.code).toBe('lease_governs');
    expect((await call(units, 'DELETE', `/api/units/${unitId}`, { token: agent.token })).json.error.code).toBe('lease_governs');
    const note = await call(units, 'PUT', `/api/units/${unitId}`, { token: agent.token, body: { ...input, note: { ko: '창가 좌석 많음' } }, headers: { 'If-Match': `"${version}"` } });
    expect(note.status, note.text).toBe(200);
    expect(note.json).toMatchObject({ status: 'leased', note: { ko: '창가 좌석 많음' } });
  });

  it('of two leases signed on one space at once, exactly one signs; the other answers 409 unit_leased', async () => {
    const unitId = await newUnit();
    const first = await readyDraft(unitId);
    const second = await readyDraft(unitId);
    const answers = await Promise.all([sign(first), sign(second)]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    const refused = answers.find((answer) => answer.status === 409)!;
    expect(refused.json.error).toMatchObject({ code: 'unit_leased', fields: { unitIds: 'leases.errors.unitLeased' } });
    const stored = await ctx.db.selectFrom('leases').select(['status']).where('id', 'in', [first.id, second.id]).execute();
    expect(stored.map((row) => row.status).sort()).toEqual(['draft', 'signed']);
    // Signing the loser later still collides; a renewal starting the day after the first one's end does not.
    const loser = answers[0]!.status === 409 ? first : second;
    const current = (await call(leases, 'GET', `/api/leases/${loser.id}`, { token: admin })).json;
    expect((await sign(current)).json.error.code).toBe('unit_leased');
  });

  it('an amendment makes the schedule again from its date, keeps the history, and refuses what does not fit', async () => {
    const lease = await readyDraft();
    const signed = (await sign(lease)).json;
    const start = signed.terms.startDate as string;
    const yearThree = addMonths(start, 24);
    const amend = (body: Record<string, unknown>, version = signed.version, token = admin) =>
      call(leases, 'POST', `/api/leases/${lease.id}/amendments`, { token, body, headers: { 'If-Match': `"${version}"` } });
    expect((await amend({ effectiveOn: yearThree, changes: { rentPerM2Krw: 40_000 }, reason: '시세 반영' }, signed.version, agent.token)).status).toBe(403);
    const outside = await amend({ effectiveOn: addMonths(start, 61), changes: { rentPerM2Krw: 40_000 }, reason: '시세 반영' });
    expect(outside.json.error).toMatchObject({ code: 'invalid_input', fields: { effectiveOn: 'leases.errors.effectiveOutsideLease' } });
    const noReason = await amend({ effectiveOn: yearThree, changes: { rentPerM2Krw: 40_000 }, reason: '' });
    expect(noReason.json.error.fields).toEqual({ reason: 'leases.errors.reasonRequired' });
    const nothing = await amend({ effectiveOn: yearThree, changes: {}, reason: '없음' });
    expect(nothing.json.error.fields).toEqual({ changes: 'leases.errors.changesRequired' });

    const amended = await amend({ effectiveOn: yearThree, changes: { rentPerM2Krw: 40_000 }, reason: '시세 반영' });
    expect(amended.status, amended.text).toBe(201);
    expect(amended.json.amendments).toEqual([expect.objectContaining({ number: 1, effectiveOn: yearThree, changes: { rentPerM2Krw: 40_000 }, before: { rentPerM2Krw: 36_000 }, reason: '시세 반영' })]);
    expect(amended.json.terms.rentPerM2Krw).toBe(36_000);
    expect(amended.json.currentTerms.rentPerM2Krw).toBe(40_000);
    const schedule = (await call(leases, 'GET', `/api/leases/${lease.id}/schedule`, { token: viewer.token })).json;
    expect(schedule.rows).toHaveLength(60);
    expect(schedule.years.map((year: { leaseYear: number; rentDueKrw: number }) => [year.leaseYear, year.rentDueKrw])).toEqual([
      [1, 216_000_000], [2, 222_480_000], [3, 240_000_000], [4, 247_200_000], [5, 254_616_000],
    ]);
    expect(schedule.rows[24]).toMatchObject({ periodStart: yearThree, rentKrw: 20_000_000, amendment: 1 });
    const csv = await leases(new Request(`http://127.0.0.1/api/leases/${lease.id}/schedule?format=csv&lang=en`, { headers: { Authorization: `Bearer ${admin}` } }), { params: {} } as never);
    // Read with its byte-order mark (Response.text() drops it): Excel needs it to read Korean.
    const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(await csv.arrayBuffer());
    expect(csv.headers.get('content-type')).toContain('text/csv');
    expect(text.startsWith('\uFEFFNo.,Phase,From,To,Lease year,Contract rent (KRW)')).toBe(true);
    expect(text).toContain(`25,Term,${yearThree},`);
    expect(text).toContain('3,12,0,240000000,0,84000000');
    // The stored rows the reports read are the same ones.
    const stored = await ctx.db.selectFrom('leaseScheduleMonths').select(['rentKrw']).where('leaseId', '=', lease.id).where('month', '=', 25).executeTakeFirstOrThrow();
    expect(Number(stored.rentKrw)).toBe(20_000_000);

    const termination = await amend({ effectiveOn: addMonths(start, 30), changes: { terminatesOn: addDays(addMonths(start, 36), -1) }, reason: '조기 해지 합의' }, amended.json.version);
    expect(termination.status, termination.text).toBe(201);
    expect(termination.json.dates).toMatchObject({ terminatesOn: addDays(addMonths(start, 36), -1), expiresOn: signed.dates.expiresOn });
    expect(termination.json.amendments[1].before).toEqual({ terminatesOn: signed.dates.expiresOn });
    const unit = (await call(units, 'GET', `/api/units/${lease.unitIds[0]}`)).json;
    // The end is known: the public plan shows the space free from the day after.
    expect(unit).toMatchObject({ status: 'leased', availableFrom: addMonths(start, 36) });
  });

  it('the rent roll and the expiry schedule read the leases as the team made them: rent, 관리비, deposit held, what expires when, occupancy, WALE', async () => {
    // Three years: it ends within the schedule's five.
    const lease = await readyDraft(undefined, (draft) => ({ terms: { ...draft.terms, termMonths: 36 } }));
    const signed = (await sign(lease)).json;
    const day = koreanDay(new Date());
    const roll = await call(reports, 'GET', `/api/reports/rent-roll?from=${day}&to=${day}`, { token: viewer.token });
    expect(roll.status, roll.text).toBe(200);
    const row = roll.json.leases.find((one: { leaseId: string }) => one.leaseId === lease.id);
    // Signed today for a term starting later: no rent yet; the 계약금 (10 %) is due today, the 잔금 at handover.
    expect(row).toMatchObject({ tenant: '(주)비타워커피', brand: '(주)비타워커피', status: 'signed', contractAreaM2: 500, exclusiveAreaM2: 275, rentKrw: 0, depositKrw: 180_000_000, depositHeldKrw: 18_000_000, endsOn: signed.dates.expiresOn });
    expect(roll.json.totals.leases).toBe(roll.json.leases.length);
    expect(roll.json.totals.depositHeldKrw).toBe(roll.json.leases.reduce((sum: number, one: { depositHeldKrw: number }) => sum + one.depositHeldKrw, 0));
    // In the term's second year the month's rent is the escalated one (as the schedule says).
    const yearTwo = addMonths(signed.terms.startDate, 13);
    const later = (await call(reports, 'GET', `/api/reports/rent-roll?from=${day}&to=${yearTwo}`, { token: admin })).json;
    expect(later.asOf).toBe(day);
    const csv = await reports(new Request(`http://127.0.0.1/api/reports/rent-roll?from=${day}&to=${day}&format=csv&lang=en`, { headers: { Authorization: `Bearer ${admin}` } }), { params: {} } as never);
    const text = await csv.text();
    expect(text).toContain('Tenant,Brand,Spaces,Lease status,Contract area (m²)');
    expect(text).toContain('(주)비타워커피');
    expect(text).toContain('Signed');

    const expiries = await call(reports, 'GET', `/api/reports/expiries?from=${day}&to=${day}`, { token: viewer.token });
    expect(expiries.status, expiries.text).toBe(200);
    expect(expiries.json.quarters).toHaveLength(20);
    const quarter = `${signed.dates.expiresOn.slice(0, 4)}-Q${Math.floor((Number(signed.dates.expiresOn.slice(5, 7)) - 1) / 3) + 1}`;
    const ending = expiries.json.quarters.find((q: { quarter: string }) => q.quarter === quarter);
    expect(ending.leases).toBeGreaterThanOrEqual(1);
    // What expires is the last month's rent: ₩18,000,000 escalated twice by 3 % (other tests' leases may end then too).
    expect(ending.monthlyRentKrw).toBeGreaterThanOrEqual(19_096_200);
    expect(ending.areaM2).toBeGreaterThanOrEqual(500);
    expect(expiries.json.quarters.reduce((sum: number, q: { leases: number }) => sum + q.leases, 0)).toBeLessThanOrEqual((await ctx.db.selectFrom('leases').select('id').where('status', '!=', 'draft').execute()).length);
    expect(expiries.json.occupancy.leasedAreaM2).toBeGreaterThanOrEqual(500);
    expect(expiries.json.wale.byArea).toBeGreaterThan(2);
    expect(expiries.json.wale.byArea).toBeLessThan(6);
  });

  it('reads masked for a viewer: the tenant’s people, never the entity or the figures', async () => {
    const lease = await readyDraft();
    const asViewer = (await call(leases, 'GET', `/api/leases/${lease.id}`, { token: viewer.token })).json;
    expect(asViewer.tenant).toMatchObject({ legalName: '(주)비타워커피', businessNumber: '220-81-62517', representative: '박*표', contacts: [{ name: '김*차', phone: '010-****-3333' }] });
    expect(JSON.stringify(asViewer)).not.toContain('박대표');
    const list = (await call(leases, 'GET', '/api/leases?status=draft', { token: viewer.token })).json as { id: string; tenant: { contacts: { name: string }[] } }[];
    expect(list.find((item) => item.id === lease.id)?.tenant.contacts[0]?.name).toBe('김*차');
    expect((await patch(lease, { tenant: { representative: 'x' } }, viewer.token)).status).toBe(403);
  });

  it('the daily job moves a lease by its dates with a controlled clock: fitout, active, expiring (mail once), available from, ended, available — its brand coming soon, open, closed', async () => {
    // Handed over a month before the term starts, for its fit-out; its brand one the team registered (announceable).
    const brand = (await call(brands, 'POST', '/api/brands', { token: admin, body: brandBody(await uploaded('thumbnail'), { name: `Cafe ${randomUUID().slice(0, 6)}` }) })).json as { id: string };
    // Not announced yet (a brand registered by hand is open; linking a lease keeps the state the team chose).
    expect((await call(brands, 'PATCH', `/api/brands/${brand.id}`, { token: admin, body: { directoryState: 'hidden' } })).status).toBe(200);
    const lease = await readyDraft(undefined, (draft) => ({ dates: { handoverOn: addMonths(draft.terms.startDate, -1) }, brandId: brand.id }));
    const signed = (await sign(lease)).json;
    expect(signed.brand).toMatchObject({ id: brand.id, directoryState: 'hidden' });
    // The tenant agrees to be announced: coming soon for its opening day; visitors' answers carry both.
    const current = (await call(brands, 'GET', '/api/brands?audience=team', { token: admin })).json.find((one: { id: string }) => one.id === brand.id);
    const announced = await call(brands, 'PATCH', `/api/brands/${brand.id}`, { token: agent.token, body: { directoryState: 'coming_soon' }, headers: { 'If-Match': `"${current.version}"` } });
    expect(announced.status, announced.text).toBe(200);
    const publicBrand = async () => ((await call(brands, 'GET', '/api/brands')).json as { id: string }[]).find((one) => one.id === brand.id);
    expect(await publicBrand()).toMatchObject({ directoryState: 'coming_soon', openingOn: signed.dates.openingOn });
    const { handoverOn, commencementOn, expiresOn } = signed.dates as { handoverOn: string; commencementOn: string; expiresOn: string };
    expect(handoverOn < commencementOn).toBe(true);
    // Other tests' leases run on the same clock: this lease's mails are the ones naming it.
    const delivered = async () => {
      await outboxSettled(ctx.db);
      return smtp.mails.splice(0).filter((mail) => plain(mail.raw).includes(`?lease=${lease.id}`));
    };
    await delivered();
    const unitId = lease.unitIds[0]!;
    const statusOn = async (day: string) => {
      await runDealDates(ctx.db, noonOf(day));
      const row = await ctx.db.selectFrom('leases').select(['status']).where('id', '=', lease.id).executeTakeFirstOrThrow();
      const unit = (await call(units, 'GET', `/api/units/${unitId}`)).json;
      return [row.status, unit.status, unit.availableFrom];
    };
    expect(await statusOn(addDays(handoverOn, -1))).toEqual(['signed', 'leased', null]);
    expect(await statusOn(handoverOn)).toEqual(['fitout', 'leased', null]);
    expect(await statusOn(commencementOn)).toEqual(['active', 'leased', null]);
    const expiring = addMonths(expiresOn, -6);
    expect(await statusOn(addDays(expiring, -1))).toEqual(['active', 'leased', null]);
    expect(await delivered()).toEqual([]);
    expect(await statusOn(expiring)).toEqual(['expiring', 'leased', addDays(expiresOn, 1)]);
    const mails = await delivered();
    expect(mails.map((mail) => mail.to[0]).sort()).toEqual([agent.email, 'owner@btower.example'].sort());
    const mail = mails.find((one) => one.to[0] === agent.email)!;
    expect(subjectOf(mail.raw)).toContain('임대차 만료 예정');
    const text = plain(mail.raw);
    expect(text).toContain('계약갱신요구 기간');
    expect(text).toContain(`?lease=${lease.id}`);
    // The staff mail rule: the inquiry's reference and space, never the tenant's people.
    expect(text).not.toContain('김임차');
    expect(text).not.toContain('박대표');
    expect(text).not.toContain('010-2222-3333');
    // Once: the next days send nothing again.
    expect(await statusOn(addDays(expiring, 1))).toEqual(['expiring', 'leased', addDays(expiresOn, 1)]);
    expect(await delivered()).toEqual([]);
    expect(await statusOn(expiresOn)).toEqual(['expiring', 'leased', addDays(expiresOn, 1)]);
    expect(await publicBrand()).toMatchObject({ directoryState: 'open', openingOn: signed.dates.openingOn });
    expect(await statusOn(addDays(expiresOn, 1))).toEqual(['ended', 'available', null]);
    // Its only lease ended: the brand is closed and gone from the visitors' directory; the team still has it.
    expect(await publicBrand()).toBeUndefined();
    expect((await call(brands, 'GET', '/api/brands?audience=team', { token: admin })).json.find((one: { id: string }) => one.id === brand.id).directoryState).toBe('closed');
    // The space is the team's again (the API's clock is today's, so the edit a person makes then is written here):
    // the job frees a lease's spaces once and does not undo what people set afterwards.
    await ctx.db.updateTable('units').set({ status: 'negotiating' }).where('id', '=', unitId).execute();
    expect(await statusOn(addDays(expiresOn, 2))).toEqual(['ended', 'negotiating', null]);
    expect(await delivered()).toEqual([]);
  });
});
