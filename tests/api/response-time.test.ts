import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import inquiries from '../../functions/inquiries.ts';
import me from '../../functions/admin-me.ts';
import settings from '../../functions/admin-settings.ts';
import { resetServerEnv } from '../../src/server/env.ts';
import { sendDueReminders, sendMorningDigests } from '../../src/server/inquiries/reminders.ts';
import { call } from '../support/api-calls.ts';
import { adminToken, inquiryBody, useApiBackend } from '../support/api-suite.ts';
import { availableBackends } from '../support/db-backends.ts';
import { plain, startSmtp, subjectOf } from '../support/smtp.ts';
import { outboxSettled, staffAccount, type TestAccount } from '../support/staff.ts';

/** A Korean wall-clock time as an instant (Seoul is UTC+9 all year). */
const seoul = (text: string) => new Date(`${text}+09:00`);

describe.each(availableBackends())('response time: reminders, overdue marks and the morning digest on $name', (backend) => {
  const ctx = useApiBackend(backend);
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let admin = '';
  let agent: TestAccount;
  let colleague: TestAccount;
  const saved = { ...process.env };

  /** An inquiry that arrived at `at` (the visitor's POST, then its arrival time set as the clock says). */
  async function inquiryAt(at: Date, assigneeId?: string): Promise<string> {
    const id = (await call(inquiries, 'POST', '/api/inquiries', { body: inquiryBody({ name: `Prospect ${randomUUID().slice(0, 6)}` }) })).json.id as string;
    await ctx.db.updateTable('inquiries').set({ createdAt: at }).where('id', '=', id).execute();
    if (assigneeId) await call(inquiries, 'PATCH', `/api/inquiries/${id}`, { token: admin, body: { assigneeId } });
    return id;
  }
  const delivered = async () => {
    await outboxSettled(ctx.db);
    // The team's mails (the visitors' own confirmations are another test's subject).
    return smtp.mails.splice(0).filter((mail) => mail.to[0]?.endsWith('@btower.example')).map((mail) => ({ to: mail.to[0], subject: subjectOf(mail.raw), text: plain(mail.raw) }));
  };

  beforeAll(async () => {
    smtp = await startSmtp();
    process.env.SMTP_URL = `smtp://127.0.0.1:${smtp.port}`;
    process.env.INQUIRY_NOTIFY_FROM = 'B TOWER <noreply@btower.example>';
    resetServerEnv();
    admin = await adminToken();
    await call(me, 'PATCH', '/api/admin/me', { token: admin, body: { email: 'owner@btower.example' } });
    agent = await staffAccount(admin, 'agent', 'Dana');
    colleague = await staffAccount(admin, 'agent', 'Eun');
  });
  beforeEach(async () => {
    await ctx.db.deleteFrom('inquiries').execute();
    await delivered();
  });
  afterAll(async () => {
    process.env = saved;
    resetServerEnv();
    await smtp.stop();
  });

  it('reminds the assignee once, when 4 office hours pass untouched (Friday 17:30 → Monday 12:30)', async () => {
    const id = await inquiryAt(seoul('2026-11-27T17:30:00'), agent.id);
    await delivered();
    expect(await sendDueReminders(ctx.db, seoul('2026-11-30T12:29:00'))).toBe(0);
    expect(await sendDueReminders(ctx.db, seoul('2026-11-30T12:30:00'))).toBe(1);
    const mails = await delivered();
    expect(mails.map((mail) => mail.to)).toEqual([agent.email]);
    expect(mails[0]!.subject).toContain('응답 대기 중인 문의');
    expect(mails[0]!.text).toContain('4시간');
    expect(mails[0]!.text).toContain(`/admin?inquiry=${id}`);
    expect(await sendDueReminders(ctx.db, seoul('2026-12-01T09:00:00'))).toBe(0);
    expect(await delivered()).toEqual([]);
  });

  it('reminds every agent and owner of an unassigned inquiry, and nobody once someone answered', async () => {
    await inquiryAt(seoul('2026-11-24T09:00:00'));
    const answered = await inquiryAt(seoul('2026-11-24T09:00:00'));
    await call(inquiries, 'PATCH', `/api/inquiries/${answered}`, { token: agent.token, body: { note: 'Called back' } });
    expect(await sendDueReminders(ctx.db, seoul('2026-11-24T13:00:00'))).toBe(1);
    expect(new Set((await delivered()).map((mail) => mail.to))).toEqual(new Set([agent.email, colleague.email, 'owner@btower.example']));
  });

  it('counts the owner’s setting in office hours and skips holidays (Chuseok 2026 from content/holidays.json)', async () => {
    expect((await call(settings, 'PATCH', '/api/admin/settings', { token: admin, body: { reminderBusinessHours: 9 } })).status).toBe(200);
    try {
      await inquiryAt(seoul('2026-09-23T16:00:00'), agent.id);
      expect(await sendDueReminders(ctx.db, seoul('2026-09-28T15:59:00'))).toBe(0);
      expect(await sendDueReminders(ctx.db, seoul('2026-09-28T16:00:00'))).toBe(1);
    } finally {
      await call(settings, 'PATCH', '/api/admin/settings', { token: admin, body: { reminderBusinessHours: 4 } });
    }
  });

  it('marks an untouched new inquiry overdue in the inbox with its deadline, and clears it once touched', async () => {
    const id = await inquiryAt(seoul('2026-11-02T10:00:00'));
    const listed = (await call(inquiries, 'GET', '/api/inquiries', { token: admin })).json[0];
    expect(listed).toMatchObject({ id, overdue: true, responseDueAt: seoul('2026-11-02T14:00:00').toISOString() });
    const touched = await call(inquiries, 'PATCH', `/api/inquiries/${id}`, { token: agent.token, body: { status: 'contacted' } });
    expect(touched.json).toMatchObject({ overdue: false, responseDueAt: null });
    const fresh = (await call(inquiries, 'POST', '/api/inquiries', { body: inquiryBody() })).json.id;
    expect((await call(inquiries, 'GET', `/api/inquiries/${fresh}`, { token: admin })).json.overdue).toBe(false);
  });

  it('sends each person one morning digest of the next steps due by today, on working days only', async () => {
    const due = await inquiryAt(seoul('2026-11-20T10:00:00'), agent.id);
    const late = await inquiryAt(seoul('2026-11-20T10:00:00'), agent.id);
    const later = await inquiryAt(seoul('2026-11-20T10:00:00'), agent.id);
    const done = await inquiryAt(seoul('2026-11-20T10:00:00'), colleague.id);
    await call(inquiries, 'PATCH', `/api/inquiries/${due}`, { token: agent.token, body: { nextStepOn: '2026-11-30' } });
    await call(inquiries, 'PATCH', `/api/inquiries/${late}`, { token: agent.token, body: { nextStepOn: '2026-11-27' } });
    await call(inquiries, 'PATCH', `/api/inquiries/${later}`, { token: agent.token, body: { nextStepOn: '2026-12-04' } });
    await call(inquiries, 'PATCH', `/api/inquiries/${done}`, { token: colleague.token, body: { nextStepOn: '2026-11-30' } });
    // Closed by an owner (won without a proposal needs one, issue 40): no next step of a closed deal is due.
    await call(inquiries, 'PATCH', `/api/inquiries/${done}`, { token: admin, body: { status: 'won', wonOverrideReason: 'Signed on paper' } });
    await delivered();
    expect(await sendMorningDigests(ctx.db, seoul('2026-11-28T08:30:00'))).toBe(0); // a Saturday
    expect(await sendMorningDigests(ctx.db, seoul('2026-11-30T08:30:00'))).toBe(1);
    const [digest, ...rest] = await delivered();
    expect(rest).toEqual([]);
    expect(digest).toMatchObject({ to: agent.email, subject: '[B TOWER] 오늘 할 일 2건 (2026-11-30)' });
    expect(digest!.text).toContain(`?inquiry=${due}`);
    expect(digest!.text).toContain(`?inquiry=${late}`);
    expect(digest!.text).not.toContain(later);
    expect(await sendMorningDigests(ctx.db, seoul('2026-11-30T08:31:00'))).toBe(0);
  });
});
