import type { Unit } from '../shared/units/unit.ts';
import { seoulToday } from '../shared/units/availability.ts';
import { plural } from '../i18n/plural.ts';
import {
  convertArea, EMPTY_SEARCH, isFiltering, matchesSearch, parseSearch, rangeInverted, SEARCH_PARAMS, searchParams, type AreaUnit, type PlanSearch,
} from '../shared/units/search.ts';
import { translator, type PlanConfig } from './stacking-plan-config.ts';
import { render } from './stacking-plan-render.ts';
import { renderList } from './stacking-plan-list.ts';

/**
 * The stacking plan's search (loaded on first use or when the address carries one): marks the units it
 * finds on the plan (the others stay in place, in grey), or lists them, sortable; says how many match,
 * or that none does with a way to clear it; keeps itself in the address so the plan can be shared.
 */
export async function startSearch(root: HTMLElement, form: HTMLFormElement, units: Unit[], config: PlanConfig, from: 'address' | 'form'): Promise<void> {
  const areaIn = form.elements.namedItem('areaIn') as HTMLSelectElement;
  let search = from === 'address' ? parseSearch(new URLSearchParams(location.search), config.uses) : readForm(form, EMPTY_SEARCH, config.uses);
  if (from === 'address') fillForm(form, search);
  else {
    // The first use may have been the unit switch itself, before this code arrived: convert from the page's unit.
    const loaded = ([...areaIn.options].find((option) => option.defaultSelected)?.value ?? EMPTY_SEARCH.areaIn) as AreaUnit;
    if (convertTyped(form, loaded, search.areaIn)) search = readForm(form, search, config.uses);
  }
  /** Shows `next`; a change the visitor made is a history entry of its own, so Back undoes it. */
  const update = (next: PlanSearch, entry: 'push' | 'replace' = 'push') => {
    search = next;
    keepInAddress(search, entry);
    return show(root, units, config, search, update);
  };
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    void update(readForm(form, search, config.uses));
  });
  form.addEventListener('change', (event) => {
    if (event.target === areaIn) convertTyped(form, search.areaIn, areaIn.value as AreaUnit);
    void update(readForm(form, search, config.uses));
  });
  // Back and Forward move through the searches: the form and the plan follow the address.
  window.addEventListener('popstate', () => {
    search = parseSearch(new URLSearchParams(location.search), config.uses);
    fillForm(form, search);
    void show(root, units, config, search, update);
  });
  for (const clear of root.querySelectorAll<HTMLElement>('[data-search-clear]')) {
    clear.addEventListener('click', (event) => {
      event.preventDefault();
      fillForm(form, EMPTY_SEARCH);
      void update({ ...EMPTY_SEARCH, view: search.view });
      form.querySelector<HTMLElement>('select, input')?.focus();
    });
  }
  // Opened from a shared address: the search is already in it (no new entry); the form's first use is a change.
  const drawn = update(search, from === 'address' ? 'replace' : 'push');
  // A shared filtered link opens at its results, not at the top of the page (unless it names a floor to show).
  // Once the results have been laid out and painted (a frame, then a task): scrolling at once laid the whole
  // page out inside this task, ~110 ms of a phone's main thread on top of building the results.
  if (from === 'address' && (location.hash === '' || location.hash === '#stacking-plan')) {
    requestAnimationFrame(() => setTimeout(() => root.querySelector<HTMLElement>('[data-plan-status]')?.scrollIntoView({ block: 'start' })));
  }
  await drawn;
}

/** Converts the typed areas from one unit to the other; true when there was one to convert. */
function convertTyped(form: HTMLFormElement, from: AreaUnit, to: AreaUnit): boolean {
  if (from === to) return false;
  let converted = false;
  for (const name of ['minArea', 'maxArea']) {
    const input = form.elements.namedItem(name) as HTMLInputElement;
    const value = Number(input.value);
    if (input.value.trim() === '' || !(value > 0)) continue;
    input.value = String(convertArea(value, from, to));
    converted = true;
  }
  return converted;
}

/** The search's own parameters in the address (others, e.g. `unit`, kept): a new history entry, or the current one replaced. */
function keepInAddress(search: PlanSearch, entry: 'push' | 'replace'): void {
  const url = new URL(location.href);
  for (const name of SEARCH_PARAMS) url.searchParams.delete(name);
  for (const [name, value] of searchParams(search)) url.searchParams.set(name, value);
  if (url.href === location.href) return;
  if (entry === 'push') history.pushState(history.state, '', url);
  else history.replaceState(history.state, '', url);
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

/** Shows the search's results; resolves once the plan under them is drawn (render's answer). */
function show(root: HTMLElement, units: Unit[], config: PlanConfig, search: PlanSearch, update: (search: PlanSearch) => unknown): Promise<boolean> {
  const t = translator(config);
  const today = seoulToday();
  const filtering = isFiltering(search);
  const matching = units.filter((unit) => matchesSearch(unit, search, today));
  const drawn = render(root, units, config, (unit, button, label) => {
    if (!filtering) return;
    const matches = matching.includes(unit);
    button.dataset.match = String(matches);
    if (!matches) button.setAttribute('aria-label', t('units.plan.unitLabelNoMatch', { label }));
  });
  root.querySelector<HTMLElement>('[data-plan-status]')!.textContent = filtering
    ? plural(t, config.tag, 'units.search.results', matching.length)
    : plural(t, config.tag, 'units.search.allResults', units.length);
  root.querySelector<HTMLElement>('[data-plan-empty]')!.hidden = !(filtering && matching.length === 0);
  // A minimum above the maximum finds nothing: said at the fields, not left to look like an empty building.
  const inverted = rangeInverted(search);
  root.querySelector<HTMLElement>('[data-plan-range-error]')!.hidden = !inverted;
  for (const name of ['minArea', 'maxArea']) {
    const input = root.querySelector<HTMLInputElement>(`input[name=${name}]`)!;
    if (inverted) {
      input.setAttribute('aria-invalid', 'true');
      input.setAttribute('aria-describedby', 'plan-range-error');
    } else {
      input.removeAttribute('aria-invalid');
      input.removeAttribute('aria-describedby');
    }
  }
  const showList = search.view === 'list';
  root.querySelector<HTMLElement>('[data-plan-floors]')!.hidden = showList;
  const list = root.querySelector<HTMLElement>('[data-plan-list]')!;
  list.hidden = !showList || matching.length === 0;
  if (showList) renderList(list, matching, search, config, today, update);
  return drawn;
}
