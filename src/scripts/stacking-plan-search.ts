import type { Unit } from '../shared/unit.ts';
import { seoulToday } from '../shared/unit-facts.ts';
import { EMPTY_SEARCH, isFiltering, matchesSearch, parseSearch, SEARCH_PARAMS, searchParams, type PlanSearch } from '../shared/unit-search.ts';
import { translator, type PlanConfig } from './stacking-plan-config.ts';
import { render } from './stacking-plan-render.ts';
import { renderList } from './stacking-plan-list.ts';

/**
 * The stacking plan's search (loaded on first use or when the address carries one): marks the units it
 * finds on the plan (the others stay in place, in grey), or lists them, sortable; says how many match,
 * or that none does with a way to clear it; keeps itself in the address so the plan can be shared.
 */
export function startSearch(root: HTMLElement, form: HTMLFormElement, units: Unit[], config: PlanConfig, from: 'address' | 'form'): void {
  let search = from === 'address' ? parseSearch(new URLSearchParams(location.search), config.uses) : readForm(form, EMPTY_SEARCH, config.uses);
  if (from === 'address') fillForm(form, search);
  const update = (next: PlanSearch) => {
    search = next;
    keepInAddress(search);
    show(root, units, config, search, update);
  };
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    update(readForm(form, search, config.uses));
  });
  form.addEventListener('change', () => update(readForm(form, search, config.uses)));
  for (const clear of root.querySelectorAll<HTMLElement>('[data-search-clear]')) {
    clear.addEventListener('click', (event) => {
      event.preventDefault();
      fillForm(form, EMPTY_SEARCH);
      update({ ...EMPTY_SEARCH, view: search.view });
      form.querySelector<HTMLElement>('select, input')?.focus();
    });
  }
  update(search);
}

/** The search's own parameters replaced in the address (others, e.g. `unit`, kept), without a history entry per change. */
function keepInAddress(search: PlanSearch): void {
  const url = new URL(location.href);
  for (const name of SEARCH_PARAMS) url.searchParams.delete(name);
  for (const [name, value] of searchParams(search)) url.searchParams.set(name, value);
  history.replaceState(history.state, '', url);
}

function fillForm(form: HTMLFormElement, search: PlanSearch): void {
  const control = (name: string) => form.elements.namedItem(name) as HTMLInputElement | HTMLSelectElement;
  control('use').value = search.use ?? '';
  control('minArea').value = search.minArea === null ? '' : String(search.minArea);
  control('maxArea').value = search.maxArea === null ? '' : String(search.maxArea);
  control('areaIn').value = search.areaIn;
  control('fromFloor').value = search.fromFloor ?? '';
  control('toFloor').value = search.toFloor ?? '';
  control('availableBy').value = search.availableBy ?? '';
  (control('price') as HTMLInputElement).checked = search.pricePublic;
  for (const radio of form.querySelectorAll<HTMLInputElement>('input[name=view]')) radio.checked = radio.value === search.view;
}

/** The form as a search, through the same parser as the address (so both accept the same values); the list's order kept. */
function readForm(form: HTMLFormElement, current: PlanSearch, uses: readonly string[]): PlanSearch {
  const params = new URLSearchParams();
  for (const [name, value] of new FormData(form)) if (typeof value === 'string' && value !== '') params.set(name, value);
  return { ...parseSearch(params, uses), sort: current.sort, descending: current.descending };
}

function show(root: HTMLElement, units: Unit[], config: PlanConfig, search: PlanSearch, update: (search: PlanSearch) => void): void {
  const t = translator(config);
  const today = seoulToday();
  const filtering = isFiltering(search);
  const matching = units.filter((unit) => matchesSearch(unit, search, today));
  render(root, units, config, (unit, button, label) => {
    if (!filtering) return;
    const matches = matching.includes(unit);
    button.dataset.match = String(matches);
    if (!matches) button.setAttribute('aria-label', t('units.plan.unitLabelNoMatch', { label }));
  });
  root.querySelector<HTMLElement>('[data-plan-status]')!.textContent = filtering
    ? t('units.search.results', { count: matching.length })
    : t('units.search.allResults', { count: units.length });
  root.querySelector<HTMLElement>('[data-plan-empty]')!.hidden = !(filtering && matching.length === 0);
  const showList = search.view === 'list';
  root.querySelector<HTMLElement>('[data-plan-floors]')!.hidden = showList;
  const list = root.querySelector<HTMLElement>('[data-plan-list]')!;
  list.hidden = !showList || matching.length === 0;
  if (showList) renderList(list, matching, search, config, today, update);
}
