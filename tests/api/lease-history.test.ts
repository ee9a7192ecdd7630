import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import inquiries from '../../functions/inquiries.ts';
import leases from '../../functions/leases.ts';
import units from '../../functions/units.ts';
import { runDealDates } from '../../src/server/deal-dates/run.ts';
import { koreanDay } from '../../src/shared/business-hours.ts';
import { call } from '../support/api-calls.ts';
import { adminToken, inquiryBody, uploaded, useApiBackend } from '../support/api-suite.ts';
import { availableBackends } from '../support/db-backends.ts';
import { staffAccount, type TestAccount } from '../support/staff.ts';

/**
 * The lease page's history (GET /api/leases/{id}/history): what was done to a lease, by whom and when, read by
 * everyone who reads the lease — the facts' values (status, days), never the people's.
 */
describe.each(availableBackends())('lease history on $name', (backend) => {
  const ctx = useApiBackend(backend);
  let admin = '';
  let viewer: TestAccount;

  beforeAll(async () => {
    admin = await adminToken();
    viewer = await staffAccount(admin, 'viewer', 'Vic');
  });

  it('lists opening, editing, signing, an amendment and the daily job’s move, newest first; people’s values never', async () => {
    const unit = await call(units, 'POST', '/api/units', {
      token: admin,
      body: { floor: '10F', unitNumber: `10${String(Math.floor(Math.random() * 90) + 10)}-${randomUUID().slice(0, 3)}`, exclusiveAreaM2: 275, supplyAreaM2: 500, uses: ['Office'], status: 'available', monthlyRent: 18_000_000, deposit: 180_000_000, maintenanceFee: 7_000_000, pricePublic: true },
    });
    // A number that names its own floor (10xx): '103a4b' would read as 1F's and be refused.
    expect(unit.status, unit.text).toBe(201);
    const inquiry = await call(inquiries, 'POST', '/api/inquiries', { body: inquiryBody({ unitId: unit.json.id, name: '김임차', email: `t-${randomUUID().slice(0, 6)}@example.com`, phone: '010-2222-3333', company: '(주)비타워커피' }) });
    const opened = await call(leases, 'POST', `/api/inquiries/${inquiry.json.id}/lease`, { token: admin, body: { overrideReason: 'Signed on paper' } });
    expect(opened.status, opened.text).toBe(201);
    const filled = await call(leases, 'PATCH', `/api/leases/${opened.json.id}`, {
      token: admin,
      body: { tenant: { businessNumber: '220-81-62517', representative: '박대표', contacts: [{ name: '이담당', phone: '02-555-0101' }] } },
      headers: { 'If-Match': `"${opened.json.version}"` },
    });
    const today = koreanDay(new Date());
    const signed = await call(leases, 'POST', `/api/leases/${opened.json.id}/sign`, {
      token: admin,
      body: { signedOn: today, documentPath: await uploaded('lease', new TextEncoder().encode('%PDF-1.4 signed')) },
      headers: { 'If-Match': `"${filled.json.version}"` },
    });
    expect(signed.status, signed.text).toBe(200);
    const start = signed.json.terms.startDate as string;
    const amended = await call(leases, 'POST', `/api/leases/${opened.json.id}/amendments`, { token: admin, body: { effectiveOn: start, changes: { maintenancePerM2Krw: 15_000 }, reason: '관리비 조정' } });
    expect(amended.status, amended.text).toBe(201);
    // The amendment changes only derived columns of the lease (its current terms): one entry, the amendment's.
    // The daily job on the commencement day: active.
    await runDealDates(ctx.db, new Date(`${start}T12:00:00+09:00`));

    const history = await call(leases, 'GET', `/api/leases/${opened.json.id}/history`, { token: viewer.token });
    expect(history.status, history.text).toBe(200);
    const entries = history.json as { at: string; by: string | null; action: string; entity: string; changes: Record<string, [unknown, unknown] | null> }[];
    expect(entries.map((entry) => `${entry.entity} ${entry.action}`)).toEqual(['lease by-date', 'lease_amendment amend', 'lease sign', 'lease update', 'lease create']);
    expect(entries[0]).toMatchObject({ by: null, changes: { status: ['signed', 'active'] } });
    expect(entries[1]).toMatchObject({ changes: { effective_on: [null, start], number: [null, 1], changes: null, reason: null } });
    expect(entries.find((entry) => entry.action === 'sign')!.changes).toMatchObject({ status: ['draft', 'signed'], signed_on: [null, today], document_path: null });
    expect(entries.find((entry) => entry.action === 'sign')!.by).toEqual(expect.any(String));
    expect(entries.find((entry) => entry.action === 'update')!.changes).toEqual({ business_number: null, representative: null, contacts: null });
    const text = history.text;
    for (const secret of ['박대표', '이담당', '02-555-0101', '/objects/uploads/']) expect(text).not.toContain(secret);
    // Entries are newest first.
    expect(entries.map((entry) => entry.at)).toEqual(entries.map((entry) => entry.at).toSorted().reverse());

    expect((await call(leases, 'GET', `/api/leases/${randomUUID()}/history`, { token: admin })).json.error.code).toBe('lease_not_found');
  });
});
