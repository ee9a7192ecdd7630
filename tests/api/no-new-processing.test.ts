import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import inquiries from '../../functions/inquiries.ts';
import adminRequests from '../../functions/admin-privacy-requests.ts';
import tours from '../../functions/tours.ts';
import { resetServerEnv } from '../../src/server/env.ts';
import { confirmPrivacyRequest, createPrivacyRequest, requestToken } from '../../src/server/privacy/requests.ts';
import { seoulInstant } from '../../src/shared/tours.ts';
import { call } from '../support/api-calls.ts';
import { adminToken, inquiryBody, useApiBackend } from '../support/api-suite.ts';
import { availableBackends } from '../support/db-backends.ts';
import { officeDayAhead } from '../support/office-days.ts';
import { startSmtp, subjectOf } from '../support/smtp.ts';
import { outboxSettled, staffAccount, type TestAccount } from '../support/staff.ts';

/**
 * A destroyed inquiry (PIPA Art. 21) or one whose processing the visitor stopped (Art. 37) takes no new
 * processing: every write on it or on its tours answers 409 with the reason's code, and nothing is written.
 */
describe.each(availableBackends())('no new processing of a destroyed or suspended inquiry on $name', (backend) => {
  const ctx = useApiBackend(backend);
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let owner = '';
  let agent: TestAccount;
  let unitId = '';
  const saved = { ...process.env };
  let days = 2;

  beforeAll(async () => {
    smtp = await startSmtp();
    process.env.SMTP_URL = `smtp://127.0.0.1:${smtp.port}`;
    process.env.INQUIRY_NOTIFY_FROM = 'B TOWER <leasing@btower.example>';
    resetServerEnv();
    owner = await adminToken();
    agent = await staffAccount(owner, 'agent', 'Dana');
    unitId = (await ctx.db.insertInto('units').values({ floor: '3F', unitNumber: '301', exclusiveAreaM2: 120, supplyAreaM2: 200, status: 'available' }).returning('id').executeTakeFirstOrThrow()).id;
  });
  afterAll(async () => {
    process.env = saved;
    resetServerEnv();
    await smtp.stop();
  });

  /** An inquiry being worked: assigned, with a scheduled tour (booked before it was stopped). */
  async function workedInquiry(): Promise<{ id: string; email: string; tourId: string; day: string }> {
    const email = `p-${randomUUID().slice(0, 8)}@example.com`;
    const id = (await call(inquiries, 'POST', '/api/inquiries', { body: inquiryBody({ email, locale: 'en' }) })).json.id as string;
    expect((await call(inquiries, 'PATCH', `/api/inquiries/${id}`, { token: owner, body: { assigneeId: agent.id } })).status).toBe(200);
    // A day of its own per inquiry: the host's calendar never joins one test to another.
    const day = officeDayAhead((days += 1));
    const booked = await call(tours, 'POST', `/api/inquiries/${id}/tours`, { token: agent.token, body: { startsAt: seoulInstant(day, '10:00').toISOString(), durationMinutes: 30, unitIds: [unitId] } });
    expect(booked.status).toBe(201);
    await outboxSettled(ctx.db);
    return { id, email, tourId: booked.json.id as string, day };
  }

  /** Its tour still to come was cancelled with it, and only its host was told (the prospect is not written to). */
  async function expectTourCancelledForTheHostOnly(inquiry: { id: string; email: string; tourId: string }) {
    await outboxSettled(ctx.db);
    expect((await ctx.db.selectFrom('tours').select('status').where('id', '=', inquiry.tourId).executeTakeFirstOrThrow()).status).toBe('cancelled');
    const cancels = smtp.mails.filter((mail) => /method=CANCEL/.test(mail.raw) && mail.raw.includes(`tour-${inquiry.tourId}@`));
    expect(cancels.map((mail) => mail.to[0])).toEqual([agent.email]);
    expect(subjectOf(cancels[0]!.raw)).toContain(`#${inquiry.id.replace(/-/g, '').slice(0, 8).toUpperCase()}`);
  }

  /** What a refused write must not have changed: the inquiry's row and history, its tours, the outbox. */
  async function footprint(id: string) {
    const [row, history, tourRows, outbox, audit] = await Promise.all([
      ctx.db.selectFrom('inquiries').select(['version', 'status', 'assigneeId']).where('id', '=', id).executeTakeFirstOrThrow(),
      ctx.db.selectFrom('inquiryHistory').select(sql<number>`count(*)::int`.as('n')).where('inquiryId', '=', id).executeTakeFirstOrThrow(),
      ctx.db.selectFrom('tours').select(['id', 'status', 'version', 'startsAt']).where('inquiryId', '=', id).orderBy('id').execute(),
      ctx.db.selectFrom('outbox').select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow(),
      ctx.db.selectFrom('auditEvents').select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow(),
    ]);
    return { row, history: history.n, tours: tourRows.map((tour) => ({ ...tour, startsAt: new Date(tour.startsAt).toISOString() })), outbox: outbox.n, audit: audit.n };
  }

  /** Every write the panel and the API offer on an inquiry and its tours, each expected to be refused with `code`. */
  async function expectEveryWriteRefused(inquiry: { id: string; tourId: string; day: string }, code: string) {
    const before = await footprint(inquiry.id);
    const writes: [string, Promise<{ status: number; json: { error?: { code?: string } } }>][] = [];
    const attempt = (name: string, run: () => Promise<{ status: number; json: { error?: { code?: string } } }>) => writes.push([name, run()]);
    attempt('status', () => call(inquiries, 'PATCH', `/api/inquiries/${inquiry.id}`, { token: agent.token, body: { status: 'contacted' } }));
    attempt('note', () => call(inquiries, 'PATCH', `/api/inquiries/${inquiry.id}`, { token: agent.token, body: { note: 'Called back' } }));
    attempt('assignment', () => call(inquiries, 'PATCH', `/api/inquiries/${inquiry.id}`, { token: owner, body: { assigneeId: null } }));
    attempt('next step', () => call(inquiries, 'PATCH', `/api/inquiries/${inquiry.id}`, { token: agent.token, body: { nextStepOn: inquiry.day } }));
    attempt('book a tour', () => call(tours, 'POST', `/api/inquiries/${inquiry.id}/tours`, { token: agent.token, body: { startsAt: seoulInstant(inquiry.day, '14:00').toISOString(), durationMinutes: 30, unitIds: [unitId] } }));
    attempt('reschedule the tour', () => call(tours, 'PATCH', `/api/tours/${inquiry.tourId}`, { token: agent.token, body: { startsAt: seoulInstant(inquiry.day, '15:00').toISOString() } }));
    attempt('tour notes', () => call(tours, 'PATCH', `/api/tours/${inquiry.tourId}`, { token: agent.token, body: { internalNotes: 'Bring keys' } }));
    attempt('cancel the tour', () => call(tours, 'POST', `/api/tours/${inquiry.tourId}/cancel`, { token: agent.token, body: { reason: 'No longer needed' } }));
    attempt('tour outcome', () => call(tours, 'POST', `/api/tours/${inquiry.tourId}/outcome`, { token: agent.token, body: { outcome: 'completed' } }));
    for (const [name, pending] of writes) {
      const answer = await pending;
      expect({ name, status: answer.status, code: answer.json.error?.code }).toEqual({ name, status: 409, code });
    }
    expect(await footprint(inquiry.id)).toEqual(before);
  }

  it('refuses every write on a destroyed inquiry with 409 inquiry_destroyed, and writes nothing', async () => {
    const inquiry = await workedInquiry();
    expect((await call(inquiries, 'POST', `/api/inquiries/${inquiry.id}/destroy`, { token: owner })).status).toBe(200);
    await expectTourCancelledForTheHostOnly(inquiry);
    await expectEveryWriteRefused(inquiry, 'inquiry_destroyed');
  });

  it('refuses every write on a suspended inquiry with 409 inquiry_suspended, and writes nothing', async () => {
    const inquiry = await workedInquiry();
    expect(await createPrivacyRequest(ctx.db, { email: inquiry.email, kind: 'suspension', lang: 'en', details: null })).toBe(true);
    const request = await ctx.db.selectFrom('privacyRequests').select('id').where('email', '=', inquiry.email).executeTakeFirstOrThrow();
    await confirmPrivacyRequest(ctx.db, await requestToken(request.id));
    expect((await call(adminRequests, 'POST', `/api/admin/privacy-requests/${request.id}/actions`, { token: owner, body: { action: 'suspend' } })).status).toBe(200);
    await expectTourCancelledForTheHostOnly(inquiry);
    await expectEveryWriteRefused(inquiry, 'inquiry_suspended');
  });

  it('still takes every write on an inquiry being worked (the guard refuses only what it must)', async () => {
    const inquiry = await workedInquiry();
    expect((await call(inquiries, 'PATCH', `/api/inquiries/${inquiry.id}`, { token: agent.token, body: { note: 'Called back' } })).status).toBe(200);
    expect((await call(tours, 'PATCH', `/api/tours/${inquiry.tourId}`, { token: agent.token, body: { internalNotes: 'Bring keys' } })).status).toBe(200);
    expect((await call(tours, 'POST', `/api/tours/${inquiry.tourId}/cancel`, { token: agent.token, body: { reason: 'Moved' } })).status).toBe(200);
  });
});
