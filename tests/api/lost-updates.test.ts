import { beforeAll, describe, expect, it } from 'vitest';
import brands from '../../functions/brands.ts';
import inquiries from '../../functions/inquiries.ts';
import settings from '../../functions/admin-settings.ts';
import privacyRequests from '../../functions/admin-privacy-requests.ts';
import tours from '../../functions/tours.ts';
import units from '../../functions/units.ts';
import users from '../../functions/admin-users.ts';
import { seoulInstant } from '../../src/shared/tours.ts';
import { etagOf } from '../../src/shared/versions.ts';
import { call } from '../support/api-calls.ts';
import { adminToken, brandBody, inquiryBody, uploaded, useApiBackend } from '../support/api-suite.ts';
import { availableBackends } from '../support/db-backends.ts';
import { staffAccount } from '../support/staff.ts';
import { officeDayAhead } from '../support/office-days.ts';

type Handler = Parameters<typeof call>[0];

/**
 * The lost-update rule (issue 28, decision 033) for one record type: `write(body, ifMatch?)` changes one
 * field to `body`'s value; `read()` gives the record as stored with its version.
 */
interface Case {
  name: string;
  /** The record before the test, with its version. */
  start(): Promise<{ version: number } & Record<string, unknown>>;
  write(change: number, ifMatch?: string): Promise<Awaited<ReturnType<typeof call>>>;
  /** The field `write` changes and the value a change number stores there. */
  field: string;
  value(change: number): unknown;
}

/** Each space this file creates gets its own number: a repeated one is a 409 duplicate, not the rule under test. */
let nextUnitNumber = 810;

/** Each tour this file books is on its own future office day, so no two meet the host's overlap guard. */
let nextTourDay = 2;

describe.each(availableBackends({ neon: true }))('lost updates on $name', (backend) => {
  const ctx = useApiBackend(backend);
  let token = '';
  beforeAll(async () => {
    token = await adminToken();
  });

  const unitCase = (): Case => {
    let id = '';
    let body: Record<string, unknown> = {};
    return {
      name: 'a space (PUT /api/units/:id)',
      field: 'monthlyRent',
      value: (n) => 4_000_000 + n * 100_000,
      async start() {
        body = { floor: '8F', unitNumber: String(nextUnitNumber++), exclusiveAreaM2: 99, supplyAreaM2: 160, uses: ['Office'], status: 'available', availableFrom: null, monthlyRent: 4_000_000, deposit: null, maintenanceFee: null, pricePublic: true, plan: null, note: { ko: '남향' } };
        const made = await call(units as Handler, 'POST', '/api/units', { token, body });
        expect(made.status).toBe(201);
        id = made.json.id;
        const read = await call(units as Handler, 'GET', `/api/units/${id}`, { token });
        expect(read.headers.get('ETag')).toBe(etagOf(read.json.version));
        return read.json;
      },
      write: (n, ifMatch) => call(units as Handler, 'PUT', `/api/units/${id}`, { token, body: { ...body, monthlyRent: 4_000_000 + n * 100_000 }, headers: ifMatch ? { 'If-Match': ifMatch } : {} }),
    };
  };

  const brandCase = (): Case => {
    let id = '';
    let body: Record<string, unknown> = {};
    return {
      name: 'a brand (PUT /api/brands/:id)',
      field: 'contactInfo',
      value: (n) => ({ phone: `02-555-02${String(n).padStart(2, '0')}`, email: 'hello@bluebottle.example', website: 'https://bluebottle.example' }),
      async start() {
        body = brandBody(await uploaded('thumbnail'), { name: `Blue Bottle ${Math.random().toString(36).slice(2, 7)}` });
        const made = await call(brands as Handler, 'POST', '/api/brands', { token, body });
        expect(made.status).toBe(201);
        id = made.json.id;
        const listed = await call(brands as Handler, 'GET', '/api/brands');
        return listed.json.find((brand: { id: string }) => brand.id === id);
      },
      write: (n, ifMatch) =>
        call(brands as Handler, 'PUT', `/api/brands/${id}`, {
          token,
          body: { ...body, contactInfo: { phone: `02-555-02${String(n).padStart(2, '0')}`, email: 'hello@bluebottle.example', website: 'https://bluebottle.example' } },
          headers: ifMatch ? { 'If-Match': ifMatch } : {},
        }),
    };
  };

  const inquiryCase = (): Case => {
    let id = '';
    const days = ['2026-12-01', '2026-12-02', '2026-12-03', '2026-12-04', '2026-12-05', '2026-12-06'];
    return {
      name: 'an inquiry’s fields (PATCH /api/inquiries/:id)',
      field: 'nextStepOn',
      value: (n) => days[n],
      async start() {
        const sent = await call(inquiries as Handler, 'POST', '/api/inquiries', { body: inquiryBody() });
        expect(sent.status).toBe(201);
        const list = await call(inquiries as Handler, 'GET', '/api/inquiries', { token });
        id = list.json[0].id;
        expect(list.json[0].version).toBeGreaterThan(0);
        const read = await call(inquiries as Handler, 'GET', `/api/inquiries/${id}`, { token });
        expect(read.headers.get('ETag')).toBe(etagOf(read.json.version));
        return read.json;
      },
      write: (n, ifMatch) => call(inquiries as Handler, 'PATCH', `/api/inquiries/${id}`, { token, body: { nextStepOn: days[n] }, headers: ifMatch ? { 'If-Match': ifMatch } : {} }),
    };
  };

  const userCase = (): Case => {
    let id = '';
    return {
      name: 'a team member (PATCH /api/admin/users/:id)',
      field: 'name',
      value: (n) => `Agent ${n}`,
      async start() {
        id = (await staffAccount(token, 'agent', 'Agent 0')).id;
        const list = await call(users as Handler, 'GET', '/api/admin/users', { token });
        return list.json.find((user: { id: string }) => user.id === id);
      },
      write: (n, ifMatch) => call(users as Handler, 'PATCH', `/api/admin/users/${id}`, { token, body: { name: `Agent ${n}` }, headers: ifMatch ? { 'If-Match': ifMatch } : {} }),
    };
  };

  const settingsCase = (): Case => ({
    name: 'the settings (PATCH /api/admin/settings)',
    field: 'reminderBusinessHours',
    value: (n) => 2 + n,
    async start() {
      const read = await call(settings as Handler, 'GET', '/api/admin/settings', { token });
      expect(read.headers.get('ETag')).toBe(etagOf(read.json.version));
      return read.json;
    },
    write: (n, ifMatch) => call(settings as Handler, 'PATCH', '/api/admin/settings', { token, body: { reminderBusinessHours: 2 + n }, headers: ifMatch ? { 'If-Match': ifMatch } : {} }),
  });

  const tourCase = (): Case => {
    let id = '';
    return {
      name: 'a tour (PATCH /api/tours/:id)',
      field: 'internalNotes',
      value: (n) => `Bring the keys of floor ${n}`,
      async start() {
        const unit = await call(units as Handler, 'POST', '/api/units', { token, body: { floor: '8F', unitNumber: String(nextUnitNumber++), exclusiveAreaM2: 80, supplyAreaM2: 130, uses: ['Office'], status: 'available', availableFrom: null, monthlyRent: null, deposit: null, maintenanceFee: null, pricePublic: false, plan: null, note: {} } });
        expect(unit.status, JSON.stringify(unit.json)).toBe(201);
        const sent = await call(inquiries as Handler, 'POST', '/api/inquiries', { body: inquiryBody() });
        expect(sent.status).toBe(201);
        const startsAt = seoulInstant(officeDayAhead(nextTourDay++), '10:00').toISOString();
        const booked = await call(tours as Handler, 'POST', `/api/inquiries/${sent.json.id}/tours`, { token, body: { startsAt, durationMinutes: 30, unitIds: [unit.json.id] } });
        expect(booked.status, JSON.stringify(booked.json)).toBe(201);
        id = booked.json.id;
        const read = await call(tours as Handler, 'GET', `/api/tours/${id}`, { token });
        expect(read.headers.get('ETag')).toBe(etagOf(read.json.version));
        return read.json;
      },
      write: (n, ifMatch) => call(tours as Handler, 'PATCH', `/api/tours/${id}`, { token, body: { internalNotes: `Bring the keys of floor ${n}` }, headers: ifMatch ? { 'If-Match': ifMatch } : {} }),
    };
  };

  const cases = [unitCase, brandCase, inquiryCase, userCase, settingsCase, tourCase];

  it.each(cases.map((make) => [make().name, make] as const))(
    '%s: a fresh version saves, the same version again is 409 conflict with the record as it is now, no version still saves',
    async (_name, make) => {
      const record = make();
      const read = await record.start();
      const base = etagOf(read.version);

      const fresh = await record.write(1, base);
      expect(fresh.status).toBe(200);
      expect(fresh.json[record.field]).toEqual(record.value(1));
      expect(fresh.json.version).toBeGreaterThan(read.version);
      expect(fresh.headers.get('ETag')).toBe(etagOf(fresh.json.version));

      // A second tab, still on what it read first: nothing changes, and it is told what is there now.
      const stale = await record.write(2, base);
      expect(stale.status).toBe(409);
      expect(stale.json.error.code).toBe('conflict');
      expect(stale.json.error.current[record.field]).toEqual(record.value(1));
      expect(stale.json.error.current.version).toBe(fresh.json.version);
      expect(stale.headers.get('ETag')).toBe(etagOf(fresh.json.version));

      // The second time, on the version the conflict answered: it saves.
      const retried = await record.write(3, stale.headers.get('ETag')!);
      expect(retried.status).toBe(200);
      expect(retried.json[record.field]).toEqual(record.value(3));

      // A client of the spec's shape (no If-Match) writes unchecked, as before.
      const unchecked = await record.write(4);
      expect(unchecked.status).toBe(200);
      expect(unchecked.json[record.field]).toEqual(record.value(4));

      // Something that is not one of our ETags is refused, not taken as "no check".
      const malformed = await record.write(5, 'W/"abc"');
      expect(malformed.status).toBe(400);
      expect(malformed.json.error.code).toBe('invalid_if_match');
    },
  );

  it.each(cases.map((make) => [make().name, make] as const))(
    '%s: two writes of one read sent at once: exactly one saves, the other is 409',
    async (_name, make) => {
      const record = make();
      const read = await record.start();
      const base = etagOf(read.version);
      const answers = await Promise.all([record.write(1, base), record.write(2, base)]);
      expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
      const saved = answers.find((answer) => answer.status === 200)!;
      const refused = answers.find((answer) => answer.status === 409)!;
      expect(refused.json.error.current[record.field]).toEqual(saved.json[record.field]);
    },
  );

  it('a tour’s cancellation and outcome carry the version too: a cancellation of a stale read is 409 conflict and cancels nothing', async () => {
    const tour = tourCase();
    const read = await tour.start();
    const base = etagOf(read.version);
    const renamed = await tour.write(1, base);
    expect(renamed.status).toBe(200);
    // The second tab cancels from what it read before the note changed: refused, the tour stays scheduled.
    const stale = await call(tours as Handler, 'POST', `/api/tours/${read.id}/cancel`, { token, body: { reason: 'Moved to next week' }, headers: { 'If-Match': base } });
    expect(stale.status).toBe(409);
    expect(stale.json.error.code).toBe('conflict');
    expect(stale.json.error.current).toMatchObject({ status: 'scheduled', internalNotes: tour.value(1), version: renamed.json.version });
    const cancelled = await call(tours as Handler, 'POST', `/api/tours/${read.id}/cancel`, { token, body: { reason: 'Moved to next week' }, headers: { 'If-Match': stale.headers.get('ETag')! } });
    expect(cancelled.status).toBe(200);
    expect(cancelled.json.status).toBe('cancelled');
    expect(cancelled.headers.get('ETag')).toBe(etagOf(cancelled.json.version));
    // An outcome based on the scheduled tour is told it changed (not "not ended"): the record shows the cancellation.
    const outcome = await call(tours as Handler, 'POST', `/api/tours/${read.id}/outcome`, { token, body: { outcome: 'completed' }, headers: { 'If-Match': etagOf(renamed.json.version) } });
    expect(outcome.status).toBe(409);
    expect(outcome.json.error.code).toBe('conflict');
    expect(outcome.json.error.current.status).toBe('cancelled');
    expect((await call(tours as Handler, 'POST', `/api/tours/${read.id}/cancel`, { token, body: { reason: 'x' }, headers: { 'If-Match': '"abc' } })).json.error.code).toBe('invalid_if_match');
  });

  /** An open privacy request, confirmed by its requester (as the owner's list shows it). */
  async function openRequest(): Promise<{ id: string; version: number; status: string }> {
    const sent = await call(inquiries as Handler, 'POST', '/api/inquiries', { body: inquiryBody() });
    expect(sent.status).toBe(201);
    const now = Date.now();
    const row = await ctx.db
      .insertInto('privacyRequests')
      .values({ kind: 'access', email: 'requester@example.com', lang: 'en', status: 'open', expiresAt: new Date(now + 86_400_000), confirmedAt: new Date(now), dueAt: new Date(now + 10 * 86_400_000), inquiryIds: [sent.json.id] })
      .returning('id')
      .executeTakeFirstOrThrow();
    const listed = await call(privacyRequests as Handler, 'GET', '/api/admin/privacy-requests', { token });
    return listed.json.find((request: { id: string }) => request.id === row.id);
  }
  const actOn = (id: string, ifMatch?: string) =>
    call(privacyRequests as Handler, 'POST', `/api/admin/privacy-requests/${id}/actions`, { token, body: { action: 'close', note: 'Answered by phone' }, headers: ifMatch ? { 'If-Match': ifMatch } : {} });

  it('a privacy request (POST /api/admin/privacy-requests/:id/actions): an action on a stale read is 409 conflict with the request as another owner left it', async () => {
    const read = await openRequest();
    expect(read.status).toBe('open');
    const base = etagOf(read.version);
    const first = await actOn(read.id, base);
    expect(first.status).toBe(200);
    expect(first.json).toMatchObject({ status: 'closed', outcome: 'close' });
    expect(first.json.version).toBeGreaterThan(read.version);
    expect(first.headers.get('ETag')).toBe(etagOf(first.json.version));
    // The second owner's tab, still showing it open: told who closed it how, and nothing is done twice.
    const stale = await actOn(read.id, base);
    expect(stale.status).toBe(409);
    expect(stale.json.error.code).toBe('conflict');
    expect(stale.json.error.current).toMatchObject({ id: read.id, status: 'closed', outcome: 'close', version: first.json.version });
    const events = await ctx.db.selectFrom('auditEvents').select('action').where('entity', '=', 'privacy_request').where('entityId', '=', read.id).execute();
    expect(events.map((event) => event.action)).toEqual(['close']);
    // On the version the conflict answered, the request's own rule speaks: it is closed.
    expect((await actOn(read.id, stale.headers.get('ETag')!)).json.error.code).toBe('request_closed');
    // Without If-Match (the spec's shape) an open request is acted on as before; a malformed one is refused.
    const other = await openRequest();
    expect((await actOn(other.id, 'W/"1"')).json.error.code).toBe('invalid_if_match');
    const unchecked = await actOn(other.id);
    expect(unchecked.status).toBe(200);
    expect(unchecked.json.status).toBe('closed');
  });

  it('a privacy request: two actions of one read sent at once: exactly one closes it, the other is 409 conflict', async () => {
    const read = await openRequest();
    const answers = await Promise.all([actOn(read.id, etagOf(read.version)), actOn(read.id, etagOf(read.version))]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    const saved = answers.find((answer) => answer.status === 200)!;
    const refused = answers.find((answer) => answer.status === 409)!;
    expect(refused.json.error.code).toBe('conflict');
    expect(refused.json.error.current).toMatchObject({ status: 'closed', version: saved.json.version });
    const events = await ctx.db.selectFrom('auditEvents').select('action').where('entity', '=', 'privacy_request').where('entityId', '=', read.id).execute();
    expect(events).toHaveLength(1);
  });
});
