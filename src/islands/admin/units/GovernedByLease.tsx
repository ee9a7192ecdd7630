import type { Translate } from '~/i18n/translate';
import { formatDay } from '~/shared/deals/display';
import type { Unit } from '~/shared/units/unit';

type Governing = NonNullable<Unit['lease']>;

/**
 * In place of the status and "available from" fields of a space a signed lease governs (issue 40): what they are,
 * which lease sets them and until when, and a link to that lease.
 */
export default function GovernedByLease({ unit, lease, t }: { unit: Unit; lease: Governing; t: Translate }) {
  const lang = typeof document === 'undefined' ? 'ko' : document.documentElement.lang || 'ko';
  return (
    <div role="note" className="grid gap-1 rounded-md border border-line bg-mist p-3 text-sm text-ink md:col-span-2" data-testid="unit-governed">
      <p>
        <span className="font-semibold">{t('units.admin.fields.status')}: </span>
        {t(`units.status.${unit.status}`)}
        {unit.availableFrom && ` · ${t('units.admin.fields.availableFrom')}: ${formatDay(unit.availableFrom, lang)}`}
      </p>
      <p>{t('leasePanel.unit.governed', { tenant: lease.legalName || t('leasePanel.facts.noTenant'), status: t(`leases.status.${lease.status}`), endsOn: formatDay(lease.endsOn, lang) })}</p>
      <a className="min-h-11 justify-self-start py-2 underline" href={`?tab=leases&lease=${lease.id}`}>{t('leasePanel.unit.open')}</a>
    </div>
  );
}
