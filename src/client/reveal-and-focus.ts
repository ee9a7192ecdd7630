/**
 * Scrolls `target` into view (smoothly unless the visitor asked for reduced motion) and focuses `focus`
 * without a second jump: a form that changed mode off-screen would otherwise look like nothing happened.
 */
export function revealAndFocus(target: Element, focus: HTMLElement | null): void {
  const reduced = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  target.scrollIntoView({ behavior: reduced ? 'auto' : 'smooth', block: 'start' });
  focus?.focus({ preventScroll: true });
}
