import { useEffect, useRef, useState } from 'react';
import type { Translate } from '~/i18n/translate';
import { LEASE_LIMITS } from '~/shared/leases/lease';

interface Props {
  /** The holding inquiries' references, as the refusal named them ("#0B6C2F1E"). */
  references: string[];
  /** The server's word on the reason (`fields.reason`), when it refused the one given. */
  error: string | null;
  busy: boolean;
  t: Translate;
  onRelease: (reason: string) => void;
  onCancel: () => void;
}

/**
 * The owner's release of another inquiry's hold, asked in the app's own dialog (decision 058's amendment): what it
 * does, and the reason — required, kept on the released proposal for its team. Focus starts in the reason, Escape
 * and Cancel close it, and focus goes back to the button that opened it.
 */
export default function HoldReleaseDialog({ references, error, busy, t, onRelease, onCancel }: Props) {
  const ref = useRef<HTMLDialogElement>(null);
  const input = useRef<HTMLTextAreaElement>(null);
  const [reason, setReason] = useState('');
  const [missing, setMissing] = useState(false);
  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
    input.current?.focus();
  }, []);
  useEffect(() => {
    if (error) input.current?.focus();
  }, [error]);
  const cancel = () => {
    ref.current?.close();
    onCancel();
  };
  const shown = missing ? 'leases.errors.releaseReasonRequired' : error;
  return (
    <dialog
      ref={ref}
      aria-labelledby="hold-release-title"
      aria-describedby="hold-release-body"
      data-testid="lease-hold-release-dialog"
      className="m-auto w-[min(32rem,calc(100vw-2rem))] rounded-xl border border-line bg-white p-5 text-ink shadow-xl backdrop:bg-ink/40"
      onCancel={(event) => {
        event.preventDefault();
        cancel();
      }}
    >
      <form
        noValidate
        className="grid gap-3"
        onSubmit={(event) => {
          event.preventDefault();
          if (busy) return;
          if (!reason.trim()) {
            setMissing(true);
            input.current?.focus();
            return;
          }
          onRelease(reason.trim());
        }}
      >
        <h2 id="hold-release-title" className="text-lg font-bold">{t('leasePanel.sign.releaseTitle')}</h2>
        <p id="hold-release-body" className="text-sm">{t('leasePanel.sign.releaseBody', { references: references.join(', ') })}</p>
        <label htmlFor="hold-release-reason" className="grid gap-1 text-sm">
          <span className="font-semibold">{t('leasePanel.sign.releaseReason')}</span>
          <textarea
            id="hold-release-reason"
            ref={input}
            rows={3}
            maxLength={LEASE_LIMITS.reason}
            value={reason}
            aria-invalid={Boolean(shown) || undefined}
            aria-describedby={shown ? 'hold-release-error' : undefined}
            onChange={(event) => {
              setReason(event.target.value);
              setMissing(false);
            }}
            className="w-full rounded-md border border-muted px-3 py-2 text-base"
          />
        </label>
        {shown && <p id="hold-release-error" className="text-sm text-danger">{t(shown)}</p>}
        <div className="mt-2 flex flex-wrap gap-2">
          <button type="submit" disabled={busy} className="btn min-h-11 bg-danger text-white disabled:opacity-60">{busy ? t('leasePanel.actions.working') : t('leasePanel.sign.release')}</button>
          <button type="button" className="btn min-h-11 border border-line text-ink hover:bg-mist" onClick={cancel}>{t('leasePanel.sign.releaseCancel')}</button>
        </div>
      </form>
    </dialog>
  );
}
