import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import inquiries from '../../functions/inquiries.ts';
import reports from '../../functions/reports.ts';
import { destroyInquiry } from '../../src/server/privacy/destroy.ts';
import { koreanDay } from '../../src/shared/business-hours.ts';
import { call } from '../support/api-calls.ts';
import { adminToken, inquiryBody, useApiBackend } from '../support/api-suite.ts';
import { availableBackends } from '../support/db-backends.ts';
import { reapplySchema } from '../support/schema-statements.ts';
import { staffAccount, type TestAccount } from '../support/staff.ts';

/** A response's text, its byte-order mark kept (a CSV starts with one). */
async function text(handler: typeof inquiries, path: string, token: string) {
  const response = await handler(new Request(`http://127.0.0.1${path}`, { headers: { Authorization: `Bearer ${token}` } }), { ip: randomUUID(), params: {} } as never);
  return { status: response.status, text: new TextDecoder('utf-8', { ignoreBOM: true }).decode(await response.arrayBuffer()) };
}

/**
 * Why a deal was lost is one of a fixed list (src/shared/lost-reasons.ts), "other" with the person's own words:
 * the inbox refuses anything else, the CSV and the reports say each reason in the reader's language, a viewer
 * never reads "other"'s words (a phone number was written in one), and reasons typed before the list stay
 * readable as "other" with their text.
 */
describe.each(availableBackends())('lost reasons on $name', (backend) => {
  const ctx = useApiBackend(backend);
  let admin = '';
  let agent: TestAccount;
  let viewer: TestAccount;
  const sent = async () => (await call(inquiries, 'POST', '/api/inquiries', { body: inquiryBody({ email: `p-${randomUUID().slice(0, 8)}@example.com` }) })).json.id as string;
  const patch = (id: string, body: Record<string, unknown>, token = agent.token) => call(inquiries, 'PATCH', `/api/inquiries/${id}`, { token, body });

  beforeAll(async () => {
    admin = await adminToken();
    agent = await staffAccount(admin, 'agent', 'Dana');
    viewer = await staffAccount(admin, 'viewer', 'Vera');
  });

  it('takes a reason of the list, "other" only with words and words only with "other"; a free text is refused', async () => {
    const id = await sent();
    const refused = async (body: Record<string, unknown>) => {
      const response = await patch(id, { status: 'lost', ...body });
      expect(response.status).toBe(400);
      return response.json.error.fields;
    };
    expect(await refused({ lostReason: 'Chose another building' })).toEqual({ lostReason: 'lostReasons.errors.invalid' });
    expect(await refused({})).toEqual({ lostReason: 'lostReasons.errors.required' });
    expect(await refused({ lostReason: 'other' })).toEqual({ lostReasonText: 'lostReasons.errors.textRequired' });
    expect(await refused({ lostReason: 'other', lostReasonText: '   ' })).toEqual({ lostReasonText: 'lostReasons.errors.textRequired' });
    expect(await refused({ lostReason: 'price', lostReasonText: 'too dear' })).toEqual({ lostReasonText: 'lostReasons.errors.textOnlyWithOther' });
    // Limits from the rule: 1,000 characters of words, one more is refused.
    expect(await refused({ lostReason: 'other', lostReasonText: 'a'.repeat(1001) })).toEqual({ lostReasonText: 'lostReasons.errors.tooLong' });
    expect((await call(inquiries, 'GET', `/api/inquiries/${id}`, { token: agent.token })).json.status).toBe('new');

    const lost = await patch(id, { status: 'lost', lostReason: 'other', lostReasonText: `  ${'a'.repeat(1000)}  ` });
    expect(lost.status).toBe(200);
    expect(lost.json).toMatchObject({ status: 'lost', lostReason: 'other', lostReasonText: 'a'.repeat(1000) });
    // Reopened, the reason goes with the status; lost again for a reason of the list, no words are kept.
    expect((await patch(id, { status: 'contacted' })).json).toMatchObject({ lostReason: null, lostReasonText: null });
    expect((await patch(id, { status: 'lost', lostReason: 'timing' })).json).toMatchObject({ lostReason: 'timing', lostReasonText: null });
    const history = (await call(inquiries, 'GET', `/api/inquiries/${id}`, { token: agent.token })).json.history;
    expect(history.filter((entry: { status?: string }) => entry.status === 'lost').map(({ lostReason, lostReasonText }: Record<string, unknown>) => ({ lostReason, lostReasonText })))
      .toEqual([{ lostReason: 'other', lostReasonText: 'a'.repeat(1000) }, { lostReason: 'timing', lostReasonText: undefined }]);
  });

  it('says each reason in the reader’s language in the CSV, "other" with its words', async () => {
    const price = await sent();
    const other = await sent();
    await patch(price, { status: 'lost', lostReason: 'price' });
    await patch(other, { status: 'lost', lostReason: 'other', lostReasonText: '본사 이전 계획 보류' });
    const ko = (await text(inquiries, '/api/inquiries/export?reason=report&status=lost&lang=ko', agent.token)).text;
    expect(ko).toContain(',가격,');
    expect(ko).toContain(',기타: 본사 이전 계획 보류,');
    const en = (await text(inquiries, '/api/inquiries/export?reason=report&status=lost&lang=en', agent.token)).text;
    expect(en).toContain(',Price,');
    expect(en).toContain(',Other: 본사 이전 계획 보류,');
  });

  it('shows a viewer the reason, never "other"’s words: inquiry, history, funnel report and every CSV of it', async () => {
    const id = await sent();
    const words = '김 대표(010-9876-5432)가 다른 건물과 계약';
    await patch(id, { status: 'lost', lostReason: 'other', lostReasonText: words });
    const detail = (await call(inquiries, 'GET', `/api/inquiries/${id}`, { token: viewer.token })).json;
    expect(detail).toMatchObject({ lostReason: 'other', lostReasonText: null, masked: true });
    expect(JSON.stringify(detail)).not.toContain('9876');

    const today = koreanDay(new Date());
    const query = `from=${today}&to=${today}`;
    const funnel = await call(reports, 'GET', `/api/reports/funnel?${query}`, { token: viewer.token });
    expect(funnel.json.lostReasons.find((row: { reason: string }) => row.reason === 'other').count).toBeGreaterThanOrEqual(1);
    expect(funnel.json).not.toHaveProperty('otherReasons');
    expect(funnel.text).not.toContain('9876');
    for (const table of ['funnel', 'funnelByPeriod', 'lostReasons']) {
      const csv = await text(reports, `/api/reports/funnel?${query}&format=csv&table=${table}`, viewer.token);
      expect(csv.status, table).toBe(200);
      expect(csv.text, table).not.toContain('9876');
    }
    expect((await call(reports, 'GET', `/api/reports/funnel?${query}&format=csv&table=otherReasons`, { token: viewer.token })).json.error.fields).toEqual({ table: 'reports.errors.tableInvalid' });
    // Who reads inquiries unmasked reads the words there too.
    const forAgent = await call(reports, 'GET', `/api/reports/funnel?${query}`, { token: agent.token });
    expect(forAgent.json.otherReasons).toContainEqual({ text: words, count: 1 });
  });

  it('keeps the reason as a fact when the inquiry’s personal data is destroyed, and forgets the words', async () => {
    const id = await sent();
    await patch(id, { status: 'lost', lostReason: 'other', lostReasonText: '홍길동 님 개인 사정' });
    expect(await destroyInquiry(ctx.db, id, null)).not.toBeNull();
    const row = await ctx.db.selectFrom('inquiries').select(['lostReason', 'lostReasonText']).where('id', '=', id).executeTakeFirstOrThrow();
    expect(row).toEqual({ lostReason: 'other', lostReasonText: null });
    const entries = await ctx.db.selectFrom('inquiryHistory').select(['lostReason', 'lostReasonText']).where('inquiryId', '=', id).where('status', '=', 'lost').execute();
    expect(entries).toEqual([{ lostReason: 'other', lostReasonText: null }]);
  });

  it('reads a reason typed before the list as "other" with its words, once', async () => {
    // The database as the free-text version left it: one column of words, on the inquiry and in its history.
    const id = await sent();
    await patch(id, { status: 'lost', lostReason: 'price' });
    const coded = await sent();
    await patch(coded, { status: 'lost', lostReason: 'location' });
    await sql`alter table inquiries drop column lost_reason_text`.execute(ctx.db);
    await sql`alter table inquiry_history drop column lost_reason_text`.execute(ctx.db);
    await sql`update inquiries set lost_reason = 'Chose a bigger floor elsewhere' where id = ${id}`.execute(ctx.db);
    await sql`update inquiry_history set lost_reason = 'Chose a bigger floor elsewhere' where inquiry_id = ${id} and lost_reason is not null`.execute(ctx.db);

    await reapplySchema(ctx.db);
    const read = async () => (await call(inquiries, 'GET', `/api/inquiries/${id}`, { token: agent.token })).json;
    const detail = await read();
    expect(detail).toMatchObject({ lostReason: 'other', lostReasonText: 'Chose a bigger floor elsewhere' });
    expect(detail.history.find((entry: { status?: string }) => entry.status === 'lost')).toMatchObject({ lostReason: 'other', lostReasonText: 'Chose a bigger floor elsewhere' });
    // A reason already of the list is left as it is; the next start changes nothing.
    expect((await call(inquiries, 'GET', `/api/inquiries/${coded}`, { token: agent.token })).json).toMatchObject({ lostReason: 'location', lostReasonText: null });
    await reapplySchema(ctx.db);
    expect(await read()).toMatchObject({ lostReason: 'other', lostReasonText: 'Chose a bigger floor elsewhere' });
  });
});
