import { randomUUID } from 'node:crypto';
import ICAL from 'ical.js';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import inquiries from '../../functions/inquiries.ts';
import me from '../../functions/admin-me.ts';
import tours from '../../functions/tours.ts';
import feed from '../../functions/calendar-feed.ts';
import settings from '../../functions/admin-settings.ts';
import { resetServerEnv } from '../../src/server/env.ts';
import { officeHolidays } from '../../src/server/inquiries/response-time.ts';
import { sendMorningDigests } from '../../src/server/inquiries/reminders.ts';
import { sendTourReminders } from '../../src/server/tours/reminders.ts';
import { isOfficeDay, koreanDay } from '../../src/shared/business-hours.ts';
import { addDays, seoulInstant, TOUR_HORIZON_DAYS } from '../../src/shared/tours.ts';
import { call } from '../support/api-calls.ts';
import { adminToken, inquiryBody, useApiBackend } from '../support/api-suite.ts';
import { availableBackends } from '../support/db-backends.ts';
import { plain, startSmtp, subjectOf, type Mail } from '../support/smtp.ts';
import enDirections from '../../content/directions/en.json';
import { outboxSettled, staffAccount, type TestAccount } from '../support/staff.ts';
import { officeDayAhead } from '../support/office-days.ts';

function closedDayAhead(): string {
  let day = addDays(koreanDay(new Date()), 2);
  while (isOfficeDay(day, officeHolidays())) day = addDays(day, 1);
  return day;
}
const at = (day: string, time: string) => seoulInstant(day, time).toISOString();

/** The .ics file of a mail (nodemailer's base64 attachment), decoded. */
function icsOf(raw: string): string {
  const part = raw.split(/^Content-Type: application\/ics[^\n]*\n/m)[1];
  if (!part) throw new Error('no .ics attachment');
  const body = part.split(/\r?\n\r?\n/)[1]!.split(/\r?\n--/)[0]!;
  return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
}
/** The text/plain part of a multipart mail, decoded. */
function textOf(raw: string): string {
  const part = raw.split(/^Content-Type: text\/plain[^\n]*\n/m)[1];
  if (!part || !/^Content-Type: multipart\//m.test(raw)) return plain(raw);
  const [headers, ...rest] = part.split(/\r?\n\r?\n/);
  const body = rest.join('\n\n').split(/\r?\n--/)[0]!;
  if (/base64/i.test(headers!)) return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (/quoted-printable/i.test(headers!)) return Buffer.from(body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))), 'latin1').toString('utf8');
  return body;
}
function eventOf(raw: string) {
  const calendar = new ICAL.Component(ICAL.parse(icsOf(raw)));
  const vevent = calendar.getFirstSubcomponent('vevent')!;
  return { method: calendar.getFirstPropertyValue('method'), uid: vevent.getFirstPropertyValue('uid'), sequence: vevent.getFirstPropertyValue('sequence'), start: new ICAL.Event(vevent).startDate.toJSDate().toISOString(), summary: String(vevent.getFirstPropertyValue('summary')) };
}

/** The public feed answers text/calendar, not JSON: read it as text. */
async function fetchFeed(path: string) {
  const response = await feed(new Request(`http://127.0.0.1${path}`), { params: {} } as never);
  return { status: response.status, headers: response.headers, text: await response.text() };
}

describe.each(availableBackends({ neon: true }))('tours on $name', (backend) => {
  const ctx = useApiBackend(backend);
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let admin = '';
  let agent: TestAccount;
  let colleague: TestAccount;
  let viewer: TestAccount;
  let units: { free: string; other: string; leased: string };
  const saved = { ...process.env };

  const delivered = async (): Promise<Mail[]> => {
    await outboxSettled(ctx.db);
    return smtp.mails.splice(0);
  };
  async function newInquiry(overrides: Record<string, unknown> = {}): Promise<string> {
    const id = (await call(inquiries, 'POST', '/api/inquiries', { body: inquiryBody({ name: `Prospect ${randomUUID().slice(0, 6)}`, email: `p-${randomUUID().slice(0, 6)}@example.com`, company: 'Acme; Seoul, Ltd', locale: 'en', ...overrides }) })).json.id as string;
    await call(inquiries, 'PATCH', `/api/inquiries/${id}`, { token: admin, body: { assigneeId: agent.id } });
    return id;
  }
  const book = (inquiryId: string, body: Record<string, unknown>, token = agent.token) =>
    call(tours, 'POST', `/api/inquiries/${inquiryId}/tours`, { token, body: { durationMinutes: 30, unitIds: [units.free], ...body } });

  beforeAll(async () => {
    smtp = await startSmtp();
    process.env.SMTP_URL = `smtp://127.0.0.1:${smtp.port}`;
    process.env.INQUIRY_NOTIFY_FROM = 'B TOWER Leasing <leasing@btower.example>';
    resetServerEnv();
    admin = await adminToken();
    await call(me, 'PATCH', '/api/admin/me', { token: admin, body: { email: 'owner@btower.example' } });
    agent = await staffAccount(admin, 'agent', 'Dana');
    colleague = await staffAccount(admin, 'agent', 'Eun');
    viewer = await staffAccount(admin, 'viewer', 'Vic');
    const rows = await ctx.db.insertInto('units').values([
      { floor: '3F', unitNumber: '301', exclusiveAreaM2: 120, supplyAreaM2: 200, status: 'available' },
      { floor: '5F', unitNumber: '501', exclusiveAreaM2: 90, supplyAreaM2: 150, status: 'negotiating' },
      { floor: '7F', unitNumber: '701', exclusiveAreaM2: 80, supplyAreaM2: 130, status: 'leased' },
    ]).returning('id').execute();
    units = { free: rows[0]!.id, other: rows[1]!.id, leased: rows[2]!.id };
  });
  beforeEach(async () => {
    await ctx.db.deleteFrom('tours').execute();
    await delivered();
  });
  afterAll(async () => {
    process.env = saved;
    resetServerEnv();
    await smtp.stop();
  });

  it('books a tour: 201 with sequence 0, the assignee hosts, the inquiry moves to touring by the booker, both invitations arrive once', async () => {
    const inquiryId = await newInquiry();
    await delivered();
    const day = officeDayAhead(3);
    const response = await book(inquiryId, { startsAt: at(day, '10:00'), unitIds: [units.free, units.other], internalNotes: 'Bring the 3F keys', messageToProspect: 'See you at the lobby!' }, colleague.token);
    expect(response.status).toBe(201);
    expect(response.json).toMatchObject({ inquiryId, status: 'scheduled', startsAt: at(day, '10:00'), endsAt: at(day, '10:30'), hostId: agent.id, unitIds: [units.free, units.other], sequence: 0, durationMinutes: 30, locale: 'en' });
    const detail = (await call(inquiries, 'GET', `/api/inquiries/${inquiryId}`, { token: admin })).json;
    expect(detail.status).toBe('touring');
    expect(detail.history.at(-1)).toMatchObject({ status: 'touring', by: { id: colleague.id } });

    const mails = await delivered();
    expect(mails.map((mail) => mail.to[0]).sort()).toEqual([agent.email, detail.email].sort());
    const prospect = mails.find((mail) => mail.to[0] === detail.email)!;
    const host = mails.find((mail) => mail.to[0] === agent.email)!;
    for (const mail of [prospect, host]) {
      expect(mail.raw).toMatch(/Content-Type: text\/calendar; charset=utf-8; method=REQUEST/);
      expect(eventOf(mail.raw)).toMatchObject({ method: 'REQUEST', sequence: 0, start: at(day, '10:00'), uid: `tour-${response.json.id}@btower.example` });
    }
    const text = textOf(prospect.raw);
    expect(subjectOf(prospect.raw)).toContain('Your site visit');
    expect(text).toContain('10:00–10:30 (Korean time, KST)');
    expect(text).toContain('330 Sillim-ro');
    // Where to park: the directions page's own words (content/directions), not a second copy that drifted.
    expect(text).toContain(`Parking: ${enDirections.parking}`);
    expect(text).toContain('https://www.google.com/maps');
    expect(text).toContain('/en/floors/3f/301/');
    expect(text).toContain('See you at the lobby!');
    expect(text).toContain('calendar.google.com');
    expect(text).not.toContain('Bring the 3F keys');
    expect(host.raw).toContain('Reply-To: leasing@btower.example');
    // Exactly one outbox row per recipient and version, none holding the prospect's name or address.
    const rows = await ctx.db.selectFrom('outbox').select(['dedupeKey', 'payload']).where('channel', '=', 'tour-mail').where('inquiryId', '=', inquiryId).execute();
    expect(rows.map((row) => row.dedupeKey).sort()).toEqual([`tour:${response.json.id}:0:host:${agent.id}`, `tour:${response.json.id}:0:prospect`]);
    expect(JSON.stringify(rows)).not.toContain(detail.email);
    expect(JSON.stringify(rows)).not.toContain(detail.name);
  });

  it('refuses each slot rule with its error code and offers the next free starts', async () => {
    const inquiryId = await newInquiry();
    const day = officeDayAhead(2);
    const refusal = async (startsAt: string, extra: Record<string, unknown> = {}) => (await book(inquiryId, { startsAt, ...extra })).json.error;
    expect(await refusal(new Date(Date.now() - 3_600_000).toISOString())).toMatchObject({ code: 'invalid_input', fields: { startsAt: 'tours.errors.past' } });
    const early = await refusal(at(day, '08:30'));
    expect(early).toMatchObject({ code: 'invalid_input', fields: { startsAt: 'tours.errors.outsideHours' } });
    expect(early.nextFree[0]).toBe(at(day, '09:00'));
    expect((await refusal(at(day, '17:45'))).fields.startsAt).toBe('tours.errors.outsideHours');
    expect((await refusal(at(day, '17:30'), { durationMinutes: 60 })).fields.startsAt).toBe('tours.errors.outsideHours');
    expect((await refusal(at(closedDayAhead(), '10:00'))).fields.startsAt).toBe('tours.errors.closedDay');
    expect((await refusal(at(day, '10:05'))).fields.startsAt).toBe('tours.errors.notOnStep');
    const far = addDays(koreanDay(new Date()), TOUR_HORIZON_DAYS + 3);
    expect((await refusal(at(far, '10:00'))).fields.startsAt).toMatch(/tours\.errors\.(tooFar|closedDay)/);
    expect((await refusal(at(officeDayAhead(1, addDays(koreanDay(new Date()), TOUR_HORIZON_DAYS + 1)), '10:00'))).fields.startsAt).toBe('tours.errors.tooFar');
    expect((await refusal(at(day, '10:00'), { durationMinutes: 20 })).fields.durationMinutes).toBe('tours.errors.durationInvalid');
    expect((await refusal(at(day, '10:00'), { unitIds: [] })).fields.unitIds).toBe('tours.errors.unitsRequired');
    expect(await refusal(at(day, '10:00'), { unitIds: [units.leased] })).toMatchObject({ code: 'unit_leased', fields: { unitIds: 'tours.errors.unitLeased' } });
    expect((await refusal(at(day, '10:00'), { hostId: viewer.id })).fields.hostId).toBe('tours.errors.hostInvalid');
    expect(await ctx.db.selectFrom('tours').select('id').execute()).toEqual([]);

    // The host's tour 10:00–10:30 keeps them busy until 10:45 (the default 15-minute buffer).
    expect((await book(inquiryId, { startsAt: at(day, '10:00'), unitIds: [units.leased], allowLeased: true })).status).toBe(201);
    const overlap = await book(inquiryId, { startsAt: at(day, '10:30') });
    expect(overlap.status).toBe(409);
    expect(overlap.json.error).toMatchObject({ code: 'slot_unavailable', fields: { startsAt: 'tours.errors.slotUnavailable' } });
    expect(overlap.json.error.nextFree).toEqual([at(day, '10:45'), at(day, '11:00'), at(day, '11:15')]);
    // Before it, its own buffer must end by 10:00: 09:15 + 30 + 15 fits, 09:30 does not.
    expect((await book(inquiryId, { startsAt: at(day, '09:30') })).status).toBe(409);
    expect((await book(inquiryId, { startsAt: at(day, '09:15') })).status).toBe(201);
    expect((await book(inquiryId, { startsAt: at(day, '10:45') })).status).toBe(201);
    // Another host is free then.
    expect((await book(inquiryId, { startsAt: at(day, '10:00'), hostId: colleague.id })).status).toBe(201);
    // The owner's buffer setting applies to the next booking.
    await call(settings, 'PATCH', '/api/admin/settings', { token: admin, body: { tourBufferMinutes: 30 } });
    expect((await book(inquiryId, { startsAt: at(day, '14:00') })).status).toBe(201);
    expect((await book(inquiryId, { startsAt: at(day, '14:45') })).json.error.nextFree[0]).toBe(at(day, '15:00'));
    await call(settings, 'PATCH', '/api/admin/settings', { token: admin, body: { tourBufferMinutes: 15 } });
  });

  it('lets exactly one of two concurrent bookings of one host’s overlapping slot win, and the database itself refuses an overlap', async () => {
    const first = await newInquiry();
    const second = await newInquiry();
    const day = officeDayAhead(4);
    const results = await Promise.all([book(first, { startsAt: at(day, '11:00') }), book(second, { startsAt: at(day, '11:15'), durationMinutes: 45 })]);
    expect(results.map((result) => result.status).sort()).toEqual([201, 409]);
    expect(results.find((result) => result.status === 409)!.json.error.code).toBe('slot_unavailable');
    const stored = await ctx.db.selectFrom('tours').select('id').where('hostId', '=', agent.id).where('status', '=', 'scheduled').execute();
    expect(stored).toHaveLength(1);
    // A writer that skips the application's check meets the trigger (decision 030).
    await expect(ctx.db.insertInto('tours').values({
      inquiryId: first, hostId: agent.id, startsAt: at(day, '11:30'), endsAt: at(day, '12:00'), busyUntil: at(day, '12:15'), unitIds: [units.free],
    }).execute()).rejects.toMatchObject({ code: '23P01' });
    // A cancelled tour frees its slot.
    const winner = results.find((result) => result.status === 201)!.json.id as string;
    expect((await call(tours, 'POST', `/api/tours/${winner}/cancel`, { token: agent.token, body: { reason: 'Prospect asked' } })).status).toBe(200);
    expect((await book(second, { startsAt: at(day, '11:15') })).status).toBe(201);
  });

  it('reschedules with the same UID and a higher SEQUENCE, cancels with CANCEL, and queues each version once per recipient', async () => {
    const inquiryId = await newInquiry({ locale: 'ko' });
    const day = officeDayAhead(5);
    const booked = (await book(inquiryId, { startsAt: at(day, '13:00') })).json;
    await delivered();
    const moved = await call(tours, 'PATCH', `/api/tours/${booked.id}`, { token: agent.token, body: { startsAt: at(day, '15:00'), durationMinutes: 45 } });
    expect(moved.status).toBe(200);
    expect(moved.json).toMatchObject({ sequence: 1, startsAt: at(day, '15:00'), endsAt: at(day, '15:45') });
    const update = await delivered();
    expect(update).toHaveLength(2);
    for (const mail of update) expect(eventOf(mail.raw)).toMatchObject({ method: 'REQUEST', uid: `tour-${booked.id}@btower.example`, sequence: 1, start: at(day, '15:00') });
    const movedMail = update.find((mail) => mail.to[0] !== agent.email)!;
    // It moved: the subject says so, the body says from when, and the space is written as Korean writes it.
    expect(subjectOf(movedMail.raw)).toContain('현장 투어 시간이 바뀌었습니다');
    expect(textOf(movedMail.raw)).toMatch(/변경 전: .*13:00–13:30 \(한국 시간, KST\)/);
    expect(textOf(movedMail.raw)).toContain('3층 301호');
    expect(textOf(movedMail.raw)).toContain('02-871-3300');
    // Internal notes alone are nobody else's news: no new version, no mail.
    const noted = await call(tours, 'PATCH', `/api/tours/${booked.id}`, { token: agent.token, body: { internalNotes: 'Parking pass ready' } });
    expect(noted.json.sequence).toBe(1);
    expect(await delivered()).toEqual([]);
    // Handing the tour to a colleague: the new host is invited, the former one gets a CANCEL.
    const handed = await call(tours, 'PATCH', `/api/tours/${booked.id}`, { token: agent.token, body: { hostId: colleague.id } });
    expect(handed.json).toMatchObject({ sequence: 2, hostId: colleague.id });
    const handover = await delivered();
    expect(handover).toHaveLength(3);
    const methodFor = (address: string) => handover.filter((mail) => mail.to[0] === address).map((mail) => eventOf(mail.raw).method);
    expect(methodFor(agent.email)).toEqual(['CANCEL']);
    expect(methodFor(colleague.email)).toEqual(['REQUEST']);
    expect(handover.filter((mail) => !mail.to[0]!.endsWith('@btower.example')).map((mail) => eventOf(mail.raw))).toEqual([expect.objectContaining({ method: 'REQUEST', sequence: 2 })]);
    const cancelled = await call(tours, 'POST', `/api/tours/${booked.id}/cancel`, { token: colleague.token, body: { reason: 'Moved to another building' } });
    expect(cancelled.json).toMatchObject({ status: 'cancelled', sequence: 3, cancelReason: 'Moved to another building' });
    const cancels = await delivered();
    expect(cancels).toHaveLength(2);
    for (const mail of cancels) {
      expect(mail.raw).toMatch(/method=CANCEL/);
      expect(eventOf(mail.raw)).toMatchObject({ method: 'CANCEL', uid: `tour-${booked.id}@btower.example`, sequence: 3 });
    }
    expect((await call(tours, 'POST', `/api/tours/${booked.id}/cancel`, { token: agent.token, body: { reason: 'again' } })).json.error.code).toBe('tour_not_scheduled');
    expect((await call(tours, 'PATCH', `/api/tours/${booked.id}`, { token: agent.token, body: { startsAt: at(day, '16:00') } })).json.error.code).toBe('tour_not_scheduled');
    expect((await call(tours, 'POST', `/api/tours/${booked.id}/cancel`, { token: agent.token, body: {} })).json.error.fields.reason).toBe('tours.errors.reasonRequired');
    const keys = (await ctx.db.selectFrom('outbox').select('dedupeKey').where('channel', '=', 'tour-mail').where('inquiryId', '=', inquiryId).execute()).map((row) => row.dedupeKey);
    expect(keys).toHaveLength(9);
    expect(new Set(keys).size).toBe(9);
    // The activity log has the tour's changes under the people who made them.
    const events = await ctx.db.selectFrom('auditEvents').select(['action', 'actorId']).where('entity', '=', 'tour').where('entityId', '=', booked.id).execute();
    expect(events.map((event) => event.action)).toEqual(expect.arrayContaining(['create', 'update', 'cancel']));
    expect(new Set(events.map((event) => event.actorId))).toEqual(new Set([agent.id, colleague.id]));
  });

  it('a move says so and from when — the time the prospect was last told — and English mails write "Floor 3, Unit 301" and +82 numbers', async () => {
    const inquiryId = await newInquiry();
    await delivered();
    const day = officeDayAhead(6);
    const booked = (await book(inquiryId, { startsAt: at(day, '10:00') })).json;
    const prospectOf = (mails: Mail[]) => mails.filter((mail) => !mail.to[0]!.endsWith('@btower.example'));
    const [invite] = prospectOf(await delivered());
    expect(textOf(invite!.raw)).toContain('- Floor 3, Unit 301: ');
    expect(textOf(invite!.raw)).toContain('call +82 2-871-3300.');
    expect(subjectOf(invite!.raw)).toContain('Your site visit');

    // Moved twice while the mail server was away: the first change's mails did not go out, so the one mail sent
    // says it moved from 10:00, the time the prospect knew, not from 11:00, which nobody was told.
    process.env.SMTP_URL = 'smtp://127.0.0.1:9';
    resetServerEnv();
    await call(tours, 'PATCH', `/api/tours/${booked.id}`, { token: agent.token, body: { startsAt: at(day, '11:00') } });
    await vi.waitFor(async () => {
      const held = await ctx.db.selectFrom('outbox').select('lastError').where('dedupeKey', '=', `tour:${booked.id}:1:prospect`).executeTakeFirstOrThrow();
      expect(held.lastError).not.toBeNull();
    });
    process.env.SMTP_URL = `smtp://127.0.0.1:${smtp.port}`;
    resetServerEnv();
    await call(tours, 'PATCH', `/api/tours/${booked.id}`, { token: agent.token, body: { startsAt: at(day, '14:00') } });
    const moves = await delivered();
    const [moved] = prospectOf(moves);
    expect(prospectOf(moves)).toHaveLength(1);
    expect(subjectOf(moved!.raw)).toContain('Moved: your site visit is now on');
    expect(textOf(moved!.raw)).toMatch(/Before: .*10:00–10:30 \(Korean time, KST\)/);
    expect(textOf(moved!.raw)).not.toContain('11:00');
    expect(textOf(moved!.raw)).toMatch(/When: .*14:00–14:30/);
    // The host reads it in the panel's language: moved, and from when.
    const hostMove = moves.find((mail) => mail.to[0] === agent.email)!;
    expect(subjectOf(hostMove.raw)).toContain('투어 일정 변경');
    expect(textOf(hostMove.raw)).toMatch(/변경 전: .*10:00–10:30/);

    // A change that keeps the time is a change, not a move.
    await call(tours, 'PATCH', `/api/tours/${booked.id}`, { token: agent.token, body: { unitIds: [units.free, units.other] } });
    const [changed] = prospectOf(await delivered());
    expect(subjectOf(changed!.raw)).toContain('Changed: your site visit');
    expect(textOf(changed!.raw)).not.toContain('Before:');
    expect(textOf(changed!.raw)).toContain('- Floor 5, Unit 501: ');
    // The calendar's title lists them as English lists.
    expect(eventOf(changed!.raw).summary).toContain('Floor 3, Unit 301 and Floor 5, Unit 501');
  });

  it('takes the outcome only after the end, once, and reminds the host once two office hours after an end without one', async () => {
    const inquiryId = await newInquiry();
    const day = officeDayAhead(2);
    const tour = (await book(inquiryId, { startsAt: at(day, '16:00') })).json;
    const early = await call(tours, 'POST', `/api/tours/${tour.id}/outcome`, { token: agent.token, body: { outcome: 'completed', interest: 4 } });
    expect(early.status).toBe(409);
    expect(early.json.error).toMatchObject({ code: 'tour_not_ended', fields: { outcome: 'tours.errors.notEnded' } });
    // The tour took place last Tuesday (times moved back as a clock would have).
    const past = { start: seoulInstant('2026-11-24', '16:00'), end: seoulInstant('2026-11-24', '16:30') };
    await ctx.db.updateTable('tours').set({ startsAt: past.start, endsAt: past.end, busyUntil: new Date(past.end.getTime() + 900_000), createdAt: seoulInstant('2026-11-20', '10:00') }).where('id', '=', tour.id).execute();
    await delivered();
    // 16:30 + 2 office hours = 09:30 the next morning (17:30 is 1 h, then from 09:00).
    expect(await sendTourReminders(ctx.db, seoulInstant('2026-11-25', '09:29'))).toBe(0);
    expect(await sendTourReminders(ctx.db, seoulInstant('2026-11-25', '09:30'))).toBe(1);
    expect(await sendTourReminders(ctx.db, seoulInstant('2026-11-25', '12:00'))).toBe(0);
    const reminders = await delivered();
    expect(reminders.map((mail) => mail.to[0])).toEqual([agent.email]);
    // The host's reminder names the inquiry by its reference, not the prospect's company (staff-prospect.ts).
    expect(subjectOf(reminders[0]!.raw)).toContain(`#${tour.inquiryId.replace(/-/g, '').slice(0, 8).toUpperCase()}`);
    expect(subjectOf(reminders[0]!.raw)).not.toContain('Acme');
    expect((await call(tours, 'POST', `/api/tours/${tour.id}/outcome`, { token: agent.token, body: { outcome: 'no_show', interest: 3 } })).json.error.fields.outcome).toBe('tours.errors.onlyWhenCompleted');
    expect((await call(tours, 'POST', `/api/tours/${tour.id}/outcome`, { token: viewer.token, body: { outcome: 'completed' } })).status).toBe(403);
    const done = await call(tours, 'POST', `/api/tours/${tour.id}/outcome`, { token: agent.token, body: { outcome: 'completed', interest: 4, feedback: 'Liked 3F', nextStep: 'Send proposal', nextStepOn: '2026-12-03' } });
    expect(done.status).toBe(200);
    expect(done.json).toMatchObject({ status: 'completed', interest: 4, feedback: 'Liked 3F', nextStep: 'Send proposal', nextStepOn: '2026-12-03' });
    // The inquiry's next step follows the outcome's, in its history under the person who recorded it.
    const after = (await call(inquiries, 'GET', `/api/inquiries/${inquiryId}`, { token: agent.token })).json;
    expect(after.nextStepOn).toBe('2026-12-03');
    expect(after.history.filter((entry: { nextStepOn?: string }) => entry.nextStepOn !== undefined)).toEqual([expect.objectContaining({ nextStepOn: '2026-12-03', by: { id: agent.id, name: expect.any(String) } })]);
    expect((await call(tours, 'POST', `/api/tours/${tour.id}/outcome`, { token: agent.token, body: { outcome: 'no_show' } })).json.error.code).toBe('tour_not_scheduled');
  });

  it('reminds the prospect on the working day before, and lists the host’s tours in the morning digest', async () => {
    const inquiryId = await newInquiry();
    const tour = (await book(inquiryId, { startsAt: at(officeDayAhead(2), '11:00') })).json;
    // Monday 2026-12-07 11:00; booked the Wednesday before: reminded Friday 10:00 (the working day before).
    await ctx.db.updateTable('tours').set({ startsAt: seoulInstant('2026-12-07', '11:00'), endsAt: seoulInstant('2026-12-07', '11:30'), busyUntil: seoulInstant('2026-12-07', '11:45'), createdAt: seoulInstant('2026-12-02', '10:00') }).where('id', '=', tour.id).execute();
    await delivered();
    expect(await sendTourReminders(ctx.db, seoulInstant('2026-12-04', '09:55'))).toBe(0);
    expect(await sendTourReminders(ctx.db, seoulInstant('2026-12-04', '10:00'))).toBe(1);
    expect(await sendTourReminders(ctx.db, seoulInstant('2026-12-05', '10:00'))).toBe(0);
    const [reminder] = await delivered();
    expect(subjectOf(reminder!.raw)).toContain('Tomorrow: your site visit at 11:00');
    expect(await sendMorningDigests(ctx.db, seoulInstant('2026-12-07', '08:30'))).toBeGreaterThanOrEqual(1);
    const digest = (await delivered()).find((mail) => mail.to[0] === agent.email)!;
    expect(textOf(digest.raw)).toContain('11:00–11:30');
  });

  it('lists the week by host and status for every role, and an inquiry’s tours', async () => {
    const inquiryId = await newInquiry();
    const day = officeDayAhead(6);
    await book(inquiryId, { startsAt: at(day, '09:00') });
    await book(inquiryId, { startsAt: at(day, '09:00'), hostId: colleague.id });
    const week = await call(tours, 'GET', `/api/tours?from=${day}&to=${day}`, { token: viewer.token });
    expect(week.status).toBe(200);
    expect(week.json).toHaveLength(2);
    // A viewer reads the agenda with the prospect's company masked (issue 25); an agent reads it whole.
    expect(week.json[0]).toMatchObject({ name: expect.stringMatching(/^P\*+ \S\*+$/), company: 'A***', masked: true, units: [{ floor: '3F', unitNumber: '301' }] });
    expect(JSON.stringify(week.json)).not.toMatch(/@example\.com|010-1234|Acme/);
    const mine = await call(tours, 'GET', `/api/tours?from=${day}&to=${day}&hostId=me`, { token: colleague.token });
    expect(mine.json[0]).toMatchObject({ name: expect.stringMatching(/^Prospect /), company: 'Acme; Seoul, Ltd', units: [{ floor: '3F', unitNumber: '301' }] });
    expect(mine.json[0]).not.toHaveProperty('masked');
    expect(mine.json.map((tour: { hostId: string }) => tour.hostId)).toEqual([colleague.id]);
    expect((await call(tours, 'GET', `/api/tours?from=${day}&to=${day}&status=cancelled`, { token: viewer.token })).json).toEqual([]);
    expect((await call(tours, 'GET', `/api/tours?inquiryId=${inquiryId}`, { token: viewer.token })).json).toHaveLength(2);
    expect((await call(tours, 'GET', `/api/tours?from=2026-01-01&to=2026-06-01`, { token: viewer.token })).json.error.fields.to).toBe('tours.errors.rangeTooLong');
    expect((await call(tours, 'GET', `/api/tours/${randomUUID()}`, { token: viewer.token })).json.error.code).toBe('tour_not_found');
    expect((await book(inquiryId, { startsAt: at(day, '13:00') }, viewer.token)).status).toBe(403);
  });

  it('serves each person a private calendar feed: upcoming tours with company and spaces, no contact details; rotating kills the old address; it dies with the account', async () => {
    const inquiryId = await newInquiry();
    await book(inquiryId, { startsAt: at(officeDayAhead(3), '14:00') });
    const { url } = (await call(feed, 'GET', '/api/admin/me/calendar-feed', { token: agent.token })).json;
    expect(url).toMatch(/^https:\/\/btower\.example\/api\/calendar-feed\/[A-Za-z0-9_-]{43}$/);
    expect((await call(feed, 'GET', '/api/admin/me/calendar-feed', { token: agent.token })).json.url).toBe(url);
    const path = new URL(url).pathname;
    const served = await fetchFeed(path);
    expect(served.status).toBe(200);
    expect(served.headers.get('Content-Type')).toBe('text/calendar; charset=utf-8');
    expect(served.text).toContain('METHOD:PUBLISH');
    expect(served.text.replace(/\r\n /g, '')).toContain('Acme\\; Seoul\\, Ltd');
    // Spaces as the reader writes them, never floor codes.
    expect(served.text.replace(/\r\n /g, '')).toMatch(/3층 301호|Floor 3, Unit 301/);
    expect(served.text).not.toContain('3F 301');
    expect(served.text).not.toMatch(/@example\.com|010-1234|ORGANIZER|ATTENDEE/);
    const stored = await ctx.db.selectFrom('calendarFeeds').select('tokenHash').where('userId', '=', agent.id).executeTakeFirstOrThrow();
    expect(stored.tokenHash).not.toContain(path.split('/').at(-1));
    const rotated = (await call(feed, 'POST', '/api/admin/me/calendar-feed/rotate', { token: agent.token })).json.url;
    expect(rotated).not.toBe(url);
    expect((await fetchFeed(path)).status).toBe(404);
    expect((await fetchFeed(new URL(rotated).pathname)).status).toBe(200);
    const colleagueFeed = (await call(feed, 'GET', '/api/admin/me/calendar-feed', { token: viewer.token })).json.url;
    expect((await fetchFeed(new URL(colleagueFeed).pathname)).status).toBe(200);
    await ctx.db.updateTable('users').set({ active: false }).where('id', '=', viewer.id).execute();
    expect((await fetchFeed(new URL(colleagueFeed).pathname)).status).toBe(404);
    await ctx.db.updateTable('users').set({ active: true }).where('id', '=', viewer.id).execute();
  });
});
