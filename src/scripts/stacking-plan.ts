import type { Unit } from '../shared/units/unit.ts';
import { readPlanConfig, translator, withLaterWords, type PlanConfig } from './stacking-plan-config.ts';
import { openUnit, render, whenDrawn } from './stacking-plan-render.ts';

/** Query names that are not the plan's search (the dialog's shared link). */
const NOT_SEARCH = new Set(['unit']);

/**
 * Fills the static floor rows with the live units, sized by exclusive area and marked by status; sums
 * each floor's available units; tells each floor section below how many spaces it has. A unit opens
 * its detail dialog (loaded on first use); `?unit=<id>` opens it on load. The search above the plan is
 * loaded when a visitor uses it or the address carries one (stacking-plan-search.ts), so the plain plan
 * pays nothing for it.
 */
export function initStackingPlan(): void {
  const config = readPlanConfig();
  const root = document.getElementById('stacking-plan');
  if (!config || !root) return;
  const t = translator(config);
  const status = root.querySelector<HTMLElement>('[data-plan-status]')!;
  const form = root.querySelector<HTMLFormElement>('#plan-search');
  status.textContent = t('units.plan.loading');
  fetch('/api/units', { headers: { Accept: 'application/json' } })
    .then((response) => (response.ok ? (response.json() as Promise<Unit[]>) : Promise.reject(new Error(String(response.status)))))
    .then(async (units) => {
      status.textContent = '';
      // An address carrying a search draws the searched plan straight away (one drawing, not two).
      const searched = form ? await wireSearch(root, form, units, config) : false;
      if (!searched) void render(root, units, config);
      await whenDrawn(root);
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

/**
 * The search: started now when the address carries one (true once it has drawn its plan), else on the
 * first use of the form (false: the caller draws the plain plan).
 */
async function wireSearch(root: HTMLElement, form: HTMLFormElement, units: Unit[], config: PlanConfig): Promise<boolean> {
  let started: Promise<void> | null = null;
  const start = (from: 'address' | 'form') =>
    // The search's code and the words it and its list write, fetched side by side.
    (started ??= Promise.all([import('./stacking-plan-search.ts'), withLaterWords(config)]).then(([{ startSearch }]) => startSearch(root, form, units, config, from)));
  // While the search loads, Enter must not send the form as a new page: the page would reload under the
  // visitor and lose what they choose next. The search reads the whole form when it starts.
  form.addEventListener('submit', (event) => event.preventDefault());
  if ([...new URLSearchParams(location.search).keys()].some((name) => !NOT_SEARCH.has(name))) return start('address').then(() => true);
  const first = () => {
    form.removeEventListener('submit', first);
    form.removeEventListener('change', first);
    void start('form');
  };
  form.addEventListener('submit', first);
  form.addEventListener('change', first);
  return false;
}
