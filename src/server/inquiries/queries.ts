import { sql } from 'kysely';
import { CONTACT_FIELDS, type CorrectableField, type Inquiry, type InquiryDetail, type InquiryHistoryEntry, type InquiryInput, type InquiryPatch, type InquiryStatus } from '../../shared/inquiry.ts';
import type { UnitSnapshot } from '../../shared/units/unit.ts';
import { IDEMPOTENCY_KEY_TTL_MS } from '../../shared/api.ts';
import type { Db } from '../db/index.ts';
import { HttpError } from '../http/errors.ts';
import { selectInquiryRows, toInquiry, withNotificationStates } from './row.ts';
import { configuredChannels } from '../notify/config.ts';
import { queueStaffMail } from '../notify/staff-mail.ts';
import { withActor, type AuditActor, type Trx } from '../audit/actor.ts';
import { conflict } from '../http/versions.ts';
import { ASSIGNABLE_ROLES } from '../../shared/roles.ts';
import { lockInquiryForProcessing } from '../privacy/processing-guard.ts';
import { isLostReason } from '../../shared/lost-reasons.ts';

type StoredSubmission = Pick<Inquiry, 'name' | 'email' | 'phone' | 'message' | 'attachments' | 'unitId' | 'privacyNoticeVersion' | 'marketingConsent'>;

/** The stored inquiry is the one this request describes (what a resend must match). */
function sameSubmission(row: StoredSubmission, input: InquiryInput): boolean {
  return (
    row.name === input.name &&
    row.email === input.email &&
    row.phone === input.phone &&
    row.message === input.message &&
    (row.unitId ?? null) === (input.unitId?.toLowerCase() ?? null) &&
    row.privacyNoticeVersion === input.privacyNoticeVersion &&
    row.marketingConsent === input.marketingConsent &&
    JSON.stringify(row.attachments ?? []) === JSON.stringify(input.attachments)
  );
}

const jsonOrNull = (value: unknown) => (value === null || value === undefined ? null : JSON.stringify(value));

/**
 * The inquiry's columns, with the unit it is about (checked by the caller) as id and snapshot. The notice was
 * acknowledged, and the marketing choice made, when the server received them (`at`, the inquiry's own time).
 */
function toColumns(input: InquiryInput, unit: (UnitSnapshot & { id: string }) | null, at: Date) {
  return {
    name: input.name,
    email: input.email,
    phone: input.phone,
    message: input.message,
    attachments: input.attachments,
    company: input.company ?? null,
    businessType: input.businessType ?? null,
    desiredFloors: input.desiredFloors ?? [],
    desiredAreaM2: jsonOrNull(input.desiredAreaM2),
    moveInDate: input.moveInDate ?? null,
    preferredContact: input.preferredContact ?? null,
    source: jsonOrNull(input.source),
    locale: input.locale ?? null,
    unitId: unit?.id ?? null,
    unitFloor: unit?.floor ?? null,
    unitNumber: unit?.unitNumber ?? null,
    privacyNoticeVersion: input.privacyNoticeVersion,
    privacyNoticeAt: at,
    marketingConsent: input.marketingConsent,
    marketingConsentAt: at,
  };
}

/**
 * Stores one inquiry, its first history entry and its notifications (the outbox) in one transaction:
 * all of it or nothing, so a stored inquiry is always announced. With an idempotency key, a resend of
 * the same inquiry within 24 hours returns the stored one (`replayed`) instead of a second copy; the same
 * key with different content is refused (422), so a key reveals nothing it did not send. The caller
 * answers the inquirer with a receipt (receipt.ts), never the stored row.
 */
export async function createInquiry(
  db: Db,
  input: InquiryInput,
  idempotencyKey?: string,
  unit: (UnitSnapshot & { id: string }) | null = null,
  now = Date.now(),
): Promise<{ inquiry: Inquiry; replayed: boolean }> {
  const createdId = await db.transaction().execute(async (trx) => {
    const insert = () =>
      trx
        .insertInto('inquiries')
        // Stamped with the same clock the key's expiry is judged by.
        .values({ ...toColumns(input, unit, new Date(now)), idempotencyKey: idempotencyKey ?? null, createdAt: new Date(now) })
        .onConflict((conflict) => conflict.column('idempotencyKey').doNothing())
        .returning(['id', 'createdAt'])
        .executeTakeFirst();
    let row = await insert();
    if (!row && idempotencyKey) {
      // The key is taken. By an inquiry over 24 hours old it is forgotten (that inquiry stays): this is a new one.
      const expired = await trx
        .updateTable('inquiries')
        .set({ idempotencyKey: null })
        .where('idempotencyKey', '=', idempotencyKey)
        .where('createdAt', '<', new Date(now - IDEMPOTENCY_KEY_TTL_MS))
        .returning('id')
        .executeTakeFirst();
      if (expired) row = await insert();
    }
    if (!row) return null;
    const { id, createdAt } = row;
    await trx.insertInto('inquiryHistory').values({ inquiryId: id, at: createdAt, status: 'new', note: null, lostReason: null }).execute();
    const channels = configuredChannels();
    if (channels.length > 0) {
      await trx.insertInto('outbox').values(channels.map((channel) => ({ inquiryId: id, channel }))).execute();
    }
    return id;
  });
  if (createdId) return { inquiry: (await findInquiry(db, createdId))!, replayed: false };
  const stored = await selectInquiryRows(db).where('i.idempotencyKey', '=', idempotencyKey as string).executeTakeFirstOrThrow();
  const [row] = await withNotificationStates(db, [stored]);
  const inquiry = toInquiry(row!);
  if (!sameSubmission(inquiry, input)) {
    throw new HttpError(422, 'idempotency_key_reused', 'This Idempotency-Key was already used for a different inquiry');
  }
  return { inquiry, replayed: true };
}

export async function findInquiry(db: Db, id: string): Promise<Inquiry | null> {
  const row = await selectInquiryRows(db).where('i.id', '=', id).executeTakeFirst();
  return row ? toInquiry((await withNotificationStates(db, [row]))[0]!) : null;
}

async function historyOf(db: Db, id: string): Promise<InquiryHistoryEntry[]> {
  const rows = await db
    .selectFrom('inquiryHistory as h')
    .leftJoin('users as by', 'by.id', 'h.actorId')
    .leftJoin('users as assignee', 'assignee.id', 'h.assigneeId')
    .select([
      'h.at', 'h.status', 'h.note', 'h.lostReason', 'h.lostReasonText', 'h.actorId', 'by.displayName as byName', 'by.username as byUsername',
      'h.assigned', 'h.assigneeId', 'assignee.displayName as assigneeName', 'assignee.username as assigneeUsername', 'h.nextStepChanged', 'h.corrected',
      sql<string | null>`to_char(h.next_step_on, 'YYYY-MM-DD')`.as('nextStepDay'),
    ])
    .where('h.inquiryId', '=', id)
    .orderBy('h.at')
    .orderBy('h.seq')
    .execute();
  return rows.map((row) => ({
    at: new Date(row.at).toISOString(),
    ...(row.actorId ? { by: { id: row.actorId, name: row.byName || row.byUsername || '' } } : {}),
    ...(row.status ? { status: row.status as InquiryStatus } : {}),
    ...(row.note ? { note: row.note } : {}),
    ...(isLostReason(row.lostReason) ? { lostReason: row.lostReason } : {}),
    ...(row.lostReasonText ? { lostReasonText: row.lostReasonText } : {}),
    ...(row.assigned ? { assignee: row.assigneeId ? { id: row.assigneeId, name: row.assigneeName || row.assigneeUsername || '' } : null } : {}),
    ...(row.nextStepChanged ? { nextStepOn: row.nextStepDay } : {}),
    ...(row.corrected && row.corrected.length > 0 ? { corrected: row.corrected as CorrectableField[] } : {}),
  }));
}

/** The inquiry with its history (oldest first), or null. */
export async function inquiryDetail(db: Db, id: string): Promise<InquiryDetail | null> {
  const inquiry = await findInquiry(db, id);
  return inquiry ? { ...inquiry, history: await historyOf(db, id) } : null;
}

/** Who changes an inquiry: their account and how the activity log names them. */
export interface InquiryEditor {
  id: string;
  name: string;
  actor: AuditActor;
  /** Whether they may record "won" without an accepted proposal, giving a reason (owners: leases.sign). */
  mayOverrideWon?: boolean;
}

/**
 * "Won" closes a deal (issue 40): the inquiry needs an accepted proposal or a lease of its own; without either, an
 * owner may still record it giving a reason (`wonOverrideReason`), anyone else is told why not (409 `won_needs_proposal`).
 */
async function checkWon(trx: Trx, id: string, patch: InquiryPatch, editor: InquiryEditor): Promise<void> {
  const { rows } = await sql<{ found: boolean }>`select exists (select 1 from proposals where inquiry_id = ${id} and status = 'accepted')
    or exists (select 1 from leases where inquiry_id = ${id}) as found`.execute(trx);
  if (rows[0]?.found) return;
  if (patch.wonOverrideReason === undefined) {
    throw new HttpError(409, 'won_needs_proposal', 'Won needs an accepted proposal; an owner may record it anyway with a reason', { fields: { status: 'inbox.errors.wonNeedsProposal' } });
  }
  if (!editor.mayOverrideWon) throw new HttpError(403, 'forbidden', 'Only an owner may record won without an accepted proposal', { fields: { wonOverrideReason: 'inbox.errors.wonOverrideOwnerOnly' } });
}

const assigneeInvalid = () => new HttpError(400, 'invalid_input', 'Only an active agent or owner can be assigned', { fields: { assigneeId: 'team.errors.assigneeInvalid' } });

/**
 * Applies a team member's change: status (and lost reason), note, assignee, next step, a correction of the
 * prospect's name, e-mail, phone or company (by the form's rules). The row changes
 * and the history gets one entry per kind of change, naming who made it; the activity log records the
 * same in this transaction. Setting what is already set records nothing (a repeated click changes
 * nothing). A status change or a note counts as the first response (touched). Assigning someone else
 * queues a mail to them. Returns null when there is no such inquiry; `mailed` when a mail was queued.
 */
export async function patchInquiry(
  db: Db, id: string, patch: InquiryPatch, editor: InquiryEditor, expected: number | null = null,
): Promise<{ detail: InquiryDetail; mailed: boolean } | null> {
  const outcome = await withActor(editor.actor, async (trx) => {
    // Locked, and refused when destroyed or suspended (the one guard of every write on an inquiry).
    const current = await lockInquiryForProcessing(trx, id).catch((error: unknown) => {
      if (error instanceof HttpError && error.code === 'inquiry_not_found') return null;
      throw error;
    });
    if (!current) return null;
    // The row is locked until this transaction ends: comparing here and writing below is one step (decision 033).
    if (expected !== null && current.version !== expected) throw conflict((await inquiryDetail(trx, id))!);
    // A correction of the prospect's own fields: the ones that differ, recorded by name in the history.
    const contact = await trx.selectFrom('inquiries').select([...CONTACT_FIELDS]).where('id', '=', id).executeTakeFirstOrThrow();
    const corrected = CONTACT_FIELDS.filter((field) => patch[field] !== undefined && patch[field] !== contact[field]);
    if (corrected.length > 0) {
      await trx.updateTable('inquiries').set(Object.fromEntries(corrected.map((field) => [field, patch[field] ?? null]))).where('id', '=', id).execute();
    }
    if (patch.assigneeId) {
      const assignee = await trx.selectFrom('users').select('id').where('id', '=', patch.assigneeId).where('active', '=', true).where('role', 'in', [...ASSIGNABLE_ROLES]).executeTakeFirst();
      if (!assignee) throw assigneeInvalid();
    }
    const statusChanges = patch.status !== undefined && patch.status !== current.status;
    if (statusChanges && patch.status === 'won') await checkWon(trx, id, patch, editor);
    const assignmentChanges = patch.assigneeId !== undefined && patch.assigneeId !== current.assigneeId;
    const nextStepChanges = patch.nextStepOn !== undefined && patch.nextStepOn !== current.nextStepDay;
    const touched = statusChanges || patch.note !== undefined;
    if (statusChanges || assignmentChanges || nextStepChanges || touched) {
      await trx
        .updateTable('inquiries')
        .set({
          ...(statusChanges
            ? {
              status: patch.status!,
              lostReason: patch.status === 'lost' ? patch.lostReason ?? null : null,
              lostReasonText: patch.status === 'lost' ? patch.lostReasonText ?? null : null,
              firstStatusChangeAt: sql`coalesce(first_status_change_at, clock_timestamp())`,
            }
            : {}),
          ...(assignmentChanges ? { assigneeId: patch.assigneeId ?? null } : {}),
          ...(nextStepChanges ? { nextStepOn: patch.nextStepOn ?? null } : {}),
          ...(touched ? { touchedAt: sql`coalesce(touched_at, clock_timestamp())` } : {}),
        })
        .where('id', '=', id)
        .execute();
    }
    const entry = { inquiryId: id, actorId: editor.id, status: null, note: null, lostReason: null };
    if (touched) {
      await trx
        .insertInto('inquiryHistory')
        .values({
          ...entry,
          status: statusChanges ? patch.status! : null,
          // An owner's override of the "won" rule is kept with the step, in the person's words.
          note: [patch.note, statusChanges && patch.status === 'won' ? patch.wonOverrideReason : undefined].filter(Boolean).join('\n') || null,
          lostReason: statusChanges && patch.status === 'lost' ? patch.lostReason ?? null : null,
          lostReasonText: statusChanges && patch.status === 'lost' ? patch.lostReasonText ?? null : null,
        })
        .execute();
    }
    if (assignmentChanges) await trx.insertInto('inquiryHistory').values({ ...entry, assigned: true, assigneeId: patch.assigneeId ?? null }).execute();
    if (nextStepChanges) await trx.insertInto('inquiryHistory').values({ ...entry, nextStepChanged: true, nextStepOn: patch.nextStepOn ?? null }).execute();
    if (corrected.length > 0) await trx.insertInto('inquiryHistory').values({ ...entry, corrected }).execute();
    const mailed = assignmentChanges && Boolean(patch.assigneeId) && patch.assigneeId !== editor.id
      ? await queueStaffMail(trx, { kind: 'assigned', inquiryId: id, userId: patch.assigneeId!, by: editor.name })
      : false;
    return { mailed };
  }, { db });
  if (!outcome) return null;
  return { detail: (await inquiryDetail(db, id))!, mailed: outcome.mailed };
}
