import { sql } from 'kysely';
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import inquiries from '../../functions/inquiries.ts';
import leases from '../../functions/leases.ts';
import units from '../../functions/units.ts';
import type { Db } from '../../src/server/db/index.ts';
import { serverMessages } from '../../src/server/i18n.ts';
import { objectExists } from '../../src/server/objects/storage.ts';
import { coveredTables, HELD_UNTIL_REQUEST_CLOSES, PER_INQUIRY } from '../../src/server/privacy/personal-data.ts';
import { runRetention } from '../../src/server/privacy/retention.ts';
import { koreanDay } from '../../src/shared/business-hours.ts';
import { addDays, addMonths } from '../../src/shared/deals/schedule.ts';
import { call } from '../support/api-calls.ts';
import { adminToken, inquiryBody, uploaded, useApiBackend } from '../support/api-suite.ts';
import { availableBackends } from '../support/db-backends.ts';

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
 * A tenant's people on the leases (issue 40): a draft's go with its inquiry; a signed lease keeps them for the lease
 * and five years after it ends (the books rule), then the retention run destroys them — representative, contacts,
 * the signed PDF — keeping the legal name, the number, the figures and the dates.
 */
describe.each(availableBackends())('leases on the personal-data map on $name', (backend) => {
  const ctx = useApiBackend(backend);
  let admin = '';
  const WORDS = { representative: 'repqz', contact: 'contactqz', phone: '010-9876-5432', company: 'companyqz' };

  async function draft(name: string): Promise<{ id: string; version: number; inquiryId: string; terms: { startDate: string } }> {
    const unit = await call(units, 'POST', '/api/units', { token: admin, body: { floor: '9F', unitNumber: `9${String(Math.floor(Math.random() * 90) + 10)}-${randomUUID().slice(0, 3)}`, exclusiveAreaM2: 100, supplyAreaM2: 180, monthlyRent: 5_000_000, deposit: 50_000_000, maintenanceFee: 1_000_000 } });
    const inquiry = await call(inquiries, 'POST', '/api/inquiries', { body: inquiryBody({ unitId: unit.json.id, name, email: `${name}@example.com`, company: `${WORDS.company} ${name}` }) });
    const opened = (await call(leases, 'POST', `/api/inquiries/${inquiry.json.id}/lease`, { token: admin, body: { overrideReason: 'Paper deal' } })).json;
    const filled = await call(leases, 'PATCH', `/api/leases/${opened.id}`, {
      token: admin,
      body: { tenant: { businessNumber: '124-81-00998', representative: `${WORDS.representative} ${name}`, contacts: [{ name: `${WORDS.contact} ${name}`, title: '시설', phone: WORDS.phone, email: `${name}@tenant.example` }] } },
    });
    expect(filled.status, filled.text).toBe(200);
    return { ...filled.json, inquiryId: inquiry.json.id };
  }

  beforeAll(async () => {
    admin = await adminToken();
  });

  it('shows the lease in the access copy; a draft’s tenant goes with its inquiry, a signed lease’s people stay for the lease', async () => {
    const open = await draft('draftqz');
    const toSign = await draft('signedqz');
    const signed = await call(leases, 'POST', `/api/leases/${toSign.id}/sign`, { token: admin, body: { signedOn: koreanDay(new Date()), documentPath: await uploaded('lease') } });
    expect(signed.status, signed.text).toBe(200);

    const entry = PER_INQUIRY.find((candidate) => candidate.name === 'lease drafts')!;
    const copy = await entry.copy({ id: open.inquiryId, attachments: [] }, { db: ctx.db, t: serverMessages('en'), locale: 'en' });
    expect(copy.map((line) => line.label)).toEqual(['Tenant (legal name)', 'Spaces leased', 'Lease period', 'Representative', 'Contact']);
    expect(JSON.stringify(copy)).toContain(`${WORDS.contact} draftqz`);

    // Every table that holds these words is on the map.
    const before = await dumpTables(ctx.db);
    const holding = [...before].filter(([, text]) => text.includes('draftqz')).map(([table]) => table);
    expect(holding).toContain('leases');
    const covered = new Set([...coveredTables(), ...HELD_UNTIL_REQUEST_CLOSES]);
    expect(holding.filter((table) => !covered.has(table))).toEqual([]);
    // The activity log never holds a lease's tenant values: they are recorded as changed.
    expect(before.get('audit_events')).not.toContain(WORDS.representative);
    expect(before.get('audit_events')).not.toContain(WORDS.contact);

    for (const lease of [open, toSign]) expect((await call(inquiries, 'POST', `/api/inquiries/${lease.inquiryId}/destroy`, { token: admin })).status).toBe(200);
    const after = await dumpTables(ctx.db);
    for (const [table, text] of after) expect(text.includes('draftqz'), `${table} still holds the draft's tenant`).toBe(false);
    // The signed lease keeps its people: it is the contract's, not the inquiry's.
    const kept = await ctx.db.selectFrom('leases').select(['representative', 'contacts', 'legalName']).where('id', '=', toSign.id).executeTakeFirstOrThrow();
    expect(kept.representative).toBe(`${WORDS.representative} signedqz`);
    expect(kept.contacts[0]?.name).toBe(`${WORDS.contact} signedqz`);
  });

  it('five years after a signed lease ends the retention run destroys its people and its signed PDF, keeping the entity, figures and dates', async () => {
    const lease = await draft('expiredqz');
    const documentPath = await uploaded('lease');
    const signed = (await call(leases, 'POST', `/api/leases/${lease.id}/sign`, { token: admin, body: { signedOn: koreanDay(new Date()), documentPath } })).json;
    const endsOn = signed.dates.expiresOn as string;
    // The day before the five years are up nothing goes; the day after, the people do.
    await runRetention(ctx.db, new Date(`${addMonths(endsOn, 60)}T12:00:00+09:00`));
    expect((await ctx.db.selectFrom('leases').select('representative').where('id', '=', lease.id).executeTakeFirstOrThrow()).representative).toBe(`${WORDS.representative} expiredqz`);
    const run = await runRetention(ctx.db, new Date(`${addDays(addMonths(endsOn, 60), 1)}T12:00:00+09:00`));
    expect(run.expired["signed leases' people"]).toBeGreaterThanOrEqual(1);
    const row = await ctx.db.selectFrom('leases').select(['representative', 'contacts', 'documentPath', 'personalDestroyedAt', 'legalName', 'businessNumber', 'terms']).where('id', '=', lease.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ representative: null, contacts: [], documentPath: null, legalName: `${WORDS.company} expiredqz`, businessNumber: '124-81-00998' });
    expect(row.personalDestroyedAt).not.toBeNull();
    expect(await objectExists(documentPath)).toBe(false);
    const dump = await dumpTables(ctx.db);
    for (const [table, text] of dump) {
      expect(text.includes(`${WORDS.representative} expiredqz`), `${table} still holds the representative`).toBe(false);
      expect(text.includes(`${WORDS.contact} expiredqz`), `${table} still holds the contact`).toBe(false);
    }
    // The schedule, its figures and dates stay; the contacts can no longer be written.
    expect((await ctx.db.selectFrom('leaseScheduleMonths').select('month').where('leaseId', '=', lease.id).execute()).length).toBe(60);
    // (The run five years on also ended every session: sign in again.)
    admin = await adminToken();
    const refused = await call(leases, 'PATCH', `/api/leases/${lease.id}`, { token: admin, body: { tenant: { contacts: [] } } });
    expect(refused.json.error.code).toBe('lease_ended');
    // The lease says when, so its page can say why its people are gone.
    const read = (await call(leases, 'GET', `/api/leases/${lease.id}`, { token: admin })).json;
    expect(read.personalDestroyedAt).toBe(new Date(row.personalDestroyedAt!).toISOString());
    expect(read.tenant).toMatchObject({ representative: '', contacts: [], legalName: `${WORDS.company} expiredqz` });
  });
});
