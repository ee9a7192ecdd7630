/**
 * Floor navigation: a `[data-floor-nav]` link scrolls to its floor section so that the section's top
 * stops FLOOR_SCROLL_OFFSET px below the viewport's top (clear of the fixed 64 px bar), smoothly unless
 * the visitor prefers reduced motion. Without this script the links still jump to the same place,
 * because the sections carry the same offset as `scroll-margin-top`.
 */
export const FLOOR_SCROLL_OFFSET = 100;

export function initFloorNav(): void {
  const reducedMotion = window.matchMedia('(prefers-reduced-motion: reduce)');

  document.querySelectorAll<HTMLAnchorElement>('a[data-floor-nav]').forEach((link) => {
    link.addEventListener('click', (event) => {
      const id = decodeURIComponent(link.hash.slice(1));
      const section = document.getElementById(id);
      if (!section) return;
      event.preventDefault();
      const top = section.getBoundingClientRect().top + window.scrollY - FLOOR_SCROLL_OFFSET;
      window.scrollTo({ top, behavior: reducedMotion.matches ? 'auto' : 'smooth' });
      history.replaceState(null, '', `#${id}`);
      // Keyboard and screen-reader users continue from the floor they chose.
      section.focus({ preventScroll: true });
    });
  });
}
