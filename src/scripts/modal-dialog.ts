/**
 * The WAI-ARIA modal dialog behaviour shared by the lightbox and the video modals, on top of native
 * `<dialog>.showModal()` (which already makes the page inert and closes on Escape): Tab and Shift+Tab
 * cycle inside the dialog, a click on the dimmed overlay closes it, and focus returns to the trigger.
 */
const FOCUSABLE = 'a[href], button:not([disabled]), iframe, [tabindex]:not([tabindex="-1"])';

const returnFocus = new WeakMap<HTMLDialogElement, HTMLElement>();

function trapTab(dialog: HTMLDialogElement, event: KeyboardEvent): void {
  if (event.key !== 'Tab') return;
  const items = [...dialog.querySelectorAll<HTMLElement>(FOCUSABLE)];
  const first = items[0];
  const last = items.at(-1);
  if (!first || !last) return;
  const active = document.activeElement;
  if (event.shiftKey && (active === first || !dialog.contains(active))) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && (active === last || !dialog.contains(active))) {
    event.preventDefault();
    first.focus();
  }
}

/** Wires a dialog once; `onClose` runs after it closes by any means (e.g. to stop a video). */
export function setUpModal(dialog: HTMLDialogElement, onClose?: () => void): void {
  dialog.addEventListener('keydown', (event) => trapTab(dialog, event));
  // The dialog box itself fills the viewport; only its content stops clicks, so a click that lands
  // on the dialog element is a click on the overlay.
  dialog.addEventListener('click', (event) => {
    if (event.target === dialog) dialog.close();
  });
  dialog.querySelectorAll<HTMLElement>('[data-modal-close]').forEach((button) =>
    button.addEventListener('click', () => dialog.close()),
  );
  dialog.addEventListener('close', () => {
    onClose?.();
    returnFocus.get(dialog)?.focus();
    returnFocus.delete(dialog);
  });
}

/** Opens the dialog and remembers which control to give focus back to. */
export function openModal(dialog: HTMLDialogElement, trigger: HTMLElement): void {
  returnFocus.set(dialog, trigger);
  dialog.showModal();
  dialog.querySelector<HTMLElement>('[data-modal-close]')?.focus();
}
