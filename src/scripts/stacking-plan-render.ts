import type { Unit } from '../shared/units/unit.ts';
import { translator, el, withLaterWords, type PlanConfig } from './stacking-plan-config.ts';
import { plural } from '../i18n/plural.ts';
import { seoulToday, statusText } from '../shared/units/availability.ts';
import { spaceName } from '../shared/units/space-name.ts';

/** Level numbers of the floor sections (content/floors) → floor codes: -2 → B2, -1 → B1, 3 → 3F. */
const floorOf = (level: number) => (level < 0 ? `B${-level}` : `${level}F`);

const GLYPHS: Record<Unit['status'], string> = { available: '✓', negotiating: '…', reserved: '◆', leased: '✕' };

/** The drawing under way on each plan: a newer one (the search's) stops an older one between floors. */
const drawing = new WeakMap<HTMLElement, object>();
/** Each plan's latest drawing, for `whenDrawn`. */
const latest = new WeakMap<HTMLElement, Promise<boolean>>();

/** Resolves once the plan's latest drawing has drawn every floor (a drawing taken over waits for the newer one). */
export async function whenDrawn(root: HTMLElement): Promise<void> {
  for (;;) {
    const current = latest.get(root);
    if (!current || (await current)) return;
  }
}

/**
 * Waits for the next frame to have been painted, then yields: each floor is its own task, and the frame's
 * style and layout only take in what one floor added. A hidden page gets no frames: it yields to a task.
 */
const nextFrame = () =>
  new Promise<void>((resolve) => {
    if (document.hidden) setTimeout(resolve, 0);
    else requestAnimationFrame(() => setTimeout(resolve, 0));
  });

/**
 * Draws every floor's units, floor by floor across frames, top down (decision 041): drawing the 16 rows
 * and their 42 units at once was one ~240 ms task on a mid-range phone, its style and layout included.
 * `decorate` lets the search mark each cell (and word its label). Resolves true once every floor is drawn,
 * false when a newer drawing of the same plan took over.
 */
export function render(root: HTMLElement, units: Unit[], config: PlanConfig, decorate?: Decorate): Promise<boolean> {
  const drawn = draw(root, units, config, decorate);
  latest.set(root, drawn);
  return drawn;
}

type Decorate = (unit: Unit, button: HTMLButtonElement, label: string) => void;

async function draw(root: HTMLElement, units: Unit[], config: PlanConfig, decorate?: Decorate): Promise<boolean> {
  const token = {};
  drawing.set(root, token);
  const t = translator(config);
  const area = new Intl.NumberFormat(config.tag, { maximumFractionDigits: 1 });
  const today = seoulToday();
  const available = new Map<string, number>();
  // Widths are shares of the fullest floor, so a unit's width means the same area on every row.
  const floorTotals = new Map<string, number>();
  for (const unit of units) floorTotals.set(unit.floor, (floorTotals.get(unit.floor) ?? 0) + unit.exclusiveAreaM2);
  const fullest = Math.max(1, ...floorTotals.values());
  for (const [index, row] of [...root.querySelectorAll<HTMLElement>('[data-floor]')].entries()) {
    if (index > 0) await nextFrame();
    if (drawing.get(root) !== token) return false;
    const floor = row.dataset.floor!;
    const onFloor = units.filter((unit) => unit.floor === floor);
    const free = onFloor.filter((unit) => unit.status === 'available');
    available.set(floor, free.length);
    row.querySelector('[data-floor-summary]')!.textContent = onFloor.length
      ? t('units.plan.floorSummary', { count: free.length, area: area.format(free.reduce((sum, unit) => sum + unit.exclusiveAreaM2, 0)) })
      : t('units.plan.noUnits');
    row.querySelector('[data-floor-units]')!.replaceChildren(
      ...onFloor.map((unit) => {
        const label = t('units.plan.unitLabel', {
          space: spaceName(t, unit), area: area.format(unit.exclusiveAreaM2), status: statusText(unit, today, { t, tag: config.tag }),
        });
        const button = el(
          'button',
          {
            type: 'button',
            'data-unit': unit.id,
            'data-status': unit.status,
            // A leased space whose end is known: the day it is free again (its label says it too).
            ...(unit.status === 'leased' && unit.availableFrom && unit.availableFrom > today ? { 'data-available-from': unit.availableFrom, title: label } : {}),
            'aria-haspopup': 'dialog',
            'aria-label': label,
            // A long number in a small box wraps inside it (anywhere, if it must) instead of spilling over its neighbours.
            class: 'unit-cell flex h-full min-h-11 w-full flex-wrap content-center items-center justify-center gap-1 rounded-md px-1 py-1 text-center text-xs leading-tight font-semibold hover:ring-2 hover:ring-brass-strong',
          },
          el('span', { class: 'min-w-0 max-w-full rounded bg-paper/95 px-1 text-ink wrap-anywhere' }, t('units.plan.unitShort', { unit: unit.unitNumber })),
          el('span', { class: 'rounded bg-paper/95 px-1 text-ink', 'aria-hidden': 'true' }, GLYPHS[unit.status]),
        );
        decorate?.(unit, button, label);
        button.addEventListener('click', () => void openUnit(unit, button, config));
        // Wider for more area; a minimum keeps every unit a comfortable touch target. Set through CSSOM:
        // the pages' CSP refuses style attributes.
        const item = el('li', { class: 'min-w-16' }, button);
        item.style.flex = `0 1 calc(${((unit.exclusiveAreaM2 / fullest) * 100).toFixed(2)}% - 0.25rem)`;
        return item;
      }),
    );
  }
  floorAvailability(units, available, config);
  return true;
}

/**
 * Under each floor section: how many spaces it has, linking to its row of the plan. A section with no leasable
 * space at all (B2's parking) says nothing; one whose spaces are all taken says so in plain text, never a link
 * to nothing.
 */
function floorAvailability(units: Unit[], available: Map<string, number>, config: PlanConfig): void {
  const t = translator(config);
  for (const badge of document.querySelectorAll<HTMLElement>('[data-floor-availability]')) {
    const [low, high] = (badge.dataset.levels ?? '').split(',').map(Number) as [number, number];
    const floors = Array.from({ length: high - low + 1 }, (_, i) => low + i).filter((level) => level !== 0).map(floorOf);
    badge.hidden = !units.some((unit) => floors.includes(unit.floor));
    if (badge.hidden) continue;
    const count = floors.reduce((sum, floor) => sum + (available.get(floor) ?? 0), 0);
    badge.replaceChildren(
      count > 0
        ? el('a', { href: `#plan-${floorOf(low)}`, class: 'inline-flex min-h-11 items-center rounded-full border border-brass-strong px-4 font-semibold text-brass-strong hover:bg-brass-soft' }, plural(t, config.tag, 'units.plan.spacesAvailable', count))
        : el('span', { class: 'inline-flex min-h-11 items-center text-muted', 'data-none-available': '' }, t('units.plan.noneAvailable')),
    );
  }
}

export async function openUnit(unit: Unit | null, trigger: HTMLElement | null, config: PlanConfig): Promise<void> {
  // The dialog's code and its words, fetched side by side.
  const [{ showUnit }] = await Promise.all([import('./unit-dialog.ts'), withLaterWords(config)]);
  showUnit(unit, trigger, config);
}
