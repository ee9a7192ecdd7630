/**
 * Top bar: solid once the page is scrolled past the threshold (transparent over the home hero until
 * then) and the mobile menu toggle, which closes again when a link is chosen or Escape is pressed.
 */
export function initTopBar(): void {
  const bar = document.getElementById('top-bar');
  if (!bar) return;

  if (bar.dataset.overHero === 'true') {
    const threshold = Number(bar.dataset.threshold ?? 50);
    const update = () => {
      const menuOpen = bar.querySelector('#mobile-menu')?.hasAttribute('hidden') === false;
      bar.dataset.solid = String(window.scrollY > threshold || menuOpen);
    };
    update();
    window.addEventListener('scroll', update, { passive: true });
    bar.addEventListener('menu-toggle', update);
  }

  const toggle = bar.querySelector<HTMLButtonElement>('#mobile-menu-toggle');
  const menu = bar.querySelector<HTMLElement>('#mobile-menu');
  if (!toggle || !menu) return;

  const setOpen = (open: boolean) => {
    menu.hidden = !open;
    // The page behind an open menu must not scroll (global.css); its scroll position stays where it was.
    document.documentElement.toggleAttribute('data-scroll-locked', open);
    toggle.setAttribute('aria-expanded', String(open));
    toggle.setAttribute('aria-label', (open ? toggle.dataset.labelClose : toggle.dataset.labelOpen) ?? '');
    bar.dispatchEvent(new Event('menu-toggle'));
  };
  toggle.addEventListener('click', () => setOpen(menu.hidden));
  menu.addEventListener('click', (event) => {
    if ((event.target as Element).closest('a')) setOpen(false);
  });
  // The menu exists below the lg breakpoint only: widening the window must not leave the page locked.
  window.matchMedia('(min-width: 1024px)').addEventListener('change', (event) => event.matches && !menu.hidden && setOpen(false));
  document.addEventListener('keydown', (event) => {
    if (event.key === 'Escape' && !menu.hidden) {
      setOpen(false);
      toggle.focus();
    }
  });
}
