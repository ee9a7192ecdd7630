import { randomUUID } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import inquiries from '../../functions/inquiries.ts';
import settings from '../../functions/admin-settings.ts';
import me from '../../functions/admin-me.ts';
import tours from '../../functions/tours.ts';
import { seoulInstant } from '../../src/shared/tours.ts';
import { officeDayAhead } from '../support/office-days.ts';
import { RETENTION_DEFAULTS, RETENTION_RANGE } from '../../src/shared/privacy/retention.ts';
import type { Db } from '../../src/server/db/index.ts';
import { resetServerEnv } from '../../src/server/env.ts';
import { drainOutbox } from '../../src/server/notify/outbox.ts';
import { blobStore } from '../../src/server/objects/blob-store.ts';
import { storeObject } from '../../src/server/objects/storage.ts';
import { coveredTables, HELD_UNTIL_REQUEST_CLOSES } from '../../src/server/privacy/personal-data.ts';
import { runRetention } from '../../src/server/privacy/retention.ts';
import { call } from '../support/api-calls.ts';
import { adminToken, inquiryBody, useApiBackend } from '../support/api-suite.ts';
import { availableBackends } from '../support/db-backends.ts';
import { startSmtp } from '../support/smtp.ts';

const DAY_MS = 86_400_000;

/** Every row of every table of the schema, as text: what a copy of the database would give away. */
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

/** Every object of every blob store, with its metadata, and every file the store keeps on disk. */
async function dumpBlobs(directory: string): Promise<string> {
  const parts: string[] = [];
  for (const name of ['objects', 'uploads', 'upload-parts']) {
    const store = blobStore(name);
    const { blobs } = await store.list();
    for (const blob of blobs) {
      const found = await store.getWithMetadata(blob.key, { type: 'arrayBuffer' });
      parts.push(blob.key, JSON.stringify(found?.metadata ?? {}), Buffer.from(found?.data ?? new ArrayBuffer(0)).toString('utf8'));
    }
  }
  const walk = async (dir: string): Promise<void> => {
    for (const entry of await readdir(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) await walk(full);
      else parts.push(entry.name, (await readFile(full)).toString('utf8'));
    }
  };
  await walk(directory);
  return parts.join('\n').toLowerCase();
}

/** The anonymous facts reports count on: by status, month, floor and visit channel. */
async function counts(db: Db) {
  const by = async (expression: ReturnType<typeof sql>) =>
    (await sql<{ key: string | null; n: number }>`select ${expression} as key, count(*)::int as n from inquiries group by 1 order by 1`.execute(db)).rows;
  return {
    status: await by(sql`status`),
    month: await by(sql`to_char(created_at, 'YYYY-MM')`),
    floor: await by(sql`coalesce(unit_floor, array_to_string(desired_floors, ','))`),
    channel: await by(sql`source->'utm'->>'utm_source'`),
  };
}

/** A visitor with words of their own, so every copy of them can be searched for. */
function visitor(tag: string) {
  const word = `${tag}${randomUUID().slice(0, 6)}`;
  return {
    name: `Zorbald ${word}name`,
    email: `${word}@example.com`,
    phone: `010-${String(Math.floor(1000 + Math.random() * 8999))}-${String(Math.floor(1000 + Math.random() * 8999))}`,
    company: `${word}corp`,
    message: `Wanting ${word}msgone ${word}msgtwo office space for our team`,
    note: `${word}noteword called back`,
    lostReason: `${word}lostword budget`,
    file: `${word}-business-plan.pdf`,
    referrer: `https://search.example/?q=${word}ref`,
    words(): string[] {
      return [this.name, this.email, this.phone, this.company, `${word}msgone`, `${word}msgtwo`, `${word}noteword`, `${word}lostword`, `${word}-business-plan`, `${word}ref`, `${word}filebody`].map((w) => w.toLowerCase());
    },
  };
}
type Visitor = ReturnType<typeof visitor>;

describe.each(availableBackends())('privacy: destruction on time on $name', (backend) => {
  const ctx = useApiBackend(backend);
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let token = '';

  beforeAll(async () => {
    smtp = await startSmtp();
    process.env.SMTP_URL = `smtp://127.0.0.1:${smtp.port}`;
    process.env.INQUIRY_NOTIFY_TO = 'leasing@btower.example';
    process.env.INQUIRY_NOTIFY_FROM = 'B TOWER <noreply@btower.example>';
    resetServerEnv();
  });
  // A run with a clock ahead ends every session that expires before it (as it should): each test signs in anew.
  beforeEach(async () => {
    token = await adminToken();
  });
  afterAll(async () => {
    for (const name of ['SMTP_URL', 'INQUIRY_NOTIFY_TO', 'INQUIRY_NOTIFY_FROM']) delete process.env[name];
    resetServerEnv();
    await smtp.stop();
  });

  /** An inquiry as a visitor sends it (attachment, idempotency key, source), worked by staff (note, lost or won). */
  async function sent(person: Visitor, close?: 'lost' | 'won') {
    const id = randomUUID();
    await storeObject({ id, purpose: 'attachment', filename: person.file, declaredType: 'application/pdf' }, new TextEncoder().encode(`%PDF-1.4 ${person.words().at(-1)}`));
    const created = await call(inquiries, 'POST', '/api/inquiries', {
      headers: { 'Idempotency-Key': randomUUID() },
      body: inquiryBody({
        name: person.name, email: person.email, phone: person.phone, company: person.company, message: person.message,
        attachments: [`/objects/uploads/${id}`], desiredFloors: ['3F'], locale: 'en',
        source: { path: `/en/contact?who=${person.words()[0]!.split(' ')[1]}`, referrer: person.referrer, utm: { utm_source: 'naver' } },
      }),
    });
    expect(created.status).toBe(201);
    const inquiryId = created.json.id as string;
    expect((await call(inquiries, 'PATCH', `/api/inquiries/${inquiryId}`, { token, body: { note: person.note } })).status).toBe(200);
    if (close) {
      const closed = await call(inquiries, 'PATCH', `/api/inquiries/${inquiryId}`, { token, body: close === 'lost' ? { status: 'lost', lostReason: 'other', lostReasonText: person.lostReason } : { status: 'won', wonOverrideReason: 'Signed on paper' } });
      expect(closed.status).toBe(200);
    }
    return inquiryId;
  }

  /** Moves an inquiry's arrival and closing back in time (the fixture; the run's clock is injected). */
  async function age(id: string, createdAt: Date, closedAt?: Date) {
    await ctx.db.updateTable('inquiries').set({ createdAt }).where('id', '=', id).execute();
    await ctx.db.updateTable('inquiryHistory').set({ at: createdAt }).where('inquiryId', '=', id).where('status', '=', 'new').execute();
    if (closedAt) await ctx.db.updateTable('inquiryHistory').set({ at: closedAt }).where('inquiryId', '=', id).where('status', 'in', ['won', 'lost']).execute();
    await ctx.db.updateTable('inquiryHistory').set({ at: createdAt }).where('inquiryId', '=', id).where('status', 'is', null).execute();
  }

  const found = (text: string, person: Visitor) => person.words().filter((word) => text.includes(word));

  it('destroys an inquiry closed past the period (and an open one at three years) everywhere, keeps the rest and every count', async () => {
    // The run's clock: a month from now, so every fixture lies in the past of it.
    const now = new Date(Date.now() + 30 * DAY_MS);
    const closedLong = visitor('a');
    const closedRecent = visitor('b');
    const openLong = visitor('c');
    const openRecent = visitor('d');
    const a = await sent(closedLong, 'lost');
    const b = await sent(closedRecent, 'won');
    const c = await sent(openLong);
    const d = await sent(openRecent);
    await age(a, new Date(now.getTime() - 400 * DAY_MS), new Date(now.getTime() - 366 * DAY_MS));
    await age(b, new Date(now.getTime() - 400 * DAY_MS), new Date(now.getTime() - 364 * DAY_MS));
    await age(c, new Date(now.getTime() - 1096 * DAY_MS));
    await age(d, new Date(now.getTime() - 1094 * DAY_MS));
    await drainOutbox(ctx.db);
    expect(await ctx.db.selectFrom('outbox').select('id').where('inquiryId', '=', a).where('sentAt', 'is not', null).execute()).not.toHaveLength(0);

    // Before: the visitor's words are in these tables; each one must be in the personal-data map.
    const before = await dumpTables(ctx.db);
    const holding = [...before].filter(([, text]) => found(text, closedLong).length > 0).map(([table]) => table);
    expect(holding).toEqual(expect.arrayContaining(['inquiries', 'inquiry_history', 'audit_events']));
    const covered = new Set([...coveredTables(), ...HELD_UNTIL_REQUEST_CLOSES]);
    expect(holding.filter((table) => !covered.has(table)), 'tables holding a visitor\'s data that the personal-data map does not name').toEqual([]);
    expect(found(await dumpBlobs(ctx.blobs.directory), closedLong)).toContain(closedLong.file.replace('.pdf', '').toLowerCase());
    const countsBefore = await counts(ctx.db);

    const run = await runRetention(ctx.db, now);
    expect(run.destroyed.map((done) => done.id).sort()).toEqual([a, c].sort());
    const touched = run.destroyed.find((done) => done.id === a)!.touched;
    expect(touched).toMatchObject({ attachments: 1, inquiry: 1, history: 2 });
    expect(touched.outbox).toBeGreaterThan(0);
    expect(touched['activity log']).toBeGreaterThan(0);

    // After: none of their words anywhere in the database or the blob store; the others' words untouched.
    const after = await dumpTables(ctx.db);
    const blobs = await dumpBlobs(ctx.blobs.directory);
    for (const person of [closedLong, openLong]) {
      for (const [table, text] of after) expect(found(text, person), `${table} still holds`).toEqual([]);
      expect(found(blobs, person), 'the blob store still holds').toEqual([]);
    }
    const all = [...after.values()].join('\n');
    for (const person of [closedRecent, openRecent]) {
      expect(found(all, person)).toEqual(expect.arrayContaining([person.name.toLowerCase(), person.email, `${person.note.split('noteword')[0]}noteword`.toLowerCase()]));
      expect(found(blobs, person)).not.toEqual([]);
    }
    expect(await counts(ctx.db)).toEqual(countsBefore);
    token = await adminToken();

    // The activity log keeps who, what and when, and the facts of the work; its personal values say "destroyed"; the
    // destruction itself is there, by the system.
    const entries = await ctx.db.selectFrom('auditEvents').selectAll().where('entity', '=', 'inquiry').where('entityId', '=', a).orderBy('at').execute();
    expect(entries.map((entry) => entry.action)).toEqual(expect.arrayContaining(['note', 'update', 'destroy']));
    const destroyEntry = entries.find((entry) => entry.action === 'destroy')!;
    expect(destroyEntry.actorId).toBeNull();
    expect(Object.keys(destroyEntry.changes)).toEqual(expect.arrayContaining(['name', 'email', 'destroyed_at']));
    for (const entry of entries.filter((e) => e.action !== 'destroy')) {
      for (const personal of ['name', 'email', 'phone', 'company', 'message', 'note', 'lost_reason_text', 'source', 'attachments', 'marketing_consent']) {
        if (personal in entry.changes) expect(entry.changes[personal], personal).toEqual(['destroyed', 'destroyed']);
      }
    }
    expect(entries.find((entry) => entry.changes.status && entry.action === 'update')!.changes.status).toEqual(['new', 'lost']);

    // The admin sees it as destroyed: null personal fields, no attachments, a label in the CSV; it cannot be changed.
    const detail = await call(inquiries, 'GET', `/api/inquiries/${a}`, { token });
    expect(detail.json).toMatchObject({ name: null, email: null, phone: null, message: null, company: null, attachments: [], attachmentFiles: [], status: 'lost', lostReason: 'other', lostReasonText: null, desiredFloors: ['3F'], locale: 'en' });
    expect(detail.json.destroyedAt).not.toBeNull();
    expect(detail.json.source).toEqual({ path: '/en/contact', referrer: 'https://search.example', utm: { utm_source: 'naver' } });
    expect(detail.json.history.map((entry: { status?: string }) => entry.status).filter(Boolean)).toEqual(['new', 'lost']);
    expect((await call(inquiries, 'GET', `/api/inquiries/${b}`, { token })).json.destroyedAt).toBeNull();
    const patched = await call(inquiries, 'PATCH', `/api/inquiries/${a}`, { token, body: { note: 'again' } });
    expect(patched.status).toBe(409);
    expect(patched.json.error.code).toBe('inquiry_destroyed');
    const csv = await inquiries(new Request('http://127.0.0.1/api/inquiries/export?lang=en&reason=report', { headers: { Authorization: `Bearer ${token}` } }), { ip: randomUUID(), params: {} } as never);
    const lines = (await csv.text()).split('\n').filter((line) => line.includes('Personal data destroyed'));
    expect(lines).toHaveLength(2);

    // A second run finds nothing more to do.
    expect((await runRetention(ctx.db, now)).destroyed).toEqual([]);
  });

  it('destroys at once for the owner (POST /api/inquiries/{id}/destroy), the same way, and only once', async () => {
    const person = visitor('e');
    const id = await sent(person);
    const done = await call(inquiries, 'POST', `/api/inquiries/${id}/destroy`, { token });
    expect(done.status).toBe(200);
    expect(done.json.inquiry).toMatchObject({ id, name: null, email: null, attachments: [] });
    expect(done.json.touched).toMatchObject({ attachments: 1, inquiry: 1 });
    for (const [table, text] of await dumpTables(ctx.db)) expect(found(text, person), table).toEqual([]);
    const again = await call(inquiries, 'POST', `/api/inquiries/${id}/destroy`, { token });
    expect(again.status).toBe(409);
    expect(again.json.error.code).toBe('inquiry_destroyed');
    const missing = await call(inquiries, 'POST', `/api/inquiries/${randomUUID()}/destroy`, { token });
    expect(missing.json.error.code).toBe('inquiry_not_found');
    const owner = await ctx.db.selectFrom('auditEvents').select(['actorId', 'actorName']).where('entityId', '=', id).where('action', '=', 'destroy').executeTakeFirstOrThrow();
    expect(owner.actorName).toBe('admin');
  });

  it('takes the periods from the owner\'s settings, within their range', async () => {
    const read = await call(settings, 'GET', '/api/admin/settings', { token });
    expect(read.json).toMatchObject(RETENTION_DEFAULTS);
    for (const bad of [RETENTION_RANGE.min - 1, RETENTION_RANGE.max + 1, 1.5, '365']) {
      const refused = await call(settings, 'PATCH', '/api/admin/settings', { token, body: { retentionAfterCloseDays: bad } });
      expect(refused.status).toBe(400);
      expect(refused.json.error.fields.retentionAfterCloseDays).toBe('privacyRequests.errors.retentionInvalid');
    }
    const person = visitor('f');
    const id = await sent(person, 'won');
    const now = new Date(Date.now() + 10 * DAY_MS);
    await age(id, new Date(now.getTime() - 100 * DAY_MS), new Date(now.getTime() - 61 * DAY_MS));
    expect((await runRetention(ctx.db, now)).destroyed.map((done) => done.id)).not.toContain(id);
    token = await adminToken();
    const saved = await call(settings, 'PATCH', '/api/admin/settings', { token, body: { retentionAfterCloseDays: 60, retentionOpenDays: 90 } });
    expect(saved.json).toMatchObject({ retentionAfterCloseDays: 60, retentionOpenDays: 90 });
    expect((await runRetention(ctx.db, now)).destroyed.map((done) => done.id)).toContain(id);
    await call(settings, 'PATCH', '/api/admin/settings', { token, body: RETENTION_DEFAULTS });
  });

  it('expires client addresses and tokens past their use, and keeps what is still in use', async () => {
    const now = new Date();
    const old = new Date(now.getTime() - 2 * DAY_MS);
    await ctx.db.insertInto('throttleHits').values([{ bucket: 'inquiry', clientKey: 'old-client', at: old }, { bucket: 'inquiry', clientKey: 'new-client', at: now }]).execute();
    await ctx.db.insertInto('loginAttempts').values([{ clientKey: 'old-login', at: old }, { clientKey: 'new-login', at: now }]).execute();
    await ctx.db.insertInto('authTokens').values([
      { id: randomUUID(), purpose: 'password-reset', tokenHash: randomUUID(), email: 'spent@btower.example', expiresAt: new Date(now.getTime() + DAY_MS), usedAt: old },
      { id: randomUUID(), purpose: 'password-reset', tokenHash: randomUUID(), email: 'expired@btower.example', expiresAt: old },
      { id: randomUUID(), purpose: 'password-reset', tokenHash: randomUUID(), email: 'live@btower.example', expiresAt: new Date(now.getTime() + DAY_MS) },
    ]).execute();
    await ctx.db.insertInto('webauthnChallenges').values([{ challenge: 'old', purpose: 'sign-in', expiresAt: old }, { challenge: 'live', purpose: 'sign-in', expiresAt: new Date(now.getTime() + 60_000) }]).execute();
    const run = await runRetention(ctx.db, now);
    expect(run.expired).toMatchObject({ 'throttle hits': 1, 'login attempts': 1, 'invitation and reset links': 2, 'passkey challenges': 1 });
    expect((await ctx.db.selectFrom('throttleHits').select('clientKey').where('clientKey', 'in', ['old-client', 'new-client']).execute()).map((r) => r.clientKey)).toEqual(['new-client']);
    expect((await ctx.db.selectFrom('authTokens').select('email').execute()).map((r) => r.email)).toEqual(['live@btower.example']);
    expect((await ctx.db.selectFrom('webauthnChallenges').select('challenge').execute()).map((r) => r.challenge)).toEqual(['live']);
    // The signed-in owner's session is live and stays.
    expect((await call(settings, 'GET', '/api/admin/settings', { token })).status).toBe(200);
  });

  it('keeps the activity log append-only outside a destruction', async () => {
    const row = await ctx.db.selectFrom('auditEvents').select(['id']).executeTakeFirstOrThrow();
    await expect(ctx.db.updateTable('auditEvents').set({ changes: '{}' }).where('id', '=', row.id).execute()).rejects.toThrow(/append-only/);
    await expect(ctx.db.deleteFrom('auditEvents').where('id', '=', row.id).execute()).rejects.toThrow(/append-only/);
  });

  it('keeps the facts of the work in the activity log: status, assignee, next step, a tour\'s host, time and spaces', async () => {
    const person = visitor('facts');
    const id = await sent(person);
    const owner = (await call(me, 'GET', '/api/admin/me', { token })).json as { id: string };
    const unit = await ctx.db.insertInto('units').values({ floor: '5F', unitNumber: '502', exclusiveAreaM2: 80, supplyAreaM2: 130, status: 'available' }).returning('id').executeTakeFirstOrThrow();
    const day = officeDayAhead(4);
    expect((await call(inquiries, 'PATCH', `/api/inquiries/${id}`, { token, body: { assigneeId: owner.id, nextStepOn: day, status: 'contacted' } })).status).toBe(200);
    const startsAt = seoulInstant(day, '14:00').toISOString();
    const tour = await call(tours, 'POST', `/api/inquiries/${id}/tours`, { token, body: { startsAt, durationMinutes: 30, unitIds: [unit.id], internalNotes: `Bring ${person.name}'s plan`, messageToProspect: `Hello ${person.name}` } });
    expect(tour.status).toBe(201);
    expect((await call(inquiries, 'POST', `/api/inquiries/${id}/destroy`, { token })).status).toBe(200);

    const log = await ctx.db.selectFrom('auditEvents').selectAll().where((eb) => eb.or([eb('entityId', '=', id), eb('entityId', '=', tour.json.id)])).orderBy('at').execute();
    const changes = log.map((entry) => entry.changes as Record<string, [unknown, unknown]>);
    expect(changes.find((c) => c.assignee_id)!.assignee_id).toEqual([null, owner.id]);
    expect(changes.find((c) => c.next_step_on)!.next_step_on).toEqual([null, day]);
    expect(changes.filter((c) => c.status).map((c) => c.status)).toEqual(expect.arrayContaining([['new', 'contacted'], ['contacted', 'touring']]));
    const booked = log.find((entry) => entry.entity === 'tour' && entry.action === 'create')!.changes as Record<string, [unknown, unknown]>;
    expect(booked).toMatchObject({ host_id: [null, owner.id], unit_ids: [null, [unit.id]], status: [null, 'scheduled'] });
    expect(new Date(booked.starts_at![1] as string).toISOString()).toBe(startsAt);
    expect(booked.internal_notes).toEqual(['destroyed', 'destroyed']);
    expect(booked.message_to_prospect).toEqual(['destroyed', 'destroyed']);
    // And no word of the visitor is left in any of it.
    expect(found(JSON.stringify(log).toLowerCase(), person)).toEqual([]);
  });
});
