import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import inquiries from '../../functions/inquiries.ts';
import leases from '../../functions/leases.ts';
import me from '../../functions/admin-me.ts';
import settings from '../../functions/admin-settings.ts';
import tours from '../../functions/tours.ts';
import { runDealDates } from '../../src/server/deal-dates/run.ts';
import { resetServerEnv } from '../../src/server/env.ts';
import { sendDueReminders, sendMorningDigests } from '../../src/server/inquiries/reminders.ts';
import { confirmPrivacyRequest, createPrivacyRequest, remindOverdueRequests, requestToken } from '../../src/server/privacy/requests.ts';
import { sendTourReminders } from '../../src/server/tours/reminders.ts';
import { inquiryReference } from '../../src/shared/inquiry-basics.ts';
import { koreanDay } from '../../src/shared/business-hours.ts';
import { addMonths } from '../../src/shared/deals/schedule.ts';
import { seoulInstant } from '../../src/shared/tours.ts';
import { call } from '../support/api-calls.ts';
import { adminToken, inquiryBody, uploaded, useApiBackend } from '../support/api-suite.ts';
import { availableBackends } from '../support/db-backends.ts';
import { officeDayAhead } from '../support/office-days.ts';
import { everyPartOf, startSmtp, subjectOf, type Mail } from '../support/smtp.ts';
import { offerA, proposalApi } from '../support/proposals.ts';
import { outboxSettled, staffAccount, type TestAccount } from '../support/staff.ts';

const DAY_MS = 86_400_000;
const TEAM_ADDRESS = 'leasing-team@btower.example';

/**
 * What a mail to staff may say about a prospect (src/server/notify/staff-prospect.ts): the reference, the space and
 * the link — the name only with notifyIncludesName. This one test drives every kind of mail staff receive about an
 * inquiry and reads each of them whole (subject, text, calendar file).
 */
describe.each(availableBackends())('every staff mail carries only the minimum on $name', (backend) => {
  const ctx = useApiBackend(backend);
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let owner = '';
  let agent: TestAccount;
  let colleague: TestAccount;
  let unitId = '';
  const saved = { ...process.env };

  beforeAll(async () => {
    smtp = await startSmtp();
    process.env.SMTP_URL = `smtp://127.0.0.1:${smtp.port}`;
    process.env.INQUIRY_NOTIFY_FROM = 'B TOWER <leasing@btower.example>';
    process.env.INQUIRY_NOTIFY_TO = TEAM_ADDRESS;
    process.env.SITE_URL = 'https://btower.example';
    resetServerEnv();
    owner = await adminToken();
    await call(me, 'PATCH', '/api/admin/me', { token: owner, body: { email: 'owner@btower.example', locale: 'en' } });
    agent = await staffAccount(owner, 'agent', 'Dana');
    colleague = await staffAccount(owner, 'agent', 'Eun');
    // Staff read their mails in English here (the team's new-inquiry notice stays Korean).
    for (const person of [agent, colleague]) await call(me, 'PATCH', '/api/admin/me', { token: person.token, body: { locale: 'en' } });
    unitId = (await ctx.db.insertInto('units').values({ floor: '3F', unitNumber: '301', exclusiveAreaM2: 120, supplyAreaM2: 200, status: 'available' }).returning('id').executeTakeFirstOrThrow()).id;
  });
  afterAll(async () => {
    process.env = saved;
    resetServerEnv();
    await smtp.stop();
  });

  /** Drives every staff mail about one prospect's inquiry; returns the prospect's values and the kinds of mail sent. */
  async function everyStaffMailAbout(includeName: boolean, dayOffset: number) {
    expect((await call(settings, 'PATCH', '/api/admin/settings', { token: owner, body: { notifyIncludesName: includeName } })).status).toBe(200);
    const tag = randomUUID().slice(0, 6);
    const prospect = {
      name: `Zed Quintana ${tag}`,
      email: `zed-${tag}@prospect.example`,
      phone: '010-9876-5432',
      company: `Quintana Dental ${tag}`,
      message: `We need the whole floor for our clinic ${tag} by spring`,
    };
    const created = await call(inquiries, 'POST', '/api/inquiries', { body: inquiryBody({ ...prospect, unitId, locale: 'en' }) });
    expect(created.status).toBe(201);
    const id = created.json.id as string;
    const at = new Date(created.json.createdAt as string);
    await outboxSettled(ctx.db);
    // Assigned (by the owner) → the agent; untouched for days → the reminder.
    expect((await call(inquiries, 'PATCH', `/api/inquiries/${id}`, { token: owner, body: { assigneeId: agent.id } })).status).toBe(200);
    await outboxSettled(ctx.db);
    expect(await sendDueReminders(ctx.db, new Date(at.getTime() + 3 * DAY_MS))).toBe(1);
    await outboxSettled(ctx.db);
    // A tour: invitation to the host, handed to a colleague (REQUEST to them, CANCEL to the first host).
    const day = officeDayAhead(dayOffset);
    const booked = await call(tours, 'POST', `/api/inquiries/${id}/tours`, { token: agent.token, body: { startsAt: seoulInstant(day, '10:00').toISOString(), durationMinutes: 30, unitIds: [unitId], internalNotes: `Notes about ${prospect.name}`, messageToProspect: 'See you' } });
    expect(booked.status).toBe(201);
    await outboxSettled(ctx.db);
    expect((await call(tours, 'PATCH', `/api/tours/${booked.json.id}`, { token: agent.token, body: { hostId: colleague.id } })).status).toBe(200);
    await outboxSettled(ctx.db);
    // The morning digest of the tour's day: the next step due and the tour of the day.
    expect((await call(inquiries, 'PATCH', `/api/inquiries/${id}`, { token: owner, body: { assigneeId: colleague.id, nextStepOn: day } })).status).toBe(200);
    await outboxSettled(ctx.db);
    expect(await sendMorningDigests(ctx.db, seoulInstant(day, '08:30'))).toBeGreaterThanOrEqual(1);
    await outboxSettled(ctx.db);
    // The tour ended without an outcome → its host is reminded.
    expect(await sendTourReminders(ctx.db, new Date(seoulInstant(day, '10:30').getTime() + 2 * DAY_MS))).toBeGreaterThanOrEqual(1);
    await outboxSettled(ctx.db);
    // The visitor asked for their data; the request is overdue → every owner is reminded.
    expect(await createPrivacyRequest(ctx.db, { email: prospect.email, kind: 'access', lang: 'en', details: null })).toBe(true);
    const request = await ctx.db.selectFrom('privacyRequests').select('id').where('email', '=', prospect.email).executeTakeFirstOrThrow();
    await confirmPrivacyRequest(ctx.db, await requestToken(request.id));
    expect(await remindOverdueRequests(ctx.db, new Date(Date.now() + 11 * DAY_MS))).toBeGreaterThanOrEqual(1);
    await outboxSettled(ctx.db);
    // Cancelled by the colleague: the host's cancellation.
    expect((await call(tours, 'POST', `/api/tours/${booked.json.id}/cancel`, { token: colleague.token, body: { reason: `${prospect.name} called off` } })).status).toBe(200);
    await outboxSettled(ctx.db);
    // The prospect accepted a proposal for another space; an owner signs a lease of it for someone else, releasing
    // the hold with a reason → the prospect's assignee is told (a lease of the other inquiry: its own mails not read).
    const heldUnit = (await ctx.db.insertInto('units').values({ floor: '5F', unitNumber: `5${tag}`, exclusiveAreaM2: 120, supplyAreaM2: 200, status: 'available' }).returning('id').executeTakeFirstOrThrow()).id;
    const proposal = await proposalApi.create(owner, id, { unitIds: [heldUnit], terms: offerA() });
    expect(proposal.status, proposal.text).toBe(201);
    await ctx.db.updateTable('proposals').set({ status: 'accepted', answeredAt: new Date() }).where('id', '=', proposal.json.id).execute();
    await ctx.db.insertInto('proposalHolds').values({ proposalId: proposal.json.id, unitId: heldUnit, statusBefore: 'available', until: new Date(Date.now() + 30 * DAY_MS) }).execute();
    await ctx.db.updateTable('units').set({ status: 'reserved' }).where('id', '=', heldUnit).execute();
    const seen = smtp.mails.length;
    const other = await call(inquiries, 'POST', '/api/inquiries', { body: inquiryBody({ name: `Other Tenant ${tag}`, email: `other-${tag}@example.com`, company: `Other Co ${tag}`, locale: 'en' }) });
    expect(other.status).toBe(201);
    const otherLease = await call(leases, 'POST', `/api/inquiries/${other.json.id}/lease`, { token: owner, body: { overrideReason: 'Signed on paper' } });
    const otherDraft = await call(leases, 'PATCH', `/api/leases/${otherLease.json.id}`, {
      token: owner, headers: { 'If-Match': `"${otherLease.json.version}"` },
      body: { unitIds: [heldUnit], tenant: { businessNumber: '220-81-62517', representative: 'Other Rep' } },
    });
    expect(otherDraft.status, otherDraft.text).toBe(200);
    const otherSigned = await call(leases, 'POST', `/api/leases/${otherLease.json.id}/sign`, {
      token: owner, headers: { 'If-Match': `"${otherDraft.json.version}"` },
      body: { signedOn: koreanDay(new Date()), documentPath: await uploaded('lease', new TextEncoder().encode('%PDF-1.4 signed lease')), releaseHolds: { reason: `Signed first; ${prospect.name} told by phone` } },
    });
    expect(otherSigned.status, otherSigned.text).toBe(200);
    await outboxSettled(ctx.db);
    // The other inquiry's own notice is about it, not this prospect (the test reads this prospect's mails).
    smtp.mails.splice(seen, smtp.mails.length - seen, ...smtp.mails.slice(seen).filter((mail) => !everyPartOf(mail.raw).includes(inquiryReference(other.json.id))));
    // Signed as a lease (its legal name the prospect's company) on a space of its own; six months before its last
    // day the owner and its agent are told it is expiring.
    const leaseUnit = (await ctx.db.insertInto('units').values({ floor: '4F', unitNumber: `4${tag}`, exclusiveAreaM2: 120, supplyAreaM2: 200, status: 'available' }).returning('id').executeTakeFirstOrThrow()).id;
    const opened = await call(leases, 'POST', `/api/inquiries/${id}/lease`, { token: owner, body: { overrideReason: 'Signed on paper' } });
    expect(opened.status, opened.text).toBe(201);
    const drafted = await call(leases, 'PATCH', `/api/leases/${opened.json.id}`, {
      token: owner, headers: { 'If-Match': `"${opened.json.version}"` },
      body: { unitIds: [leaseUnit], tenant: { businessNumber: '220-81-62517', representative: `${prospect.name} Sr.`, contacts: [{ name: prospect.name, phone: prospect.phone, email: prospect.email }] } },
    });
    expect(drafted.status, drafted.text).toBe(200);
    const documentPath = await uploaded('lease', new TextEncoder().encode('%PDF-1.4 signed lease'));
    const signed = await call(leases, 'POST', `/api/leases/${opened.json.id}/sign`, { token: owner, headers: { 'If-Match': `"${drafted.json.version}"` }, body: { signedOn: koreanDay(new Date()), documentPath } });
    expect(signed.status, signed.text).toBe(200);
    await runDealDates(ctx.db, new Date(`${addMonths(signed.json.dates.expiresOn as string, -6)}T12:00:00+09:00`));
    await outboxSettled(ctx.db);
    return { id, prospect, otherInquiryId: other.json.id as string };
  }

  it('names a prospect in every staff mail by reference, space and link alone; the name only with notifyIncludesName', async () => {
    const staffAddresses = new Set([TEAM_ADDRESS, 'owner@btower.example', agent.email, colleague.email]);
    for (const [includeName, dayOffset] of [[false, 3], [true, 5]] as const) {
      smtp.mails.splice(0);
      const { id, prospect, otherInquiryId } = await everyStaffMailAbout(includeName, dayOffset);
      // The other tenant's lease (the released hold's) expires with this prospect's: its mail is about that inquiry.
      const aboutOther = (mail: Mail) => everyPartOf(mail.raw).includes(`#${inquiryReference(otherInquiryId)}`);
      const staffMails: Mail[] = smtp.mails.filter((mail) => mail.to.some((to) => staffAddresses.has(to)) && !aboutOther(mail));
      for (const mail of staffMails) {
        const whole = `${mail.raw}\n${everyPartOf(mail.raw)}`;
        const subject = subjectOf(mail.raw);
        const leaks = {
          kind: subject,
          email: whole.includes(prospect.email),
          phone: whole.includes(prospect.phone),
          company: whole.includes(prospect.company),
          message: whole.includes(prospect.message.slice(0, 30)),
          name: !includeName && whole.includes(prospect.name),
        };
        expect(leaks).toEqual({ kind: subject, email: false, phone: false, company: false, message: false, name: false });
        // What it says instead: which inquiry (or the overdue request's own words) and where to read more.
        if (!/privacy request/i.test(subject) && !/tours today|next steps due/i.test(subject)) expect(whole).toContain(`#${inquiryReference(id)}`);
      }
      // Every kind was driven: the new-inquiry notice, assignment, reminder, host invitation and cancellation,
      // digest, outcome reminder, overdue privacy request, a released hold, expiring lease.
      const subjects = staffMails.map((mail) => subjectOf(mail.raw));
      for (const expected of [/새 임대 문의/, /An inquiry for you/, /Waiting for an answer/, /^\[B TOWER\] Tour (?!cancelled)/, /Tour cancelled/, /today/, /How did the tour go/, /privacy request/i, /Hold released/, /Lease expiring/]) {
        expect({ includeName, expected: String(expected), found: subjects.some((subject) => expected.test(subject)) }).toEqual({ includeName, expected: String(expected), found: true });
      }
      if (includeName) expect(subjects.find((subject) => /An inquiry for you/.test(subject))).toContain(prospect.name);
    }
  });
});
