import { useEffect, useRef, useState, type SubmitEvent } from 'react';
import { INQUIRY_STATUSES, type InquiryStatus } from '~/shared/inquiry';
import type { Translate } from '~/i18n/translate';
import ConfirmDialog from '../../ConfirmDialog';

/**
 * One click per status; `lost` asks for the reason first (a reason of only spaces is said to be missing, at
 * the field) and `won` asks to confirm (issue 28: one stray click recorded a won deal).
 */
export default function StatusButtons({ current, name, onChange, t }: { current: InquiryStatus; name: string; onChange: (status: InquiryStatus, lostReason?: string) => Promise<boolean>; t: Translate }) {
  const [askingReason, setAskingReason] = useState(false);
  const [confirmingWon, setConfirmingWon] = useState(false);
  const [reason, setReason] = useState('');
  const [missing, setMissing] = useState(false);
  const reasonInput = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (askingReason) reasonInput.current?.focus();
  }, [askingReason]);
  function close() {
    setAskingReason(false);
    setMissing(false);
  }
  async function submitLost(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!reason.trim()) {
      setMissing(true);
      reasonInput.current?.focus();
      return;
    }
    if (await onChange('lost', reason.trim())) {
      close();
      setReason('');
    }
  }
  return (
    <div className="grid gap-3">
      <div role="group" aria-label={t('inbox.changeStatus')} className="flex flex-wrap gap-2">
        {INQUIRY_STATUSES.map((status) => (
          <button
            key={status}
            type="button"
            aria-pressed={status === current}
            disabled={status === current}
            onClick={() => (status === 'lost' ? setAskingReason(true) : status === 'won' ? setConfirmingWon(true) : void onChange(status))}
            className={`btn min-h-11 border text-sm ${status === current ? 'border-ink bg-ink text-white' : 'border-line text-ink hover:bg-mist'}`}
          >
            {t(`inbox.status.${status}`)}
          </button>
        ))}
      </div>
      {confirmingWon && (
        <ConfirmDialog
          testId="won-confirm"
          title={t('inboxConfirm.wonTitle', { name })}
          confirmLabel={t('inboxConfirm.wonConfirm')}
          cancelLabel={t('inboxConfirm.cancel')}
          onConfirm={() => {
            setConfirmingWon(false);
            void onChange('won');
          }}
          onCancel={() => setConfirmingWon(false)}
        >
          <p>{t('inboxConfirm.wonBody')}</p>
        </ConfirmDialog>
      )}
      {askingReason && (
        <form
          noValidate
          onSubmit={(e) => void submitLost(e)}
          onKeyDown={(event) => {
            // Escape leaves the reason, not the inquiry.
            if (event.key === 'Escape') {
              event.preventDefault();
              close();
            }
          }}
          className="flex flex-wrap items-start gap-2"
        >
          <div className="grid min-w-0 flex-1 gap-1 text-sm">
            <label htmlFor="inquiry-lost-reason" className="font-semibold">{t('inbox.lostReason')}</label>
            <input
              id="inquiry-lost-reason"
              ref={reasonInput}
              required
              value={reason}
              aria-invalid={missing || undefined}
              aria-describedby={missing ? 'inquiry-lost-reason-error' : undefined}
              onChange={(e) => {
                setReason(e.target.value);
                if (e.target.value.trim()) setMissing(false);
              }}
              className="min-h-11 rounded-lg border border-line px-3"
            />
            {missing && <p id="inquiry-lost-reason-error" className="text-danger">{t('inbox.errors.lostReasonRequired')}</p>}
          </div>
          <button type="submit" className="btn mt-6 min-h-11 bg-ink text-white">{t('inbox.markLost')}</button>
          <button type="button" className="btn mt-6 min-h-11 border border-line" onClick={close}>{t('inbox.cancel')}</button>
        </form>
      )}
    </div>
  );
}
