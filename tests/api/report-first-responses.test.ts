import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import inquiries from '../../functions/inquiries.ts';
import reports from '../../functions/reports.ts';
import { koreanDay } from '../../src/shared/business-hours.ts';
import { businessMinutesBetween } from '../../src/shared/business-hours.ts';
import { officeHolidays } from '../../src/server/inquiries/response-time.ts';
import { destroyInquiry } from '../../src/server/privacy/destroy.ts';
import { calendarArray, officeCalendar, officeInstantOf, officeMinutesBetween } from '../../src/server/reports/office-minutes.ts';
import { periodOf } from '../../src/server/reports/period.ts';
import { speedReport } from '../../src/server/reports/speed.ts';
import { teamReport } from '../../src/server/reports/team.ts';
import { call } from '../support/api-calls.ts';
import { adminToken, inquiryBody, useApiBackend } from '../support/api-suite.ts';
import { availableBackends } from '../support/db-backends.ts';
import { reapplySchema } from '../support/schema-statements.ts';
import { staffAccount, type TestAccount } from '../support/staff.ts';

/** A Korean wall-clock time as an instant (Seoul is UTC+9 all year). */
const seoul = (text: string) => new Date(`${text}+09:00`);
/** March 2026 by week; the inquiries below arrive in it, the answers come now (whenever the test runs). */
const MARCH = () => periodOf({ from: '2026-03-01', to: '2026-03-31', interval: 'week' });

/**
 * The speed and team reports read each inquiry's first response from inquiry_first_responses (decision 044),
 * kept by a trigger on the history, and work out office minutes in the database. What the owner sees must
 * not change with that: who answered first and how long it took stay what they were when it happened —
 * through later changes by others and through the destruction of the inquiry's personal data.
 */
describe.each(availableBackends())('first responses as the reports read them on $name', (backend) => {
  const ctx = useApiBackend(backend);
  let admin = '';
  let dana: TestAccount;
  let eun: TestAccount;

  async function inquiry(createdAt: string) {
    const id = randomUUID();
    await ctx.db
      .insertInto('inquiries')
      .values({ id, name: 'Prospect', email: `p-${id.slice(0, 8)}@example.com`, phone: '010-0000-0000', message: 'Hello', createdAt: seoul(createdAt) } as never)
      .execute();
    return id;
  }

  const touchedAt = async (id: string) => (await ctx.db.selectFrom('inquiries').select('touchedAt').where('id', '=', id).executeTakeFirstOrThrow()).touchedAt!;
  const firstResponse = (id: string) => ctx.db.selectFrom('inquiryFirstResponses').select(['actorId', 'at']).where('inquiryId', '=', id).executeTakeFirst();

  beforeAll(async () => {
    admin = await adminToken();
    dana = await staffAccount(admin, 'agent', 'Dana');
    eun = await staffAccount(admin, 'agent', 'Eun');
    await ctx.db.deleteFrom('inquiries').execute();
  });

  it('credits the first response to the staff member who gave it, not to the arrival, on data made through the API', async () => {
    // As staff make it: visitors send inquiries through the form's route; an agent notes one, another moves
    // one to contacted; an assignment alone is no answer; one is left waiting.
    const sent = async () => (await call(inquiries, 'POST', '/api/inquiries', { body: inquiryBody({ email: `p-${randomUUID().slice(0, 8)}@example.com` }) })).json.id as string;
    const [noted, contacted, assigned, waiting] = [await sent(), await sent(), await sent(), await sent()];
    const patch = async (id: string, token: string, body: Record<string, unknown>) => expect((await call(inquiries, 'PATCH', `/api/inquiries/${id}`, { token, body })).status).toBe(200);
    await patch(noted, dana.token, { note: 'Called back, sending the floor plan' });
    await patch(contacted, eun.token, { status: 'contacted' });
    await patch(assigned, eun.token, { assigneeId: eun.id });
    expect((await firstResponse(noted))?.actorId).toBe(dana.id);
    expect((await firstResponse(contacted))?.actorId).toBe(eun.id);
    // The arrival (status "new", nobody) is not a response: neither waiting inquiry has one.
    expect(await firstResponse(assigned)).toBeUndefined();
    expect(await firstResponse(waiting)).toBeUndefined();

    const today = koreanDay(new Date());
    const query = `from=${today}&to=${today}`;
    const speed = (await call(reports, 'GET', `/api/reports/speed?${query}`, { token: admin })).json;
    expect(speed.answered).toBe(2);
    expect(speed.medianFirstResponseMinutes).not.toBeNull();
    const byPerson = speed.byPerson.map((row: { userId: string | null; name: string | null; answered: number }) => [row.userId, row.name, row.answered]);
    expect(byPerson.sort()).toEqual([[dana.id, 'Dana', 1], [eun.id, 'Eun', 1]].sort());
    const team = (await call(reports, 'GET', `/api/reports/team?${query}`, { token: admin })).json;
    for (const person of [dana, eun]) {
      expect(team.people.find((row: { userId: string }) => row.userId === person.id)?.medianFirstResponseMinutes).toEqual(expect.any(Number));
    }
    await ctx.db.deleteFrom('inquiries').where('id', 'in', [noted, contacted, assigned, waiting]).execute();
  });

  it('takes back, once, the first responses an earlier version credited to the arrival', async () => {
    // The database as the earlier trigger left it: every arrival recorded as the first response, by nobody.
    await sql`drop trigger inquiry_history_first_response on inquiry_history`.execute(ctx.db);
    await sql`create trigger inquiry_history_first_response after insert on inquiry_history
      for each row when (new.status is not null or new.note is not null) execute function record_first_response()`.execute(ctx.db);
    const answered = (await call(inquiries, 'POST', '/api/inquiries', { body: inquiryBody() })).json.id as string;
    const waiting = (await call(inquiries, 'POST', '/api/inquiries', { body: inquiryBody() })).json.id as string;
    expect((await call(inquiries, 'PATCH', `/api/inquiries/${answered}`, { token: dana.token, body: { status: 'contacted' } })).status).toBe(200);
    expect((await firstResponse(answered))?.actorId).toBeNull();
    expect((await firstResponse(waiting))?.actorId).toBeNull();

    await reapplySchema(ctx.db);
    const repaired = await firstResponse(answered);
    expect(repaired?.actorId).toBe(dana.id);
    const entry = await ctx.db.selectFrom('inquiryHistory').select('at').where('inquiryId', '=', answered).where('actorId', '=', dana.id).executeTakeFirstOrThrow();
    expect(repaired?.at).toEqual(entry.at);
    expect(await firstResponse(waiting)).toBeUndefined();
    // The next start changes nothing, and the trigger now leaves arrivals out.
    await reapplySchema(ctx.db);
    expect(await firstResponse(answered)).toEqual(repaired);
    const later = (await call(inquiries, 'POST', '/api/inquiries', { body: inquiryBody() })).json.id as string;
    expect(await firstResponse(later)).toBeUndefined();
    await ctx.db.deleteFrom('inquiries').where('id', 'in', [answered, waiting, later]).execute();
  });

  it('works out office minutes in the database exactly as the office clock does', async () => {
    // Weekdays, nights, a weekend, 삼일절's substitute Monday (03-02), 설날 (02-16…18), spans of weeks, an answer
    // before its inquiry, the same instant, and times with milliseconds.
    const pairs: [string, string][] = [
      ['2026-03-03T14:00:00', '2026-03-03T15:00:00'],
      ['2026-03-03T07:10:00', '2026-03-03T09:30:00'],
      ['2026-03-03T17:30:00', '2026-03-04T09:30:00'],
      ['2026-02-27T17:30:00', '2026-03-03T09:30:00'],
      ['2026-03-01T23:30:00', '2026-03-02T10:00:00'],
      ['2026-02-13T16:00:00', '2026-02-19T10:15:30.250'],
      ['2026-03-18T09:00:00', '2026-03-18T17:00:00'],
      ['2026-03-04T10:00:00', '2026-04-20T11:11:11.111'],
      ['2026-03-07T12:00:00', '2026-03-08T20:00:00'],
      ['2026-03-05T12:00:00', '2026-03-05T11:00:00'],
      ['2026-03-05T12:00:00.500', '2026-03-05T12:00:00.500'],
      ['2026-03-20T18:00:00', '2026-03-23T09:00:00.001'],
    ];
    const calendar = officeCalendar('2026-02-01', '2026-05-31', officeHolidays());
    const from = officeInstantOf(sql.ref('p.a'));
    const to = officeInstantOf(sql.ref('p.b'));
    const { rows } = await sql<{ minutes: number }>`
      select ${officeMinutesBetween({ day: sql.ref('x.a_day'), ms: sql.ref('x.a_ms') }, { day: sql.ref('x.b_day'), ms: sql.ref('x.b_ms') }, calendar, sql.ref('c.office_days'))} as minutes
      from (
        select p.n, ${from.day} as a_day, ${from.ms} as a_ms, ${to.day} as b_day, ${to.ms} as b_ms
        from unnest(${pairs.map(([a]) => seoul(a).toISOString())}::timestamptz[], ${pairs.map(([, b]) => seoul(b).toISOString())}::timestamptz[]) with ordinality p(a, b, n)
      ) x cross join (select ${calendarArray(calendar)} as office_days) c
      order by x.n`.execute(ctx.db);
    expect(rows.map((row) => Number(row.minutes))).toEqual(pairs.map(([a, b]) => businessMinutesBetween(seoul(a), seoul(b), officeHolidays())));
    // Worked by hand for the first five: 60; 30 (the office opens at 9); 60; Friday 30 + Tuesday 30 (Monday a holiday); 0.
    expect(rows.slice(0, 5).map((row) => Number(row.minutes))).toEqual([60, 30, 60, 60, 0]);
  });

  it('counts the first answer and who gave it; a later change by someone else moves neither', async () => {
    const id = await inquiry('2026-03-03T14:00:00');
    expect((await call(inquiries, 'PATCH', `/api/inquiries/${id}`, { token: dana.token, body: { note: 'Called, left a message' } })).status).toBe(200);
    const first = await firstResponse(id);
    expect(first?.actorId).toBe(dana.id);
    const minutes = Math.round(businessMinutesBetween(seoul('2026-03-03T14:00:00'), await touchedAt(id), officeHolidays()));
    const before = await speedReport(ctx.db, MARCH(), true);
    expect(before.byPerson).toEqual([expect.objectContaining({ userId: dana.id, name: 'Dana', answered: 1, medianFirstResponseMinutes: minutes })]);

    expect((await call(inquiries, 'PATCH', `/api/inquiries/${id}`, { token: eun.token, body: { status: 'contacted' } })).status).toBe(200);
    expect((await call(inquiries, 'PATCH', `/api/inquiries/${id}`, { token: eun.token, body: { note: 'Spoke to them' } })).status).toBe(200);
    expect(await firstResponse(id)).toEqual(first);
    const after = await speedReport(ctx.db, MARCH(), true);
    expect(after).toEqual(before);
    const team = await teamReport(ctx.db, MARCH());
    expect(team.people.find((person) => person.userId === dana.id)?.medianFirstResponseMinutes).toBe(minutes);
    expect(team.people.find((person) => person.userId === eun.id)?.medianFirstResponseMinutes).toBeNull();
  });

  it('takes an entry dated earlier than the one recorded as the first (history written out of order)', async () => {
    const id = await inquiry('2026-03-10T10:00:00');
    const entry = (at: string, actorId: string) => ctx.db.insertInto('inquiryHistory').values({ inquiryId: id, at: seoul(at), actorId, status: 'contacted' } as never).execute();
    await entry('2026-03-10T15:00:00', eun.id);
    await entry('2026-03-10T11:00:00', dana.id);
    await entry('2026-03-10T16:00:00', eun.id);
    expect(await firstResponse(id)).toEqual({ actorId: dana.id, at: seoul('2026-03-10T11:00:00') });
    await ctx.db.deleteFrom('inquiries').where('id', '=', id).execute();
    expect(await firstResponse(id)).toBeUndefined();
  });

  it('keeps the answer, its author and its minutes when the inquiry’s personal data is destroyed', async () => {
    const before = await speedReport(ctx.db, MARCH(), true);
    const [id] = (await ctx.db.selectFrom('inquiries').select('id').execute()).map((row) => row.id);
    expect(await destroyInquiry(ctx.db, id!, null)).not.toBeNull();
    // The note that was the first response is gone; the fact that it was given, when and by whom, is not.
    const history = await ctx.db.selectFrom('inquiryHistory').select(['note']).where('inquiryId', '=', id!).execute();
    expect(history.every((entry) => entry.note === null)).toBe(true);
    const row = await sql<{ row: string }>`select f::text as row from inquiry_first_responses f where inquiry_id = ${id}`.execute(ctx.db);
    expect(row.rows[0]?.row.toLowerCase()).not.toMatch(/prospect|example\.com|called|spoke/);
    expect(await speedReport(ctx.db, MARCH(), true)).toEqual(before);
  });
});
