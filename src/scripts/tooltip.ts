/**
 * Tooltips (`[data-tooltip]` wrappers from Tooltip.astro): open on hover or keyboard focus after
 * 700 ms, or at once when another tooltip was open less than 300 ms ago; close on pointer leave,
 * blur, click, scroll and Escape. The bubble sits inside the wrapper, so the pointer can move onto it
 * without closing it (WCAG 1.4.13).
 */
const OPEN_DELAY_MS = 700;
const SKIP_DELAY_MS = 300;

let openRoot: HTMLElement | undefined;
let lastClosedAt = Number.NEGATIVE_INFINITY;
let pending: number | undefined;

function bubbleOf(root: HTMLElement): HTMLElement | null {
  return root.querySelector<HTMLElement>('[role="tooltip"]');
}

function show(root: HTMLElement): void {
  if (openRoot && openRoot !== root) hide();
  const bubble = bubbleOf(root);
  if (!bubble) return;
  bubble.hidden = false;
  keepInViewport(bubble);
  openRoot = root;
}

/** Nudges a bubble sideways so it never runs off a narrow screen (CSSOM, which the CSP allows). */
function keepInViewport(bubble: HTMLElement): void {
  const MARGIN = 8;
  bubble.style.marginLeft = '';
  const box = bubble.getBoundingClientRect();
  const overflowRight = box.right - (document.documentElement.clientWidth - MARGIN);
  if (box.left < MARGIN) bubble.style.marginLeft = `${MARGIN - box.left}px`;
  else if (overflowRight > 0) bubble.style.marginLeft = `${-overflowRight}px`;
}

function hide(): void {
  window.clearTimeout(pending);
  pending = undefined;
  if (!openRoot) return;
  const bubble = bubbleOf(openRoot);
  if (bubble) bubble.hidden = true;
  openRoot = undefined;
  lastClosedAt = performance.now();
}

function schedule(root: HTMLElement): void {
  window.clearTimeout(pending);
  if (openRoot === root) return;
  const skip = openRoot !== undefined || performance.now() - lastClosedAt < SKIP_DELAY_MS;
  if (skip) show(root);
  else pending = window.setTimeout(() => show(root), OPEN_DELAY_MS);
}

export function initTooltips(): void {
  for (const root of document.querySelectorAll<HTMLElement>('[data-tooltip]')) {
    const trigger = root.querySelector<HTMLElement>('[aria-describedby]');
    if (!trigger) continue;
    root.addEventListener('pointerenter', (event) => event.pointerType !== 'touch' && schedule(root));
    root.addEventListener('pointerleave', hide);
    trigger.addEventListener('focus', () => schedule(root));
    trigger.addEventListener('blur', hide);
    trigger.addEventListener('click', hide);
  }
  document.addEventListener('keydown', (event) => {
    if (event.key === 'Escape' && (openRoot || pending !== undefined)) hide();
  });
  // Only a shown bubble closes on scroll: focusing a trigger scrolls it into view, which must not
  // cancel the opening that the focus itself started.
  window.addEventListener('scroll', () => openRoot && hide(), { passive: true });
}
