import { formatDay, formatKrw, perAreaLine, termText } from '../../shared/deals/display.ts';
import { DEAL_TERM_FIELDS, type DealTermField } from '../../shared/deals/term-fields.ts';
import type { DealTerms } from '../../shared/deals/terms.ts';
import { localizePath, splitLocale, type Locale } from '../../i18n/locales.ts';
import { spacePath } from '../../shared/share-paths.ts';
import { spaceName } from '../../shared/units/space-name.ts';
import { el, type ProposalPageConfig, type Words } from './config.ts';
import type { ProposalLinkView } from './link-api.ts';

/** The owner's cost of the deal is not the tenant's business; the rest of the terms are shown as agreed. */
const TENANT_FIELDS = DEAL_TERM_FIELDS.filter((field) => field !== 'brokerFeeKrw');
/** Free-text terms left empty say nothing, so they are not listed. */
const SAID = (field: DealTermField, terms: DealTerms) => !['useDetail', 'parking', 'specialTerms', 'use'].includes(field) || Boolean(terms[field]);

/** The terms as display.ts reads them; the broker fee the server leaves out is never listed (TENANT_FIELDS). */
export const shownTerms = (view: Pick<ProposalLinkView, 'terms'>): DealTerms => ({ ...view.terms, brokerFeeKrw: 0 });

const row = (label: string, value: string, key: string) => el('div', { class: 'flex flex-wrap justify-between gap-x-4 gap-y-1 border-b border-line py-2', 'data-term': key }, el('dt', { class: 'font-semibold text-ink' }, label), el('dd', { class: 'text-right text-ink-soft tabular-nums' }, value));

/** Fills the page's slots with the proposal the link opens: its spaces, its terms and what they cost the tenant. */
export function showProposal(root: HTMLElement, view: ProposalLinkView, config: ProposalPageConfig, t: Words): void {
  const { tag } = config;
  const slot = (name: string) => root.querySelector<HTMLElement>(`[data-slot="${name}"]`)!;
  slot('heading').textContent = t('proposalPage.version', { version: view.version, day: formatDay(view.validUntil, tag) });
  slot('to').textContent = view.addressee ? t('proposalPage.to', { company: view.addressee }) : '';

  slot('spaces').replaceChildren(
    ...view.units.map((unit) =>
      el(
        'li',
        { class: 'flex flex-wrap items-center justify-between gap-2 border-b border-line py-2' },
        el('span', {}, t('proposalPage.spaceLine', { space: spaceName(t, unit), contract: unit.supplyAreaM2, exclusive: unit.exclusiveAreaM2 })),
        el('a', { href: localizePath(config.locale as Locale, spacePath(unit)), class: 'inline-flex min-h-11 items-center text-brass-strong underline' }, t('proposalPage.spaceLink')),
      ),
    ),
  );

  const terms = shownTerms(view);
  slot('terms').replaceChildren(...TENANT_FIELDS.filter((field) => SAID(field, terms)).map((field) => row(t(`deals.terms.${field}`), termText(field, terms, tag, t), field)));

  const m = view.figures;
  slot('economics').replaceChildren(
    row(t('proposalPage.monthlyCost'), t('proposalPage.monthlyCostValue', {
      total: formatKrw(m.monthlyRentKrw + m.monthlyMaintenanceKrw, tag), rent: formatKrw(m.monthlyRentKrw, tag), maintenance: formatKrw(m.monthlyMaintenanceKrw, tag),
    }), 'monthlyCost'),
    row(t('proposalPage.rentFree'), m.freeRentMonths === 0 ? t('deals.terms.freeRentNone') : t('proposalPage.rentFreeValue', { months: m.freeRentMonths, amount: formatKrw(m.freeRentKrw, tag) }), 'rentFree'),
    row(t('proposalPage.totalOverTerm'), formatKrw(m.totalRentKrw, tag), 'totalRent'),
    row(t('proposalPage.totalMaintenance'), formatKrw(m.totalMaintenanceKrw, tag), 'totalMaintenance'),
    row(t('proposalPage.noc'), perAreaLine(m.nocPerExclusiveM2, tag, t), 'noc'),
  );
  slot('noc-hint').textContent = t('proposalPage.nocHint', { rate: m.depositYieldPct });
  // The policy version that covers the signer's details, in the page's language.
  if (view.privacyPolicyPath) slot('privacy').setAttribute('href', localizePath(config.locale as Locale, splitLocale(view.privacyPolicyPath).path));
}
