import { useEffect } from 'react';

/** How long "undo" is offered after a delete. */
export const UNDO_MS = 8000;

interface Props {
  message: string;
  undoLabel: string;
  closeLabel: string;
  onUndo: () => void;
  onExpire: () => void;
}

/**
 * The "deleted — undo" notice of the spaces tab. Its own small live region rather than a toast action:
 * the shared toast has no actions today, and this keeps the undo in one place until it does.
 */
export default function UnitUndo({ message, undoLabel, closeLabel, onUndo, onExpire }: Props) {
  useEffect(() => {
    const timer = setTimeout(onExpire, UNDO_MS);
    return () => clearTimeout(timer);
  }, [onExpire]);
  return (
    <div role="status" className="fixed inset-x-0 bottom-0 z-[61] flex justify-center p-4 sm:justify-end">
      <div data-testid="unit-undo" className="flex w-full max-w-sm items-center gap-3 rounded-lg border border-line bg-paper p-4 text-ink shadow-lg">
        <p className="flex-1 text-sm font-semibold">{message}</p>
        <button type="button" onClick={onUndo} className="min-h-11 rounded border border-brass-strong px-3 text-sm font-semibold text-brass-strong hover:bg-brass-soft">{undoLabel}</button>
        <button type="button" onClick={onExpire} aria-label={closeLabel} className="min-h-11 min-w-11 rounded text-lg leading-none opacity-80 hover:opacity-100">
          <span aria-hidden="true">×</span>
        </button>
      </div>
    </div>
  );
}
