import { sql } from 'kysely';
import type { Inquiry, InquiryFilter } from '../../shared/inquiry.ts';
import { LOCALES } from '../../i18n/locales.ts';
import { toPyeong } from '../../shared/units/basics.ts';
import type { Db } from '../db/index.ts';
import { csvRow, UTF8_BOM } from './csv.ts';
import { allInquiries } from './list.ts';
import { serverMessages, type ServerLocale } from '../i18n.ts';
import { lostReasonLabel } from '../../shared/lost-reasons.ts';
import { spaceName } from '../../shared/units/space-name.ts';
import type { Translate } from '../../i18n/translate.ts';

const COLUMNS = [
  'createdAt', 'status', 'name', 'company', 'email', 'phone', 'businessType', 'unit', 'desiredFloors', 'areaM2', 'areaPyeong',
  'moveInDate', 'preferredContact', 'message', 'attachments', 'lostReason', 'notes', 'sourcePath', 'referrer', 'utm', 'locale', 'notification',
  'privacyNotice', 'marketingConsent',
] as const;

/** Korea is UTC+9 all year (no daylight saving time). */
const KOREA_OFFSET_MS = 9 * 3600_000;

/**
 * A moment as Korea's wall clock, in the form spreadsheets read as a date and time (Excel, Numbers,
 * Google Sheets): the leasing office's day, the same the inbox shows, not UTC's.
 * @example koreaTime('2026-11-24T17:49:38.084Z') // '2026-11-25 02:49:38'
 */
export function koreaTime(moment: string | Date | number): string {
  return new Date(new Date(moment).getTime() + KOREA_OFFSET_MS).toISOString().slice(0, 19).replace('T', ' ');
}

const pyeong = (m2: number | null) => (m2 === null ? null : Math.round(toPyeong(m2) * 10) / 10);
const range = (min: number | null, max: number | null) => (min === null && max === null ? '' : `${min ?? ''}–${max ?? ''}`);

function cells(inquiry: Inquiry, notes: string, t: Translate): (string | number | null)[] {
  const area = inquiry.desiredAreaM2;
  return [
    koreaTime(inquiry.createdAt),
    t(`inbox.status.${inquiry.status}`),
    // A destroyed inquiry (issue 24) says so where its name was: never a blank row.
    inquiry.destroyedAt ? t('privacyRequests.destroyedLabel') : inquiry.name,
    inquiry.company,
    inquiry.email,
    inquiry.phone,
    // Uses, spaces and floors in the reader's words ("의료", "3층 301호"), as the inbox shows them.
    inquiry.businessType ? t(`brands.category.${inquiry.businessType}`) : null,
    inquiry.unit ? spaceName(t, inquiry.unit) : '',
    inquiry.desiredFloors.map((floor) => t(`units.floor.${floor}`)).join(', '),
    area ? range(area.min, area.max) : '',
    area ? range(pyeong(area.min), pyeong(area.max)) : '',
    inquiry.moveInDate,
    inquiry.destroyedAt ? null : t(`inbox.contact.${inquiry.preferredContact ?? 'any'}`),
    inquiry.message,
    inquiry.attachments.length,
    inquiry.lostReason ? lostReasonLabel(t, inquiry.lostReason, inquiry.lostReasonText) : null,
    notes,
    inquiry.source?.path ?? '',
    inquiry.source?.referrer ?? '',
    inquiry.source ? Object.entries(inquiry.source.utm).map(([k, v]) => `${k}=${v}`).join('&') : '',
    (LOCALES as readonly string[]).includes(inquiry.locale ?? '') ? t(`inbox.locales.${inquiry.locale}`) : inquiry.locale,
    t(`inbox.notification.${inquiry.notification}`),
    inquiry.privacyNoticeVersion,
    // The visitor's choice and when it was made (issue 24): who may be sent advertising, and on what proof.
    `${t(`inbox.marketing.${inquiry.marketingConsent ? 'yes' : 'no'}`)}${inquiry.marketingConsentAt ? ` (${koreaTime(inquiry.marketingConsentAt)})` : ''}`,
  ];
}

/** The staff's notes on each of these inquiries, oldest first, one line each: `2026-11-25 09:12 note`. */
async function notesOf(db: Db, ids: string[]): Promise<Map<string, string>> {
  const rows = await db
    .selectFrom('inquiryHistory')
    .select(['inquiryId', 'at', 'note'])
    .where('note', 'is not', null)
    .where(sql<boolean>`inquiry_id = any(${ids}::uuid[])`)
    .orderBy('at')
    .orderBy('seq')
    .execute();
  const notes = new Map<string, string[]>();
  for (const row of rows) notes.set(row.inquiryId, [...(notes.get(row.inquiryId) ?? []), `${koreaTime(row.at).slice(0, 16)} ${row.note}`]);
  return new Map([...notes].map(([id, lines]) => [id, lines.join('\n')]));
}

/**
 * The filtered inquiries as a CSV file (UTF-8 with BOM, RFC 4180, formulas neutralised), streamed in
 * batches so 10,000 rows never sit in memory as one string. Headers, statuses and languages are in the
 * admin's language, times in Korea's. The first batch is read before the answer starts: a query that
 * fails fails the request with its proper error, instead of breaking a 200 off mid-body.
 */
export async function inquiryCsvStream(db: Db, filter: InquiryFilter, locale: ServerLocale): Promise<ReadableStream<Uint8Array>> {
  const t = serverMessages(locale);
  const encoder = new TextEncoder();
  const batches = allInquiries(db, filter);
  const rows = async (all: Inquiry[]) => {
    // Processing stopped at the visitor's request (issue 24): it leaves the exports.
    const batch = all.filter((inquiry) => !inquiry.suspendedAt);
    const notes = await notesOf(db, batch.map((inquiry) => inquiry.id));
    return encoder.encode(batch.map((inquiry) => csvRow(cells(inquiry, notes.get(inquiry.id) ?? '', t))).join(''));
  };
  const first = await batches.next();
  const head = encoder.encode(UTF8_BOM + csvRow(COLUMNS.map((column) => t(`inbox.csv.${column}`))));
  const pending: Uint8Array[] = [head, ...(first.done ? [] : [await rows(first.value)])];
  let done = first.done ?? false;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      const ready = pending.shift();
      if (ready) return controller.enqueue(ready);
      if (done) return controller.close();
      const next = await batches.next();
      if (next.done) {
        done = true;
        return controller.close();
      }
      controller.enqueue(await rows(next.value));
    },
    async cancel() {
      await batches.return(undefined);
    },
  });
}
