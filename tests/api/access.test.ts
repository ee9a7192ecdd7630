import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import audit from '../../functions/admin-audit.ts';
import inquiries from '../../functions/inquiries.ts';
import me from '../../functions/admin-me.ts';
import { UNUSUAL_VIEWS_PER_DAY } from '../../src/shared/access.ts';
import { koreanDay } from '../../src/shared/business-hours.ts';
import { recordAccess } from '../../src/server/audit/access.ts';
import { isFirstOfficeDayOfMonth, previousMonth, sendMonthlyAccessReview } from '../../src/server/audit/review.ts';
import { resetServerEnv } from '../../src/server/env.ts';
import { nextReviewMorning } from '../support/review-clock.ts';
import { call } from '../support/api-calls.ts';
import { adminToken, inquiryBody, uploaded, useApiBackend } from '../support/api-suite.ts';
import { availableBackends } from '../support/db-backends.ts';
import { plain, startSmtp, subjectOf } from '../support/smtp.ts';
import { outboxSettled, signIn, staffAccount, type TestAccount } from '../support/staff.ts';

/** GET /api/inquiries/export: its status and, when it is an error, the error (a CSV is not JSON). */
async function exportCsv(query: string, token: string, ip = `client-${randomUUID()}`) {
  const response = await inquiries(new Request(`http://127.0.0.1/api/inquiries/export?${query}`, { headers: { Authorization: `Bearer ${token}` } }), { ip, params: {} } as never);
  const text = await response.text();
  return { status: response.status, text, json: response.headers.get('content-type')?.includes('json') ? JSON.parse(text) : null };
}

describe('the monthly review calendar', () => {
  it('finds the first working day of a month past weekends and holidays of content/holidays.json', () => {
    const holidays = new Set(['2027-01-01']);
    // 2027-01-01 is a Friday and a holiday; the 2nd and 3rd a weekend: the 4th is the first working day.
    expect(['2027-01-01', '2027-01-02', '2027-01-03', '2027-01-04', '2027-01-05'].map((day) => isFirstOfficeDayOfMonth(day, holidays))).toEqual([false, false, false, true, false]);
    expect(isFirstOfficeDayOfMonth('2026-12-01', holidays)).toBe(true); // a Tuesday
    expect(previousMonth('2027-01-04')).toBe('2026-12');
    expect(previousMonth('2026-12-01')).toBe('2026-11');
  });
});

describe.each(availableBackends())('access records, export reasons and the monthly review on $name', (backend) => {
  const ctx = useApiBackend(backend);
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let admin = '';
  let owner: TestAccount;
  let agent: TestAccount;
  let viewer: TestAccount;
  const ids: string[] = [];

  beforeAll(async () => {
    smtp = await startSmtp();
    process.env.SMTP_URL = `smtp://127.0.0.1:${smtp.port}`;
    process.env.INQUIRY_NOTIFY_FROM = 'B TOWER <noreply@btower.example>';
    process.env.SITE_URL = 'https://www.btower.example';
    resetServerEnv();
    admin = await adminToken();
    owner = await staffAccount(admin, 'owner', 'Owner Oh');
    agent = await staffAccount(admin, 'agent', 'Agent Ahn');
    viewer = await staffAccount(admin, 'viewer', 'Viewer Vo');
    expect((await call(me, 'PATCH', '/api/admin/me', { token: owner.token, body: { locale: 'en' } })).status).toBe(200);
    const attachment = await uploaded('attachment', new TextEncoder().encode('%PDF-1.4 registration'));
    for (let i = 0; i < 3; i++) ids.push((await call(inquiries, 'POST', '/api/inquiries', { body: inquiryBody({ name: `Access ${i}`, attachments: i === 0 ? [attachment] : [] }) })).json.id);
  });
  afterAll(async () => {
    await smtp?.stop();
    for (const name of ['SMTP_URL', 'INQUIRY_NOTIFY_FROM', 'SITE_URL']) delete process.env[name];
    resetServerEnv();
  });

  const accessLog = async (query = 'kind=access') => (await call(audit, 'GET', `/api/admin/audit?${query}&actor=${agent.id}`, { token: owner.token })).json as { action: string; inquiryIds: string[]; count: number | null; reason: string | null; reasonText: string | null; address: string | null; actor: { id: string } }[];

  it('records each inquiry opened, attachment link and export with the person, address, ids or count and reason; the log filters them', async () => {
    for (const id of ids) expect((await call(inquiries, 'GET', `/api/inquiries/${id}`, { token: agent.token, ip: 'agent-desk' })).status).toBe(200);
    expect((await call(inquiries, 'POST', `/api/inquiries/${ids[0]}/attachments/0/link`, { token: agent.token, ip: 'agent-desk' })).status).toBe(200);
    const exported = await exportCsv('reason=other&reasonText=%EC%97%B0%EB%A7%90%20%EB%B3%B4%EA%B3%A0&search=Access', agent.token, 'agent-desk');
    expect(exported.status).toBe(200);

    const all = await accessLog();
    expect(all.map((row) => row.action)).toEqual(['inquiries.export', 'attachment.link', 'inquiry.view', 'inquiry.view', 'inquiry.view']);
    expect(all.every((row) => row.actor.id === agent.id && row.address === 'agent-desk')).toBe(true);
    expect(all.filter((row) => row.action === 'inquiry.view').map((row) => row.inquiryIds[0]).sort()).toEqual([...ids].sort());
    expect(all[0]).toMatchObject({ count: 3, reason: 'other', reasonText: '연말 보고', inquiryIds: [] });
    expect(all[1]).toMatchObject({ inquiryIds: [ids[0]] });
    expect((await accessLog('kind=view')).map((row) => row.action)).toEqual(['inquiry.view', 'inquiry.view', 'inquiry.view']);
    expect((await accessLog('kind=download')).map((row) => row.action)).toEqual(['inquiries.export', 'attachment.link']);
    // The writes' log is what it was: reading is not a write.
    const writes = (await call(audit, 'GET', `/api/admin/audit?actor=${agent.id}`, { token: owner.token })).json as { action: string }[];
    expect(writes.map((row) => row.action)).not.toContain('export');
    // Ids only in the table: the destruction job has nothing personal to erase there.
    const stored = JSON.stringify(await ctx.db.selectFrom('accessRecords').selectAll().execute());
    for (const value of ['Access 0', 'minjun@example.com', '010-1234-5678']) expect(stored).not.toContain(value);
    // The export's ids are kept for an investigation, counted (not listed) in the log.
    const exportRow = await ctx.db.selectFrom('accessRecords').select('inquiryIds').where('action', '=', 'inquiries.export').where('actorId', '=', agent.id).executeTakeFirstOrThrow();
    expect([...exportRow.inquiryIds].sort()).toEqual([...ids].sort());
    // Nobody edits or deletes an access record, not even the database's owner by mistake.
    await expect(ctx.db.deleteFrom('accessRecords').execute()).rejects.toThrow(/append-only/);
  });

  it('refuses an export without a reason (400 invalid_input, fields.reason), and "other" without words', async () => {
    const none = await exportCsv('', agent.token);
    expect(none.status).toBe(400);
    expect(none.json.error).toMatchObject({ code: 'invalid_input', fields: { reason: 'access.errors.reasonRequired' } });
    const blank = await exportCsv('reason=%20%20', agent.token);
    expect(blank.json.error.fields.reason).toBe('access.errors.reasonRequired');
    const other = await exportCsv('reason=other', agent.token);
    expect(other.json.error.fields).toEqual({ reasonText: 'access.errors.reasonTextRequired' });
    const long = await exportCsv(`reason=contract&reasonText=${'x'.repeat(201)}`, agent.token);
    expect(long.json.error.fields.reasonText).toBe('access.errors.reasonTooLong');
    // A client's own words are a reason too (the spec's API clients have no list).
    const own = await exportCsv('reason=Quarterly%20board%20report', agent.token);
    expect(own.status).toBe(200);
    // A viewer still cannot export, with or without a reason.
    expect((await exportCsv('reason=report', viewer.token)).json.error.code).toBe('forbidden');
    // Nothing refused was recorded as taken out.
    const exports = (await accessLog('kind=download')).filter((row) => row.action === 'inquiries.export');
    expect(exports.map((row) => row.reason)).toEqual(['Quarterly board report', 'other']);
  });

  it('mails each owner, once, on the first working day of the month, last month per person: views, exports and reasons, new places, unusual days; the owner marks it done', async () => {
    // An unusual day: more than UNUSUAL_VIEWS_PER_DAY different inquiries opened by the viewer.
    for (let i = 0; i <= UNUSUAL_VIEWS_PER_DAY; i++) await recordAccess(ctx.db, { id: viewer.id, name: viewer.username, address: 'viewer-desk' }, { action: 'inquiry.view', inquiryIds: [randomUUID()] });
    await signIn(agent.username, agent.password); // another new address (each test call is a client of its own)
    // Proposals read with the prospect in them, and their PDF and certificate taken out (src/server/proposals/access.ts).
    const agentActor = { id: agent.id, name: agent.username, address: 'agent-desk' };
    await recordAccess(ctx.db, agentActor, { action: 'proposal.view', inquiryIds: [ids[0]!], targetId: randomUUID() });
    await recordAccess(ctx.db, agentActor, { action: 'proposal.pdf', inquiryIds: [ids[0]!], targetId: randomUUID() });
    await recordAccess(ctx.db, agentActor, { action: 'proposal.certificate', inquiryIds: [ids[0]!], targetId: randomUUID() });
    // A sign-in whose client address nobody knows (a proxy that passed none): said in words, not "∅".
    await ctx.db.insertInto('auditEvents').values({ actorId: viewer.id, actorName: viewer.username, action: 'sign_in', entity: 'session', entityId: null, changes: JSON.stringify({}), clientAddress: null }).execute();
    const morning = nextReviewMorning();
    // Any other day of the month does nothing.
    expect(await sendMonthlyAccessReview(ctx.db, new Date(morning.getTime() + 86_400_000))).toBeNull();
    const review = await sendMonthlyAccessReview(ctx.db, morning);
    const month = koreanDay(new Date()).slice(0, 7);
    expect(review).toEqual({ month, queued: expect.any(Number) });
    // Run again (the schedule runs daily, twice on a retry): nothing more is queued.
    expect(await sendMonthlyAccessReview(ctx.db, morning)).toBeNull();
    expect(await sendMonthlyAccessReview(ctx.db, new Date(morning.getTime() + 3600_000))).toBeNull();
    await outboxSettled(ctx.db);
    const mails = smtp.mails.filter((mail) => mail.to.includes(owner.email));
    expect(mails).toHaveLength(1);
    // In the owner's language (English).
    expect(subjectOf(mails[0]!.raw)).toBe(`[B TOWER] Personal data access review for ${month}`);
    const text = plain(mails[0]!.raw);
    const part = (name: string) => text.split('■').find((block) => block.includes(name)) ?? '';
    const agentPart = part('Agent Ahn');
    expect(agentPart).toContain('Inquiries viewed: 3 (3 views)');
    expect(agentPart).toContain('Attachments opened: 1');
    expect(agentPart).toContain('CSV downloads: 2');
    expect(agentPart).toContain('3 rows, reason: Other (write it): 연말 보고');
    expect(agentPart).toContain('reason: Quarterly board report');
    expect(agentPart).toMatch(/Sign-ins from new places: [1-9]/);
    expect(agentPart).toContain('Unusual days (more than 50 inquiries opened): 0');
    expect(agentPart).toContain('Proposals viewed (with the prospect’s details): 1');
    expect(agentPart).toContain('Proposal PDFs and answer certificates downloaded: 2');
    expect(text).not.toContain('∅');
    const viewerPart = part('Viewer Vo');
    expect(viewerPart).toMatch(/— unknown address · /);
    expect(viewerPart).toContain(`Unusual days (more than 50 inquiries opened): 1`);
    expect(viewerPart).toContain(`${koreanDay(new Date())}: ${UNUSUAL_VIEWS_PER_DAY + 1} inquiries opened`);
    // No visitor's name or contact in the review: ids and figures only.
    expect(text).not.toContain('minjun@example.com');
    // A viewer and an agent get no review; the admin account (an owner without an address) neither.
    expect(smtp.mails.filter((mail) => mail.to.includes(agent.email) || mail.to.includes(viewer.email))).toHaveLength(0);

    const listed = await call(audit, 'GET', '/api/admin/access-reviews', { token: owner.token });
    expect(listed.json[0]).toMatchObject({ month, doneAt: null, doneBy: null });
    expect((await call(audit, 'POST', `/api/admin/access-reviews/${month}/done`, { token: agent.token })).json.error.code).toBe('forbidden');
    const done = await call(audit, 'POST', `/api/admin/access-reviews/${month}/done`, { token: owner.token });
    expect(done.status).toBe(200);
    expect(done.json).toMatchObject({ month, doneBy: { id: owner.id, name: 'Owner Oh' } });
    const logged = (await call(audit, 'GET', `/api/admin/audit?entity=access_review&actor=${owner.id}`, { token: owner.token })).json;
    expect(logged[0]).toMatchObject({ action: 'review_done', entity: 'access_review', actor: { id: owner.id } });
    // Marking it again changes nothing (the first mark stands).
    const again = await call(audit, 'POST', `/api/admin/access-reviews/${month}/done`, { token: owner.token });
    expect(again.json.doneAt).toBe(done.json.doneAt);
    expect((await call(audit, 'POST', '/api/admin/access-reviews/2026-13/done', { token: owner.token })).json.error.code).toBe('review_not_found');
  });
});
