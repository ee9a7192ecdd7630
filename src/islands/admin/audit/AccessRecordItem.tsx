import type { Translate } from '~/i18n/translate';
import { accessTargetText, isExportReason, type AccessRecord } from '~/shared/access';
import { inquiryReference } from '~/shared/inquiry';

/** Links to at most this many inquiries per record (a view or a link names one). */
const LINKS_SHOWN = 5;

/**
 * One access record in the log: who opened or took out which inquiries (links), what besides them (a privacy request
 * by its kind and day, a proposal by its version — never an id), how many, and why.
 */
export default function AccessRecordItem({ record, when, tag, t }: { record: AccessRecord; when: string; tag: string; t: Translate }) {
  const reason = record.reason === null ? null : isExportReason(record.reason) ? t(`access.reasons.${record.reason}`) : record.reason;
  return (
    <li data-testid="access-record" data-action={record.action} className="grid gap-1 rounded-xl border border-line p-3 text-sm sm:grid-cols-[11rem_minmax(0,1fr)] sm:gap-4">
      <span className="text-muted">{when}</span>
      <span className="grid min-w-0 gap-1">
        <span className="break-words text-ink">
          <strong>{record.actor?.name ?? t('team.audit.system')}</strong> {t(`access.actions.${record.action}`)}
          {record.count !== null && <> · {t('access.log.count', { n: record.count })}</>}
        </span>
        {record.inquiryIds.length > 0 && (
          <span className="flex flex-wrap gap-x-3">
            {record.inquiryIds.slice(0, LINKS_SHOWN).map((id) => (
              <a key={id} href={`?inquiry=${id}`} className="inline-flex min-h-11 items-center text-brass-strong underline sm:min-h-0">{t('access.log.open', { reference: inquiryReference(id) })}</a>
            ))}
            {record.inquiryIds.length > LINKS_SHOWN && <span className="text-muted">{t('access.log.inquiries', { n: record.inquiryIds.length })}</span>}
          </span>
        )}
        {record.target && <span className="break-words text-muted" data-testid="access-target">{accessTargetText(record.target, t, tag)}</span>}
        {!record.target && record.targetId && record.action !== 'attachment.link' && <span className="text-muted" data-testid="access-target">{t('access.log.targetGone')}</span>}
        {reason && <span className="break-words text-ink" data-testid="access-reason">{t('access.log.reason', { reason: [reason, record.reasonText].filter(Boolean).join(': ') })}</span>}
        {record.address && <span className="text-xs text-muted">{t('team.audit.from', { address: record.address })}</span>}
      </span>
    </li>
  );
}
