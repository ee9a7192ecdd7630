import type { Selectable } from 'kysely';
import type { Inquiry, InquiryInput } from '../shared/inquiry.ts';
import type { Db } from './db/index.ts';
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
  };
}

/** Stores one inquiry in a single statement (atomic: all of it or nothing). Attachments are object paths. */
export async function createInquiry(db: Db, input: InquiryInput): Promise<Inquiry> {
  const row = await db
    .insertInto('inquiries')
    .values({
      name: input.name,
      email: input.email,
      phone: input.phone,
      message: input.message,
      attachments: input.attachments,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return toInquiry(row);
}

/** Every inquiry, newest first; attachments are still object paths (the function signs them). */
export async function listInquiries(db: Db): Promise<Inquiry[]> {
  const rows = await db.selectFrom('inquiries').selectAll().orderBy('createdAt', 'desc').orderBy('id').execute();
  return rows.map(toInquiry);
}
