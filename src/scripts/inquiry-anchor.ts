/**
 * Every "leasing inquiry" button links to /contact#inquiry-form: the visitor lands in the form with the
 * cursor in its first field. The form is an island that hydrates when the browser is idle, so this runs
 * on the server-rendered form at once; hydration keeps the same elements (and so the focus), and if the
 * island ever replaced them the focus is put back, unless the visitor has moved on meanwhile.
 */
const FIELD = ':is(input, textarea, select):not([type="hidden"]):not([disabled])';

function focusFirstField(section: HTMLElement): void {
  const field = section.querySelector<HTMLElement>(`form ${FIELD}`);
  // The browser scrolls the section itself into view (its scroll margin clears the fixed top bar).
  field?.focus({ preventScroll: true });
}

export function initInquiryAnchor(id: string): void {
  const section = document.getElementById(id);
  if (!section) return;
  const follow = () => {
    if (location.hash !== `#${id}`) return;
    focusFirstField(section);
    const island = section.querySelector('astro-island[ssr]');
    if (!island) return;
    new MutationObserver((_, observer) => {
      if (island.hasAttribute('ssr')) return;
      observer.disconnect();
      const lost = document.activeElement === null || document.activeElement === document.body;
      if (lost) focusFirstField(section);
    }).observe(island, { attributes: true, attributeFilter: ['ssr'] });
  };
  follow();
  window.addEventListener('hashchange', follow);
}
