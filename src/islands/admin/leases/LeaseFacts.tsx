import type { ReactNode } from 'react';
import type { Translate } from '~/i18n/translate';
import { formatDay, formatKrw, freeRentText, perAreaLine, termText } from '~/shared/deals/display';
import type { Lease } from '~/shared/leases/lease';
import { contactText, installmentText, spacesText } from './lease-words';

interface Props {
  lease: Lease;
  lang: string;
  t: Translate;
}

function Fact({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <div className="flex flex-wrap justify-between gap-x-3 gap-y-0.5 border-b border-line py-1" data-testid={testId}>
      <dt className="text-muted">{label}</dt>
      <dd className="min-w-0 text-right break-words text-ink">{children}</dd>
    </div>
  );
}

/**
 * A lease's record as it stands (signed, or a draft read by someone who may not edit it): the tenant and its people
 * (masked for a viewer by the server), the brand and its place in the directory, the spaces and areas, every date,
 * and the money — the terms in force after the amendments, per ㎡ first with 3.3㎡ beside, VAT said.
 */
export default function LeaseFacts({ lease, lang, t }: Props) {
  const { tenant, dates, currentTerms: terms } = lease;
  const day = (value: string | null) => (value ? formatDay(value, lang) : t('leasePanel.facts.noDate'));
  return (
    <div className="grid gap-4 md:grid-cols-2">
      <section aria-labelledby={`lease-${lease.id}-tenant`} className="grid content-start gap-1 text-sm">
        <h5 id={`lease-${lease.id}-tenant`} className="font-bold text-ink">{t('leasePanel.form.tenant')}</h5>
        <dl>
          <Fact label={t('leasePanel.fields.legalName')}>{tenant.legalName || '—'}</Fact>
          <Fact label={t('leasePanel.fields.businessNumber')} testId="lease-business-number">{tenant.businessNumber || '—'}</Fact>
          <Fact label={t('leasePanel.fields.representative')} testId="lease-representative">{tenant.representative || '—'}</Fact>
          <Fact label={t('leasePanel.form.brand')}>
            {lease.brand ? `${lease.brand.name} · ${t(`leases.directory.${lease.brand.directoryState}`)}` : lease.newBrand ? t('leasePanel.brand.newNamed', { name: lease.newBrand.name, category: t(`brands.category.${lease.newBrand.category}`) }) : t('leasePanel.brand.none')}
          </Fact>
          <Fact label={t('leasePanel.contacts.title')} testId="lease-contacts">
            {tenant.contacts.length === 0 ? t('leasePanel.contacts.none') : tenant.contacts.map((contact, i) => <span key={i} className="block">{contactText(contact)}</span>)}
          </Fact>
        </dl>
      </section>
      <section aria-labelledby={`lease-${lease.id}-dates`} className="grid content-start gap-1 text-sm">
        <h5 id={`lease-${lease.id}-dates`} className="font-bold text-ink">{t('leasePanel.form.dates')}</h5>
        <dl data-testid="lease-dates">
          {(['contractOn', 'handoverOn', 'fitoutEndsOn', 'commencementOn', 'rentStartOn', 'expiresOn', 'openingOn'] as const).map((name) => (
            <Fact key={name} label={t(`leasePanel.fields.${name}`)}>{day(dates[name])}</Fact>
          ))}
          {dates.terminatesOn && <Fact label={t('leasePanel.fields.terminatesOn')}>{day(dates.terminatesOn)}</Fact>}
          {lease.signedOn && <Fact label={t('leasePanel.fields.signedOn')}>{t('leasePanel.facts.signedBy', { day: day(lease.signedOn), name: lease.signedBy?.name ?? '—' })}</Fact>}
        </dl>
      </section>
      <section aria-labelledby={`lease-${lease.id}-money`} className="grid content-start gap-1 text-sm md:col-span-2">
        <h5 id={`lease-${lease.id}-money`} className="font-bold text-ink">{t('leasePanel.form.money')}</h5>
        <dl className="grid gap-x-6 md:grid-cols-2" data-testid="lease-money">
          <Fact label={t('leasePanel.form.spaces')}>{spacesText(lease.units, t)}</Fact>
          <Fact label={t('leasePanel.facts.area')}>{t('proposalPanel.form.area', { contract: lease.area.contractM2, exclusive: lease.area.exclusiveM2 })}</Fact>
          <Fact label={t('deals.terms.rentPerM2Krw')}>{perAreaLine(terms.rentPerM2Krw, lang, t)}</Fact>
          <Fact label={t('deals.terms.maintenancePerM2Krw')}>{perAreaLine(terms.maintenancePerM2Krw, lang, t)}</Fact>
          <Fact label={t('leasePanel.facts.monthly')} testId="lease-monthly">{t('leasePanel.facts.monthlyValue', { rent: formatKrw(lease.monthly.rentKrw, lang), maintenance: formatKrw(lease.monthly.maintenanceKrw, lang) })}</Fact>
          <Fact label={t('deals.terms.vatExcluded')}>{termText('vatExcluded', terms, lang, t)}</Fact>
          <Fact label={t('deals.terms.termMonths')}>{termText('termMonths', terms, lang, t)}</Fact>
          <Fact label={t('deals.terms.escalationPct')}>{termText('escalationPct', terms, lang, t)}</Fact>
          <Fact label={t('deals.terms.freeRent')}>{freeRentText(terms.freeRent, t)}</Fact>
          <Fact label={t('deals.terms.depositKrw')} testId="lease-deposit">{formatKrw(lease.deposit.amountKrw, lang)}</Fact>
          <Fact label={t('leasePanel.deposit.title')}>
            {lease.deposit.schedule.length === 0 ? '—' : lease.deposit.schedule.map((item, i) => <span key={i} className="block">{installmentText(item, lang, t)}</span>)}
          </Fact>
        </dl>
      </section>
    </div>
  );
}
