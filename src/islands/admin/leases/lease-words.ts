import type { Translate } from '~/i18n/translate';
import { listText } from '~/i18n/list';
import { formatDay, formatKrw, termText } from '~/shared/deals/display';
import { DEAL_TERM_FIELDS, type DealTermField } from '~/shared/deals/term-fields';
import type { DealTerms } from '~/shared/deals/terms';
import type { LeaseStatus } from '~/shared/leases/dates';
import type { DepositInstallment, Lease, LeaseContact, LeaseUnit, NewBrand } from '~/shared/leases/lease';
import { spaceLabel } from '../space-label';

/**
 * How a lease reads in the panel: its status at a glance, its spaces, its installments and people, and its values
 * in the conflict dialog — in the panel's language, never a code (the deals' figures through display.ts).
 */

/** Waiting on us (a draft), running, or over. */
export const LEASE_STATUS_CLASS: Record<LeaseStatus, string> = {
  draft: 'bg-line text-ink',
  signed: 'bg-ink text-white',
  fitout: 'bg-brass-soft text-ink border border-brass-strong',
  active: 'bg-success text-white',
  expiring: 'bg-brass-strong text-white',
  ended: 'bg-line text-ink',
};

/** The spaces as the team names them, listed as the panel's language lists: '10층 1001호 및 10층 1002호'. */
export function spacesText(units: readonly Pick<LeaseUnit, 'floor' | 'unitNumber'>[], t: Translate): string {
  const lang = typeof document === 'undefined' ? 'ko' : document.documentElement.lang || 'ko';
  return units.length === 0 ? t('leasePanel.facts.noSpaces') : listText(lang, units.map((unit) => spaceLabel(unit, t)));
}

/** One installment: '계약금 ₩18,000,000 · 2026년 12월 10일'. */
export function installmentText(item: DepositInstallment, lang: string, t: Translate): string {
  return t('leasePanel.deposit.item', { kind: t(`leases.depositKinds.${item.kind}`), amount: formatKrw(item.amountKrw, lang), day: formatDay(item.dueOn, lang) });
}

export function contactText(contact: LeaseContact): string {
  return [contact.name, contact.title, contact.phone, contact.email].filter(Boolean).join(' · ');
}

/** How the conflict dialog shows a lease's values (its fields are named by the form's labels: field-names.ts). */
export function leaseValueFormat(t: Translate, lang: string, lease: Pick<Lease, 'terms' | 'units' | 'brand'>) {
  const terms = (value: unknown, field: DealTermField) => termText(field, { ...lease.terms, [field]: value } as DealTerms, lang, t);
  return (field: string, value: unknown): string | null => {
    if ((DEAL_TERM_FIELDS as readonly string[]).includes(field)) return terms(value, field as DealTermField);
    if (field === 'status') return t(`leases.status.${String(value)}`);
    if ((field === 'contractOn' || field === 'handoverOn' || field === 'openingOn') && typeof value === 'string') return formatDay(value, lang);
    if (field === 'unitIds' && Array.isArray(value)) return spacesText(lease.units.filter((unit) => value.includes(unit.id)), t);
    if (field === 'contacts' && Array.isArray(value)) return (value as LeaseContact[]).map(contactText).join(' / ');
    if (field === 'depositSchedule' && Array.isArray(value)) return (value as DepositInstallment[]).map((item) => installmentText(item, lang, t)).join(' / ');
    if (field === 'newBrand' && value && typeof value === 'object') return t('leasePanel.brand.newNamed', { name: (value as NewBrand).name, category: t(`brands.category.${(value as NewBrand).category}`) });
    if (field === 'brandId' && typeof value === 'string') return lease.brand?.id === value ? lease.brand.name : t('leasePanel.brand.another');
    return null;
  };
}
