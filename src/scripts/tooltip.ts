/**
 * Tooltips (`[data-tooltip]` wrappers from Tooltip.astro): open on hover or keyboard focus after
 * 700 ms, or at once when another tooltip was open less than 300 ms ago, and at once on a click or tap
 * (a phone has no hover); close on pointer leave, blur, a second click, a click or tap elsewhere,
 * scroll and Escape. The bubble sits inside the wrapper, so the pointer can move onto it
 * without closing it (WCAG 1.4.13).
 */
const OPEN_DELAY_MS = 700;
const SKIP_DELAY_MS = 300;

let openRoot: HTMLElement | undefined;
/** A bubble opened by a click or tap stays while the page scrolls: the reader asked for it. */
let openedByClick = false;
let lastClosedAt = Number.NEGATIVE_INFINITY;
let pending: number | undefined;

function bubbleOf(root: HTMLElement): HTMLElement | null {
  return root.querySelector<HTMLElement>('[role="tooltip"]');
}

function show(root: HTMLElement): void {
  window.clearTimeout(pending);
  pending = undefined;
  if (openRoot === root) return;
  if (openRoot) hide();
  const bubble = bubbleOf(root);
  if (!bubble) return;
  bubble.hidden = false;
  keepInViewport(bubble);
  openRoot = root;
  openedByClick = false;
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
    // A finger lifting off the screen "leaves" too: touch opens and closes by tapping only.
    root.addEventListener('pointerleave', (event) => event.pointerType !== 'touch' && hide());
    trigger.addEventListener('focus', () => schedule(root));
    trigger.addEventListener('blur', hide);
    trigger.addEventListener('click', () => {
      if (openRoot === root && openedByClick) return hide();
      show(root);
      openedByClick = true;
    });
  }
  document.addEventListener('pointerdown', (event) => {
    if (openRoot && !openRoot.contains(event.target as Node)) hide();
  });
  document.addEventListener('keydown', (event) => {
    if (event.key === 'Escape' && (openRoot || pending !== undefined)) hide();
  });
  // Only a shown bubble closes on scroll: focusing a trigger scrolls it into view, which must not
  // cancel the opening that the focus itself started.
  window.addEventListener('scroll', () => openRoot && !openedByClick && hide(), { passive: true });
}
