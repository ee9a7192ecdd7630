/**
 * Lightbox: every `[data-lightbox]` button opens its image enlarged in a dialog. The page carries only this
 * listener; the dialog's code (src/scripts/lightbox-dialog.ts, with the modal behaviour it shares) comes with
 * the first click, so a page a visitor only reads loads none of it (issue 29: /floors' script before any
 * interaction ≤ 10 KB gzip).
 */
export function initLightbox(): void {
  // One delegated listener covers every trigger, including those inside carousels.
  document.addEventListener('click', (event) => {
    const trigger = (event.target as Element).closest<HTMLButtonElement>('button[data-lightbox]');
    if (trigger) void import('./lightbox-dialog.ts').then(({ openLightbox }) => openLightbox(trigger));
  });
}
