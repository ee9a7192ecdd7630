import { useEffect, useRef, type ReactNode } from 'react';

interface Props {
  title: string;
  children: ReactNode;
  confirmLabel: string;
  cancelLabel: string;
  /** A change that takes something away (a deactivation): the confirm button is red and Cancel has the focus. */
  danger?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
  testId?: string;
}

/**
 * Asks before a change that takes effect at once and is hard to see undone (a role, a deactivation, a won
 * deal). A modal dialog: focus starts on Cancel, Escape cancels, and focus goes back to what opened it.
 */
export default function ConfirmDialog({ title, children, confirmLabel, cancelLabel, danger = false, onConfirm, onCancel, testId }: Props) {
  const ref = useRef<HTMLDialogElement>(null);
  const cancel = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
    cancel.current?.focus();
  }, []);
  /** Closes first, so the browser hands focus back to the control that opened the dialog. */
  const finish = (then: () => void) => () => {
    ref.current?.close();
    then();
  };
  return (
    <dialog
      ref={ref}
      aria-labelledby="confirm-title"
      aria-describedby="confirm-body"
      data-testid={testId}
      className="m-auto w-[min(32rem,calc(100vw-2rem))] rounded-xl border border-line bg-white p-5 text-ink shadow-xl backdrop:bg-ink/40"
      onKeyDown={(event) => {
        if (event.key === 'Escape') {
          event.preventDefault();
          event.stopPropagation();
          finish(onCancel)();
        }
      }}
      onCancel={(event) => {
        event.preventDefault();
        finish(onCancel)();
      }}
    >
      <h2 id="confirm-title" className="text-lg font-bold">{title}</h2>
      <div id="confirm-body" className="mt-2 grid gap-2 text-sm">{children}</div>
      <div className="mt-5 flex flex-wrap gap-2">
        <button type="button" className={`btn min-h-11 text-white ${danger ? 'bg-danger' : 'bg-ink'}`} onClick={finish(onConfirm)}>{confirmLabel}</button>
        <button type="button" ref={cancel} className="btn min-h-11 border border-line text-ink hover:bg-mist" onClick={finish(onCancel)}>{cancelLabel}</button>
      </div>
    </dialog>
  );
}
