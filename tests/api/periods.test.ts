import { beforeAll, describe, expect, it } from 'vitest';
import audit from '../../functions/admin-audit.ts';
import inquiries from '../../functions/inquiries.ts';
import reports from '../../functions/reports.ts';
import tours from '../../functions/tours.ts';
import { REPORTS } from '../../src/shared/reports.ts';
import { call } from '../support/api-calls.ts';
import { adminToken, useApiBackend } from '../support/api-suite.ts';
import { availableBackends } from '../support/db-backends.ts';
import { staffAccount, type TestAccount } from '../support/staff.ts';

/**
 * Every period a query names (reports, the inbox's list and export, the activity log and its export, the
 * tours list) follows one rule before any work: a day that exists, in the years 2000–2099, `to` not before
 * `from`, no longer than the surface allows. A probe's year 9999 walked past year 10000 for 35 s and a 500;
 * year 0001 cost seconds and a gigabyte; 2026-02-31 reached the database. Each is a 400 with `fields` now.
 */
describe.each(availableBackends())('periods a query may name on $name', (backend) => {
  useApiBackend(backend);
  let admin = '';
  let viewer: TestAccount;

  beforeAll(async () => {
    admin = await adminToken();
    viewer = await staffAccount(admin, 'viewer', 'Vera');
  });

  it('refuses a report period in the years no record has at once, with its field, for every report and its CSV', async () => {
    for (const name of REPORTS) {
      const started = Date.now();
      const far = await call(reports, 'GET', `/api/reports/${name}?from=9999-12-25&to=9999-12-31`, { token: admin });
      expect(far.status).toBe(400);
      expect(far.json.error).toMatchObject({ code: 'invalid_input', fields: { from: 'reports.errors.yearOutOfRange', to: 'reports.errors.yearOutOfRange' } });
      // Answered before any work: no week of the period was walked (the probe's request took 35 s).
      expect(Date.now() - started).toBeLessThan(5_000);
      const early = await call(reports, 'GET', `/api/reports/${name}?from=0001-01-01&to=0001-12-31&interval=month&format=csv`, { token: name === 'team' ? admin : viewer.token });
      expect(early.status).toBe(400);
      expect(early.json.error.fields).toEqual({ from: 'reports.errors.yearOutOfRange', to: 'reports.errors.yearOutOfRange' });
    }
    // The rule's edges: its first and last years are in, the year before and after are not.
    expect((await call(reports, 'GET', '/api/reports/funnel?from=2099-12-01&to=2099-12-31', { token: admin })).status).toBe(200);
    expect((await call(reports, 'GET', '/api/reports/funnel?from=2000-01-01&to=2000-01-31', { token: admin })).status).toBe(200);
    expect((await call(reports, 'GET', '/api/reports/funnel?from=2099-12-31&to=2100-01-01', { token: admin })).json.error.fields).toEqual({ to: 'reports.errors.yearOutOfRange' });
    expect((await call(reports, 'GET', '/api/reports/funnel?from=1999-12-31&to=2000-01-01', { token: admin })).json.error.fields).toEqual({ from: 'reports.errors.yearOutOfRange' });
  });

  it('refuses a day that does not exist or an extreme year on the activity log, the access records and both exports', async () => {
    for (const path of ['/api/admin/audit', '/api/admin/audit?kind=access', '/api/admin/audit/export', '/api/admin/audit/export?kind=access']) {
      const join = path.includes('?') ? '&' : '?';
      const impossible = await call(audit, 'GET', `${path}${join}from=2026-02-31`, { token: admin });
      expect(impossible.status, path).toBe(400);
      expect(impossible.json.error).toMatchObject({ code: 'invalid_input', fields: { from: 'inbox.errors.dateInvalid' } });
      const far = await call(audit, 'GET', `${path}${join}to=9999-12-31`, { token: admin });
      expect(far.status, path).toBe(400);
      expect(far.json.error.fields).toEqual({ to: 'inbox.errors.yearOutOfRange' });
    }
    // A real period still lists and exports.
    expect((await call(audit, 'GET', '/api/admin/audit?kind=access&from=2026-02-28&to=2026-03-01', { token: admin })).status).toBe(200);
  });

  it('refuses extreme years, a reversed and an overlong window on the tours list', async () => {
    const far = await call(tours, 'GET', '/api/tours?from=0001-01-01', { token: viewer.token });
    expect(far.status).toBe(400);
    expect(far.json.error).toMatchObject({ code: 'invalid_input', fields: { from: 'tours.errors.yearOutOfRange' } });
    expect((await call(tours, 'GET', '/api/tours?from=2026-03-31&to=2026-03-01', { token: viewer.token })).json.error.fields).toEqual({ to: 'tours.errors.rangeReversed' });
    // 62 days are the most one request lists: the 63rd is refused.
    expect((await call(tours, 'GET', '/api/tours?from=2026-03-01&to=2026-05-01', { token: viewer.token })).status).toBe(200);
    expect((await call(tours, 'GET', '/api/tours?from=2026-03-01&to=2026-05-02', { token: viewer.token })).json.error.fields).toEqual({ to: 'tours.errors.rangeTooLong' });
  });

  it('refuses extreme years on the inbox’s list, counts and export as it refuses a day that does not exist', async () => {
    for (const path of ['/api/inquiries', '/api/inquiries/counts']) {
      const far = await call(inquiries, 'GET', `${path}?from=0001-01-01&to=9999-12-31`, { token: viewer.token });
      expect(far.status, path).toBe(400);
      expect(far.json.error).toMatchObject({ code: 'invalid_input', fields: { from: 'inbox.errors.yearOutOfRange', to: 'inbox.errors.yearOutOfRange' } });
    }
    const exported = await call(inquiries, 'GET', '/api/inquiries/export?reason=report&from=0001-01-01', { token: admin });
    expect(exported.status).toBe(400);
    expect(exported.json.error.fields).toEqual({ from: 'inbox.errors.yearOutOfRange' });
    expect((await call(inquiries, 'GET', '/api/inquiries?from=2026-02-31', { token: viewer.token })).json.error.fields).toEqual({ from: 'inbox.errors.dateInvalid' });
  });
});
