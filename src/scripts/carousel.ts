/**
 * Carousels (`[data-carousel]`): the previous/next buttons scroll the track by exactly one step
 * (320 px), smoothly unless the visitor prefers reduced motion; a button is disabled at its end.
 */
export const CAROUSEL_STEP_PX = 320;

function updateButtons(track: HTMLElement, prev: HTMLButtonElement, next: HTMLButtonElement): void {
  const max = track.scrollWidth - track.clientWidth;
  prev.disabled = track.scrollLeft <= 1;
  next.disabled = track.scrollLeft >= max - 1;
}

export function initCarousels(): void {
  const reduced = window.matchMedia('(prefers-reduced-motion: reduce)');
  for (const root of document.querySelectorAll<HTMLElement>('[data-carousel]')) {
    const track = root.querySelector<HTMLElement>('[data-carousel-track]');
    const prev = root.querySelector<HTMLButtonElement>('[data-carousel-prev]');
    const next = root.querySelector<HTMLButtonElement>('[data-carousel-next]');
    if (!track || !prev || !next) continue;
    const step = (direction: 1 | -1) =>
      track.scrollBy({ left: direction * CAROUSEL_STEP_PX, behavior: reduced.matches ? 'auto' : 'smooth' });
    prev.addEventListener('click', () => step(-1));
    next.addEventListener('click', () => step(1));
    track.addEventListener('scroll', () => updateButtons(track, prev, next), { passive: true });
    new ResizeObserver(() => updateButtons(track, prev, next)).observe(track);
  }
}
