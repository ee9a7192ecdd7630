import { useEffect, useState } from 'react';
import type { Translate } from '~/i18n/translate';
import { formatDay } from '~/shared/deals/display';
import { endSessionIfUnauthorized } from '~/client/admin-session';
import { useQuery } from '~/client/hooks/use-query';
import { leaseHistoryPath, type LeaseHistoryEntry } from '~/client/leases/api';

/** The log's columns by the words the lease's screens use. */
const FIELD_WORDS: Record<string, string> = {
  status: 'leasePanel.fields.status',
  legal_name: 'leasePanel.fields.legalName',
  business_number: 'leasePanel.fields.businessNumber',
  representative: 'leasePanel.fields.representative',
  contacts: 'leasePanel.contacts.title',
  brand_id: 'leasePanel.form.brand',
  new_brand: 'leasePanel.form.brand',
  unit_ids: 'leasePanel.form.spaces',
  contract_on: 'leasePanel.fields.contractOn',
  handover_on: 'leasePanel.fields.handoverOn',
  opening_on: 'leasePanel.fields.openingOn',
  terminates_on: 'leasePanel.fields.terminatesOn',
  terms: 'leasePanel.history.terms',
  deposit_schedule: 'leasePanel.deposit.title',
  signed_on: 'leasePanel.fields.signedOn',
  document_path: 'leasePanel.sign.document',
  override_reason: 'leasePanel.open.reason',
  proposal_id: 'leasePanel.history.proposal',
  renewal_of: 'leasePanel.history.renewalOf',
  effective_on: 'leasePanel.fields.effectiveOn',
  number: 'leasePanel.history.amendmentNumber',
  changes: 'leasePanel.history.changes',
  reason: 'leasePanel.fields.reason',
};
const ACTION_WORDS: Record<string, string> = {
  create: 'leasePanel.history.actions.create',
  update: 'leasePanel.history.actions.update',
  sign: 'leasePanel.history.actions.sign',
  amend: 'leasePanel.history.actions.amend',
  'by-date': 'leasePanel.history.actions.byDate',
  delete: 'leasePanel.history.actions.delete',
  'document.link': 'leasePanel.history.actions.documentLink',
};

/** The words of one logged value: a status, a day, a number. */
function valueText(field: string, value: unknown, lang: string, t: Translate): string {
  if (value === null || value === undefined || value === '') return t('conflict.empty');
  if (field === 'status') return t(`leases.status.${String(value)}`);
  if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value)) return formatDay(value, lang);
  return String(value);
}

interface Props {
  leaseId: string;
  lang: string;
  dateFormat: Intl.DateTimeFormat;
  t: Translate;
}

/**
 * A lease's history (the lease page): who did what and when — opened, edited, signed, amended, moved by the daily
 * job, its document opened — newest first; the facts' values in words, any other change named (its values are on
 * the lease, and a person's are never in the log). Read when opened.
 */
export default function LeaseHistory({ leaseId, lang, dateFormat, t }: Props) {
  const [open, setOpen] = useState(false);
  return (
    <details className="text-sm" onToggle={(event) => setOpen(event.currentTarget.open)} data-testid="lease-history">
      <summary className="min-h-11 cursor-pointer py-2 font-semibold text-ink">{t('leasePanel.history.title')}</summary>
      {open && <HistoryEntries leaseId={leaseId} lang={lang} dateFormat={dateFormat} t={t} />}
    </details>
  );
}

function HistoryEntries({ leaseId, lang, dateFormat, t }: Props) {
  const { data, error } = useQuery<LeaseHistoryEntry[]>([leaseHistoryPath(leaseId)]);
  useEffect(() => {
    if (error) endSessionIfUnauthorized(error);
  }, [error]);
  if (error) return <p role="alert" className="text-danger">{t('leasePanel.history.loadFailed')}</p>;
  if (!data) return <p className="text-muted">{t('leasePanel.section.loading')}</p>;
  if (data.length === 0) return <p className="text-muted">{t('leasePanel.history.none')}</p>;
  return (
    <ol className="grid gap-2">
      {data.map((entry, index) => {
        const fields = Object.entries(entry.changes);
        const action = entry.entity === 'lease_amendment' ? 'leasePanel.history.actions.amendment' : ACTION_WORDS[entry.action] ?? 'leasePanel.history.actions.update';
        return (
          <li key={`${entry.at}-${index}`} className="grid gap-0.5 border-l-2 border-line pl-3" data-testid="lease-history-entry" data-action={entry.action}>
            <p className="text-ink">
              <span className="font-semibold">{t(action)}</span>
              {' · '}
              {entry.by ?? t('leasePanel.history.job')}
              {' · '}
              <span className="text-muted">{dateFormat.format(new Date(entry.at))}</span>
            </p>
            {fields.length > 0 && (
              <ul className="text-muted">
                {fields.map(([field, pair]) => (
                  <li key={field}>
                    {t(FIELD_WORDS[field] ?? 'activity.otherField')}
                    {pair && `: ${pair[0] === null || pair[0] === undefined ? '' : `${valueText(field, pair[0], lang, t)} → `}${valueText(field, pair[1], lang, t)}`}
                  </li>
                ))}
              </ul>
            )}
          </li>
        );
      })}
    </ol>
  );
}
