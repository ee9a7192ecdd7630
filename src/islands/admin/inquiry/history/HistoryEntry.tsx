import type { Translate } from '~/i18n/translate';
import type { InquiryHistoryEntry } from '~/shared/inquiry';
import { dayText } from '../../day-text';
import { lostReasonLabel } from '~/shared/lost-reasons';

/** One change of an inquiry: when, who, and what (status, note, assignment, next step, a correction of the prospect's fields). */
export default function HistoryEntry({ entry, dateFormat, lang, t }: { entry: InquiryHistoryEntry; dateFormat: Intl.DateTimeFormat; lang: string; t: Translate }) {
  return (
    <li className="border-l-2 border-line pl-3" data-testid="history-entry">
      <span className="text-muted">{dateFormat.format(new Date(entry.at))}</span>{' '}
      {entry.by && <strong className="text-ink" data-testid="history-by">{entry.by.name}</strong>}{' '}
      {entry.status && <span>{t('inbox.historyStatus', { status: t(`inbox.status.${entry.status}`) })}</span>}
      {entry.lostReason && <span> ({lostReasonLabel(t, entry.lostReason, entry.lostReasonText)})</span>}
      {entry.assignee !== undefined && (
        <span>{entry.assignee ? t('team.inbox.historyAssigned', { name: entry.assignee.name }) : t('team.inbox.historyUnassigned')}</span>
      )}
      {entry.nextStepOn !== undefined && (
        <span>{entry.nextStepOn ? t('team.inbox.historyNextStep', { day: dayText(entry.nextStepOn, lang) }) : t('team.inbox.historyNextStepCleared')}</span>
      )}
      {entry.corrected && <span data-testid="history-corrected">{t('inbox.historyCorrected', { fields: entry.corrected.map((field) => t(`inbox.fields.${field}`)).join(', ') })}</span>}
      {entry.note && <p className="whitespace-pre-wrap break-words">{entry.note}</p>}
      {entry.noteHidden && <p className="text-muted">{t('access.masked.note')}</p>}
    </li>
  );
}
