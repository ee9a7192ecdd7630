import { sql } from 'kysely';
import type { Trx } from '../audit/actor.ts';
import { HttpError } from '../http/errors.ts';

/** Why an inquiry takes no new processing, as the API's error codes say it. */
export const NO_PROCESSING_CODES = ['inquiry_destroyed', 'inquiry_suspended'] as const;
export type NoProcessingCode = (typeof NO_PROCESSING_CODES)[number];

// `fields.inquiry` is the reason in the reader's words (the panel shows a refused write's field message).
export const inquiryDestroyed = () =>
  new HttpError(409, 'inquiry_destroyed', 'This inquiry\'s personal data was destroyed: nothing new can be done with it', { fields: { inquiry: 'privacyRequests.noProcessing.destroyed' } });
export const inquirySuspended = () =>
  new HttpError(409, 'inquiry_suspended', 'Processing of this inquiry was stopped at the visitor\'s request: it can only be read', { fields: { inquiry: 'privacyRequests.noProcessing.suspended' } });
const inquiryNotFound = () => new HttpError(404, 'inquiry_not_found', 'No inquiry with this id');

/** The inquiry as a write on it reads it, locked until the caller's transaction ends. */
export interface ProcessableInquiry {
  id: string;
  status: string;
  assigneeId: string | null;
  locale: string | null;
  version: number;
  /** The next step's day (YYYY-MM-DD), or null. */
  nextStepDay: string | null;
}

/**
 * THE guard of every write on an inquiry or on what hangs from it (its status, notes, assignment, next step,
 * contact fields, tours — and proposals and leases): call it first inside the write's transaction. It locks the
 * inquiry's row (FOR UPDATE) until that transaction ends, so a destruction or a suspension that commits meanwhile
 * waits for the write or is seen by it — never half of each. A destroyed inquiry (PIPA Art. 21) or one whose
 * processing the visitor had stopped (Art. 37) takes no new processing: 409 `inquiry_destroyed` /
 * `inquiry_suspended`; no such inquiry: 404 `inquiry_not_found`.
 *
 * Lock order: the inquiry first, then its children (a tour, a proposal), as the destruction does — a write that
 * starts from a child reads the child's inquiry id unlocked (it never changes), calls this, then locks the child.
 * The privacy-request actions themselves (correct, destroy, suspend, send a copy) are the visitor's rights, not new
 * processing: they do not call it.
 * @example const inquiry = await lockInquiryForProcessing(trx, inquiryId); // then write
 */
export async function lockInquiryForProcessing(trx: Trx, inquiryId: string): Promise<ProcessableInquiry> {
  const row = await trx
    .selectFrom('inquiries')
    .select(['id', 'status', 'assigneeId', 'locale', 'version', 'destroyedAt', 'suspendedAt', sql<string | null>`to_char(next_step_on, 'YYYY-MM-DD')`.as('nextStepDay')])
    .where('id', '=', inquiryId)
    .forUpdate()
    .executeTakeFirst();
  if (!row) throw inquiryNotFound();
  if (row.destroyedAt) throw inquiryDestroyed();
  if (row.suspendedAt) throw inquirySuspended();
  return { id: row.id, status: row.status, assigneeId: row.assigneeId, locale: row.locale, version: row.version, nextStepDay: row.nextStepDay };
}
