import { costEstimate } from '../shared/unit-basics.ts';
import { formatWon } from '../shared/unit-facts.ts';
import { initLightbox } from './lightbox.ts';

/**
 * A space's page (rendered by functions/space-pages.ts): the plan enlarges in the lightbox, and the cost
 * estimate follows the rate the visitor types. Without this script the page still shows the estimate
 * at the default rate.
 */
export function initSpacePage(): void {
  initLightbox();
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
