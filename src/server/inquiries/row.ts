import { sql } from 'kysely';
import type { Inquiry, InquiryStatus, NotificationState, PreferredContact } from '../../shared/inquiry.ts';
import { isLostReason } from '../../shared/lost-reasons.ts';
import type { Db } from '../db/index.ts';

/**
 * The columns an inquiry is read with. Dates that Postgres keeps finer than JavaScript (created_at has
 * microseconds) or as a calendar day (move_in_date) are read as text, so a cursor and a day never shift.
 */
export function selectInquiryRows(db: Db) {
  return db.selectFrom('inquiries as i').leftJoin('users as a', 'a.id', 'i.assigneeId').select([
    'i.assigneeId', 'i.touchedAt', 'a.displayName as assigneeName', 'a.username as assigneeUsername',
    sql<string | null>`to_char(i.next_step_on, 'YYYY-MM-DD')`.as('nextStepDay'),
    'i.id', 'i.name', 'i.email', 'i.phone', 'i.message', 'i.attachments', 'i.createdAt', 'i.company', 'i.businessType',
    'i.desiredFloors', 'i.desiredAreaM2', 'i.preferredContact', 'i.source', 'i.locale', 'i.status', 'i.lostReason', 'i.lostReasonText',
    'i.firstStatusChangeAt', 'i.unitId', 'i.unitFloor', 'i.unitNumber', 'i.destroyedAt', 'i.suspendedAt', 'i.version',
    'i.privacyNoticeVersion', 'i.privacyNoticeAt', 'i.marketingConsent', 'i.marketingConsentAt',
    sql<string | null>`to_char(i.move_in_date, 'YYYY-MM-DD')`.as('moveInDay'),
    sql<string>`to_char(i.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`.as('createdAtExact'),
  ]);
}

type SelectedRow = Awaited<ReturnType<ReturnType<typeof selectInquiryRows>['executeTakeFirstOrThrow']>>;
export type InquiryRow = SelectedRow & { notification: NotificationState };

/**
 * Adds each inquiry's notification state (none configured → off) with one grouped query for the whole
 * page: a subquery per row cost about a millisecond each on PGlite.
 */
export async function withNotificationStates(db: Db, rows: SelectedRow[]): Promise<InquiryRow[]> {
  if (rows.length === 0) return [];
  const states = await db
    .selectFrom('outbox')
    .select([
      'inquiryId',
      sql<NotificationState>`case
        when bool_or(failed_at is not null) then 'failed'
        when bool_and(sent_at is not null) then 'sent'
        else 'retrying' end`.as('state'),
    ])
    // One array parameter, not one per row: less for the database to parse on every page.
    .where(sql<boolean>`inquiry_id = any(${rows.map((row) => row.id)}::uuid[])`)
    // The inquiry's own notifications; a tour's mails (issue 26) are the tour's.
    .where('channel', '!=', 'tour-mail')
    .groupBy('inquiryId')
    .execute();
  const byId = new Map(states.map((row) => [row.inquiryId, row.state]));
  return rows.map((row) => ({ ...row, notification: byId.get(row.id) ?? 'off' }));
}

const iso = (value: Date | string | null): string | null => (value === null ? null : new Date(value).toISOString());

export function toInquiry(row: InquiryRow): Inquiry {
  const unit = row.unitFloor && row.unitNumber ? { floor: row.unitFloor, unitNumber: row.unitNumber } : null;
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    phone: row.phone,
    message: row.message,
    attachments: row.attachments ?? [],
    createdAt: iso(row.createdAt) as string,
    company: row.company,
    businessType: row.businessType,
    desiredFloors: row.desiredFloors ?? [],
    desiredAreaM2: row.desiredAreaM2 ?? null,
    moveInDate: row.moveInDay,
    preferredContact: row.preferredContact as PreferredContact | null,
    source: row.source ? { path: row.source.path ?? null, referrer: row.source.referrer ?? null, utm: row.source.utm ?? {} } : null,
    locale: row.locale,
    status: row.status as InquiryStatus,
    lostReason: isLostReason(row.lostReason) ? row.lostReason : null,
    lostReasonText: row.lostReasonText,
    firstStatusChangeAt: iso(row.firstStatusChangeAt),
    unitId: row.unitId,
    unit,
    notification: row.notification ?? 'off',
    assigneeId: row.assigneeId,
    assignee: row.assigneeId ? { id: row.assigneeId, name: row.assigneeName || row.assigneeUsername || '' } : null,
    nextStepOn: row.nextStepDay,
    touchedAt: iso(row.touchedAt),
    // Filled by the response-time rules (response-time.ts), which know the office calendar.
    responseDueAt: null,
    overdue: false,
    privacyNoticeVersion: row.privacyNoticeVersion,
    privacyNoticeAt: iso(row.privacyNoticeAt),
    destroyedAt: iso(row.destroyedAt),
    suspendedAt: iso(row.suspendedAt),
    marketingConsent: row.marketingConsent ?? false,
    marketingConsentAt: iso(row.marketingConsentAt),
    version: row.version,
  };
}
