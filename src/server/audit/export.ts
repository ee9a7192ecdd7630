import type { AuditEvent, AuditFilter } from '../../shared/audit.ts';
import type { Db } from '../db/index.ts';
import { serverMessages, type ServerLocale } from '../i18n.ts';
import { csvRow, UTF8_BOM } from '../inquiries/csv.ts';
import { allAuditEvents } from './list.ts';
import { allAccessRecords } from './access.ts';
import { accessTargetText, isExportReason, type AccessKind } from '../../shared/access.ts';
import { LOCALE_TAGS } from '../../i18n/locales.ts';

const COLUMNS = ['at', 'actor', 'action', 'entity', 'entityId', 'changes', 'address'] as const;

/** A changed field as a spreadsheet reads it: `status: new → contacted`. */
function changeText(changes: AuditEvent['changes']): string {
  const show = (value: unknown) => (value === null || value === undefined ? '∅' : typeof value === 'string' ? value : JSON.stringify(value));
  return Object.entries(changes).map(([field, [before, after]]) => `${field}: ${show(before)} → ${show(after)}`).join('; ');
}

/** A CSV of batches: the header row first, then each batch as rows, pulled as the reader reads. */
function csvStream<T>(head: string[], batches: AsyncGenerator<T[]>, row: (item: T) => (string | number | null)[]): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let started = false;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!started) {
        started = true;
        controller.enqueue(encoder.encode(UTF8_BOM + csvRow(head)));
        return;
      }
      const next = await batches.next();
      if (next.done) return controller.close();
      controller.enqueue(encoder.encode(next.value.map((item) => csvRow(row(item))).join('')));
    },
    async cancel() {
      await batches.return(undefined);
    },
  });
}

const ACCESS_COLUMNS = ['at', 'actor', 'action', 'inquiries', 'target', 'count', 'reason', 'address'] as const;

/**
 * The access records (views, links, exports) as CSV, headers and reasons in the owner's language; the record an
 * access concerned besides inquiries in words ("제안 v2"), its id where no words name it (an attachment's number).
 */
export function accessCsvStream(db: Db, filter: AuditFilter, kind: AccessKind | 'access', locale: ServerLocale): ReadableStream<Uint8Array> {
  const t = serverMessages(locale);
  const reasonOf = (reason: string | null) => (reason === null ? '' : isExportReason(reason) ? t(`access.reasons.${reason}`) : reason);
  return csvStream(ACCESS_COLUMNS.map((column) => t(`access.csv.${column}`)), allAccessRecords(db, filter, kind), (record) => [
    record.at,
    record.actor?.name ?? '',
    t(`access.actions.${record.action}`),
    record.inquiryIds.join(' '),
    record.target ? accessTargetText(record.target, t, LOCALE_TAGS[locale]) : record.targetId ?? '',
    record.count,
    [reasonOf(record.reason), record.reasonText].filter(Boolean).join(': '),
    record.address,
  ]);
}

/**
 * The filtered activity log as CSV (UTF-8 with BOM, RFC 4180, formulas neutralised, as the inbox export),
 * streamed in batches; headers in the owner's language.
 */
export function auditCsvStream(db: Db, filter: AuditFilter, locale: ServerLocale): ReadableStream<Uint8Array> {
  const t = serverMessages(locale);
  const encoder = new TextEncoder();
  const batches = allAuditEvents(db, filter);
  let started = false;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!started) {
        started = true;
        controller.enqueue(encoder.encode(UTF8_BOM + csvRow(COLUMNS.map((column) => t(`staffMail.auditCsv.${column}`)))));
        return;
      }
      const next = await batches.next();
      if (next.done) return controller.close();
      controller.enqueue(encoder.encode(next.value.map((event) => csvRow([event.at, event.actor?.name ?? '', event.action, event.entity, event.entityId, changeText(event.changes), event.address])).join('')));
    },
    async cancel() {
      await batches.return(undefined);
    },
  });
}
