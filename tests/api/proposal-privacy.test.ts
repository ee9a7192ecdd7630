import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import inquiries from '../../functions/inquiries.ts';
import links from '../../functions/proposal-links.ts';
import type { Db } from '../../src/server/db/index.ts';
import { resetServerEnv } from '../../src/server/env.ts';
import { serverMessages } from '../../src/server/i18n.ts';
import { coveredTables, HELD_UNTIL_REQUEST_CLOSES, PER_INQUIRY } from '../../src/server/privacy/personal-data.ts';
import { call } from '../support/api-calls.ts';
import { adminToken, useApiBackend } from '../support/api-suite.ts';
import { availableBackends } from '../support/db-backends.ts';
import { atAsking, mailParts, newInquiry, proposalApi as api, tokenOf, workedExampleUnit } from '../support/proposals.ts';
import { startSmtp, subjectOf } from '../support/smtp.ts';
import { outboxSettled, staffAccount, type TestAccount } from '../support/staff.ts';

/** Every row of every table, as text (what a copy of the database would give away). */
async function dumpTables(db: Db): Promise<Map<string, string>> {
  const tables = await sql<{ tableName: string }>`
    select table_name from information_schema.tables where table_schema = current_schema() and table_type = 'BASE TABLE'`.execute(db);
  const dump = new Map<string, string>();
  for (const { tableName } of tables.rows) {
    const rows = await sql<{ row: string }>`select t::text as row from ${sql.table(tableName)} t`.execute(db);
    dump.set(tableName, rows.rows.map((r) => r.row).join('\n').toLowerCase());
  }
  return dump;
}

/**
 * A prospect's data in the proposals is on privacy's one map (issue 39): the signer's name, title and company, the
 * address the link went to, the client address and browser of their answer, their message, special terms and
 * approval comments staff wrote — the access copy shows them, the destruction leaves none of them anywhere.
 */
describe.each(availableBackends())('proposals on the personal-data map on $name', (backend) => {
  const ctx = useApiBackend(backend);
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let admin = '';
  let agent: TestAccount;
  const saved = { ...process.env };
  /** Words only this prospect's data holds, so a dump can be searched for them. */
  const WORDS = { special: 'specialqz', comment: 'commentqz', signer: 'signerqz', title: 'titleqz', company: 'companyqz', browser: 'browserqz', address: '198.18.7.201', message: 'messageqz' };

  beforeAll(async () => {
    smtp = await startSmtp();
    process.env.SMTP_URL = `smtp://127.0.0.1:${smtp.port}`;
    process.env.INQUIRY_NOTIFY_FROM = 'B TOWER Leasing <leasing@btower.example>';
    resetServerEnv();
    admin = await adminToken();
    agent = await staffAccount(admin, 'agent', 'Dana');
  });
  afterAll(async () => {
    process.env = saved;
    resetServerEnv();
    await smtp.stop();
  });

  it('shows a prospect\'s proposal data in the access copy and destroys all of it, keeping the figures and facts', async () => {
    const unitId = await workedExampleUnit(ctx.db);
    const inquiry = await newInquiry(admin, agent.id, { email: 'visitorqz@example.com' });
    // A rule-hitting draft the owner asks changes on (a staff comment), then an accepted and a countered version.
    const made = (await api.create(agent.token, inquiry.id, { unitIds: [unitId], terms: atAsking({ specialTerms: `간판 ${WORDS.special}` }) })).json;
    const asked = (await api.post(agent.token, made.id, 'submit', {}, made.revision)).json;
    const changes = (await api.post(admin, made.id, 'request-changes', { comment: `고객 ${WORDS.comment}` }, asked.revision)).json;
    const resubmitted = (await api.post(agent.token, made.id, 'submit', {}, changes.revision)).json;
    const approved = (await api.post(admin, made.id, 'approve', {}, resubmitted.revision)).json;
    await outboxSettled(ctx.db);
    smtp.mails.splice(0);
    const sent = await api.post(agent.token, made.id, 'send', {}, approved.revision);
    expect(sent.status, sent.text).toBe(200);
    await outboxSettled(ctx.db);
    const token = tokenOf(mailParts(smtp.mails.splice(0).find((mail) => mail.to[0] === inquiry.email)!.raw).text);
    await call(links, 'POST', '/api/proposal-links/code', { token, body: {} });
    await outboxSettled(ctx.db);
    const code = /(\d{6})/.exec(subjectOf(smtp.mails.splice(0)[0]!.raw))![1]!;
    const countered = await call(links, 'POST', '/api/proposal-links/answer', {
      token, ip: WORDS.address, headers: { 'User-Agent': `Mozilla/5.0 ${WORDS.browser}` },
      body: { decision: 'counter', code, signerName: WORDS.signer, signerTitle: WORDS.title, company: WORDS.company, counter: { rentPerM2Krw: 33_000 }, message: WORDS.message },
    });
    expect(countered.status).toBe(200);
    await outboxSettled(ctx.db);

    // The access copy (열람) shows it, in the requester's language.
    const entry = PER_INQUIRY.find((candidate) => candidate.name === 'proposals')!;
    const copy = await entry.copy({ id: inquiry.id, attachments: [] }, { db: ctx.db, t: serverMessages('en'), locale: 'en' });
    const copied = JSON.stringify(copy);
    for (const word of [WORDS.signer, WORDS.title, WORDS.company, WORDS.browser, WORDS.address, WORDS.message, WORDS.special, inquiry.email]) expect(copied).toContain(word);
    expect(copy.map((line) => line.label)).toEqual(['Proposal v1 — Landlord\'s proposal (Countered)', 'Proposal v2 — Prospect\'s counter (Sent)']);

    // Before: every table that holds these words is on the map.
    const before = await dumpTables(ctx.db);
    const holding = [...before].filter(([, text]) => Object.values(WORDS).some((word) => text.includes(word))).map(([table]) => table);
    expect(holding).toEqual(expect.arrayContaining(['proposals', 'proposal_approvals', 'proposal_responses', 'audit_events']));
    const covered = new Set([...coveredTables(), ...HELD_UNTIL_REQUEST_CLOSES]);
    expect(holding.filter((table) => !covered.has(table))).toEqual([]);

    const destroyed = await call(inquiries, 'POST', `/api/inquiries/${inquiry.id}/destroy`, { token: admin });
    expect(destroyed.status).toBe(200);
    expect(destroyed.json.touched.proposals).toBeGreaterThan(0);
    const after = await dumpTables(ctx.db);
    for (const [table, text] of after) {
      expect(Object.values(WORDS).filter((word) => text.includes(word)), `${table} still holds`).toEqual([]);
      expect(text.includes('visitorqz'), `${table} still holds the address`).toBe(false);
    }
    // The figures and facts stay: versions, statuses, the answer's decision, time, hash and counter; the log's facts.
    const versions = await ctx.db.selectFrom('proposals').select(['version', 'status', 'terms']).where('inquiryId', '=', inquiry.id).orderBy('version').execute();
    expect(versions.map((row) => [row.version, row.status, (row.terms as { rentPerM2Krw: number }).rentPerM2Krw])).toEqual([[1, 'countered', 36_000], [2, 'sent', 33_000]]);
    const response = await ctx.db.selectFrom('proposalResponses').selectAll().where('proposalId', '=', made.id).executeTakeFirstOrThrow();
    expect(response).toMatchObject({ decision: 'counter', signerName: null, company: null, clientAddress: null, userAgent: null, recipient: null, message: null });
    expect(response.pdfSha256).toMatch(/^[0-9a-f]{64}$/);
    const log = await ctx.db.selectFrom('auditEvents').select(['action', 'changes']).where('entity', '=', 'proposal').where('entityId', '=', made.id).execute();
    const created = log.find((row) => row.action === 'create')!;
    expect(created.changes.terms).toEqual(['destroyed', 'destroyed']);
    expect(created.changes.status).toEqual([null, 'draft']);
    expect(created.changes.root_id).toEqual([null, made.id]);
    // The link opens nothing any more, whatever it was.
    const gone = await call(links, 'GET', '/api/proposal-links/current', { token });
    expect(gone.status).toBe(410);
  });
});
