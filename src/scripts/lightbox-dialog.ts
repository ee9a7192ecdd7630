import { openModal, setUpModal } from './modal-dialog.ts';

/**
 * The lightbox's dialog: a `[data-lightbox]` button's image enlarged in the page's single dialog, built on
 * first use so there is never more than one. The enlarged file is the larger optimized rendition the trigger
 * names in its data. Loaded on the first click (src/scripts/lightbox.ts), not with the page.
 */
let dialog: HTMLDialogElement | undefined;

/**
 * How the enlarged image sits: fitted inside the screen, or (a trigger with `data-lightbox-fill`, e.g. a
 * unit's plan) filling the screen's height and panned sideways, since a plan fitted to a phone's width is no
 * larger than the plan that was tapped. Pinch-zoom stays available in both.
 */
const LAYOUT = {
  fit: {
    dialog: 'p-4 sm:p-10',
    figure: 'flex max-h-full max-w-full flex-col items-center gap-3',
    img: 'max-h-[80vh] w-auto max-w-full rounded-md object-contain shadow-2xl',
  },
  fill: {
    dialog: 'p-0',
    figure: 'flex h-full w-full overflow-auto overscroll-contain bg-white',
    img: 'm-auto h-full w-auto max-w-none object-contain sm:h-auto sm:max-h-full sm:max-w-full',
  },
} as const;
const DIALOG_CLASS = 'fixed inset-0 m-0 h-full max-h-none w-full max-w-none items-center justify-center bg-transparent text-white open:flex backdrop:bg-night/90';

function buildDialog(closeLabel: string): HTMLDialogElement {
  const element = document.createElement('dialog');
  element.id = 'lightbox';
  element.innerHTML = `
    <button type="button" data-modal-close
      class="absolute right-3 top-3 z-10 inline-flex size-11 items-center justify-center rounded-full bg-night/80 text-2xl leading-none text-white ring-1 ring-white/40 hover:bg-brass-strong">
      <span aria-hidden="true">&times;</span>
    </button>
    <figure>
      <img decoding="async" alt="" />
      <figcaption class="max-w-prose text-center text-sm text-white/90"></figcaption>
    </figure>`;
  element.querySelector('[data-modal-close]')!.setAttribute('aria-label', closeLabel);
  document.body.append(element);
  setUpModal(element, () => element.querySelector('img')!.removeAttribute('src'));
  return element;
}

export function openLightbox(trigger: HTMLButtonElement): void {
  const data = trigger.dataset;
  dialog ??= buildDialog(data.closeLabel ?? '');
  const layout = LAYOUT[data.lightboxFill === undefined ? 'fit' : 'fill'];
  const figure = dialog.querySelector('figure')!;
  const img = dialog.querySelector('img')!;
  dialog.className = `${DIALOG_CLASS} ${layout.dialog}`;
  figure.className = layout.figure;
  img.className = layout.img;
  // Filling the height, a wide plan starts at its middle.
  img.addEventListener('load', () => (figure.scrollLeft = (figure.scrollWidth - figure.clientWidth) / 2), { once: true });
  img.alt = data.alt ?? '';
  // The intrinsic size, when the trigger knows it (a unit's plan does not: its own size then counts).
  if (data.width && data.height) {
    img.width = Number(data.width);
    img.height = Number(data.height);
  } else {
    img.removeAttribute('width');
    img.removeAttribute('height');
  }
  img.sizes = '(min-width: 1024px) 80vw, 100vw';
  img.srcset = data.srcset ?? '';
  img.src = data.src ?? '';
  const caption = dialog.querySelector('figcaption')!;
  caption.textContent = data.caption ?? '';
  caption.hidden = !data.caption;
  dialog.setAttribute('aria-label', data.caption || data.alt || '');
  openModal(dialog, trigger);
}
