import { useEffect } from 'react';
import { useStore } from '@nanostores/react';
import { $toasts, dismissToast, type Toast } from '~/client/stores';

/** How long a toast stays before it leaves on its own (spec §9: viewport default 5000 ms). */
const TOAST_DURATION_MS = 5000;

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
  useEffect(() => {
    const timer = setTimeout(() => dismissToast(toast.id), TOAST_DURATION_MS);
    return () => clearTimeout(timer);
  }, [toast.id]);
  return (
    <div
      data-testid="toast"
      data-variant={toast.variant}
      className={`pointer-events-auto flex w-full max-w-sm items-start gap-3 rounded-lg border p-4 shadow-lg ${VARIANT_CLASSES[toast.variant]}`}
    >
      <div className="flex-1">
        <p className="text-sm font-semibold">{toast.title}</p>
        {toast.description && <p className="mt-1 text-sm opacity-90">{toast.description}</p>}
      </div>
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
