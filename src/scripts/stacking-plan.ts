import type { Unit } from '../shared/unit.ts';
import { BRAND_CATEGORIES } from '../shared/brand-basics.ts';
import { seoulToday } from '../shared/unit-facts.ts';
import { EMPTY_SEARCH, isFiltering, matchesSearch, parseSearch, SEARCH_PARAMS, searchParams, type PlanSearch } from '../shared/unit-search.ts';
import { readPlanConfig, translator, el, type PlanConfig } from './stacking-plan-config.ts';
import { renderList } from './stacking-plan-list.ts';

/** Level numbers of the floor sections (content/floors) → floor codes: -2 → B2, -1 → B1, 3 → 3F. */
const floorOf = (level: number) => (level < 0 ? `B${-level}` : `${level}F`);

const GLYPHS: Record<Unit['status'], string> = { available: '✓', negotiating: '…', leased: '✕' };

/**
 * Fills the static floor rows with the live units, sized by exclusive area and marked by status; sums
 * each floor's available units; tells each floor section below how many spaces it has. The search form
 * marks the units it finds (or lists them, sortable) and keeps itself in the address. A unit opens its
 * detail dialog (loaded on first use); `?unit=<id>` opens it on load.
 */
export function initStackingPlan(): void {
  const config = readPlanConfig();
  const root = document.getElementById('stacking-plan');
  if (!config || !root) return;
  const t = translator(config);
  const status = root.querySelector<HTMLElement>('[data-plan-status]')!;
  const form = root.querySelector<HTMLFormElement>('#plan-search')!;
  let search = parseSearch(new URLSearchParams(location.search), BRAND_CATEGORIES);
  fillForm(form, search);
  status.textContent = t('units.plan.loading');
  fetch('/api/units', { headers: { Accept: 'application/json' } })
    .then((response) => (response.ok ? (response.json() as Promise<Unit[]>) : Promise.reject(new Error(String(response.status)))))
    .then((units) => {
      const update = (next: PlanSearch) => {
        search = next;
        keepInAddress(search);
        render(root, units, config, search, update);
      };
      form.addEventListener('submit', (event) => {
        event.preventDefault();
        update(readForm(form, search));
      });
      form.addEventListener('change', () => update(readForm(form, search)));
      for (const clear of root.querySelectorAll<HTMLElement>('[data-search-clear]')) {
        clear.addEventListener('click', (event) => {
          event.preventDefault();
          fillForm(form, EMPTY_SEARCH);
          update({ ...EMPTY_SEARCH, view: search.view });
          form.querySelector<HTMLElement>('select, input')?.focus();
        });
      }
      render(root, units, config, search, update);
      // Says the plan has its final height (tests and anything that measures the page wait for it).
      root.dataset.planState = 'ready';
      const wanted = new URLSearchParams(location.search).get('unit');
      if (wanted) void openUnit(units.find((unit) => unit.id === wanted) ?? null, null, config);
    })
    .catch(() => {
      status.textContent = t('units.plan.loadFailed');
      root.dataset.planState = 'failed';
    });
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
function readForm(form: HTMLFormElement, current: PlanSearch): PlanSearch {
  const params = new URLSearchParams();
  for (const [name, value] of new FormData(form)) if (typeof value === 'string' && value !== '') params.set(name, value);
  const read = parseSearch(params, BRAND_CATEGORIES);
  return { ...read, sort: current.sort, descending: current.descending };
}

function render(root: HTMLElement, units: Unit[], config: PlanConfig, search: PlanSearch, update: (search: PlanSearch) => void): void {
  const t = translator(config);
  const today = seoulToday();
  const area = new Intl.NumberFormat(config.tag, { maximumFractionDigits: 1 });
  const filtering = isFiltering(search);
  const matching = units.filter((unit) => matchesSearch(unit, search, today));
  const available = new Map<string, number>();
  // Widths are shares of the fullest floor, so a unit's width means the same area on every row.
  const floorTotals = new Map<string, number>();
  for (const unit of units) floorTotals.set(unit.floor, (floorTotals.get(unit.floor) ?? 0) + unit.exclusiveAreaM2);
  const fullest = Math.max(1, ...floorTotals.values());
  for (const row of root.querySelectorAll<HTMLElement>('[data-floor]')) {
    const floor = row.dataset.floor!;
    const onFloor = units.filter((unit) => unit.floor === floor);
    const free = onFloor.filter((unit) => unit.status === 'available');
    available.set(floor, free.length);
    row.querySelector('[data-floor-summary]')!.textContent = onFloor.length
      ? t('units.plan.floorSummary', { count: free.length, area: area.format(free.reduce((sum, unit) => sum + unit.exclusiveAreaM2, 0)) })
      : t('units.plan.noUnits');
    row.querySelector('[data-floor-units]')!.replaceChildren(
      ...onFloor.map((unit) => {
        const matches = matching.includes(unit);
        const label = t('units.plan.unitLabel', {
          unit: unit.unitNumber, floor: t(`units.floor.${floor}`), area: area.format(unit.exclusiveAreaM2), status: t(`units.status.${unit.status}`),
        });
        const button = el(
          'button',
          {
            type: 'button',
            'data-unit': unit.id,
            'data-status': unit.status,
            'data-match': filtering ? String(matches) : undefined,
            'aria-haspopup': 'dialog',
            'aria-label': filtering && !matches ? t('units.plan.unitLabelNoMatch', { label }) : label,
            class: 'unit-cell flex h-full min-h-11 w-full items-center justify-center gap-1 rounded-md px-1 py-1 text-xs font-semibold hover:ring-2 hover:ring-brass-strong',
          },
          el('span', { class: 'rounded bg-paper/95 px-1 text-ink' }, t('units.plan.unitShort', { unit: unit.unitNumber })),
          el('span', { class: 'rounded bg-paper/95 px-1 text-ink', 'aria-hidden': 'true' }, GLYPHS[unit.status]),
        );
        button.addEventListener('click', () => void openUnit(unit, button, config));
        // Wider for more area; a minimum keeps every unit a comfortable touch target. Set through CSSOM:
        // the pages' CSP refuses style attributes.
        const item = el('li', { class: 'min-w-16' }, button);
        item.style.flex = `0 1 calc(${((unit.exclusiveAreaM2 / fullest) * 100).toFixed(2)}% - 0.25rem)`;
        return item;
      }),
    );
  }
  const status = root.querySelector<HTMLElement>('[data-plan-status]')!;
  status.textContent = filtering ? t('units.search.results', { count: matching.length }) : t('units.search.allResults', { count: units.length });
  root.querySelector<HTMLElement>('[data-plan-empty]')!.hidden = !(filtering && matching.length === 0);
  const showList = search.view === 'list';
  root.querySelector<HTMLElement>('[data-plan-floors]')!.hidden = showList;
  const list = root.querySelector<HTMLElement>('[data-plan-list]')!;
  list.hidden = !showList || matching.length === 0;
  if (showList) renderList(list, matching, search, config, today, update);
  floorAvailability(available, t);
}

/**
 * Under each floor section: how many spaces it has, linking to its row of the plan; "none available"
 * as plain text, never a link to nothing.
 */
function floorAvailability(available: Map<string, number>, t: ReturnType<typeof translator>): void {
  for (const badge of document.querySelectorAll<HTMLElement>('[data-floor-availability]')) {
    const [low, high] = (badge.dataset.levels ?? '').split(',').map(Number) as [number, number];
    let count = 0;
    for (let level = low; level <= high; level++) if (level !== 0) count += available.get(floorOf(level)) ?? 0;
    const text = count > 0 ? t('units.plan.spacesAvailable', { count }) : t('units.plan.noneAvailable');
    badge.replaceChildren(
      count > 0
        ? el('a', { href: `#plan-${floorOf(low)}`, class: 'inline-flex min-h-11 items-center rounded-full border border-brass-strong px-4 font-semibold text-brass-strong hover:bg-brass-soft' }, text)
        : el('span', { class: 'inline-flex min-h-11 items-center text-muted', 'data-none-available': '' }, text),
    );
    badge.hidden = false;
  }
}

async function openUnit(unit: Unit | null, trigger: HTMLElement | null, config: PlanConfig): Promise<void> {
  const { showUnit } = await import('./unit-dialog.ts');
  showUnit(unit, trigger, config);
}
