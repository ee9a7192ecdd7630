import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import inquiries from '../../functions/inquiries.ts';
import objects from '../../functions/objects.ts';
import { csvCell } from '../../src/server/inquiries/csv.ts';
import { call } from '../support/api-calls.ts';
import { adminToken, inquiryBody, uploaded, useApiBackend } from '../support/api-suite.ts';
import { availableBackends } from '../support/db-backends.ts';

/** A call whose answer is not JSON (CSV, files, HTML pages). */
async function raw(handler: (req: Request, context: never) => Promise<Response>, path: string, headers: Record<string, string> = {}) {
  const response = await handler(new Request(`http://127.0.0.1${path}`, { headers }), {} as never);
  return { status: response.status, headers: response.headers, bytes: new Uint8Array(await response.arrayBuffer()) };
}
const decode = (bytes: Uint8Array) => new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes);

const post = (overrides: Record<string, unknown> = {}) => call(inquiries, 'POST', '/api/inquiries', { body: inquiryBody(overrides) });

describe.each(availableBackends())('inquiry inbox API on $name', (backend) => {
  const ctx = useApiBackend(backend);
  let token = '';
  const get = (path: string) => call(inquiries, 'GET', path, { token });
  const patch = (id: string, body: unknown) => call(inquiries, 'PATCH', `/api/inquiries/${id}`, { token, body });

  beforeAll(async () => {
    token = await adminToken();
  });
  beforeEach(async () => {
    await ctx.db.deleteFrom('inquiries').execute();
  });

  it('keeps every inbox route for the admin (401 without a session, also for unknown ids)', async () => {
    const { json: stored } = await post();
    const routes: [string, string][] = [
      ['GET', '/api/inquiries'],
      ['GET', '/api/inquiries/counts'],
      ['GET', '/api/inquiries/stats'],
      ['GET', '/api/inquiries/export'],
      ['GET', `/api/inquiries/${stored.id}`],
      ['PATCH', `/api/inquiries/${stored.id}`],
      ['GET', `/api/inquiries/${randomUUID()}`],
      ['POST', `/api/inquiries/${stored.id}/attachments/0/link`],
    ];
    for (const [method, path] of routes) {
      const anonymous = await call(inquiries, method, path, method === 'PATCH' ? { body: { status: 'won' } } : {});
      expect(anonymous.status, `${method} ${path}`).toBe(401);
      const forged = await call(inquiries, method, path, { token: 'x'.repeat(43) });
      expect(forged.status, `${method} ${path}`).toBe(401);
    }
    expect((await get(`/api/inquiries/${stored.id}`)).json.status).toBe('new');
  });

  it('stores the optional details, the source and the page language, and shows them in the detail', async () => {
    const details = {
      company: '블루보틀 코리아',
      businessType: 'F&B',
      desiredFloors: ['1F', '2F', '1F'],
      desiredAreaM2: { min: 100, max: 200 },
      moveInDate: '2027-03-01',
      preferredContact: 'email',
      source: { path: '/en/floors', referrer: 'https://search.example/?q=b+tower', utm: { utm_source: 'naver', utm_campaign: 'spring' } },
      locale: 'en',
    };
    const created = await post(details);
    expect(created.status).toBe(201);
    const detail = await get(`/api/inquiries/${created.json.id}`);
    expect(detail.status).toBe(200);
    expect(detail.json).toMatchObject({ ...details, desiredFloors: ['1F', '2F'], status: 'new', unitId: null, unit: null });
    expect(detail.json.history).toEqual([{ at: detail.json.createdAt, status: 'new' }]);
  });

  it('refuses malformed details with the form keys (400) and stores nothing', async () => {
    const response = await post({ desiredAreaM2: { min: 300, max: 100 }, moveInDate: '2027-02-30', preferredContact: 'fax', desiredFloors: ['99F'] });
    expect(response.status).toBe(400);
    expect(response.json.error.fields).toMatchObject({
      desiredAreaM2: 'inquiryExtra.errors.areaRange',
      moveInDate: 'inquiryExtra.errors.dateInvalid',
      preferredContact: 'inquiryExtra.errors.invalid',
      'desiredFloors.0': 'inquiryExtra.errors.floorInvalid',
    });
    expect((await get('/api/inquiries')).json).toEqual([]);
  });

  it('moves an inquiry along the pipeline and records every change and note in its history', async () => {
    const { json: created } = await post();
    const contacted = await patch(created.id, { status: 'contacted', note: 'Called, wants a tour' });
    expect(contacted.status).toBe(200);
    expect(contacted.json.status).toBe('contacted');
    const firstChange = contacted.json.firstStatusChangeAt;
    expect(Date.parse(firstChange)).toBeGreaterThanOrEqual(Date.parse(created.createdAt));
    await patch(created.id, { note: 'Sent the floor plans' });
    await patch(created.id, { status: 'touring' });
    const noReason = await patch(created.id, { status: 'lost' });
    expect(noReason.status).toBe(400);
    expect(noReason.json.error.fields).toEqual({ lostReason: 'lostReasons.errors.required' });
    const lost = await patch(created.id, { status: 'lost', lostReason: 'leased_elsewhere' });
    expect(lost.json).toMatchObject({ status: 'lost', lostReason: 'leased_elsewhere', lostReasonText: null, firstStatusChangeAt: firstChange });
    const detail = (await get(`/api/inquiries/${created.id}`)).json;
    // Every change names who made it (the bootstrap owner here); the visitor's own arrival names nobody.
    const admin = { id: expect.any(String), name: 'Admin' };
    expect(detail.history.map(({ at: _at, ...entry }: { at: string }) => entry)).toEqual([
      { status: 'new' },
      { by: admin, status: 'contacted', note: 'Called, wants a tour' },
      { by: admin, note: 'Sent the floor plans' },
      { by: admin, status: 'touring' },
      { by: admin, status: 'lost', lostReason: 'leased_elsewhere' },
    ]);
    const times = detail.history.map((entry: { at: string }) => Date.parse(entry.at));
    expect(times).toEqual([...times].sort((a, b) => a - b));
  });

  it('refuses a bad change (400 with its key) and an unknown inquiry (404)', async () => {
    const { json: created } = await post();
    expect((await patch(created.id, { status: 'signed' })).json.error.fields).toEqual({ status: 'inbox.errors.statusInvalid' });
    expect((await patch(created.id, {})).status).toBe(400);
    expect((await patch(created.id, { status: 'won', lostReason: 'price' })).json.error.fields).toEqual({ lostReason: 'inbox.errors.lostReasonOnlyWhenLost' });
    const missing = await patch(randomUUID(), { status: 'won' });
    expect(missing.status).toBe(404);
    expect(missing.json.error.code).toBe('inquiry_not_found');
    expect((await get(`/api/inquiries/${created.id}`)).json.history).toHaveLength(1);
  });

  it('pages newest first with a cursor: no row twice or missed while new inquiries arrive', async () => {
    // Five share one timestamp, so the order between them rests on the id alone.
    const same = '2026-01-05T10:00:00.123456Z';
    for (let i = 0; i < 12; i++) {
      await ctx.db.insertInto('inquiries').values({ name: `Old ${i}`, email: 'a@example.com', phone: '010', message: 'm', createdAt: i < 5 ? same : new Date(Date.UTC(2026, 0, 1, 0, i)).toISOString() }).execute();
    }
    const first = await get('/api/inquiries?limit=5');
    expect(first.status).toBe(200);
    expect(first.json).toHaveLength(5);
    expect(first.headers.get('X-Total-Count')).toBe('12');
    const seen: string[] = first.json.map((i: { name: string }) => i.name);
    let link = first.headers.get('Link');
    await post({ name: 'Arrived while paging 1' });
    while (link) {
      const next = link.match(/<([^>]+)>; rel="next"/)![1]!;
      expect(next).toContain('limit=5');
      const page = await get(next);
      seen.push(...page.json.map((i: { name: string }) => i.name));
      await post({ name: `Arrived while paging ${seen.length}` });
      link = page.headers.get('Link');
    }
    expect(seen).toHaveLength(12);
    expect(new Set(seen).size).toBe(12);
    expect(seen.every((name) => name.startsWith('Old'))).toBe(true);
    expect(seen.slice(0, 5).sort()).toEqual(['Old 0', 'Old 1', 'Old 2', 'Old 3', 'Old 4']);
    expect(seen.slice(5)).toEqual(['Old 11', 'Old 10', 'Old 9', 'Old 8', 'Old 7', 'Old 6', 'Old 5']);
    // The total counts the arrivals as soon as they are stored.
    expect((await get('/api/inquiries?limit=5')).headers.get('X-Total-Count')).toBe('15');
    await patch((await post({ name: 'One more' })).json.id, { status: 'won', wonOverrideReason: 'Signed on paper' });
    expect((await get('/api/inquiries?limit=5')).headers.get('X-Total-Count')).toBe('16');
    expect((await get('/api/inquiries?limit=5&status=won')).headers.get('X-Total-Count')).toBe('1');
  });

  it('bounds the page size (default 50, at most 200) and refuses a forged cursor', async () => {
    expect((await get('/api/inquiries?limit=201')).json.error.fields).toEqual({ limit: 'inbox.errors.limitInvalid' });
    expect((await get('/api/inquiries?limit=0')).status).toBe(400);
    expect((await get('/api/inquiries?cursor=bm9wZQ')).json.error.code).toBe('invalid_cursor');
    for (let i = 0; i < 51; i++) await ctx.db.insertInto('inquiries').values({ name: `N${i}`, email: 'a@example.com', phone: '1', message: 'm' }).execute();
    const page = await get('/api/inquiries');
    expect(page.json).toHaveLength(50);
    expect(page.headers.get('Link')).toMatch(/rel="next"/);
  });

  it('filters by status, unit, floor and dates, searches name, company, email, phone and message, and counts per status', async () => {
    const unitId = randomUUID();
    const a = (await post({ name: 'Kim Minjun', company: 'Blue Bottle', message: '1층 카페 자리' })).json;
    const b = (await post({ name: 'Lee', email: 'Lee@Clinic.example', phone: '02-555-0199', message: 'Dental clinic, 50% larger', desiredFloors: ['3F'] })).json;
    const c = (await post({ name: 'Park', message: 'Office' })).json;
    await ctx.db.updateTable('inquiries').set({ unitId, unitFloor: '2F', unitNumber: '201' }).where('id', '=', c.id).execute();
    await ctx.db.updateTable('inquiries').set({ createdAt: '2026-03-01T15:30:00Z' }).where('id', '=', a.id).execute(); // 3/2 00:30 in Seoul
    await patch(b.id, { status: 'contacted' });
    const names = async (query: string) => (await get(`/api/inquiries?${query}`)).json.map((i: { name: string }) => i.name).sort();
    expect(await names('status=contacted')).toEqual(['Lee']);
    expect(await names(`unitId=${unitId}`)).toEqual(['Park']);
    expect((await get(`/api/inquiries?unitId=${unitId}`)).json[0].unit).toEqual({ floor: '2F', unitNumber: '201' });
    expect(await names('floor=2F')).toEqual(['Park']);
    expect(await names('floor=3F')).toEqual(['Lee']);
    expect(await names('from=2026-03-02&to=2026-03-02')).toEqual(['Kim Minjun']);
    expect(await names('to=2026-03-01')).toEqual([]);
    expect(await names('search=BLUE')).toEqual(['Kim Minjun']);
    expect(await names('search=카페')).toEqual(['Kim Minjun']);
    expect(await names('search=lee@clinic')).toEqual(['Lee']);
    expect(await names('search=555-0199')).toEqual(['Lee']);
    expect(await names('search=50%25')).toEqual(['Lee']);
    expect(await names('search=%25')).toEqual(['Lee']);
    expect(await names('search=&status=')).toEqual(['Kim Minjun', 'Lee', 'Park']);
    // The reference number the visitor was shown after sending (the id's first 8 characters, upper-cased).
    const quoted = b.id.replace(/-/g, '').slice(0, 8).toUpperCase();
    expect(await names(`search=${quoted}`)).toEqual(['Lee']);
    expect(await names(`search=${encodeURIComponent(`#${quoted.toLowerCase()}`)}`)).toEqual(['Lee']);
    expect(await names(`search=${quoted.slice(0, 7)}`)).toEqual([]);
    expect((await get('/api/inquiries?search=lee')).headers.get('X-Total-Count')).toBe('1');
    expect((await get('/api/inquiries?status=won')).status).toBe(200);
    expect((await get('/api/inquiries?status=bogus')).status).toBe(400);
    expect((await get('/api/inquiries?from=yesterday')).json.error.fields).toEqual({ from: 'inbox.errors.dateInvalid' });
    const counts = await get('/api/inquiries/counts');
    expect(counts.json).toEqual({ all: 3, new: 2, contacted: 1, touring: 0, proposal: 0, won: 0, lost: 0 });
    expect((await get('/api/inquiries/counts?status=won&search=park')).json).toMatchObject({ all: 1, new: 1 });
  });

  it('reports the median time to a first status change over the last 30 days', async () => {
    const stats = async () => (await get('/api/inquiries/stats')).json;
    expect((await stats()).medianFirstResponseSeconds).toBeNull();
    const ids = [] as string[];
    for (let i = 0; i < 3; i++) ids.push((await post({ name: `S${i}` })).json.id);
    const minutes = [10, 30, 600];
    for (const [i, id] of ids.entries()) {
      await ctx.db.updateTable('inquiries').set({ createdAt: sql`now() - make_interval(mins => ${minutes[i]})` }).where('id', '=', id).execute();
      await patch(id, { status: 'contacted' });
      await patch(id, { status: 'touring' }); // later changes do not move the first one
    }
    expect(Math.round((await stats()).medianFirstResponseSeconds / 60)).toBe(30);
    expect((await stats()).notifications).toEqual({ teamMail: false, webhook: false, confirmation: false });
  });

  it('exports what the filters select as UTF-8 CSV with BOM, RFC 4180 quoting and formulas neutralised', async () => {
    await post({ name: '=HYPERLINK("http://evil.example","x")', company: '+82 Holdings', message: 'line one\r\nline "two", with comma' });
    await post({ name: '김민준', phone: '-82 10-1234-5678', company: '@SUM(A1)', message: 'Tabbed' });
    await post({ name: 'Filtered out', message: 'no' });
    const auth = { Authorization: `Bearer ${token}` };
    const none = await raw(inquiries, '/api/inquiries/export?reason=report&search=%ED%95%9C%20%EB%A7%A4%EC%9E%A5', auth); // 한 매장: matches nothing
    expect(decode(none.bytes).split('\r\n').filter(Boolean)).toHaveLength(1);
    const one = await raw(inquiries, '/api/inquiries/export?reason=report&lang=ko&search=%EB%AF%BC%EC%A4%80', auth); // 민준
    expect(one.status).toBe(200);
    expect(one.headers.get('Content-Type')).toBe('text/csv; charset=utf-8');
    expect(one.headers.get('Content-Disposition')).toMatch(/^attachment; filename="inquiries-\d{4}-\d\d-\d\d\.csv"$/);
    expect(decode(one.bytes).split('\r\n').filter(Boolean)).toHaveLength(2);
    const all = await raw(inquiries, '/api/inquiries/export?reason=report&lang=ko', auth);
    expect([...all.bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = decode(all.bytes).slice(1);
    expect(text.startsWith('접수일시 (KST),상태,이름,회사,')).toBe(true);
    expect(text).toContain(`"'=HYPERLINK(""http://evil.example"",""x"")"`);
    expect(text).toContain(`'+82 Holdings`);
    expect(text).toContain(`"line one\r\nline ""two"", with comma"`);
    expect(text).toContain(`,김민준,'@SUM(A1),`);
    expect(text).toContain(`,'-82 10-1234-5678,`);
    // Tabs and CRs cannot start a stored field (the form trims), but a cell is neutralised all the same.
    expect([csvCell('\tx'), csvCell('\rx'), csvCell('-'), csvCell(-5), csvCell('a-b')]).toEqual([`'\tx`, `"'\rx"`, `'-`, '-5', 'a-b']);
    expect(text.split('\r\n').filter(Boolean)).toHaveLength(5); // header + 3 rows, one with a quoted line break
  });

  it('exports times in Korea time as spreadsheets read them, the page language by name, and the internal notes (issue 16)', async () => {
    const sent = (await post({ name: 'Kim KST', locale: 'ja' })).json;
    // 17:49:38 UTC is 02:49:38 the next morning in Seoul: the inbox's day, not UTC's.
    await ctx.db.updateTable('inquiries').set({ createdAt: '2026-11-24T17:49:38.084Z' }).where('id', '=', sent.id).execute();
    await patch(sent.id, { note: 'Called back, wants a tour' });
    await patch(sent.id, { note: '=cmd|"/c calc"!A1' });
    const auth = { Authorization: `Bearer ${token}` };
    const rows = async (lang: string) => {
      const [header, row] = decode((await raw(inquiries, `/api/inquiries/export?reason=report&lang=${lang}&search=Kim%20KST`, auth)).bytes).slice(1).split('\r\n');
      return { header: header!.split(','), row: row! };
    };
    const ko = await rows('ko');
    expect(ko.header[0]).toBe('접수일시 (KST)');
    expect(ko.header).toContain('내부 메모');
    expect(ko.row.startsWith('2026-11-25 02:49:38,')).toBe(true);
    expect(ko.row).toContain(',일본어,');
    expect(ko.row).not.toMatch(/,ja,/);
    // Each note on its own line with its Korean time; a note that looks like a formula stays text.
    expect(ko.row).toMatch(/"\d{4}-\d\d-\d\d \d\d:\d\d Called back, wants a tour\n\d{4}-\d\d-\d\d \d\d:\d\d =cmd\|""\/c calc""!A1"/);
    const en = await rows('en');
    expect(en.header[0]).toBe('Received (KST)');
    expect(en.header).toContain('Internal notes');
    expect(en.row).toContain(',Japanese,');
  });

  it('exports uses, spaces and floors in the reader’s words, never their codes (issue 38)', async () => {
    const units = (await ctx.db.selectFrom('units').select(['id', 'floor', 'unitNumber', 'status']).execute()).filter((unit) => unit.status !== 'leased');
    const unit = units[0];
    await post({ name: 'Raw Codes', businessType: 'Medical', desiredFloors: ['3F', 'B1'], locale: 'en', ...(unit ? { unitId: unit.id } : {}) });
    const auth = { Authorization: `Bearer ${token}` };
    const [, row] = decode((await raw(inquiries, '/api/inquiries/export?reason=report&lang=ko&search=Raw%20Codes', auth)).bytes).slice(1).split('\r\n');
    expect(row).toContain(',의료,');
    expect(row).toContain('"3층, 지하 1층"');
    if (unit) expect(row).toContain(`층 ${unit.unitNumber}호`);
    expect(row).not.toMatch(/\b(Medical|3F|B1)\b|,en,/);
    const [, english] = decode((await raw(inquiries, '/api/inquiries/export?reason=report&lang=en&search=Raw%20Codes', auth)).bytes).slice(1).split('\r\n');
    expect(english).toContain(',Medical,');
    expect(english).toContain('"Floor 3, Basement 1"');
    // One way to write a space, and "상관없음" (the form's choice, sent as no method) said as chosen, not left blank.
    if (unit) expect(english).toContain(`"Floor ${unit.floor.replace('F', '')}, Unit ${unit.unitNumber}"`);
    expect(row).toContain(',상관없음,');
    expect(english).toContain(',No preference,');
  });

  it('refuses forged cursors and impossible dates with 400 and a code, never a failed query; the export is whole or not sent (issue 16)', async () => {
    await post({ name: 'Dated' });
    const cursor = (text: string) => Buffer.from(text).toString('base64url');
    const id = randomUUID();
    for (const forged of [
      cursor(`2026-13-01T00:00:00.000000Z|${id}`),
      cursor(`0000-01-01T00:00:00.000000Z|${id}`),
      cursor(`2026-02-31T00:00:00.000000Z|${id}`),
      cursor(`2026-01-01T24:61:00.000000Z|${id}`),
      cursor(`2026-01-01T00:00:00.000000Z|${'-'.repeat(36)}`),
    ]) {
      const response = await get(`/api/inquiries?cursor=${forged}`);
      expect(response.status, Buffer.from(forged, 'base64url').toString()).toBe(400);
      expect(response.json.error.code).toBe('invalid_cursor');
    }
    for (const [query, field] of [['from=2026-02-31', 'from'], ['to=0000-00-00', 'to'], ['from=0000-01-01', 'from'], ['to=2026-04-31', 'to']] as const) {
      for (const path of ['/api/inquiries', '/api/inquiries/counts']) {
        const response = await get(`${path}?${query}`);
        expect(response.status, `${path}?${query}`).toBe(400);
        expect(response.json.error).toMatchObject({ code: 'invalid_input', fields: { [field]: 'inbox.errors.dateInvalid' } });
      }
      const exported = await raw(inquiries, `/api/inquiries/export?reason=report&${query}`, { Authorization: `Bearer ${token}` });
      expect(exported.status).toBe(400);
      expect(exported.headers.get('content-type')).toContain('application/json');
    }
    expect((await get('/api/inquiries?from=2028-02-29&to=2028-03-01')).status).toBe(200);
  });

  it('signs one attachment on request, and an expired link opens a readable page in the admin language', async () => {
    const attachment = await uploaded('attachment', new TextEncoder().encode('%PDF-1.4 plan'));
    const { json: created } = await post({ attachments: [attachment] });
    const detail = (await get(`/api/inquiries/${created.id}`)).json;
    expect(detail.attachmentFiles).toEqual([{ name: 'plan.pdf', size: 13, contentType: 'application/pdf' }]);
    expect((await call(inquiries, 'POST', `/api/inquiries/${created.id}/attachments/1/link`, { token })).status).toBe(404);
    const { json } = await call(inquiries, 'POST', `/api/inquiries/${created.id}/attachments/0/link?lang=ja`, { token });
    const opened = await raw(objects, json.url);
    expect(opened.status).toBe(200);
    expect(decode(opened.bytes)).toBe('%PDF-1.4 plan');
    // Opened after the link's lifetime (5 minutes).
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 6 * 60_000);
    const page = await raw(objects, json.url, { Accept: 'text/html,*/*' }).finally(() => vi.useRealTimers());
    expect(page.status).toBe(404);
    expect(page.headers.get('Content-Type')).toBe('text/html; charset=utf-8');
    expect(decode(page.bytes)).toContain('<html lang="ja">');
    expect(decode(page.bytes)).toContain('リンクの有効期限が切れました');
    const missing = await raw(objects, `/objects/uploads/${randomUUID()}`, { Accept: 'text/html', 'Accept-Language': 'en-US,en;q=0.8' });
    expect(decode(missing.bytes)).toContain('File not found');
    // API clients keep the JSON error.
    const forged = json.url.replace(/expires=\d+/, 'expires=1000');
    expect(decode((await raw(objects, forged, { Accept: 'text/html' })).bytes)).toContain('ファイルが見つかりません');
    expect((await call(objects, 'GET', forged)).json.error.code).toBe('object_not_found');
  });
});
