import type { Unit } from '../shared/units/unit.ts';
import { availabilityOf, formatArea, formatDay, formatWon, isOffered, pricesHidden, statusText } from '../shared/units/facts.ts';
import { sortUnits, type PlanSearch, type PlanSort } from '../shared/units/search.ts';
import { spacePath } from '../shared/share-paths.ts';
import { spaceName } from '../shared/units/space-name.ts';
import { localizePath, type Locale } from '../i18n/locales.ts';
import { el, translator, type PlanConfig } from './stacking-plan-config.ts';
import { listText } from '../i18n/list.ts';

/** The columns of the list; those with a sort key reorder it when their heading is chosen. */
const COLUMNS: { key: string; sort?: PlanSort }[] = [
  { key: 'space', sort: 'floor' },
  { key: 'area', sort: 'area' },
  { key: 'uses' },
  { key: 'status' },
  { key: 'date', sort: 'date' },
  { key: 'rent', sort: 'rent' },
];

/**
 * The spaces the search finds as a table (the stacking plan's list view), each linking to its page.
 * Sorting is a button in the column heading (aria-sort says the order); choosing the sorted column
 * again reverses it. The order is part of the search, so it lives in the address too.
 */
export function renderList(container: HTMLElement, units: Unit[], search: PlanSearch, config: PlanConfig, today: string, update: (search: PlanSearch) => void): void {
  const t = translator(config);
  const words = { t, tag: config.tag, useLabel: (use: string) => t(`use.${use}`) };
  const locale = config.language as Locale;
  // On a phone each space is a card (issue 28: the table hid status, date and rent behind an unmarked
  // sideways scroll): the name, then status, availability and rent first, each cell with its column's name.
  const header = el('tr', { class: 'flex flex-wrap gap-x-3 sm:table-row' });
  for (const column of COLUMNS) {
    const title = t(`units.search.column.${column.key}`);
    const sorted = column.sort === search.sort;
    const cell = el('th', { scope: 'col', class: `whitespace-nowrap px-3 py-2 text-left font-semibold ${column.sort ? '' : 'hidden sm:table-cell'}`, 'aria-sort': sorted ? (search.descending ? 'descending' : 'ascending') : column.sort ? 'none' : undefined });
    if (column.sort) {
      const sort = column.sort;
      const button = el('button', { type: 'button', class: 'inline-flex min-h-11 items-center gap-1 underline-offset-2 hover:underline', 'data-sort': sort }, title, el('span', { 'aria-hidden': 'true' }, sorted ? (search.descending ? '▼' : '▲') : '↕'));
      button.setAttribute('aria-label', t('units.search.sortBy', { column: title }));
      button.addEventListener('click', () => {
        update({ ...search, sort, descending: sorted ? !search.descending : false });
        container.querySelector<HTMLElement>(`[data-sort="${sort}"]`)?.focus();
      });
      cell.append(button);
    } else {
      cell.append(title);
    }
    header.append(cell);
  }
  const rows = sortUnits(units, search, today).map((unit) => {
    const availability = availabilityOf(unit, today);
    const date = !isOffered(availability) ? '—' : availability.kind === 'now' ? t('units.detail.immediately') : formatDay(availability.date, config.tag);
    const name = spaceName(t, unit);
    /** A cell; on a phone a line of the card, labelled with its column, in the card's order. */
    const cell = (key: string, order: string, value: string, nowrap = false) =>
      el('td', { class: `flex justify-between gap-3 px-3 py-1 sm:table-cell sm:py-2 ${order} sm:order-none ${nowrap ? 'sm:whitespace-nowrap' : ''}`, 'data-column': key },
        el('span', { class: 'font-semibold text-muted sm:hidden' }, t(`units.search.column.${key}`)),
        el('span', { class: 'text-right sm:text-left' }, value));
    return el(
      'tr',
      { class: 'flex flex-col border-t border-line py-2 sm:table-row sm:py-0', 'data-list-unit': unit.id },
      el('th', { scope: 'row', class: 'px-3 py-2 text-left' }, el('a', { href: localizePath(locale, spacePath(unit)), class: 'inline-flex min-h-11 items-center font-semibold text-brass-strong underline underline-offset-2' }, name)),
      cell('area', 'order-4', formatArea(unit.exclusiveAreaM2, words), true),
      cell('uses', 'order-5', unit.uses.length ? listText(words.tag, unit.uses.map(words.useLabel)) : t('units.detail.usesNone')),
      cell('status', 'order-1', statusText(unit, today, { t, tag: config.tag })),
      cell('date', 'order-2', date, true),
      cell('rent', 'order-3', rentCell(unit, t, config.tag), true),
    );
  });
  container.replaceChildren(
    el(
      'table',
      { class: 'block w-full border-collapse rounded-xl bg-paper text-sm sm:table sm:min-w-[40rem]' },
      el('caption', { class: 'block px-3 py-2 text-left text-muted sm:table-caption' }, t('units.search.listCaption')),
      el('thead', { class: 'block sm:table-header-group' }, header),
      el('tbody', { class: 'block sm:table-row-group' }, ...rows),
    ),
  );
}

/** A leased or reserved space's rent is nobody's business ('—', never "price on request"); else the rent or "price on request". */
function rentCell(unit: Unit, t: ReturnType<typeof translator>, tag: string): string {
  if (pricesHidden(unit.status)) return '—';
  return unit.monthlyRent !== null ? formatWon(unit.monthlyRent, tag) : t('units.detail.priceOnRequest');
}
