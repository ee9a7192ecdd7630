import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import links from '../../functions/proposal-links.ts';
import reports from '../../functions/reports.ts';
import { resetServerEnv } from '../../src/server/env.ts';
import { koreanDay } from '../../src/shared/business-hours.ts';
import { addDays } from '../../src/shared/deals/schedule.ts';
import { call } from '../support/api-calls.ts';
import { adminToken, useApiBackend } from '../support/api-suite.ts';
import { availableBackends } from '../support/db-backends.ts';
import { atAsking, mailParts, newInquiry, offerA, proposalApi as api, tokenOf, workedExampleUnit } from '../support/proposals.ts';
import { startSmtp, subjectOf } from '../support/smtp.ts';
import { outboxSettled, staffAccount, type TestAccount } from '../support/staff.ts';

/**
 * The proposals report (issue 39) on data made the way staff and prospects make it, through the API: conversion,
 * rounds and days to acceptance, owners' approval turnaround, the discount vs asking by floor and use — with each
 * table's CSV.
 */
describe.each(availableBackends())('the proposals report on $name', (backend) => {
  const ctx = useApiBackend(backend);
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let admin = '';
  let agent: TestAccount;
  const saved = { ...process.env };

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

  /** Drafts, approves (the owner when a rule is hit) and sends; returns the proposal and the prospect's token. */
  async function sendOffer(inquiryId: string, unitIds: string[], terms: Record<string, unknown>, parentId?: string) {
    const made = (await api.create(agent.token, inquiryId, { unitIds, terms, ...(parentId ? { parentId } : {}) })).json;
    let current = (await api.post(agent.token, made.id, 'submit', {}, made.revision)).json;
    if (current.status === 'pending_approval') current = (await api.post(admin, made.id, 'approve', {}, current.revision)).json;
    await outboxSettled(ctx.db);
    smtp.mails.splice(0);
    const sent = (await api.post(agent.token, made.id, 'send', {}, current.revision)).json;
    await outboxSettled(ctx.db);
    const mail = smtp.mails.splice(0).find((candidate) => /\/proposal\/#/.test(mailParts(candidate.raw).text))!;
    return { proposal: sent, token: tokenOf(mailParts(mail.raw).text) };
  }
  async function code(token: string): Promise<string> {
    await call(links, 'POST', '/api/proposal-links/code', { token, body: {} });
    await outboxSettled(ctx.db);
    return /(\d{6})/.exec(subjectOf(smtp.mails.splice(0).find((mail) => /\d{6}/.test(subjectOf(mail.raw)))!.raw))![1]!;
  }
  const answer = (token: string, body: Record<string, unknown>) => call(links, 'POST', '/api/proposal-links/answer', { token, body });

  it('counts what happened to each negotiation, the rounds to acceptance, the owners\' turnaround and the discount by floor and use', async () => {
    const office = await workedExampleUnit(ctx.db, { floor: '10F' });
    const retail = await workedExampleUnit(ctx.db, { floor: '3F' });
    const won = await newInquiry(admin, agent.id);
    const lost = await newInquiry(admin, agent.id);
    const waiting = await newInquiry(admin, agent.id);
    const taken = await newInquiry(admin, agent.id);

    // Won in three rounds: our offer A (8.53 % below asking: an owner approves), their counter, our answer accepted.
    const first = await sendOffer(won.id, [office], offerA());
    const countered = await answer(first.token, { decision: 'counter', code: await code(first.token), signerName: 'Kim', counter: { freeRent: { basis: 'perYear', months: 2 } } });
    expect(countered.status).toBe(200);
    const theirs = (await api.list(agent.token, won.id)).json[1];
    const final = await sendOffer(won.id, [office], offerA(), theirs.id);
    const accepted = await answer(final.token, { decision: 'accept', code: await code(final.token), signerName: 'Kim', consent: true, consentVersion: '2026-12-06' });
    expect(accepted.status).toBe(200);
    // Declined at asking; one still out; one withdrawn after sending.
    const declined = await sendOffer(lost.id, [retail], atAsking({ use: 'Retail' }));
    expect((await answer(declined.token, { decision: 'decline', reasonCode: 'price' })).status).toBe(200);
    await sendOffer(waiting.id, [retail], atAsking({ use: 'Retail' }));
    const withdrawn = await sendOffer(taken.id, [retail], atAsking({ use: 'Retail' }));
    expect((await api.post(agent.token, withdrawn.proposal.id, 'withdraw', {}, withdrawn.proposal.revision)).json.status).toBe('withdrawn');
    // One owner's decision took five hours: its request is moved back as the clock would have it.
    const decided = await ctx.db.selectFrom('proposalApprovals').select(['id', 'decidedAt']).where('proposalId', '=', first.proposal.id).where('decision', '=', 'approved').executeTakeFirstOrThrow();
    await ctx.db.updateTable('proposalApprovals').set({ requestedAt: new Date(new Date(decided.decidedAt!).getTime() - 5 * 3_600_000) }).where('id', '=', decided.id).execute();

    const today = koreanDay(new Date());
    const query = `from=${addDays(today, -1)}&to=${addDays(today, 1)}&interval=month`;
    const report = await call(reports, 'GET', `/api/reports/proposals?${query}`, { token: agent.token });
    expect(report.status).toBe(200);
    expect(report.json.conversionTotal).toEqual({ sent: 4, accepted: 1, declined: 1, open: 1, lapsed: 1 });
    expect(report.json.roundsTotal).toMatchObject({ accepted: 1, averageRounds: 3 });
    expect(report.json.roundsTotal.medianDays).toBeLessThan(0.1);
    // Two owner decisions (offer A, and our answer to the counter, both 8.53 % off): one took five hours.
    expect(report.json.approvalsTotal).toMatchObject({ decided: 2, approved: 2, rejected: 0, changesRequested: 0, p90Hours: expect.any(Number) });
    expect(report.json.approvalsTotal.medianHours).toBeGreaterThan(2);
    expect(report.json.byFloor).toEqual([
      { floor: '3F', proposals: 3, averageDiscountPct: 0, averageNerPerM2: 38_113, contractAreaM2: 1500 },
      { floor: '10F', proposals: 1, averageDiscountPct: 8.53, averageNerPerM2: 34_864, contractAreaM2: 500 },
    ]);
    expect(report.json.byUse).toEqual([
      { use: 'Retail', proposals: 3, averageDiscountPct: 0, averageNerPerM2: 38_113, contractAreaM2: 1500 },
      { use: null, proposals: 1, averageDiscountPct: 8.53, averageNerPerM2: 34_864, contractAreaM2: 500 },
    ]);
    // Each table as CSV, shares as fractions, names in the asked language.
    const csv = await reports(new Request(`http://127.0.0.1/api/reports/proposals?${query}&format=csv&table=discountByFloor&lang=en`, { headers: { Authorization: `Bearer ${agent.token}` } }), { params: {} } as never);
    const text = await csv.text();
    expect(csv.headers.get('content-type')).toContain('text/csv');
    expect(text).toContain('Discount vs asking (NER, area-weighted)');
    // The floor by its name in the reader's language, never its code.
    expect(text).toMatch(/\nFloor 10,1,0\.0853,34864,500/);
    expect(text).not.toMatch(/\n10F,/);
    const conversion = await reports(new Request(`http://127.0.0.1/api/reports/proposals?${query}&format=csv&table=proposalConversion&lang=ko`, { headers: { Authorization: `Bearer ${agent.token}` } }), { params: {} } as never);
    expect(await conversion.text()).toMatch(/합계,4,1,1,1,1,0\.25/);
  });
});
