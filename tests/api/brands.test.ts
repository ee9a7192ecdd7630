import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import brands from '../../functions/brands.ts';
import { call } from '../support/api-calls.ts';
import { adminToken, brandBody, countRows, uploaded, useApiBackend } from '../support/api-suite.ts';
import { availableBackends } from '../support/db-backends.ts';
import { sql } from 'kysely';
import { loadSchema } from '../../src/server/db/schema.ts';
import { schemaStatements } from '../support/schema-statements.ts';
import { BRAND_LIMITS } from '../../src/shared/brand.ts';

describe.each(availableBackends())('brands API on $name', (backend) => {
  const ctx = useApiBackend(backend);
  let token = '';
  let thumbnail = '';
  beforeAll(async () => {
    token = await adminToken();
    thumbnail = await uploaded('thumbnail');
  });

  const create = (overrides: Record<string, unknown> = {}) =>
    call(brands, 'POST', '/api/brands', { token, body: brandBody(thumbnail, overrides) });

  it('creates a brand (201) and returns it as stored, with defaults', async () => {
    const response = await create({ images: undefined, tags: undefined, isAvailable: undefined });
    expect(response.status).toBe(201);
    expect(response.json).toMatchObject({ name: 'Blue Bottle Coffee', category: 'F&B', isAvailable: true, images: [], tags: [] });
    expect(response.json.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(Date.parse(response.json.createdAt)).toBeGreaterThan(Date.now() - 60_000);
    expect(response.json.contactInfo.website).toBe('https://bluebottle.example');
  });

  it('lists newest first, a brand without createdAt last, and filters by category, floor and availability', async () => {
    await ctx.db.deleteFrom('brands').execute();
    await ctx.db.insertInto('brands').values({ name: 'Legacy', category: 'Retail', floor: 'B1', contactInfo: '{}', createdAt: undefined }).execute();
    await ctx.db.updateTable('brands').set({ createdAt: null as unknown as string }).where('name', '=', 'Legacy').execute();
    await create({ name: 'Older clinic', category: 'Medical', floor: '3F', isAvailable: false });
    await create({ name: 'Newer cafe', category: 'F&B', floor: '1F' });
    const all = await call(brands, 'GET', '/api/brands');
    expect(all.status).toBe(200);
    expect(all.json.map((b: { name: string }) => b.name)).toEqual(['Newer cafe', 'Older clinic', 'Legacy']);
    const names = async (query: string) => (await call(brands, 'GET', `/api/brands?${query}`)).json.map((b: { name: string }) => b.name);
    expect(await names('category=Medical')).toEqual(['Older clinic']);
    expect(await names('floor=1F&category=all')).toEqual(['Newer cafe']);
    expect(await names('isAvailable=false')).toEqual(['Older clinic']);
    expect(await names('isAvailable=all&floor=all')).toHaveLength(3);
    expect(await names('category=&floor=&isAvailable=&search=')).toHaveLength(3);
  });

  it('searches name, description and tags case-insensitively, with % and _ taken literally', async () => {
    await ctx.db.deleteFrom('brands').execute();
    await create({ name: 'Seoul Dental', description: 'Implants and whitening', tags: ['clinic'] });
    await create({ name: 'Bakery 50%', description: 'Fresh bread', tags: ['Croissant'] });
    const names = async (search: string) =>
      (await call(brands, 'GET', `/api/brands?search=${encodeURIComponent(search)}`)).json.map((b: { name: string }) => b.name);
    expect(await names('DENTAL')).toEqual(['Seoul Dental']);
    expect(await names('whiten')).toEqual(['Seoul Dental']);
    expect(await names('croiss')).toEqual(['Bakery 50%']);
    expect(await names('50%')).toEqual(['Bakery 50%']);
    expect(await names('%')).toEqual(['Bakery 50%']);
    expect(await names('_')).toEqual([]);
    expect(await names('  ')).toHaveLength(2);
  });

  it('shows a change made by any writer (even straight SQL) on the next list', async () => {
    const names = async () => (await call(brands, 'GET', '/api/brands?category=Beauty')).json.map((b: { name: string }) => b.name);
    expect(await names()).not.toContain('Written elsewhere');
    await ctx.db.insertInto('brands').values({ name: 'Written elsewhere', category: 'Beauty', floor: '5F', contactInfo: '{}' }).execute();
    expect(await names()).toContain('Written elsewhere');
    await ctx.db.updateTable('brands').set({ name: 'Renamed elsewhere' }).where('name', '=', 'Written elsewhere').execute();
    expect(await names()).toEqual(expect.arrayContaining(['Renamed elsewhere']));
    await ctx.db.deleteFrom('brands').where('name', '=', 'Renamed elsewhere').execute();
    expect(await names()).not.toContain('Renamed elsewhere');
  });

  it('rejects unknown filter values with 400', async () => {
    const response = await call(brands, 'GET', '/api/brands?category=Casino');
    expect(response.status).toBe(400);
    expect(response.json.error.fields).toHaveProperty('category');
  });

  it('updates a brand (200), keeps createdAt and moves updatedAt', async () => {
    const created = (await create()).json;
    const response = await call(brands, 'PUT', `/api/brands/${created.id}`, { token, body: brandBody(thumbnail, { name: 'Blue Bottle Seoul', isAvailable: false }) });
    expect(response.status).toBe(200);
    expect(response.json).toMatchObject({ id: created.id, name: 'Blue Bottle Seoul', isAvailable: false, createdAt: created.createdAt });
    expect(Date.parse(response.json.updatedAt)).toBeGreaterThan(Date.parse(created.updatedAt));
  });

  it('deletes a brand (204); a repeated delete (double click) answers the same and the undo still works', async () => {
    const created = (await create()).json;
    const [first, second] = await Promise.all([
      call(brands, 'DELETE', `/api/brands/${created.id}`, { token }),
      call(brands, 'DELETE', `/api/brands/${created.id}`, { token }),
    ]);
    expect([first.status, second.status]).toEqual([204, 204]);
    expect((await call(brands, 'DELETE', `/api/brands/${created.id}`, { token })).status).toBe(204);
    const listed = await call(brands, 'GET', '/api/brands');
    expect(listed.json.map((b: { id: string }) => b.id)).not.toContain(created.id);
    const restored = await call(brands, 'POST', `/api/brands/${created.id}/restore`, { token });
    expect(restored.status).toBe(200);
    expect(restored.json).toEqual(created);
  });

  it('answers a delete of a brand deleted more than 10 minutes ago, or never there, with 404', async () => {
    const created = (await create()).json;
    expect((await call(brands, 'DELETE', `/api/brands/${created.id}`, { token })).status).toBe(204);
    await ctx.db.updateTable('deletedRecords').set({ deletedAt: sql<Date>`now() - interval '601 seconds'` }).where('id', '=', created.id).execute();
    const late = await call(brands, 'DELETE', `/api/brands/${created.id}`, { token });
    expect(late.status).toBe(404);
    expect(late.json.error.code).toBe('brand_not_found');
    expect((await call(brands, 'DELETE', `/api/brands/${randomUUID()}`, { token })).status).toBe(404);
  });

  it('undoes a delete: the brand comes back with its id, dates and place in the list, once', async () => {
    const older = (await create({ name: 'Restored older' })).json;
    const newer = (await create({ name: 'Restored newer' })).json;
    expect((await call(brands, 'DELETE', `/api/brands/${older.id}`, { token })).status).toBe(204);
    const restored = await call(brands, 'POST', `/api/brands/${older.id}/restore`, { token });
    expect(restored.status).toBe(200);
    expect(restored.json).toEqual(older);
    const ids = (await call(brands, 'GET', '/api/brands')).json.map((b: { id: string }) => b.id);
    expect(ids.indexOf(newer.id)).toBeLessThan(ids.indexOf(older.id));
    const again = await call(brands, 'POST', `/api/brands/${older.id}/restore`, { token });
    expect(again.status).toBe(404);
    expect(again.json.error.code).toBe('brand_not_restorable');
  });

  it('undoes a delete only within 10 minutes, only for the admin, and only a deleted brand', async () => {
    const early = (await create()).json;
    const late = (await create()).json;
    const beforeDeletes = Date.now();
    await call(brands, 'DELETE', `/api/brands/${early.id}`, { token });
    await call(brands, 'DELETE', `/api/brands/${late.id}`, { token });
    const afterDeletes = Date.now();
    expect((await call(brands, 'POST', `/api/brands/${early.id}/restore`)).status).toBe(401);
    // The clock is moved, not waited for: 9 min 59 s after the deletes one comes back, 10 min 1 s after, the other does not.
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(beforeDeletes + 10 * 60_000 - 1_000);
      expect((await call(brands, 'POST', `/api/brands/${early.id}/restore`, { token })).status).toBe(200);
      vi.setSystemTime(afterDeletes + 10 * 60_000 + 1_000);
      const refused = await call(brands, 'POST', `/api/brands/${late.id}/restore`, { token });
      expect(refused.status).toBe(404);
      expect(refused.json.error.code).toBe('brand_not_restorable');
    } finally {
      vi.useRealTimers();
    }
    const standing = (await create()).json;
    expect((await call(brands, 'POST', `/api/brands/${standing.id}/restore`, { token })).json.error.code).toBe('brand_not_restorable');
    expect((await call(brands, 'POST', `/api/brands/${randomUUID()}/restore`, { token })).status).toBe(404);
    expect((await call(brands, 'GET', `/api/brands/${standing.id}/restore`, { token })).status).toBe(405);
  });

  it('answers 404 for an unknown or malformed id, and stores nothing', async () => {
    const before = await countRows(ctx.db, 'brands');
    expect((await call(brands, 'PUT', `/api/brands/${randomUUID()}`, { token, body: brandBody(thumbnail) })).status).toBe(404);
    expect((await call(brands, 'PUT', '/api/brands/not-a-uuid', { token, body: brandBody(thumbnail) })).status).toBe(404);
    expect((await call(brands, 'DELETE', '/api/brands/1%20or%201=1', { token })).status).toBe(404);
    expect(await countRows(ctx.db, 'brands')).toBe(before);
  });

  it('requires an admin session for every write (401)', async () => {
    const before = await countRows(ctx.db, 'brands');
    const created = (await create()).json;
    expect((await call(brands, 'POST', '/api/brands', { body: brandBody(thumbnail) })).status).toBe(401);
    expect((await call(brands, 'PUT', `/api/brands/${created.id}`, { body: brandBody(thumbnail, { name: 'x' }) })).status).toBe(401);
    expect((await call(brands, 'DELETE', `/api/brands/${created.id}`)).status).toBe(401);
    expect(await countRows(ctx.db, 'brands')).toBe(before + 1);
  });

  it('reports each invalid field with its form message key (400)', async () => {
    const before = await countRows(ctx.db, 'brands');
    const response = await create({ name: ' ', category: 'Casino', contactInfo: { phone: '', email: 'nope', website: '' } });
    expect(response.status).toBe(400);
    expect(response.json.error.fields).toMatchObject({
      name: 'admin.brandForm.errors.nameRequired',
      category: 'admin.brandForm.errors.categoryRequired',
      'contactInfo.phone': 'admin.brandForm.errors.phoneRequired',
      'contactInfo.email': 'admin.brandForm.errors.emailInvalid',
    });
    expect(await countRows(ctx.db, 'brands')).toBe(before);
  });

  it(`takes up to ${BRAND_LIMITS.tags} tags of up to ${BRAND_LIMITS.tag} characters; one more of either is a 400 on tags`, async () => {
    const tags = (n: number) => Array.from({ length: n }, (_, i) => `tag-${i}`);
    const ok = await create({ tags: [...tags(BRAND_LIMITS.tags - 1), 'x'.repeat(BRAND_LIMITS.tag)] });
    expect(ok.status).toBe(201);
    expect(ok.json.tags).toHaveLength(20);
    const before = await countRows(ctx.db, 'brands');
    const tooMany = await create({ tags: tags(BRAND_LIMITS.tags + 1) });
    expect(tooMany.status).toBe(400);
    expect(tooMany.json.error).toMatchObject({ code: 'invalid_input', fields: { tags: 'admin.brandForm.errors.tooManyTags' } });
    const tooLong = await create({ tags: ['ok', 'x'.repeat(BRAND_LIMITS.tag + 1)] });
    expect(tooLong.status).toBe(400);
    expect(tooLong.json.error).toMatchObject({ code: 'invalid_input', fields: { 'tags.1': 'admin.brandForm.errors.tagTooLong' } });
    expect(await countRows(ctx.db, 'brands')).toBe(before);
  });

  it('stores names and descriptions in en/zh/ja beside the Korean ones, drops blank ones, and searches them all', async () => {
    await ctx.db.deleteFrom('brands').execute();
    const response = await create({
      name: '블루보틀',
      description: '스페셜티 커피',
      nameI18n: { en: ' Blue Bottle ', zh: '蓝瓶咖啡', ja: '' },
      descriptionI18n: { ja: 'スペシャルティコーヒー' },
    });
    expect(response.status).toBe(201);
    expect(response.json).toMatchObject({
      name: '블루보틀',
      nameI18n: { en: 'Blue Bottle', zh: '蓝瓶咖啡' },
      descriptionI18n: { ja: 'スペシャルティコーヒー' },
    });
    expect(response.json.nameI18n).not.toHaveProperty('ja');
    const names = async (search: string) =>
      (await call(brands, 'GET', `/api/brands?search=${encodeURIComponent(search)}`)).json.map((b: { name: string }) => b.name);
    for (const search of ['블루', 'blue bottle', '蓝瓶', 'スペシャルティ', '커피']) expect(await names(search), search).toEqual(['블루보틀']);
    expect(await names('latte')).toEqual([]);
    const unknown = await create({ nameI18n: { fr: 'Bouteille' } });
    expect(unknown.status).toBe(400);
    expect(unknown.json.error.fields).toHaveProperty('nameI18n.fr');
    const long = await create({ descriptionI18n: { en: 'x'.repeat(BRAND_LIMITS.description + 1) } });
    expect(long.json.error.fields).toEqual({ 'descriptionI18n.en': 'admin.brandForm.errors.tooLong' });
  });

  it('stores tags in en/zh/ja beside the Korean ones (an empty language dropped), checks each by the Korean limits, finds a brand by them, and keeps brands stored before working', async () => {
    await ctx.db.deleteFrom('brands').execute();
    const response = await create({ name: '스마일 치과', tags: ['치과', '교정'], tagsI18n: { en: [' Dentist ', 'Orthodontics'], zh: ['牙科'], ja: [] } });
    expect(response.status).toBe(201);
    expect(response.json.tags).toEqual(['치과', '교정']);
    expect(response.json.tagsI18n).toEqual({ en: ['Dentist', 'Orthodontics'], zh: ['牙科'] });
    const read = await call(brands, 'GET', '/api/brands');
    expect(read.json[0].tagsI18n).toEqual({ en: ['Dentist', 'Orthodontics'], zh: ['牙科'] });
    const names = async (search: string) =>
      (await call(brands, 'GET', `/api/brands?search=${encodeURIComponent(search)}`)).json.map((b: { name: string }) => b.name);
    for (const search of ['dentist', 'orthodontics', '牙科', '치과']) expect(await names(search), search).toEqual(['스마일 치과']);
    // An edit of the English tags replaces them; the search follows.
    const edited = await call(brands, 'PUT', `/api/brands/${response.json.id}`, { token, body: brandBody(thumbnail, { name: '스마일 치과', tags: ['치과'], tagsI18n: { en: ['Dental clinic'] } }) });
    expect(edited.status).toBe(200);
    expect(edited.json.tagsI18n).toEqual({ en: ['Dental clinic'] });
    expect(await names('orthodontics')).toEqual([]);
    expect(await names('dental clinic')).toEqual(['스마일 치과']);
    // The same limits as the Korean tags, per language, named at the field; an unknown language is refused.
    const tooMany = await create({ tagsI18n: { ja: Array.from({ length: BRAND_LIMITS.tags + 1 }, (_, i) => `タグ${i}`) } });
    expect(tooMany.status).toBe(400);
    expect(tooMany.json.error).toMatchObject({ code: 'invalid_input', fields: { 'tagsI18n.ja': 'admin.brandForm.errors.tooManyTags' } });
    const tooLong = await create({ tagsI18n: { en: ['ok', 'x'.repeat(BRAND_LIMITS.tag + 1)] } });
    expect(tooLong.json.error.fields).toEqual({ 'tagsI18n.en.1': 'admin.brandForm.errors.tagTooLong' });
    const blank = await create({ tagsI18n: { zh: ['  '] } });
    expect(blank.json.error.fields).toEqual({ 'tagsI18n.zh.0': 'admin.brandForm.errors.tagEmpty' });
    expect((await create({ tagsI18n: { fr: ['dentiste'] } })).json.error.fields).toHaveProperty('tagsI18n.fr');
    // A brand written without tagsI18n (as before, or by a client of the spec's shape) answers {} and keeps its Korean tags.
    const plain = await create({ name: '옛 브랜드', tags: ['공유오피스'] });
    expect(plain.status).toBe(201);
    expect(plain.json).toMatchObject({ tags: ['공유오피스'], tagsI18n: {} });
    expect(await countRows(ctx.db, 'brands')).toBe(2);
  });

  it('upgrades a database whose search column predates the translations, keeping its rows, and stays a no-op after', async () => {
    await ctx.db.deleteFrom('brands').execute();
    // The column as the schema made it before: Korean fields only.
    await sql`ALTER TABLE brands DROP COLUMN search_text`.execute(ctx.db);
    await sql`ALTER TABLE brands ADD COLUMN search_text text GENERATED ALWAYS AS (lower(brand_search_text(name, description, tags))) STORED`.execute(ctx.db);
    await create({ name: '카페', nameI18n: { en: 'Harbour Cafe' } });
    const names = async (search: string) => (await call(brands, 'GET', `/api/brands?search=${encodeURIComponent(search)}`)).json.map((b: { name: string }) => b.name);
    expect(await names('harbour')).toEqual([]);
    const statements = schemaStatements(await loadSchema());
    for (const statement of statements) await sql.raw(statement).execute(ctx.db);
    expect(await names('harbour')).toEqual(['카페']);
    for (const statement of statements) await sql.raw(statement).execute(ctx.db);
    expect(await names('harbour')).toEqual(['카페']);
  });

  it('accepts only thumbnails uploaded here (400 otherwise)', async () => {
    const before = await countRows(ctx.db, 'brands');
    const attachment = await uploaded('attachment');
    const response = await create({ thumbnail: `/objects/uploads/${randomUUID()}`, images: [attachment] });
    expect(response.status).toBe(400);
    expect(Object.keys(response.json.error.fields)).toEqual(['thumbnail', 'images.0']);
    expect(await countRows(ctx.db, 'brands')).toBe(before);
  });

  it('answers wrong methods with 405 and an Allow header', async () => {
    const patch = await call(brands, 'PATCH', '/api/brands', { token });
    expect(patch.status).toBe(405);
    expect(patch.headers.get('Allow')).toBe('GET, POST');
    // PATCH sets the brand's place in the directory (issue 40).
    expect((await call(brands, 'GET', `/api/brands/${randomUUID()}`)).headers.get('Allow')).toBe('PUT, PATCH, DELETE');
  });
  it('never serves a remembered list after a brand is added, edited or removed, filtered or not', async () => {
    await ctx.db.deleteFrom('brands').execute();
    const names = async (query = '') =>
      (await call(brands, 'GET', `/api/brands${query}`)).json.map((b: { name: string }) => b.name);
    const first = (await create({ name: 'Harbor Books', description: 'Used books', tags: ['reading'] })).json;
    expect(await names()).toEqual(['Harbor Books']);
    expect(await names('?search=books')).toEqual(['Harbor Books']);

    await create({ name: 'Book Cafe', description: 'Coffee among shelves', category: 'F&B' });
    expect(await names()).toEqual(['Book Cafe', 'Harbor Books']);
    expect(await names('?search=books')).toEqual(['Harbor Books']);
    expect(await names('?search=book')).toEqual(['Book Cafe', 'Harbor Books']);

    await call(brands, 'PUT', `/api/brands/${first.id}`, { token, body: brandBody(thumbnail, { name: 'Harbor Prints', description: 'Posters' }) });
    expect(await names('?search=books')).toEqual([]);
    expect(await names('?search=posters')).toEqual(['Harbor Prints']);
    expect(await names()).toEqual(['Book Cafe', 'Harbor Prints']);

    await call(brands, 'DELETE', `/api/brands/${first.id}`, { token });
    expect(await names()).toEqual(['Book Cafe']);
    expect(await names('?search=posters')).toEqual([]);
  });
});
