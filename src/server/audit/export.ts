import type { AuditEvent, AuditFilter } from '../../shared/audit.ts';
import type { Db } from '../db/index.ts';
import { serverMessages, type ServerLocale } from '../i18n.ts';
import { csvRow, UTF8_BOM } from '../inquiries/csv.ts';
import { allAuditEvents } from './list.ts';
import { allAccessRecords } from './access.ts';
import { accessTargetText, isExportReason, type AccessKind } from '../../shared/access.ts';
import { LOCALE_TAGS } from '../../i18n/locales.ts';
import { describeEvent } from '../../shared/audit-format.ts';
import { withRefs } from './refs.ts';
import { auditMessages } from './words.ts';

const COLUMNS = ['at', 'actor', 'action', 'entity', 'subject', 'entityId', 'changes', 'address'] as const;

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
 * The filtered activity log as CSV (UTF-8 with BOM, RFC 4180, formulas neutralised, as the inbox export), streamed
 * in batches, in the exporter's language: every cell a person reads says what the panel's activity tab says (the
 * shared formatter: the action and kind in words, the record by its name, each change as "상태: 신규 → 연락함", an
 * empty value as "없음", a destroyed one as "파기됨"); the time (ISO) and the record's id stay for machines. The
 * inquirer's name is masked for who reads masked, as on the screen.
 */
export function auditCsvStream(db: Db, filter: AuditFilter, locale: ServerLocale, masked: boolean): ReadableStream<Uint8Array> {
  const t = auditMessages(locale);
  async function* named(): AsyncGenerator<AuditEvent[]> {
    for await (const batch of allAuditEvents(db, filter)) yield await withRefs(db, batch, masked);
  }
  return csvStream(COLUMNS.map((column) => t(`staffMail.auditCsv.${column}`)), named(), (event) => {
    const { subject, changes } = describeEvent(event, t, locale);
    return [
      event.at,
      event.actor?.name ?? t('team.audit.system'),
      t(`team.audit.actions.${event.action}`),
      t(`team.audit.entities.${event.entity}`),
      subject?.text ?? '',
      event.entityId,
      changes.map((change) => `${change.label}: ${change.text}`).join('; '),
      event.address,
    ];
  });
}
