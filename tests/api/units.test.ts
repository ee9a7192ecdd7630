import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import inquiries from '../../functions/inquiries.ts';
import units from '../../functions/units.ts';
import { objectMetadata } from '../../src/server/objects/storage.ts';
import { flatten, type Dictionary } from '../../src/i18n/translate.ts';
import { call } from '../support/api-calls.ts';
import { adminToken, inquiryBody, PNG_BYTES, uploaded, useApiBackend } from '../support/api-suite.ts';
import { availableBackends } from '../support/db-backends.ts';

const LANGUAGES = ['ko', 'en', 'zh', 'ja'];
const dictionaries = LANGUAGES.map((lang) => flatten({ units: JSON.parse(readFileSync(`content/i18n/${lang}/units.json`, 'utf8')) as Dictionary }));

/** A field error a visitor can read: a units.* key with a text in each of the four languages. */
function expectSpokenInFourLanguages(key: string) {
  expect(key).toMatch(/^units\.errors\./);
  for (const messages of dictionaries) expect(messages[key], key).toBeTruthy();
}

function unitBody(overrides: Record<string, unknown> = {}) {
  return {
    floor: '3F',
    unitNumber: '301',
    exclusiveAreaM2: 99.17,
    supplyAreaM2: 165.29,
    uses: ['Medical', 'Office'],
    status: 'available',
    availableFrom: '2026-03-01',
    monthlyRent: 4_500_000,
    deposit: 45_000_000,
    maintenanceFee: 900_000,
    pricePublic: true,
    plan: null,
    note: { ko: '남향 코너 호실', en: 'South-facing corner unit' },
    ...overrides,
  };
}

describe.each(availableBackends())('units API on $name', (backend) => {
  const ctx = useApiBackend(backend);
  let token = '';
  beforeAll(async () => {
    token = await adminToken();
  });
  const create = (overrides: Record<string, unknown> = {}) => call(units, 'POST', '/api/units', { token, body: unitBody(overrides) });
  const clear = () => ctx.db.deleteFrom('units').execute();

  it('creates a unit (201) and returns it as stored, with defaults and the date as YYYY-MM-DD', async () => {
    await clear();
    const response = await create({ uses: undefined, status: undefined, pricePublic: undefined, note: undefined, availableFrom: '' });
    expect(response.status).toBe(201);
    expect(response.json).toMatchObject({
      floor: '3F', unitNumber: '301', exclusiveAreaM2: 99.17, supplyAreaM2: 165.29, uses: [], status: 'available',
      availableFrom: null, monthlyRent: 4_500_000, deposit: 45_000_000, pricePublic: false, plan: null, note: {},
    });
    expect(response.json.id).toMatch(/^[0-9a-f-]{36}$/);
    const dated = await create({ unitNumber: '302', availableFrom: '2026-12-31', deposit: 3_000_000_000 });
    expect(dated.json.availableFrom).toBe('2026-12-31');
    expect(dated.json.deposit).toBe(3_000_000_000);
  });

  it('hides prices from visitors when not public or leased, and shows them to the admin', async () => {
    await clear();
    const shown = (await create({ unitNumber: 'A', pricePublic: true })).json;
    const hidden = (await create({ unitNumber: 'B', pricePublic: false })).json;
    const leased = (await create({ unitNumber: 'C', pricePublic: true, status: 'leased' })).json;
    const list = (await call(units, 'GET', '/api/units')).json as { id: string; monthlyRent: number | null; deposit: number | null; maintenanceFee: number | null }[];
    const prices = (id: string) => list.find((u) => u.id === id);
    expect(prices(shown.id)).toMatchObject({ monthlyRent: 4_500_000, deposit: 45_000_000, maintenanceFee: 900_000 });
    expect(prices(hidden.id)).toMatchObject({ monthlyRent: null, deposit: null, maintenanceFee: null });
    expect(prices(leased.id)).toMatchObject({ monthlyRent: null, deposit: null, maintenanceFee: null });
    expect((await call(units, 'GET', `/api/units/${hidden.id}`)).json.monthlyRent).toBeNull();
    expect((await call(units, 'GET', `/api/units/${leased.id}`)).json.deposit).toBeNull();
    // A leased space shows the day it is free again only when its lease says so (issue 40): a date left on a space
    // leased by hand is not shown to visitors; the team still reads it.
    const dated = (await create({ unitNumber: 'D', status: 'leased', availableFrom: '2099-01-01' })).json;
    expect((await call(units, 'GET', `/api/units/${dated.id}`)).json.availableFrom).toBeNull();
    expect(((await call(units, 'GET', '/api/units')).json as { id: string; availableFrom: string | null }[]).find((u) => u.id === dated.id)?.availableFrom).toBeNull();
    expect((await call(units, 'GET', `/api/units/${dated.id}`, { token })).json.availableFrom).toBe('2099-01-01');
    // The admin edits the real figures.
    const admin = (await call(units, 'GET', '/api/units', { token })).json as { id: string; monthlyRent: number }[];
    expect(admin.find((u) => u.id === hidden.id)?.monthlyRent).toBe(4_500_000);
    expect((await call(units, 'GET', `/api/units/${leased.id}`, { token })).json.deposit).toBe(45_000_000);
    expect((await call(units, 'GET', '/api/units', { token: 'stolen-or-expired' })).status).toBe(401);
  });

  it('sorts by floor from B2 up, then by unit number, and filters by floor, status, use and exclusive area', async () => {
    await clear();
    await create({ floor: '10F', unitNumber: '1002', exclusiveAreaM2: 50, supplyAreaM2: 80, uses: ['Office'] });
    await create({ floor: '2F', unitNumber: '210', exclusiveAreaM2: 120, supplyAreaM2: 200, uses: ['F&B'], status: 'negotiating' });
    await create({ floor: '2F', unitNumber: '29', exclusiveAreaM2: 30, supplyAreaM2: 40, uses: ['F&B', 'Retail'] });
    await create({ floor: 'B1', unitNumber: 'B101', exclusiveAreaM2: 300, supplyAreaM2: 300, uses: ['Retail'], status: 'leased' });
    await create({ floor: 'B2', unitNumber: 'B201', exclusiveAreaM2: 10, supplyAreaM2: 10, uses: [] });
    const order = async (query = '') =>
      ((await call(units, 'GET', `/api/units${query}`)).json as { floor: string; unitNumber: string }[]).map((u) => `${u.floor}/${u.unitNumber}`);
    expect(await order()).toEqual(['B2/B201', 'B1/B101', '2F/29', '2F/210', '10F/1002']);
    expect(await order('?floor=2F')).toEqual(['2F/29', '2F/210']);
    expect(await order('?status=leased')).toEqual(['B1/B101']);
    expect(await order('?use=Retail')).toEqual(['B1/B101', '2F/29']);
    expect(await order('?minArea=50&maxArea=120')).toEqual(['2F/210', '10F/1002']);
    expect(await order('?minArea=30.5')).toEqual(['B1/B101', '2F/210', '10F/1002']);
    expect(await order('?floor=all&status=&use=all&minArea=')).toHaveLength(5);
    const bad = await call(units, 'GET', '/api/units?floor=15F&minArea=-1&colour=red');
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.json.error.fields).sort()).toEqual(['floor', 'minArea']);
    // As for brands, a parameter the list does not read (a campaign tag, a cache buster) changes nothing.
    expect(await order('?status=leased&utm_source=naver&colour=red')).toEqual(['B1/B101']);
  });

  it('reports each invalid field with a message in four languages (400) and stores nothing', async () => {
    await clear();
    const response = await create({
      floor: '15F', unitNumber: ' ', exclusiveAreaM2: 0, supplyAreaM2: 'big', uses: ['Casino'], status: 'sold',
      availableFrom: '2026-02-30', monthlyRent: 1.5, deposit: -1, pricePublic: 'yes', plan: 'https://evil.example/x.png', note: { fr: 'Bonjour' },
    });
    expect(response.status).toBe(400);
    expect(response.json.error.code).toBe('invalid_input');
    const fields = response.json.error.fields as Record<string, string>;
    expect(fields).toMatchObject({
      floor: 'units.errors.floorRequired',
      unitNumber: 'units.errors.unitNumberRequired',
      exclusiveAreaM2: 'units.errors.areaPositive',
      supplyAreaM2: 'units.errors.supplyAreaRequired',
      'uses.0': 'units.errors.useInvalid',
      status: 'units.errors.statusInvalid',
      availableFrom: 'units.errors.dateInvalid',
      monthlyRent: 'units.errors.priceInvalid',
      deposit: 'units.errors.priceInvalid',
      pricePublic: 'units.errors.pricePublicInvalid',
      plan: 'units.errors.planInvalid',
      'note.fr': 'units.errors.unknownField',
    });
    for (const key of Object.values(fields)) expectSpokenInFourLanguages(key);
    const supply = await create({ exclusiveAreaM2: 100, supplyAreaM2: 99.99 });
    expect(supply.json.error.fields).toEqual({ supplyAreaM2: 'units.errors.supplyBelowExclusive' });
    expectSpokenInFourLanguages('units.errors.supplyBelowExclusive');
    const missing = await call(units, 'POST', '/api/units', { token, body: {} });
    expect(missing.json.error.fields).toMatchObject({ floor: 'units.errors.floorRequired', exclusiveAreaM2: 'units.errors.exclusiveAreaRequired' });
    expect((await call(units, 'GET', '/api/units')).json).toEqual([]);
  });

  it('refuses a second unit with the same number on a floor (409, field unitNumber), not on another floor', async () => {
    await clear();
    expect((await create()).status).toBe(201);
    const twice = await create({ unitNumber: '301' });
    expect(twice.status).toBe(409);
    expect(twice.json.error.fields).toEqual({ unitNumber: 'units.errors.unitNumberTaken' });
    expectSpokenInFourLanguages('units.errors.unitNumberTaken');
    // A name that is no room number ("Lobby") may repeat on another floor.
    expect((await create({ unitNumber: 'Lobby' })).status).toBe(201);
    expect((await create({ floor: '4F', unitNumber: 'Lobby' })).status).toBe(201);
  });

  it('takes a plan uploaded here as an image and makes it public on save; a foreign or non-plan path is refused', async () => {
    await clear();
    const plan = await uploaded('plan', PNG_BYTES);
    expect((await objectMetadata(plan))?.public).toBe(false);
    const response = await create({ plan });
    expect(response.status).toBe(201);
    expect(response.json.plan).toBe(plan);
    expect((await objectMetadata(plan))?.public).toBe(true);
    const attachment = await uploaded('attachment');
    const refused = await create({ unitNumber: '399', plan: attachment });
    expect(refused.status).toBe(400);
    expect(refused.json.error.fields).toEqual({ plan: 'units.errors.planInvalid' });
    expect((await objectMetadata(attachment))?.public).toBe(false);
    await expect(uploaded('plan', new TextEncoder().encode('%PDF-1.4'))).rejects.toMatchObject({ status: 415 });
  });

  it('updates (200) keeping createdAt, deletes (204) then 404, and 404s unknown or malformed ids', async () => {
    await clear();
    const created = (await create()).json;
    const updated = await call(units, 'PUT', `/api/units/${created.id}`, { token, body: unitBody({ status: 'negotiating', note: { ja: '角部屋' } }) });
    expect(updated.status).toBe(200);
    expect(updated.json).toMatchObject({ id: created.id, status: 'negotiating', note: { ja: '角部屋' }, createdAt: created.createdAt });
    expect(Date.parse(updated.json.updatedAt)).toBeGreaterThanOrEqual(Date.parse(created.updatedAt));
    expect((await call(units, 'PUT', `/api/units/${randomUUID()}`, { token, body: unitBody() })).status).toBe(404);
    expect((await call(units, 'GET', '/api/units/not-a-uuid')).status).toBe(404);
    expect((await call(units, 'DELETE', `/api/units/${created.id}`, { token })).status).toBe(204);
    // A second click on 삭제 reaches a space already deleted: the same answer, not a failure.
    expect((await call(units, 'DELETE', `/api/units/${created.id}`, { token })).status).toBe(204);
    expect((await call(units, 'GET', `/api/units/${created.id}`)).status).toBe(404);
    expect((await call(units, 'POST', `/api/units/${created.id}/restore`, { token })).status).toBe(200);
    expect((await call(units, 'DELETE', `/api/units/${randomUUID()}`, { token })).status).toBe(404);
  });

  it('refuses a unit number that names another floor (301 on 12F) and stores nothing (issue 16)', async () => {
    await clear();
    for (const [floor, unitNumber] of [['12F', '301'], ['B1', '102'], ['3F', 'B301'], ['1F', '1101']]) {
      const refused = await create({ floor, unitNumber });
      expect(refused.status, `${unitNumber} on ${floor}`).toBe(400);
      expect(refused.json.error.fields).toEqual({ unitNumber: 'units.errors.unitNumberFloor' });
    }
    expect((await call(units, 'GET', '/api/units')).json).toEqual([]);
    for (const [floor, unitNumber] of [['12F', '1201'], ['B1', 'B102'], ['3F', '301-1'], ['2F', 'A'], ['11F', '1103']]) {
      expect((await create({ floor, unitNumber })).status, `${unitNumber} on ${floor}`).toBe(201);
    }
  });

  it('undoes a delete with the same id and dates, once; not over a space numbered the same since', async () => {
    await clear();
    const created = (await create({ floor: '7F', unitNumber: '701' })).json;
    expect((await call(units, 'DELETE', `/api/units/${created.id}`, { token })).status).toBe(204);
    const restored = await call(units, 'POST', `/api/units/${created.id}/restore`, { token });
    expect(restored.status).toBe(200);
    expect(restored.json).toEqual(created);
    expect((await call(units, 'POST', `/api/units/${created.id}/restore`, { token })).json.error.code).toBe('unit_not_restorable');

    await call(units, 'DELETE', `/api/units/${created.id}`, { token });
    const successor = (await create({ floor: '7F', unitNumber: '701' })).json;
    const clash = await call(units, 'POST', `/api/units/${created.id}/restore`, { token });
    expect(clash.status).toBe(409);
    expect(clash.json.error).toMatchObject({ code: 'unit_exists', fields: { unitNumber: 'units.errors.unitNumberTaken' } });
    expect((await call(units, 'GET', '/api/units')).json.map((u: { id: string }) => u.id)).toEqual([successor.id]);
  });

  it('requires an admin session for every write (401) and changes nothing without one', async () => {
    await clear();
    const created = (await create()).json;
    expect((await call(units, 'POST', '/api/units', { body: unitBody({ unitNumber: '9' }) })).status).toBe(401);
    expect((await call(units, 'PUT', `/api/units/${created.id}`, { body: unitBody({ status: 'leased' }) })).status).toBe(401);
    expect((await call(units, 'DELETE', `/api/units/${created.id}`)).status).toBe(401);
    expect((await call(units, 'DELETE', `/api/units/${created.id}`, { token: 'x' })).status).toBe(401);
    const list = (await call(units, 'GET', '/api/units')).json;
    expect(list).toHaveLength(1);
    expect(list[0].status).toBe('available');
    expect((await call(units, 'PATCH', `/api/units/${created.id}`, { token })).status).toBe(405);
  });

  it('links an inquiry to an open unit and keeps the inquiry readable after the unit is deleted', async () => {
    await clear();
    const unit = (await create({ floor: '5F', unitNumber: '502', status: 'negotiating' })).json;
    const sent = await call(inquiries, 'POST', '/api/inquiries', { body: inquiryBody({ unitId: unit.id }) });
    expect(sent.status).toBe(201);
    expect(sent.json).toMatchObject({ unitId: unit.id });
    expect((await call(inquiries, 'GET', `/api/inquiries/${sent.json.id}`, { token })).json.unit).toEqual({ floor: '5F', unitNumber: '502' });
    const general = await call(inquiries, 'POST', '/api/inquiries', { body: inquiryBody({ name: 'General', unitId: null }) });
    expect((await call(inquiries, 'GET', `/api/inquiries/${general.json.id}`, { token })).json).toMatchObject({ unitId: null, unit: null });
    expect((await call(units, 'DELETE', `/api/units/${unit.id}`, { token })).status).toBe(204);
    const listed = (await call(inquiries, 'GET', '/api/inquiries', { token })).json as { id: string; unitId: string; unit: unknown }[];
    expect(listed.find((i) => i.id === sent.json.id)).toMatchObject({ unitId: unit.id, unit: { floor: '5F', unitNumber: '502' } });
  });

  it('refuses an inquiry about a leased, unknown or malformed unit (400, field unitId in four languages)', async () => {
    await clear();
    const leased = (await create({ status: 'leased' })).json;
    // A date left on a space leased by hand is no lease's end: still no inquiry about it (issue 40).
    const dated = (await create({ unitNumber: 'D', status: 'leased', availableFrom: '2099-01-01' })).json;
    const before = (await ctx.db.selectFrom('inquiries').select('id').execute()).length;
    for (const [unitId, key] of [
      [leased.id, 'units.errors.unitLeased'],
      [dated.id, 'units.errors.unitLeased'],
      [randomUUID(), 'units.errors.unitNotFound'],
      ['301', 'units.errors.unitNotFound'],
    ] as const) {
      const response = await call(inquiries, 'POST', '/api/inquiries', { body: inquiryBody({ unitId }) });
      expect(response.status, unitId).toBe(400);
      expect(response.json.error.fields).toEqual({ unitId: key });
      expectSpokenInFourLanguages(key);
    }
    expect((await ctx.db.selectFrom('inquiries').select('id').execute()).length).toBe(before);
  });

  it('a reserved space (an accepted proposal holds it) shows visitors no price and is not asked about: the refusal says reserved, not leased', async () => {
    await clear();
    const space = (await create({ unitNumber: '303' })).json;
    // Only an accepted proposal's hold makes a space reserved (src/server/proposals/holds.ts); set as it leaves it.
    await ctx.db.updateTable('units').set({ status: 'reserved' }).where('id', '=', space.id).execute();
    const seen = (await call(units, 'GET', `/api/units/${space.id}`)).json;
    expect(seen).toMatchObject({ status: 'reserved', monthlyRent: null, deposit: null, maintenanceFee: null });
    expect((await call(units, 'GET', '/api/units?floor=3F')).json).toEqual([expect.objectContaining({ id: space.id, monthlyRent: null })]);
    expect((await call(units, 'GET', `/api/units/${space.id}`, { token })).json.monthlyRent).toBe(4_500_000);
    const before = (await ctx.db.selectFrom('inquiries').select('id').execute()).length;
    const refused = await call(inquiries, 'POST', '/api/inquiries', { body: inquiryBody({ unitId: space.id }) });
    expect(refused.status).toBe(400);
    expect(refused.json.error).toMatchObject({ code: 'invalid_input', fields: { unitId: 'units.errors.unitReserved' } });
    expectSpokenInFourLanguages('units.errors.unitReserved');
    expect((await ctx.db.selectFrom('inquiries').select('id').execute()).length).toBe(before);
  });
});
