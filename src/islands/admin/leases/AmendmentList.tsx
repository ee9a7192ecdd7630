import type { Translate } from '~/i18n/translate';
import type { TermChanges } from '~/shared/deals/amendments';
import { formatDay, termText } from '~/shared/deals/display';
import type { DealTermField } from '~/shared/deals/term-fields';
import type { DealTerms } from '~/shared/deals/terms';
import type { Lease } from '~/shared/leases/lease';

/** The order an amendment's changes are read in. */
const CHANGE_FIELDS = ['rentPerM2Krw', 'maintenancePerM2Krw', 'escalationPct', 'freeRent', 'termMonths', 'depositKrw', 'terminatesOn'] as const satisfies readonly (keyof TermChanges)[];

interface Props {
  lease: Pick<Lease, 'id' | 'amendments' | 'terms'>;
  lang: string;
  dateFormat: Intl.DateTimeFormat;
  t: Translate;
}

/**
 * A signed lease's amendments in the order made (the Voyager pattern: the lease as signed, then each change): its
 * effective date, each changed term before → after, the reason, who made it and when.
 */
export default function AmendmentList({ lease, lang, dateFormat, t }: Props) {
  const value = (field: (typeof CHANGE_FIELDS)[number], raw: unknown) => {
    if (raw === undefined || raw === null) return t('conflict.empty');
    if (field === 'terminatesOn') return typeof raw === 'string' ? formatDay(raw, lang) : String(raw);
    return termText(field as DealTermField, { ...lease.terms, [field]: raw } as DealTerms, lang, t);
  };
  if (lease.amendments.length === 0) return <p className="text-sm text-muted">{t('leasePanel.amendments.none')}</p>;
  return (
    <ol className="grid gap-2" aria-label={t('leasePanel.amendments.title')}>
      {lease.amendments.map((amendment) => (
        <li key={amendment.id} className="grid gap-1 rounded-md border border-line p-3 text-sm" data-testid="lease-amendment">
          <p className="font-semibold text-ink">{t('leasePanel.amendments.item', { number: amendment.number, day: formatDay(amendment.effectiveOn, lang) })}</p>
          <ul className="grid gap-0.5">
            {CHANGE_FIELDS.filter((field) => amendment.changes[field] !== undefined).map((field) => (
              <li key={field} data-field={field}>
                <span className="text-muted">{field === 'terminatesOn' ? t('leasePanel.fields.terminatesOn') : t(`deals.terms.${field}`)}: </span>
                <span className="text-ink">{value(field, amendment.before[field])} → {value(field, amendment.changes[field])}</span>
              </li>
            ))}
          </ul>
          <p className="text-ink"><span className="text-muted">{t('leasePanel.fields.reason')}: </span>{amendment.reason}</p>
          <p className="text-xs text-muted">{t('leasePanel.amendments.by', { name: amendment.by.name ?? '—', at: dateFormat.format(new Date(amendment.createdAt)) })}</p>
        </li>
      ))}
    </ol>
  );
}
