import { sql } from 'kysely';
import type { Locale } from '../../i18n/locales.ts';
import { koreanDay } from '../../shared/business-hours.ts';
import { ASSIGNABLE_ROLES } from '../../shared/roles.ts';
import {
  addDays,
  nextFreeStarts,
  overlaps,
  slotProblem,
  TOUR_LIST_MAX_DAYS,
  weekStart,
  type BusySpan,
  type Tour,
  type TourCreate,
  type TourFilter,
  type TourOutcome,
  type TourPatch,
  type TourStatus,
} from '../../shared/tours.ts';
import { withActor, type AuditActor, type Trx } from '../audit/actor.ts';
import type { Db } from '../db/index.ts';
import { HttpError } from '../http/errors.ts';
import { staleOrMissing } from '../http/versions.ts';
import { asLocale } from '../i18n.ts';
import { officeHolidays } from '../inquiries/response-time.ts';
import { readSettings } from '../settings/queries.ts';
import { queueTourMail, timeLastTold, type TourTime } from './mail-queue.ts';
import { lockInquiryForProcessing } from '../privacy/processing-guard.ts';

const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;
/** How far around a refused slot the host's calendar is read to offer free starts. */
const NEXT_FREE_WINDOW_DAYS = 14;

/** Who books or changes a tour: their account and how the activity log names them. */
export interface TourEditor {
  id: string;
  actor: AuditActor;
}

export const tourNotFound = () => new HttpError(404, 'tour_not_found', 'No tour with this id');
const invalid = (field: string, key: string, nextFree?: Date[]) =>
  new HttpError(400, 'invalid_input', 'Some fields are missing or invalid', { fields: { [field]: key }, ...(nextFree ? { nextFree: nextFree.map((at) => at.toISOString()) } : {}) });
const slotUnavailable = (nextFree: Date[]) =>
  new HttpError(409, 'slot_unavailable', 'The host has another tour then (buffer included)', { fields: { startsAt: 'tours.errors.slotUnavailable' }, nextFree: nextFree.map((at) => at.toISOString()) });

/** The database refused an overlapping tour (the tours_no_overlap trigger, schema.sql). */
function isOverlap(error: unknown): boolean {
  return (error as { code?: string } | null)?.code === '23P01';
}

/** The host's scheduled tours around `at` (other than `except`), as busy spans. */
async function busySpans(db: Db | Trx, hostId: string, at: Date, except?: string): Promise<BusySpan[]> {
  const rows = await db
    .selectFrom('tours')
    .select(['startsAt', 'busyUntil'])
    .where('hostId', '=', hostId)
    .where('status', '=', 'scheduled')
    .where('busyUntil', '>', new Date(at.getTime() - DAY_MS))
    .where('startsAt', '<', new Date(at.getTime() + NEXT_FREE_WINDOW_DAYS * DAY_MS))
    .$if(Boolean(except), (query) => query.where('id', '!=', except!))
    .execute();
  return rows.map((row) => ({ startsAt: new Date(row.startsAt), busyUntil: new Date(row.busyUntil) }));
}

async function freeStartsFor(db: Db | Trx, hostId: string, startsAt: Date, durationMinutes: number, buffer: number, now: Date, except?: string): Promise<Date[]> {
  return nextFreeStarts(startsAt, durationMinutes, buffer, await busySpans(db, hostId, startsAt, except), now, officeHolidays());
}

/** The clock's rules (400 with `fields.startsAt`), then the host's calendar (409 `slot_unavailable`). */
async function checkSlot(trx: Trx, hostId: string, startsAt: Date, durationMinutes: number, buffer: number, now: Date, except?: string): Promise<void> {
  const problem = slotProblem(startsAt, durationMinutes, now, officeHolidays());
  if (problem) {
    const from = problem === 'tours.errors.past' || problem === 'tours.errors.tooFar' ? now : startsAt;
    throw invalid('startsAt', problem, await freeStartsFor(trx, hostId, from, durationMinutes, buffer, now, except));
  }
  // The host's row is locked before reading their calendar, so a second booking of this host waits for
  // this one and then sees it (the trigger does the same for any other writer: decision 030).
  await sql`select 1 from users where id = ${hostId} for no key update`.execute(trx);
  const busy = await busySpans(trx, hostId, startsAt, except);
  if (overlaps(startsAt, durationMinutes, buffer, busy)) {
    throw slotUnavailable(nextFreeStarts(startsAt, durationMinutes, buffer, busy, now, officeHolidays()));
  }
}

async function checkHost(trx: Trx, hostId: string): Promise<void> {
  const host = await trx.selectFrom('users').select('id').where('id', '=', hostId).where('active', '=', true).where('role', 'in', [...ASSIGNABLE_ROLES]).executeTakeFirst();
  if (!host) throw invalid('hostId', 'tours.errors.hostInvalid');
}

/** The spaces exist; a leased one only when the booker confirmed the warning (409 `unit_leased`). */
async function checkUnits(trx: Trx, unitIds: string[], allowLeased: boolean | undefined): Promise<void> {
  const units = await trx.selectFrom('units').select(['id', 'status']).where('id', 'in', unitIds).execute();
  if (units.length !== unitIds.length) throw invalid('unitIds', 'tours.errors.unitUnknown');
  if (!allowLeased && units.some((unit) => unit.status === 'leased')) {
    throw new HttpError(409, 'unit_leased', 'A chosen space is leased; confirm with allowLeased', { fields: { unitIds: 'tours.errors.unitLeased' } });
  }
}

/** Runs a write that may meet the database's overlap guard; a refusal there becomes the same 409. */
async function guarded<T>(db: Db, write: () => Promise<T>, slot: () => { hostId: string; startsAt: Date; durationMinutes: number; except?: string; now: Date }): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (!isOverlap(error)) throw error;
    const { tourBufferMinutes } = await readSettings(db);
    const retry = slot();
    throw slotUnavailable(await freeStartsFor(db, retry.hostId, retry.startsAt, retry.durationMinutes, tourBufferMinutes, retry.now, retry.except));
  }
}

/** Thrown inside a write's transaction when the locked tour is not the version the write was based on. */
class StaleTour extends Error {}

/**
 * The lost-update check (decision 033): `expected` (the write's If-Match, or null for none) is compared
 * with the tour's version under its row lock; a stale write rolls back and answers 409 `conflict` with the
 * tour as it is now (read after the rollback, outside the transaction).
 */
function checkVersion(row: { version: number }, expected: number | null): void {
  if (expected !== null && row.version !== expected) throw new StaleTour();
}
async function versioned<T>(db: Db, id: string, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (error instanceof StaleTour) return staleOrMissing(() => findTour(db, id), tourNotFound);
    throw error;
  }
}

/** A tour's inquiry, read unlocked (it never changes) so the inquiry is locked before the tour (processing-guard.ts). */
async function inquiryOfTour(trx: Trx, id: string): Promise<string> {
  const row = await trx.selectFrom('tours').select('inquiryId').where('id', '=', id).executeTakeFirst();
  if (!row) throw tourNotFound();
  return row.inquiryId;
}

/**
 * Queues the invitation (or cancellation) of version `sequence` for the prospect and the host(s); `previous`, the
 * time they were last told, when this version moves the tour (the mails say it moved, and from when).
 */
export async function queueInvites(trx: Trx, tour: { id: string; inquiryId: string; hostId: string }, sequence: number, method: 'REQUEST' | 'CANCEL', formerHost?: string, previous?: TourTime | null): Promise<void> {
  const moved = previous ? { previous } : {};
  await queueTourMail(trx, tour.inquiryId, { kind: 'invite', tourId: tour.id, sequence, method, to: 'prospect', ...moved });
  await queueTourMail(trx, tour.inquiryId, { kind: 'invite', tourId: tour.id, sequence, method, to: 'host', userId: tour.hostId, ...moved });
  if (formerHost && formerHost !== tour.hostId) {
    await queueTourMail(trx, tour.inquiryId, { kind: 'invite', tourId: tour.id, sequence, method: 'CANCEL', to: 'host', userId: formerHost });
  }
}

/**
 * Books a tour for an inquiry (POST /api/inquiries/{id}/tours): the slot rules, the host's calendar
 * (buffer included) and the spaces are checked; the tour is stored with SEQUENCE 0, the invitations to
 * the prospect and the host are queued, and a new or contacted inquiry moves to touring in its history,
 * under the booker's name — all in one transaction. `now` is injectable (tests set the clock).
 */
export async function bookTour(db: Db, inquiryId: string, input: TourCreate, editor: TourEditor, now = new Date()): Promise<Tour> {
  const { tourBufferMinutes } = await readSettings(db);
  const endsAt = new Date(input.startsAt.getTime() + input.durationMinutes * MINUTE_MS);
  let hostForRetry = input.hostId ?? editor.id;
  const id = await guarded(db, () => withActor(editor.actor, async (trx) => {
    const inquiry = await lockInquiryForProcessing(trx, inquiryId);
    const hostId = input.hostId ?? inquiry.assigneeId ?? editor.id;
    hostForRetry = hostId;
    await checkHost(trx, hostId);
    await checkUnits(trx, input.unitIds, input.allowLeased);
    await checkSlot(trx, hostId, input.startsAt, input.durationMinutes, tourBufferMinutes, now);
    const row = await trx
      .insertInto('tours')
      .values({
        inquiryId,
        hostId,
        startsAt: input.startsAt,
        endsAt,
        busyUntil: new Date(endsAt.getTime() + tourBufferMinutes * MINUTE_MS),
        unitIds: input.unitIds,
        meetingPoint: input.meetingPoint || null,
        messageToProspect: input.messageToProspect || null,
        internalNotes: input.internalNotes || null,
        locale: input.locale ?? asLocale(inquiry.locale),
        createdBy: editor.id,
      })
      .returning(['id', 'inquiryId', 'hostId'])
      .executeTakeFirstOrThrow();
    if (inquiry.status === 'new' || inquiry.status === 'contacted') {
      await trx
        .updateTable('inquiries')
        .set({ status: 'touring', firstStatusChangeAt: sql`coalesce(first_status_change_at, clock_timestamp())`, touchedAt: sql`coalesce(touched_at, clock_timestamp())` })
        .where('id', '=', inquiryId)
        .execute();
      await trx.insertInto('inquiryHistory').values({ inquiryId, actorId: editor.id, status: 'touring', note: null, lostReason: null }).execute();
    }
    await queueInvites(trx, row, 0, 'REQUEST');
    return row.id;
  }, { db }), () => ({ hostId: hostForRetry, startsAt: input.startsAt, durationMinutes: input.durationMinutes, now }));
  return (await findTour(db, id))!;
}

/** Changes that the prospect and host must hear of: they raise SEQUENCE and send an update. */
const SIGNIFICANT: (keyof TourPatch)[] = ['startsAt', 'durationMinutes', 'unitIds', 'hostId', 'meetingPoint', 'messageToProspect', 'locale'];

/**
 * Reschedules or otherwise changes a scheduled tour (PATCH /api/tours/{id}). A change the prospect or
 * host must hear of raises SEQUENCE by one and queues REQUESTs with the same UID (and a CANCEL to a
 * replaced host); internal notes alone change nothing they see.
 */
export async function patchTour(db: Db, id: string, patch: TourPatch, editor: TourEditor, now = new Date(), expected: number | null = null): Promise<Tour> {
  const { tourBufferMinutes } = await readSettings(db);
  const before = await db.selectFrom('tours').select(['inquiryId', 'hostId', 'startsAt', 'endsAt']).where('id', '=', id).executeTakeFirst();
  if (!before) throw tourNotFound();
  const startsAt = patch.startsAt ?? new Date(before.startsAt);
  const durationMinutes = patch.durationMinutes ?? Math.round((new Date(before.endsAt).getTime() - new Date(before.startsAt).getTime()) / MINUTE_MS);
  await versioned(db, id, () => guarded(db, () => withActor(editor.actor, async (trx) => {
    await lockInquiryForProcessing(trx, before.inquiryId);
    const tour = await trx.selectFrom('tours').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
    if (!tour) throw tourNotFound();
    checkVersion(tour, expected);
    if (tour.status !== 'scheduled') throw new HttpError(409, 'tour_not_scheduled', 'Only a scheduled tour can be changed', { fields: { status: 'tours.errors.notScheduled' } });
    const hostId = patch.hostId ?? tour.hostId;
    const timeChanges = patch.startsAt !== undefined || patch.durationMinutes !== undefined || hostId !== tour.hostId;
    if (patch.hostId && patch.hostId !== tour.hostId) await checkHost(trx, patch.hostId);
    if (patch.unitIds) await checkUnits(trx, patch.unitIds, patch.allowLeased);
    if (timeChanges) await checkSlot(trx, hostId, startsAt, durationMinutes, tourBufferMinutes, now, id);
    const endsAt = new Date(startsAt.getTime() + durationMinutes * MINUTE_MS);
    const significant = SIGNIFICANT.some((key) => patch[key] !== undefined);
    const sequence = significant ? tour.sequence + 1 : tour.sequence;
    await trx
      .updateTable('tours')
      .set({
        hostId,
        startsAt,
        endsAt,
        ...(timeChanges ? { busyUntil: new Date(endsAt.getTime() + tourBufferMinutes * MINUTE_MS) } : {}),
        ...(patch.unitIds ? { unitIds: patch.unitIds } : {}),
        ...(patch.meetingPoint !== undefined ? { meetingPoint: patch.meetingPoint || null } : {}),
        ...(patch.messageToProspect !== undefined ? { messageToProspect: patch.messageToProspect || null } : {}),
        ...(patch.internalNotes !== undefined ? { internalNotes: patch.internalNotes || null } : {}),
        ...(patch.locale ? { locale: patch.locale } : {}),
        sequence,
        updatedAt: new Date(),
      })
      .where('id', '=', id)
      .execute();
    const wasAt = { startsAt: new Date(tour.startsAt).toISOString(), endsAt: new Date(tour.endsAt).toISOString() };
    const moved = startsAt.getTime() !== new Date(tour.startsAt).getTime() || endsAt.getTime() !== new Date(tour.endsAt).getTime();
    // Read before this version's own mails are queued, so an unsent earlier one is what it finds.
    const previous = moved ? await timeLastTold(trx, id, wasAt) : null;
    if (significant) await queueInvites(trx, { id, inquiryId: tour.inquiryId, hostId }, sequence, 'REQUEST', tour.hostId, previous);
  }, { db }), () => ({ hostId: patch.hostId ?? before.hostId, startsAt, durationMinutes, except: id, now })));
  return (await findTour(db, id))!;
}

/** Cancels a scheduled tour with a reason (POST /api/tours/{id}/cancel): the record stays, CANCEL goes out. */
export async function cancelTour(db: Db, id: string, reason: string, editor: TourEditor, expected: number | null = null): Promise<Tour> {
  await versioned(db, id, () => withActor(editor.actor, async (trx) => {
    await lockInquiryForProcessing(trx, await inquiryOfTour(trx, id));
    const tour = await trx.selectFrom('tours').select(['id', 'inquiryId', 'hostId', 'status', 'sequence', 'version']).where('id', '=', id).forUpdate().executeTakeFirst();
    if (!tour) throw tourNotFound();
    checkVersion(tour, expected);
    if (tour.status !== 'scheduled') throw new HttpError(409, 'tour_not_scheduled', 'Only a scheduled tour can be cancelled', { fields: { status: 'tours.errors.notScheduled' } });
    const sequence = tour.sequence + 1;
    await trx.updateTable('tours').set({ status: 'cancelled', cancelReason: reason, sequence, updatedAt: new Date() }).where('id', '=', id).execute();
    await queueInvites(trx, tour, sequence, 'CANCEL');
  }, { db, action: 'cancel' }));
  return (await findTour(db, id))!;
}

/**
 * The day a tour's outcome names for the next step becomes the inquiry's next step, recorded in its history under
 * the person who recorded the outcome, as if they had set it on the inquiry (the same day again records nothing).
 */
async function followNextStep(trx: Trx, inquiryId: string, day: string, editor: TourEditor): Promise<void> {
  const changed = await trx
    .updateTable('inquiries')
    .set({ nextStepOn: day })
    .where('id', '=', inquiryId)
    .where(sql<boolean>`next_step_on is distinct from ${day}::date`)
    .executeTakeFirst();
  if (Number(changed.numUpdatedRows) === 0) return;
  await trx.insertInto('inquiryHistory').values({ inquiryId, actorId: editor.id, status: null, note: null, lostReason: null, nextStepChanged: true, nextStepOn: day }).execute();
}

/**
 * When an inquiry is destroyed or its processing stopped, its tours still to come are cancelled in that transaction
 * (the record stays; the activity log names the destruction or suspension as the reason) and each host gets the
 * CANCEL, so their calendar is freed and nobody waits in the lobby. The prospect is not written to: their address
 * is gone, or they asked that nothing more be done with it. @returns how many tours were cancelled.
 */
export async function cancelToursOfStoppedInquiry(trx: Trx, inquiryId: string, now = new Date()): Promise<number> {
  const tours = await trx
    .updateTable('tours')
    .set({ status: 'cancelled', sequence: sql<number>`sequence + 1`, updatedAt: now })
    .where('inquiryId', '=', inquiryId)
    .where('status', '=', 'scheduled')
    .where('startsAt', '>', now)
    .returning(['id', 'hostId', 'sequence'])
    .execute();
  for (const tour of tours) {
    await queueTourMail(trx, inquiryId, { kind: 'invite', tourId: tour.id, sequence: tour.sequence, method: 'CANCEL', to: 'host', userId: tour.hostId });
  }
  return tours.length;
}

/** The host's record after the end (POST /api/tours/{id}/outcome): completed or no-show, with interest and next step. */
export async function recordOutcome(db: Db, id: string, input: TourOutcome, editor: TourEditor, now = new Date(), expected: number | null = null): Promise<Tour> {
  await versioned(db, id, () => withActor(editor.actor, async (trx) => {
    await lockInquiryForProcessing(trx, await inquiryOfTour(trx, id));
    const tour = await trx.selectFrom('tours').select(['inquiryId', 'status', 'endsAt', 'version']).where('id', '=', id).forUpdate().executeTakeFirst();
    if (!tour) throw tourNotFound();
    checkVersion(tour, expected);
    if (tour.status !== 'scheduled') throw new HttpError(409, 'tour_not_scheduled', 'This tour already has an outcome or was cancelled', { fields: { status: 'tours.errors.notScheduled' } });
    if (now.getTime() < new Date(tour.endsAt).getTime()) throw new HttpError(409, 'tour_not_ended', 'The outcome can be recorded after the end', { fields: { outcome: 'tours.errors.notEnded' } });
    if (input.nextStepOn) await followNextStep(trx, tour.inquiryId, input.nextStepOn, editor);
    await trx
      .updateTable('tours')
      .set({
        status: input.outcome,
        interest: input.interest ?? null,
        feedback: input.feedback || null,
        nextStep: input.nextStep || null,
        nextStepOn: input.nextStepOn ?? null,
        outcomeAt: now,
        updatedAt: new Date(),
      })
      .where('id', '=', id)
      .execute();
  }, { db, action: 'outcome' }));
  return (await findTour(db, id))!;
}

const iso = (value: Date | string) => new Date(value).toISOString();
const dayText = (value: Date | string | null) => (value === null ? null : typeof value === 'string' ? value.slice(0, 10) : value.toISOString().slice(0, 10));

function selectTours(db: Db) {
  return db
    .selectFrom('tours as t')
    .innerJoin('inquiries as i', 'i.id', 't.inquiryId')
    .innerJoin('users as h', 'h.id', 't.hostId')
    .select([
      't.id', 't.inquiryId', 't.status', 't.startsAt', 't.endsAt', 't.busyUntil', 't.hostId', 't.unitIds', 't.meetingPoint', 't.messageToProspect', 't.internalNotes',
      't.locale', 't.sequence', 't.cancelReason', 't.interest', 't.feedback', 't.nextStep', 't.outcomeAt', 't.createdAt', 't.version',
      sql<string | null>`to_char(t.next_step_on, 'YYYY-MM-DD')`.as('nextStepDay'),
      'i.name', 'i.company', 'h.displayName as hostDisplayName', 'h.username as hostUsername',
    ]);
}
type TourRow = Awaited<ReturnType<ReturnType<typeof selectTours>['execute']>>[number];

async function toTours(db: Db, rows: TourRow[]): Promise<Tour[]> {
  const ids = [...new Set(rows.flatMap((row) => row.unitIds))];
  const units = ids.length ? await db.selectFrom('units').select(['id', 'floor', 'unitNumber', 'status']).where(sql<boolean>`id = any(${ids}::uuid[])`).execute() : [];
  const byId = new Map(units.map((unit) => [unit.id, unit]));
  return rows.map((row) => {
    const startsAt = new Date(row.startsAt);
    const endsAt = new Date(row.endsAt);
    return {
      id: row.id,
      inquiryId: row.inquiryId,
      status: row.status as TourStatus,
      startsAt: startsAt.toISOString(),
      endsAt: endsAt.toISOString(),
      busyUntil: iso(row.busyUntil),
      durationMinutes: Math.round((endsAt.getTime() - startsAt.getTime()) / MINUTE_MS),
      hostId: row.hostId,
      host: { id: row.hostId, name: row.hostDisplayName || row.hostUsername },
      unitIds: row.unitIds,
      units: row.unitIds.map((id) => byId.get(id)).filter((unit) => unit !== undefined),
      meetingPoint: row.meetingPoint,
      messageToProspect: row.messageToProspect,
      internalNotes: row.internalNotes,
      locale: asLocale(row.locale) as Locale,
      sequence: row.sequence,
      name: row.name,
      company: row.company,
      cancelReason: row.cancelReason,
      interest: row.interest,
      feedback: row.feedback,
      nextStep: row.nextStep,
      nextStepOn: dayText(row.nextStepDay),
      outcomeAt: row.outcomeAt ? iso(row.outcomeAt) : null,
      createdAt: iso(row.createdAt),
      version: row.version,
    };
  });
}

export async function findTour(db: Db, id: string): Promise<Tour | null> {
  const row = await selectTours(db).where('t.id', '=', id).executeTakeFirst();
  return row ? (await toTours(db, [row]))[0]! : null;
}

/** The filter's window in Korean calendar days: `from`–`to` inclusive, this week by default, at most 62 days. */
export function tourWindow(filter: Pick<TourFilter, 'from' | 'to'>, now = new Date()): { from: Date; to: Date } {
  const from = filter.from ?? (filter.to ? addDays(filter.to, -6) : weekStart(koreanDay(now)));
  const to = filter.to ?? addDays(from, 6);
  const start = new Date(`${from}T00:00:00+09:00`);
  const end = new Date(`${addDays(to, 1)}T00:00:00+09:00`);
  if (end.getTime() <= start.getTime() || end.getTime() - start.getTime() > TOUR_LIST_MAX_DAYS * DAY_MS) {
    throw invalid('to', 'tours.errors.rangeTooLong');
  }
  return { from: start, to: end };
}

/** GET /api/tours: the window's tours (an inquiry's: all of them), oldest first, by host and status. */
export async function listTours(db: Db, filter: TourFilter & { hostId?: string }, now = new Date()): Promise<Tour[]> {
  let query = selectTours(db);
  if (filter.inquiryId) {
    query = query.where('t.inquiryId', '=', filter.inquiryId);
  } else {
    const { from, to } = tourWindow(filter, now);
    query = query.where('t.startsAt', '>=', from).where('t.startsAt', '<', to);
  }
  if (filter.hostId) query = query.where('t.hostId', '=', filter.hostId);
  if (filter.status) query = query.where('t.status', '=', filter.status);
  return toTours(db, await asOneValue(db, query.orderBy('t.startsAt').orderBy('t.id').limit(5000)));
}

const camel = (key: string) => key.replace(/_([a-z])/g, (_, letter: string) => letter.toUpperCase());

/**
 * A list's rows handed over as one JSON value (oldest first) instead of row by row: on PGlite, handing over
 * a week's ~200 rows of 22 columns one by one cost most of the request (issue 26's week view, decision 037).
 * Times arrive as ISO text, which toTours reads like the Dates it got before.
 */
async function asOneValue(db: Db, query: ReturnType<typeof selectTours>): Promise<TourRow[]> {
  const { rows } = await sql<{ tours: Record<string, unknown>[] }>`
    select coalesce(json_agg(x order by x.starts_at, x.id), '[]'::json) as tours from (${query}) x`.execute(db);
  return (rows[0]?.tours ?? []).map((row) => Object.fromEntries(Object.entries(row).map(([key, value]) => [camel(key), value])) as TourRow);
}

/** Inquiries among `ids` with a scheduled tour on today's Korean date (the inbox's mark). */
export async function inquiriesTouringToday(db: Db, ids: string[], now = new Date()): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const day = koreanDay(now);
  const rows = await db
    .selectFrom('tours')
    .select('inquiryId')
    .distinct()
    .where(sql<boolean>`inquiry_id = any(${ids}::uuid[])`)
    .where('status', '=', 'scheduled')
    .where('startsAt', '>=', new Date(`${day}T00:00:00+09:00`))
    .where('startsAt', '<', new Date(`${addDays(day, 1)}T00:00:00+09:00`))
    .execute();
  return new Set(rows.map((row) => row.inquiryId));
}
