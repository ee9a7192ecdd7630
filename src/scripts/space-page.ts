import { costEstimate } from '../shared/units/basics.ts';
import { formatWon } from '../shared/units/facts.ts';
import { initLightbox } from './lightbox.ts';

/**
 * A space's page (rendered by functions/space-pages.ts): the plan enlarges in the lightbox, and the cost
 * estimate follows the rate the visitor types. Without this script the page still shows the estimate
 * at the default rate.
 */
export function initSpacePage(): void {
  initLightbox();
  keepPlanSearch();
  const root = document.querySelector<HTMLElement>('[data-estimate-root]');
  const rate = root?.querySelector<HTMLInputElement>('input[type=number]');
  if (!root || !rate) return;
  const number = (name: string) => (root.dataset[name] ? Number(root.dataset[name]) : null);
  const unit = { monthlyRent: number('rent'), deposit: number('deposit'), maintenanceFee: number('fee'), supplyAreaM2: number('area') ?? 0 };
  const tag = document.documentElement.lang;
  const outputs = ['monthly', 'perPyeong', 'perM2'] as const;
  rate.addEventListener('input', () => {
    const value = Math.min(Number(rate.max), Math.max(Number(rate.min), Number(rate.value) || 0));
    const result = costEstimate(unit, value);
    for (const key of outputs) {
      const output = root.querySelector<HTMLOutputElement>(`[data-estimate="${key}"]`);
      if (output) output.textContent = result ? formatWon(result[key], tag) : '';
    }
  });
}

/**
 * "Back to the plan" returns to the search the visitor came from (issue 28): the page is the same for
 * everyone (cached), so its links name the plain plan; when the visitor arrived from a searched plan on
 * this site, the links take that address (its query), keeping their own anchor.
 */
function keepPlanSearch(): void {
  let from: URL;
  try {
    from = new URL(document.referrer);
  } catch {
    return;
  }
  if (from.origin !== location.origin || !/\/floors\/?$/.test(from.pathname) || from.search === '') return;
  for (const link of document.querySelectorAll<HTMLAnchorElement>('a[data-back-to-plan]')) {
    const target = new URL(link.href);
    if (target.pathname.replace(/\/$/, '') !== from.pathname.replace(/\/$/, '')) continue;
    target.search = from.search;
    // The list view hides the floor rows: the anchor is then the plan's search and results.
    if (from.searchParams.get('view') === 'list') target.hash = '#stacking-plan';
    link.href = target.href;
  }
}
