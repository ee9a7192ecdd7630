import type { Inquiry, InquiryFilter } from '../../shared/inquiry.ts';
import { toPyeong } from '../../shared/unit-basics.ts';
import type { Db } from '../db/index.ts';
import { csvRow, UTF8_BOM } from './csv.ts';
import { allInquiries } from './list.ts';
import { serverMessages, type ServerLocale } from '../i18n.ts';

const COLUMNS = [
  'createdAt', 'status', 'name', 'company', 'email', 'phone', 'businessType', 'unit', 'desiredFloors', 'areaM2', 'areaPyeong',
  'moveInDate', 'preferredContact', 'message', 'attachments', 'lostReason', 'sourcePath', 'referrer', 'utm', 'locale', 'notification',
] as const;

const pyeong = (m2: number | null) => (m2 === null ? null : Math.round(toPyeong(m2) * 10) / 10);
const range = (min: number | null, max: number | null) => (min === null && max === null ? '' : `${min ?? ''}–${max ?? ''}`);

function cells(inquiry: Inquiry, t: (key: string) => string): (string | number | null)[] {
  const area = inquiry.desiredAreaM2;
  return [
    inquiry.createdAt,
    t(`inbox.status.${inquiry.status}`),
    inquiry.name,
    inquiry.company,
    inquiry.email,
    inquiry.phone,
    inquiry.businessType,
    inquiry.unit ? [inquiry.unit.floor, inquiry.unit.unitNumber].filter(Boolean).join(' ') : '',
    inquiry.desiredFloors.join(' '),
    area ? range(area.min, area.max) : '',
    area ? range(pyeong(area.min), pyeong(area.max)) : '',
    inquiry.moveInDate,
    inquiry.preferredContact ? t(`inbox.contact.${inquiry.preferredContact}`) : null,
    inquiry.message,
    inquiry.attachments.length,
    inquiry.lostReason,
    inquiry.source?.path ?? '',
    inquiry.source?.referrer ?? '',
    inquiry.source ? Object.entries(inquiry.source.utm).map(([k, v]) => `${k}=${v}`).join('&') : '',
    inquiry.locale,
    t(`inbox.notification.${inquiry.notification}`),
  ];
}

/**
 * The filtered inquiries as a CSV file (UTF-8 with BOM, RFC 4180, formulas neutralised), streamed in
 * batches so 10,000 rows never sit in memory as one string. Headers and
 * statuses are in the admin's language.
 */
export function inquiryCsvStream(db: Db, filter: InquiryFilter, locale: ServerLocale): ReadableStream<Uint8Array> {
  const t = serverMessages(locale);
  const encoder = new TextEncoder();
  const batches = allInquiries(db, filter);
  let started = false;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!started) {
        started = true;
        controller.enqueue(encoder.encode(UTF8_BOM + csvRow(COLUMNS.map((column) => t(`inbox.csv.${column}`)))));
        return;
      }
      const next = await batches.next();
      if (next.done) return controller.close();
      controller.enqueue(encoder.encode(next.value.map((inquiry) => csvRow(cells(inquiry, t))).join('')));
    },
    async cancel() {
      await batches.return(undefined);
    },
  });
}
