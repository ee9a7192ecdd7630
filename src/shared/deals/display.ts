import { perPyeong } from './money.ts';
import type { DealTermField } from './term-fields.ts';
import type { DealTerms } from './terms.ts';

/**
 * How the deal's figures read on every screen (the panel, the approvals list, the prospect's page): won in the
 * reader's language, a per-m² figure always first with its per-3.3 m² comparator after it (never 평 alone: the
 * metrology law), a term as a person says it. No computing here — the figures come from economics.ts or the API;
 * only Intl and the dictionaries (deals.terms.*, deals.metrics.*). Kept free of valibot and React: the public
 * proposal page's script carries it under a 10 KB budget.
 */

/** `t` over the deals (and brands, for uses) dictionaries. */
export type DealWords = (key: string, params?: Record<string, string | number>) => string;

/** Formatters made once per kind and language (a timeline formats hundreds of figures). */
const formatters = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat>();
function formatter<T extends Intl.NumberFormat | Intl.DateTimeFormat>(key: string, make: () => T): T {
  let made = formatters.get(key) as T | undefined;
  if (!made) formatters.set(key, (made = make()));
  return made;
}

/** @example formatKrw(180_000_000, 'ko-KR') // '₩180,000,000' */
export function formatKrw(amount: number, tag: string): string {
  return formatter(`krw ${tag}`, () => new Intl.NumberFormat(tag, { style: 'currency', currency: 'KRW', maximumFractionDigits: 0 })).format(amount);
}

/** A plain number, two decimals at most (a percentage, months, m²). @example formatNumber(8.5, 'en') // '8.5' */
export function formatNumber(value: number, tag: string): string {
  return formatter(`number ${tag}`, () => new Intl.NumberFormat(tag, { maximumFractionDigits: 2 })).format(value);
}

/** @example formatPct(8.52, 'en', t) // '8.52%' */
export function formatPct(value: number, tag: string, t: DealWords): string {
  return t('deals.terms.pct', { value: formatNumber(value, tag) });
}

/** A calendar day (YYYY-MM-DD) in the reader's language; no time zone shift. */
export function formatDay(day: string, tag: string): string {
  return formatter(`day ${tag}`, () => new Intl.DateTimeFormat(tag, { dateStyle: 'long', timeZone: 'UTC' })).format(new Date(`${day}T00:00:00Z`));
}

/** A per-m² figure and its per-3.3 m² comparator, each with its unit words, m² first. */
export function perArea(perM2: number, tag: string, t: DealWords): { perM2: string; perPyeong: string } {
  return {
    perM2: t('deals.metrics.perM2', { value: formatKrw(perM2, tag) }),
    perPyeong: t('deals.metrics.perPyeong', { value: formatKrw(perPyeong(perM2), tag) }),
  };
}

/** Both on one line: '₩36,000 per m² · ₩119,009 per 3.3 m²'. */
export function perAreaLine(perM2: number, tag: string, t: DealWords): string {
  const { perM2: m2, perPyeong: pyeong } = perArea(perM2, tag, t);
  return `${m2} · ${pyeong}`;
}

/** Rent-free as it is agreed: the basis is always said. */
export function freeRentText(freeRent: DealTerms['freeRent'], t: DealWords): string {
  if (freeRent.months === 0) return t('deals.terms.freeRentNone');
  return t(freeRent.basis === 'perYear' ? 'deals.terms.freeRentPerYear' : 'deals.terms.freeRentUpFront', { months: freeRent.months });
}

/**
 * One term's value as a person reads it (a version's terms, a diff's before and after, the prospect's page).
 * @example termText('termMonths', terms, 'en', t) // '60 mo.'
 */
export function termText(field: DealTermField, terms: DealTerms, tag: string, t: DealWords): string {
  switch (field) {
    case 'depositKrw':
    case 'tiKrw':
    case 'brokerFeeKrw':
      return formatKrw(terms[field], tag);
    case 'rentPerM2Krw':
    case 'maintenancePerM2Krw':
      return perAreaLine(terms[field], tag, t);
    case 'vatExcluded':
      return t(terms.vatExcluded ? 'deals.terms.vatExcludedYes' : 'deals.terms.vatExcludedNo');
    case 'termMonths':
    case 'fitoutMonths':
      return t('deals.terms.months', { count: terms[field] });
    case 'startDate':
      return formatDay(terms.startDate, tag);
    case 'freeRent':
      return freeRentText(terms.freeRent, t);
    case 'escalationPct':
    case 'contractDepositPct':
      return formatPct(terms[field], tag, t);
    case 'use':
      return terms.use ? t(`brands.category.${terms.use}`) : t('deals.terms.none');
    case 'useDetail':
    case 'parking':
    case 'specialTerms':
      return terms[field] || t('deals.terms.none');
  }
}
