import { beforeAll, describe, expect, it } from 'vitest';
import dealRates from '../../functions/deal-rates.ts';
import settings from '../../functions/admin-settings.ts';
import units from '../../functions/units.ts';
import { askingOf, checkDraft, draftFromTerms, previewMetrics } from '../../src/client/proposals/draft-model.ts';
import type { Unit } from '../../src/shared/units/unit.ts';
import { call } from '../support/api-calls.ts';
import { adminToken, useApiBackend } from '../support/api-suite.ts';
import { availableBackends } from '../support/db-backends.ts';
import { newInquiry, offerA, proposalApi as api, workedExampleUnit } from '../support/proposals.ts';
import { staffAccount, type TestAccount } from '../support/staff.ts';

/**
 * The proposal form's live figures (issue 39) are the ones the server stores: the agent's form reads the owner's
 * rates and approval rules (GET /api/deal-rates) and computes with src/shared/deals, as the server does on save.
 */
describe.each(availableBackends())('the proposal form’s rates on $name', (backend) => {
  const ctx = useApiBackend(backend);
  let admin = '';
  let agent: TestAccount;
  beforeAll(async () => {
    admin = await adminToken();
    agent = await staffAccount(admin, 'agent', 'Dana');
  });

  it('gives an agent the owner’s rates and rules, and nothing else of the settings', async () => {
    const read = await call(dealRates, 'GET', '/api/deal-rates', { token: agent.token });
    expect(read.status).toBe(200);
    expect(read.json).toEqual({
      nerDiscountRatePct: 5, depositYieldPct: 4, askingEscalationPct: 3,
      approvalDiscountPct: 5, approvalFreeMonthsPerYear: 1, approvalAnyTi: true, approvalAnySpecialTerms: true,
    });
  });

  it('previews exactly what the server stores, at the rates the owner set (NER at 8 %: the research’s 34,759 for offer A)', async () => {
    const changed = await call(settings, 'PATCH', '/api/admin/settings', { token: admin, body: { nerDiscountRatePct: 8, depositYieldPct: 3, askingEscalationPct: 3 } });
    expect(changed.status).toBe(200);
    const rates = (await call(dealRates, 'GET', '/api/deal-rates', { token: agent.token })).json;
    expect(rates).toMatchObject({ nerDiscountRatePct: 8, depositYieldPct: 3 });

    const unitId = await workedExampleUnit(ctx.db);
    const inquiry = await newInquiry(admin, agent.id);
    const saved = await api.create(agent.token, inquiry.id, { unitIds: [unitId], terms: offerA() });
    expect(saved.status).toBe(201);

    // The form's side: the spaces as the admin list gives them, the draft as typed, the same functions.
    const list = (await call(units, 'GET', '/api/units', { token: agent.token })).json as Unit[];
    const fields = draftFromTerms(saved.json.terms, { unitIds: [unitId], validUntil: saved.json.validUntil, locale: 'en' });
    const { terms } = checkDraft(fields);
    const preview = previewMetrics(terms!, askingOf(list, [unitId], rates)!, rates);
    expect(preview).toEqual(saved.json.metrics);
    expect(preview).toMatchObject({ nerPerM2: 34_759, nerDiscountRatePct: 8 });
  });
});
