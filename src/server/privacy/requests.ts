import { createHash, randomUUID } from 'node:crypto';
import { sql, type Selectable } from 'kysely';
import {
  PRIVACY_ACTIONS_BY_KIND,
  PRIVACY_LINK_MAILS_PER_ADDRESS,
  PRIVACY_LINK_MAILS_WINDOW_MS,
  PRIVACY_LINK_TTL_MS,
  PRIVACY_REQUEST_DUE_DAYS,
  type PrivacyConfirmAnswer,
  type PrivacyActionInput,
  type PrivacyRequest,
  type PrivacyRequestInput,
  type PrivacyRequestKind,
} from '../../shared/privacy/requests.ts';
import { recordEvent, setActor, withActor, type AuditActor, type Trx } from '../audit/actor.ts';
import type { Staff } from '../auth/access.ts';
import type { Db } from '../db/index.ts';
import type { PrivacyRequestsTable } from '../db/types.ts';
import { CORRECTABLE_FIELDS, type CorrectableField } from '../../shared/inquiry.ts';
import { HttpError } from '../http/errors.ts';
import { conflict } from '../http/versions.ts';
import { linkDigest } from '../objects/signing.ts';
import { staffMailConfigured } from '../notify/staff-mail.ts';
import { destroyInquiry } from './destroy.ts';
import { cancelToursOfStoppedInquiry } from '../tours/queries.ts';
import { PRIVACY_MAIL_CHANNEL, type PrivacyMail } from './mail-kinds.ts';

const DAY_MS = 86_400_000;

/** The token of a request's link: an HMAC of its id (only its sha256 is stored; the queued mail holds only the id). */
export async function requestToken(id: string): Promise<string> {
  return (await linkDigest(`privacy-request\n${id}`)).toString('base64url');
}
const tokenHash = (token: string) => createHash('sha256').update(token).digest('hex');

export const invalidPrivacyToken = () =>
  new HttpError(400, 'invalid_token', 'This link was already used, has expired or is unknown', { fields: { token: 'privacyRequests.errors.invalidToken' } });

/** Queues one privacy mail in the caller's transaction (nothing when no mail is configured). */
export async function queuePrivacyMail(trx: Trx | Db, mail: PrivacyMail, dedupeKey?: string): Promise<boolean> {
  if (!staffMailConfigured()) return false;
  const row = await trx
    .insertInto('outbox')
    .values({ inquiryId: null, channel: PRIVACY_MAIL_CHANNEL, payload: JSON.stringify(mail), dedupeKey: dedupeKey ?? null })
    .onConflict((conflict) => conflict.column('dedupeKey').doNothing())
    .returning('id')
    .executeTakeFirst();
  return Boolean(row);
}

/** The live (not destroyed) inquiries sent from an address. */
async function inquiriesOf(db: Db | Trx, email: string): Promise<string[]> {
  const rows = await db
    .selectFrom('inquiries')
    .select('id')
    .where(sql<boolean>`lower(email) = ${email.toLowerCase()}`)
    .where('destroyedAt', 'is', null)
    .orderBy('createdAt')
    .execute();
  return rows.map((row) => row.id);
}

/** Link mails to `email` in the window before `now` (its requests, confirmed or not, whoever asked). */
async function linkMailsTo(trx: Trx, email: string, now: Date): Promise<number> {
  const row = await trx
    .selectFrom('privacyRequests')
    .select(sql<number>`count(*)::int`.as('n'))
    .where(sql<boolean>`lower(email) = ${email.toLowerCase()}`)
    .where('createdAt', '>', new Date(now.getTime() - PRIVACY_LINK_MAILS_WINDOW_MS))
    .executeTakeFirstOrThrow();
  return row.n;
}

/**
 * A visitor's request (POST /api/privacy/requests). Stored, with a confirmation link mailed, only when the address
 * sent inquiries we still hold and has had fewer than PRIVACY_LINK_MAILS_PER_ADDRESS links in a day; otherwise
 * nothing is stored or sent (decision 023). The caller answers the same in every case. @returns whether a request
 * was stored (for tests; never shown to the visitor).
 */
export async function createPrivacyRequest(db: Db, input: PrivacyRequestInput, now = new Date()): Promise<boolean> {
  if (!staffMailConfigured()) return false;
  return db.transaction().execute(async (trx) => {
    // One address at a time: two requests for it at once are counted one after the other.
    await sql`select pg_advisory_xact_lock(hashtext(${`privacy-link:${input.email.toLowerCase()}`}))`.execute(trx);
    if ((await inquiriesOf(trx, input.email)).length === 0) return false;
    if ((await linkMailsTo(trx, input.email, now)) >= PRIVACY_LINK_MAILS_PER_ADDRESS) return false;
    const id = randomUUID();
    await trx
      .insertInto('privacyRequests')
      .values({
        id,
        kind: input.kind,
        email: input.email,
        lang: input.lang,
        details: input.details ?? null,
        tokenHash: tokenHash(await requestToken(id)),
        createdAt: now,
        expiresAt: new Date(now.getTime() + PRIVACY_LINK_TTL_MS),
      })
      .execute();
    await queuePrivacyMail(trx, { kind: 'confirm', requestId: id });
    return true;
  });
}

/** The visitor, as the activity log names them for what their own confirmation changes. */
const VISITOR: AuditActor = { id: null, name: 'privacy request', address: null };

/**
 * Confirms a request by its link's token (24 h): it becomes open, due 10 days later, with the address's inquiries.
 * A marketing withdrawal takes effect at once (no staff step) and is closed, its outcome mailed. The link opened
 * again (a reload, a second device) changes nothing and says so (`alreadyConfirmed`, with the request's status now).
 * 400 `invalid_token` for an expired or unknown token.
 */
export async function confirmPrivacyRequest(db: Db, token: string, now = new Date()): Promise<PrivacyConfirmAnswer> {
  return db.transaction().execute(async (trx) => {
    const request = await trx
      .selectFrom('privacyRequests')
      .select(['id', 'kind', 'email', 'status', 'expiresAt'])
      .where('tokenHash', '=', tokenHash(token))
      .forUpdate()
      .executeTakeFirst();
    if (request && request.status !== 'unconfirmed') {
      return { kind: request.kind as PrivacyRequestKind, status: request.status as 'open' | 'closed', alreadyConfirmed: true };
    }
    if (!request || !request.email || new Date(request.expiresAt) <= now) throw invalidPrivacyToken();
    const inquiryIds = await inquiriesOf(trx, request.email);
    const kind = request.kind as PrivacyRequestKind;
    // The token's hash stays (a spent link can do nothing more): opened again, it is recognised as used.
    await trx
      .updateTable('privacyRequests')
      .set({ status: 'open', confirmedAt: now, dueAt: new Date(now.getTime() + PRIVACY_REQUEST_DUE_DAYS * DAY_MS), inquiryIds })
      .where('id', '=', request.id)
      .execute();
    await recordEvent(trx, VISITOR, { action: 'confirm', entity: 'privacy_request', entityId: request.id, changes: { kind: [null, kind], inquiries: [null, inquiryIds.length] } });
    if (kind !== 'marketing_withdrawal') return { kind, status: 'open' as const, alreadyConfirmed: false };
    await setActor(trx, VISITOR, 'marketing_withdrawal');
    if (inquiryIds.length > 0) {
      await trx
        .updateTable('inquiries')
        .set({ marketingConsent: false, marketingConsentAt: now })
        .where('id', 'in', inquiryIds)
        .where('marketingConsent', '=', true)
        .execute();
    }
    await closeRequest(trx, request.id, 'marketing_withdrawn', null, now);
    return { kind, status: 'closed' as const, alreadyConfirmed: false };
  });
}

/** Closes a request and mails its outcome (for a copy, the copy is the outcome). */
async function closeRequest(trx: Trx, id: string, outcome: string, note: string | null, now: Date, mail: 'outcome' | 'copy' = 'outcome'): Promise<void> {
  await trx.updateTable('privacyRequests').set({ status: 'closed', closedAt: now, outcome, outcomeNote: note }).where('id', '=', id).execute();
  await queuePrivacyMail(trx, { kind: mail, requestId: id });
}

const iso = (value: Date | null) => (value ? new Date(value).toISOString() : null);

/** The confirmed requests, open ones first (soonest due first), then the closed ones newest first. */
export async function listPrivacyRequests(db: Db, now = new Date()): Promise<PrivacyRequest[]> {
  const rows = await db
    .selectFrom('privacyRequests')
    .selectAll()
    .where('status', '!=', 'unconfirmed')
    .orderBy(sql`status = 'open'`, 'desc')
    .orderBy(sql`case when status = 'open' then due_at end`, 'asc')
    .orderBy('closedAt', 'desc')
    .limit(500)
    .execute();
  return rows.map((row) => toPrivacyRequest(row, now));
}

/** One confirmed request as the owner's list shows it, or null. */
async function findPrivacyRequest(db: Db, id: string, now: Date): Promise<PrivacyRequest | null> {
  const row = await db.selectFrom('privacyRequests').selectAll().where('id', '=', id).where('status', '!=', 'unconfirmed').executeTakeFirst();
  return row ? toPrivacyRequest(row, now) : null;
}

type PrivacyRequestRow = Selectable<PrivacyRequestsTable>;

function toPrivacyRequest(row: PrivacyRequestRow, now: Date): PrivacyRequest {
  return {
    id: row.id,
    kind: row.kind as PrivacyRequestKind,
    email: row.email,
    lang: row.lang,
    details: row.details,
    status: row.status as 'open' | 'closed',
    confirmedAt: iso(row.confirmedAt)!,
    dueAt: iso(row.dueAt)!,
    overdue: row.status === 'open' && row.dueAt !== null && new Date(row.dueAt) < now,
    closedAt: iso(row.closedAt),
    outcome: row.outcome as PrivacyRequest['outcome'],
    inquiryIds: row.inquiryIds ?? [],
    version: row.version,
  };
}

/** Thrown inside the action's transaction when the locked request is not the version the action was based on. */
class StaleRequest extends Error {}

const notFound = () => new HttpError(404, 'privacy_request_not_found', 'No confirmed privacy request with this id');

/**
 * The owner works an open request (POST /api/admin/privacy-requests/{id}/actions): send a copy of what is held,
 * correct fields, destroy now (the retention run's destruction), stop processing, or close it. Each action does its
 * work on the request's inquiries, is recorded in the activity log, closes the request and mails the requester the
 * outcome in their language. 409 `request_closed` when it was closed already. With `expected` (the action's
 * If-Match), a request changed since the owner read it (another owner acted on it) is 409 `conflict` with the
 * request as it is now, checked before any work and again under the row's lock (decision 033).
 */
export async function actOnPrivacyRequest(db: Db, id: string, input: PrivacyActionInput, staff: Staff, now = new Date(), expected: number | null = null): Promise<PrivacyRequest> {
  const request = await db.selectFrom('privacyRequests').selectAll().where('id', '=', id).where('status', '!=', 'unconfirmed').executeTakeFirst();
  if (!request) throw notFound();
  if (expected !== null && request.version !== expected) throw conflict(toPrivacyRequest(request, now));
  if (request.status !== 'open') throw new HttpError(409, 'request_closed', 'This request is closed already');
  if (!PRIVACY_ACTIONS_BY_KIND[request.kind as PrivacyRequestKind].includes(input.action)) {
    throw new HttpError(400, 'invalid_input', `A ${request.kind} request is not answered with ${input.action}`, { fields: { action: 'privacyRequests.errors.actionNotForKind' } });
  }
  const ids = request.inquiryIds ?? [];
  if (input.action === 'correct' && (!input.fields || Object.keys(input.fields).length === 0)) {
    throw new HttpError(400, 'invalid_input', 'Say which fields to correct', { fields: { fields: 'privacyRequests.errors.fieldsRequired' } });
  }
  let affected = 0;
  if (input.action === 'destroy') {
    // Each destruction is its own transaction (the blob store is outside the database), as in the daily run.
    for (const inquiryId of ids) if (await destroyInquiry(db, inquiryId, staff.actor)) affected++;
  }
  try {
    await withActor(staff.actor, async (trx) => {
      const locked = await trx.selectFrom('privacyRequests').select(['status', 'version']).where('id', '=', id).forUpdate().executeTakeFirstOrThrow();
      if (expected !== null && locked.version !== expected) throw new StaleRequest();
      if (locked.status !== 'open') throw new HttpError(409, 'request_closed', 'This request is closed already');
      if (input.action === 'suspend' && ids.length > 0) {
        const suspended = await trx.updateTable('inquiries').set({ suspendedAt: now }).where('id', 'in', ids).where('destroyedAt', 'is', null).where('suspendedAt', 'is', null).returning('id').execute();
        affected = suspended.length;
        // Nothing more is done with it: its tours still to come are cancelled, their hosts told.
        for (const row of suspended) await cancelToursOfStoppedInquiry(trx, row.id, now);
      }
      if (input.action === 'correct' && ids.length > 0) {
        const corrected = await correctInquiries(trx, ids, input.fields ?? {}, staff.id);
        affected = corrected;
      }
      if (input.action === 'send_copy') affected = (await trx.selectFrom('inquiries').select('id').where('id', 'in', ids.length ? ids : [randomUUID()]).where('destroyedAt', 'is', null).execute()).length;
      await recordEvent(trx, staff.actor, {
        action: input.action,
        entity: 'privacy_request',
        entityId: id,
        changes: { kind: [null, request.kind], inquiries: [null, affected] },
      });
      // A copy is its own mail (the outcome): the request closes with it.
      await closeRequest(trx, id, input.action, input.note ?? null, now, input.action === 'send_copy' ? 'copy' : 'outcome');
    }, { action: input.action === 'suspend' ? 'suspend' : input.action === 'correct' ? 'correct' : undefined, db });
  } catch (error) {
    // Another owner acted between this one's read and the lock: nothing was done; answer what is there now.
    if (!(error instanceof StaleRequest)) throw error;
    const current = await findPrivacyRequest(db, id, now);
    throw current ? conflict(current) : notFound();
  }
  return (await findPrivacyRequest(db, id, now))!;
}

/**
 * A privacy correction on the request's live inquiries: each gets the fields that differ, and an entry in its history
 * naming them, by the owner. @returns how many inquiries changed.
 */
async function correctInquiries(trx: Trx, ids: string[], fields: Partial<Record<CorrectableField, string | null>>, actorId: string): Promise<number> {
  const rows = await trx.selectFrom('inquiries').select(['id', ...CORRECTABLE_FIELDS]).where('id', 'in', ids).where('destroyedAt', 'is', null).forUpdate().execute();
  let changed = 0;
  for (const row of rows) {
    const corrected = CORRECTABLE_FIELDS.filter((field) => fields[field] !== undefined && fields[field] !== row[field]);
    if (corrected.length === 0) continue;
    await trx.updateTable('inquiries').set(Object.fromEntries(corrected.map((field) => [field, fields[field] ?? null]))).where('id', '=', row.id).execute();
    await trx.insertInto('inquiryHistory').values({ inquiryId: row.id, actorId, status: null, note: null, lostReason: null, corrected }).execute();
    changed += 1;
  }
  return changed;
}

/** Reminds every active owner, once per request, of the open requests past their due day. @returns how many requests. */
export async function remindOverdueRequests(db: Db, now: Date): Promise<number> {
  const overdue = await db
    .selectFrom('privacyRequests')
    .select('id')
    .where('status', '=', 'open')
    .where('dueAt', '<', now)
    .where('remindedAt', 'is', null)
    .execute();
  if (overdue.length === 0) return 0;
  const owners = await db.selectFrom('users').select('id').where('role', '=', 'owner').where('active', '=', true).where('email', 'is not', null).execute();
  for (const request of overdue) {
    await db.transaction().execute(async (trx) => {
      for (const owner of owners) await queuePrivacyMail(trx, { kind: 'overdue', requestId: request.id, userId: owner.id }, `privacy-overdue:${request.id}:${owner.id}`);
      await trx.updateTable('privacyRequests').set({ remindedAt: now }).where('id', '=', request.id).execute();
    });
  }
  return overdue.length;
}
