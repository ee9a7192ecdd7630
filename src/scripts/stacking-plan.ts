import type { Unit } from '../shared/unit.ts';
import { plural } from '../i18n/plural.ts';
import { readPlanConfig, translator, el, type PlanConfig } from './stacking-plan-config.ts';

/** Level numbers of the floor sections (content/floors) → floor codes: -2 → B2, -1 → B1, 3 → 3F. */
const floorOf = (level: number) => (level < 0 ? `B${-level}` : `${level}F`);

const GLYPHS: Record<Unit['status'], string> = { available: '✓', negotiating: '…', leased: '✕' };

/**
 * Fills the static floor rows with the live units, sized by exclusive area and marked by status; sums
 * each floor's available units; tells each floor section below how many spaces it has. A unit opens
 * its detail dialog (loaded on first use); `?unit=<id>` opens it on load.
 */
export function initStackingPlan(): void {
  const config = readPlanConfig();
  const root = document.getElementById('stacking-plan');
  if (!config || !root) return;
  const t = translator(config);
  const status = root.querySelector<HTMLElement>('[data-plan-status]')!;
  status.textContent = t('units.plan.loading');
  fetch('/api/units', { headers: { Accept: 'application/json' } })
    .then((response) => (response.ok ? (response.json() as Promise<Unit[]>) : Promise.reject(new Error(String(response.status)))))
    .then((units) => {
      status.textContent = '';
      render(root, units, config);
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

function render(root: HTMLElement, units: Unit[], config: PlanConfig): void {
  const t = translator(config);
  const area = new Intl.NumberFormat(config.tag, { maximumFractionDigits: 1 });
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
        const button = el(
          'button',
          {
            type: 'button',
            'data-unit': unit.id,
            'data-status': unit.status,
            'aria-haspopup': 'dialog',
            'aria-label': t('units.plan.unitLabel', {
              unit: unit.unitNumber, floor: t(`units.floor.${floor}`), area: area.format(unit.exclusiveAreaM2), status: t(`units.status.${unit.status}`),
            }),
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
  for (const badge of document.querySelectorAll<HTMLElement>('[data-floor-availability]')) {
    const [low, high] = (badge.dataset.levels ?? '').split(',').map(Number) as [number, number];
    const levels = Array.from({ length: high - low + 1 }, (_, i) => low + i).filter((level) => level !== 0).map(floorOf);
    // A floor with no leasable space at all (B2's parking) says nothing; one whose spaces are all taken says so.
    const listed = levels.filter((floor) => units.some((unit) => unit.floor === floor));
    badge.hidden = listed.length === 0;
    if (badge.hidden) continue;
    const count = levels.reduce((sum, floor) => sum + (available.get(floor) ?? 0), 0);
    const link = badge.querySelector('a')!;
    link.textContent = count > 0 ? plural(t, config.tag, 'units.plan.spacesAvailable', count) : t('units.plan.noSpacesAvailable');
    link.href = `#plan-${floorOf(low)}`;
  }
}

async function openUnit(unit: Unit | null, trigger: HTMLElement | null, config: PlanConfig): Promise<void> {
  const { showUnit } = await import('./unit-dialog.ts');
  showUnit(unit, trigger, config);
}
