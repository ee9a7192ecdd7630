/**
 * Reveal on scroll: elements with `data-reveal="up|down|left|right|fade"` fade (and slide) in the first
 * time they enter the viewport; `data-reveal-delay="n"` staggers them by n × 0.1 s. Content is only
 * hidden after this script marks <html> ready, so it is always visible without JavaScript, and what is
 * already on screen at start is left alone (no flash, no delayed LCP). Runs on the Web Animations API,
 * so the global reduced-motion rule cannot shorten it to nothing: reduced motion gets a 0.2 s fade.
 */
const DURATION_MS = 500;
const REDUCED_DURATION_MS = 200;
const STAGGER_MS = 100;
const DISTANCE = '2rem';

const OFFSETS: Record<string, string> = {
  up: `translateY(${DISTANCE})`,
  down: `translateY(-${DISTANCE})`,
  left: `translateX(${DISTANCE})`,
  right: `translateX(-${DISTANCE})`,
  fade: 'none',
};

function reveal(element: HTMLElement, reducedMotion: boolean): void {
  element.dataset.revealed = '';
  const from = reducedMotion ? 'none' : (OFFSETS[element.dataset.reveal ?? ''] ?? 'none');
  element.animate([{ opacity: 0, transform: from }, { opacity: 1, transform: 'none' }], {
    duration: reducedMotion ? REDUCED_DURATION_MS : DURATION_MS,
    delay: Number(element.dataset.revealDelay ?? 0) * STAGGER_MS,
    easing: 'cubic-bezier(0.22, 1, 0.36, 1)',
    fill: 'backwards',
  });
}

function isOnScreen(element: Element): boolean {
  const box = element.getBoundingClientRect();
  return box.top < window.innerHeight && box.bottom > 0;
}

export function initReveal(): void {
  const elements = [...document.querySelectorAll<HTMLElement>('[data-reveal]:not([data-revealed])')];
  if (!elements.length || !('IntersectionObserver' in window)) return;
  const reducedMotion = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  const observer = new IntersectionObserver(
    (entries) => {
      for (const entry of entries) {
        if (!entry.isIntersecting) continue;
        observer.unobserve(entry.target);
        reveal(entry.target as HTMLElement, reducedMotion);
      }
    },
    { rootMargin: '0px 0px -10% 0px' },
  );
  for (const element of elements) {
    if (isOnScreen(element)) element.dataset.revealed = '';
    else observer.observe(element);
  }
  document.documentElement.classList.add('reveal-ready');
}
