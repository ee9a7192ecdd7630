import { useEffect, useRef } from 'react';
import { useStore } from '@nanostores/react';
import { $toasts, dismissToast, type Toast } from '~/client/stores';

/** How long a toast stays before it leaves on its own (spec §9: viewport default 5000 ms). */
const TOAST_DURATION_MS = 5000;
/** A toast with an action (undo) stays longer: time to read, reach and press it. */
export const ACTION_TOAST_DURATION_MS = 10_000;

const VARIANT_CLASSES: Record<Toast['variant'], string> = {
  default: 'border-line bg-paper text-ink',
  warning: 'border-brass bg-brass-soft text-ink',
  destructive: 'border-danger bg-danger text-white',
};

interface Props {
  /** The label of the dismiss button, in the page's language. */
  closeLabel: string;
}

/** The one visible toast (queue limit 1). Errors are announced assertively, the rest politely. */
export default function Toaster({ closeLabel }: Props) {
  const toasts = useStore($toasts);
  return (
    <div className="pointer-events-none fixed inset-x-0 bottom-0 z-[60] flex flex-col items-center gap-2 p-4 sm:items-end">
      <div role="status" aria-live="polite" className="contents">
        {toasts.filter((t) => t.variant !== 'destructive').map((toast) => <ToastItem key={toast.id} toast={toast} closeLabel={closeLabel} />)}
      </div>
      <div role="alert" aria-live="assertive" className="contents">
        {toasts.filter((t) => t.variant === 'destructive').map((toast) => <ToastItem key={toast.id} toast={toast} closeLabel={closeLabel} />)}
      </div>
    </div>
  );
}

function ToastItem({ toast, closeLabel }: { toast: Toast; closeLabel: string }) {
  const element = useRef<HTMLDivElement>(null);
  const actionButton = useRef<HTMLButtonElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const hovered = useRef(false);
  // Hovering or focusing the toast holds it, so an action is never taken away mid-reach. The timer is
  // stopped and restarted in the event itself: a re-render would leave a moment in which a focused toast
  // can still leave.
  const hold = () => clearTimeout(timer.current);
  const release = () => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => dismissToast(toast.id), toast.action ? ACTION_TOAST_DURATION_MS : TOAST_DURATION_MS);
  };
  useEffect(() => {
    if (!element.current?.matches(':focus-within')) release();
    return hold;
  }, [toast.id]);
  useEffect(() => {
    // The control that led here is going away (a deleted row's button): the action is where focus goes,
    // so a keyboard user can undo at once instead of starting again from the top of the page.
    if (toast.action?.takeFocus) actionButton.current?.focus({ preventScroll: true });
  }, [toast.action]);
  return (
    <div
      ref={element}
      data-testid="toast"
      data-variant={toast.variant}
      onPointerEnter={(e) => {
        if (e.pointerType !== 'mouse') return;
        hovered.current = true;
        hold();
      }}
      onPointerLeave={(e) => {
        if (e.pointerType !== 'mouse') return;
        hovered.current = false;
        if (!e.currentTarget.matches(':focus-within')) release();
      }}
      onFocus={hold}
      onBlur={(e) => !e.currentTarget.contains(e.relatedTarget as Node | null) && !hovered.current && release()}
      className={`pointer-events-auto flex w-full max-w-sm items-start gap-3 rounded-lg border p-4 shadow-lg ${VARIANT_CLASSES[toast.variant]}`}
    >
      <div className="flex-1">
        <p className="text-sm font-semibold">{toast.title}</p>
        {toast.description && <p className="mt-1 text-sm opacity-90">{toast.description}</p>}
      </div>
      {toast.action && (
        <button
          ref={actionButton}
          type="button"
          onClick={() => {
            dismissToast(toast.id);
            toast.action?.run();
          }}
          className="min-h-11 shrink-0 rounded-md border border-current px-3 text-sm font-semibold underline-offset-2 hover:underline"
        >
          {toast.action.label}
        </button>
      )}
      <button
        type="button"
        onClick={() => dismissToast(toast.id)}
        className="rounded px-1 text-lg leading-none opacity-80 hover:opacity-100"
        aria-label={closeLabel}
      >
        <span aria-hidden="true">×</span>
      </button>
    </div>
  );
}
