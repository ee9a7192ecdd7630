import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import inquiries from '../../functions/inquiries.ts';
import me from '../../functions/admin-me.ts';
import users from '../../functions/admin-users.ts';
import tours from '../../functions/tours.ts';
import feed from '../../functions/calendar-feed.ts';
import { resetServerEnv } from '../../src/server/env.ts';
import { seoulInstant } from '../../src/shared/tours.ts';
import { call } from '../support/api-calls.ts';
import { adminToken, inquiryBody, useApiBackend } from '../support/api-suite.ts';
import { availableBackends } from '../support/db-backends.ts';
import { officeDayAhead } from '../support/office-days.ts';
import { startSmtp, type Mail } from '../support/smtp.ts';
import { outboxSettled, staffAccount, type TestAccount } from '../support/staff.ts';

const at = (day: string, time: string) => seoulInstant(day, time).toISOString();

/** The feed behind an address, as a calendar app reads it. */
async function feedText(url: string) {
  const response = await feed(new Request(`http://127.0.0.1${new URL(url).pathname}`), { params: {} } as never);
  return response.text();
}

/**
 * A person who can no longer host (demoted to viewer, or deactivated) stops hosting: each scheduled tour goes to
 * the inquiry's assignee, else to the owner making the change, mailed as a change of host; the activity log
 * names that owner. Their calendar feed follows their role, as the inbox does.
 */
describe.each(availableBackends())('tours of a person who can no longer host, on $name', (backend) => {
  const ctx = useApiBackend(backend);
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let admin = '';
  let ownerId = '';
  let dana: TestAccount;
  let unit = '';
  const saved = { ...process.env };

  const delivered = async (): Promise<Mail[]> => {
    await outboxSettled(ctx.db);
    return smtp.mails.splice(0);
  };
  /** An inquiry through the form's route, with its assignee, and a tour of it hosted by `hostId`. */
  async function tourOf(assigneeId: string, hostId: string, day: string, time: string) {
    const inquiryId = (await call(inquiries, 'POST', '/api/inquiries', { body: inquiryBody({ email: `p-${randomUUID().slice(0, 6)}@example.com`, company: '비타워상사', locale: 'en' }) })).json.id as string;
    expect((await call(inquiries, 'PATCH', `/api/inquiries/${inquiryId}`, { token: admin, body: { assigneeId } })).status).toBe(200);
    const booked = await call(tours, 'POST', `/api/inquiries/${inquiryId}/tours`, { token: admin, body: { startsAt: at(day, time), durationMinutes: 30, unitIds: [unit], hostId } });
    expect(booked.status).toBe(201);
    return booked.json.id as string;
  }
  const hostOf = async (id: string) => (await call(tours, 'GET', `/api/tours/${id}`, { token: admin })).json;
  const demote = (person: TestAccount, body: Record<string, unknown> = { role: 'viewer' }) => call(users, 'PATCH', `/api/admin/users/${person.id}`, { token: admin, body });

  beforeAll(async () => {
    smtp = await startSmtp();
    process.env.SMTP_URL = `smtp://127.0.0.1:${smtp.port}`;
    process.env.INQUIRY_NOTIFY_FROM = 'B TOWER Leasing <leasing@btower.example>';
    resetServerEnv();
    admin = await adminToken();
    ownerId = (await call(me, 'PATCH', '/api/admin/me', { token: admin, body: { email: 'owner@btower.example' } })).json.id;
    dana = await staffAccount(admin, 'agent', 'Dana');
    unit = (await ctx.db.insertInto('units').values({ floor: '3F', unitNumber: '301', exclusiveAreaM2: 120, supplyAreaM2: 200, status: 'available' }).returning('id').executeTakeFirstOrThrow()).id;
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

  it('gives a demoted host’s tours to the inquiry’s assignee, else to the demoting owner, mails the change and leaves their feed empty', async () => {
    const eun = await staffAccount(admin, 'agent', 'Eun');
    const day = officeDayAhead(3);
    const withDana = await tourOf(dana.id, eun.id, day, '10:00');
    const own = await tourOf(eun.id, eun.id, day, '14:00');
    const feedUrl = (await call(feed, 'GET', '/api/admin/me/calendar-feed', { token: eun.token })).json.url as string;
    expect(await feedText(feedUrl)).toContain('비타워상사');
    await delivered();

    const demoted = await demote(eun);
    expect(demoted.status).toBe(200);
    expect(demoted.json.role).toBe('viewer');
    // Dana works the first inquiry; the second was Eun's own, handed back to "unassigned": its tour goes to the owner.
    expect(await hostOf(withDana)).toMatchObject({ hostId: dana.id, sequence: 1, status: 'scheduled' });
    expect(await hostOf(own)).toMatchObject({ hostId: ownerId, sequence: 1, status: 'scheduled' });
    // Mailed as a change of host is: the next version to the prospect and the new host, a cancellation to Eun.
    const mails = await delivered();
    const to = (address: string) => mails.filter((mail) => mail.to[0] === address);
    expect(to(dana.email)).toHaveLength(1);
    expect(to('owner@btower.example').filter((mail) => /method=REQUEST/.test(mail.raw))).toHaveLength(1);
    const cancelled = to(eun.email);
    expect(cancelled).toHaveLength(2);
    for (const mail of cancelled) expect(mail.raw).toMatch(/method=CANCEL/);
    expect(mails.filter((mail) => /method=REQUEST/.test(mail.raw) && !mail.to[0]!.endsWith('@btower.example'))).toHaveLength(2);
    // The activity log names the owner who made the change, with the host it took.
    const logged = await ctx.db.selectFrom('auditEvents').select(['actorId', 'changes']).where('entity', '=', 'tour').where('entityId', '=', withDana).where('action', '=', 'update').execute();
    expect(logged.some((row) => row.actorId === ownerId && JSON.stringify(row.changes).includes(dana.id))).toBe(true);
    // Eun hosts nothing any more: the feed lists no tour.
    expect(await feedText(feedUrl)).not.toContain('BEGIN:VEVENT');
  });

  it('refuses the demotion while nobody is free to host a tour, and changes nothing', async () => {
    const eun = await staffAccount(admin, 'agent', 'Eun');
    const day = officeDayAhead(4);
    const stranded = await tourOf(dana.id, eun.id, day, '11:00');
    // Dana and the owner are both busy then.
    await tourOf(dana.id, dana.id, day, '11:00');
    await tourOf(ownerId, ownerId, day, '11:00');
    const refused = await demote(eun);
    expect(refused.status).toBe(409);
    expect(refused.json.error).toMatchObject({ code: 'tours_need_host', fields: { role: 'team.errors.toursNeedHost' } });
    expect(refused.json.error.tours).toEqual([stranded]);
    expect((await ctx.db.selectFrom('users').select('role').where('id', '=', eun.id).executeTakeFirstOrThrow()).role).toBe('agent');
    expect(await hostOf(stranded)).toMatchObject({ hostId: eun.id, sequence: 0 });
    // Once the tour has another host, the demotion goes through.
    expect((await call(tours, 'PATCH', `/api/tours/${stranded}`, { token: admin, body: { startsAt: at(day, '15:00') } })).status).toBe(200);
    expect((await demote(eun)).status).toBe(200);
    expect(await hostOf(stranded)).toMatchObject({ hostId: dana.id });
  });

  it('hands a deactivated person’s tours on the same way', async () => {
    const eun = await staffAccount(admin, 'agent', 'Eun');
    const tour = await tourOf(dana.id, eun.id, officeDayAhead(5), '09:30');
    expect((await demote(eun, { active: false })).status).toBe(200);
    expect(await hostOf(tour)).toMatchObject({ hostId: dana.id, sequence: 1 });
  });

  it('masks the company in the feed of someone who may not read it whole, read at every poll', async () => {
    const eun = await staffAccount(admin, 'agent', 'Eun');
    await tourOf(dana.id, eun.id, officeDayAhead(6), '16:00');
    const feedUrl = (await call(feed, 'GET', '/api/admin/me/calendar-feed', { token: eun.token })).json.url as string;
    expect(await feedText(feedUrl)).toContain('비타워상사');
    // A viewer still hosting, as a demotion before this rule left them.
    await sql`update users set role = 'viewer' where id = ${eun.id}`.execute(ctx.db);
    const text = await feedText(feedUrl);
    expect(text).toContain('BEGIN:VEVENT');
    expect(text).toContain('비***');
    expect(text).not.toContain('비타워상사');
  });
});
