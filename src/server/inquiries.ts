import type { Selectable } from 'kysely';
import type { Inquiry, InquiryInput } from '../shared/inquiry.ts';
import type { UnitSnapshot } from '../shared/unit.ts';
import type { Db } from './db/index.ts';
import { HttpError } from './http.ts';
import type { InquiriesTable } from './db/types.ts';

function toInquiry(row: Selectable<InquiriesTable>): Inquiry {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    phone: row.phone,
    message: row.message,
    attachments: row.attachments ?? [],
    createdAt: new Date(row.createdAt).toISOString(),
    unitId: row.unitId ?? null,
    unit: row.unitFloor && row.unitNumber ? { floor: row.unitFloor, unitNumber: row.unitNumber } : null,
  };
}

/** The stored inquiry is the one this request describes (what a resend must match). */
function sameSubmission(row: Selectable<InquiriesTable>, input: InquiryInput): boolean {
  return (
    row.name === input.name &&
    row.email === input.email &&
    row.phone === input.phone &&
    row.message === input.message &&
    (row.unitId ?? null) === (input.unitId?.toLowerCase() ?? null) &&
    JSON.stringify(row.attachments ?? []) === JSON.stringify(input.attachments)
  );
}

/**
 * Stores one inquiry in a single statement (atomic: all of it or nothing). Attachments are object paths.
 * With an idempotency key, a resend of the same inquiry returns the stored one (`replayed`) instead of a
 * second copy; the same key with different content is refused (422), so a key reveals nothing it did not send.
 */
export async function createInquiry(
  db: Db,
  input: InquiryInput,
  idempotencyKey?: string,
  unit: (UnitSnapshot & { id: string }) | null = null,
): Promise<{ inquiry: Inquiry; replayed: boolean }> {
  const row = await db
    .insertInto('inquiries')
    .values({
      name: input.name,
      email: input.email,
      phone: input.phone,
      message: input.message,
      attachments: input.attachments,
      idempotencyKey: idempotencyKey ?? null,
      unitId: unit?.id ?? null,
      unitFloor: unit?.floor ?? null,
      unitNumber: unit?.unitNumber ?? null,
    })
    .onConflict((conflict) => conflict.column('idempotencyKey').doNothing())
    .returningAll()
    .executeTakeFirst();
  if (row) return { inquiry: toInquiry(row), replayed: false };
  const stored = await db
    .selectFrom('inquiries')
    .selectAll()
    .where('idempotencyKey', '=', idempotencyKey as string)
    .executeTakeFirstOrThrow();
  if (!sameSubmission(stored, input)) {
    throw new HttpError(422, 'idempotency_key_reused', 'This Idempotency-Key was already used for a different inquiry');
  }
  return { inquiry: toInquiry(stored), replayed: true };
}

/** Every inquiry, newest first; attachments are still object paths (the function signs them). */
export async function listInquiries(db: Db): Promise<Inquiry[]> {
  const rows = await db.selectFrom('inquiries').selectAll().orderBy('createdAt', 'desc').orderBy('id').execute();
  return rows.map(toInquiry);
}
