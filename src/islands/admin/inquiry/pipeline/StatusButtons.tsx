import { useEffect, useRef, useState, type SubmitEvent } from 'react';
import { INQUIRY_STATUSES, type InquiryStatus } from '~/shared/inquiry';
import { LOST_REASON_MESSAGES, LOST_REASON_OTHER, LOST_REASON_TEXT_MAX, LOST_REASONS, isLostReason, type LostReason } from '~/shared/lost-reasons';
import type { Translate } from '~/i18n/translate';
import ConfirmDialog from '../../ConfirmDialog';

/** Why an inquiry was lost, as the status buttons hand it on: a reason of the list, and "other"'s words. */
export interface LostReasonChoice {
  lostReason: LostReason;
  lostReasonText?: string;
}

/** An owner's reason to record "won" without an accepted proposal (issue 40). */
export interface WonOverride {
  wonOverrideReason: string;
}

/**
 * One click per status; `lost` asks for the reason first — one of the fixed list (src/shared/lost-reasons.ts),
 * "other" with the person's words, each missing one said at its field — and `won` asks to confirm (issue 28:
 * one stray click recorded a won deal).
 */
export default function StatusButtons({ current, name, onChange, t }: { current: InquiryStatus; name: string; onChange: (status: InquiryStatus, extra?: LostReasonChoice | WonOverride) => Promise<boolean>; t: Translate }) {
  const [askingReason, setAskingReason] = useState(false);
  const [confirmingWon, setConfirmingWon] = useState(false);
  const [reason, setReason] = useState<LostReason | ''>('');
  const [wonReason, setWonReason] = useState('');
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<{ field: 'reason' | 'text'; message: string } | null>(null);
  const reasonSelect = useRef<HTMLSelectElement>(null);
  const textInput = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (askingReason) reasonSelect.current?.focus();
  }, [askingReason]);
  function close() {
    setAskingReason(false);
    setProblem(null);
  }
  async function submitLost(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!reason) {
      setProblem({ field: 'reason', message: LOST_REASON_MESSAGES.required });
      reasonSelect.current?.focus();
      return;
    }
    const words = text.trim();
    if (reason === LOST_REASON_OTHER && !words) {
      setProblem({ field: 'text', message: LOST_REASON_MESSAGES.textRequired });
      textInput.current?.focus();
      return;
    }
    if (await onChange('lost', reason === LOST_REASON_OTHER ? { lostReason: reason, lostReasonText: words } : { lostReason: reason })) {
      close();
      setReason('');
      setText('');
    }
  }
  const invalid = (field: 'reason' | 'text') => (problem?.field === field ? { 'aria-invalid': true, 'aria-describedby': 'inquiry-lost-reason-error' } : {});
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
            const words = wonReason.trim();
            void onChange('won', words ? { wonOverrideReason: words } : undefined).then((saved) => saved && setWonReason(''));
          }}
          onCancel={() => setConfirmingWon(false)}
        >
          <p>{t('inboxConfirm.wonBody')}</p>
          {/* "Won" needs an accepted proposal or a lease; without one an owner records it with a reason (issue 40). */}
          <label htmlFor="inquiry-won-reason" className="font-semibold">{t('inbox.wonOverride.label')}</label>
          <textarea id="inquiry-won-reason" rows={2} maxLength={1000} value={wonReason} aria-describedby="inquiry-won-reason-hint" onChange={(e) => setWonReason(e.target.value)} className="rounded-lg border border-line px-3 py-2" />
          <span id="inquiry-won-reason-hint" className="text-xs text-muted">{t('inbox.wonOverride.hint')}</span>
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
            <label htmlFor="inquiry-lost-reason" className="font-semibold">{t('lostReasons.label')}</label>
            <select
              id="inquiry-lost-reason"
              ref={reasonSelect}
              required
              value={reason}
              {...invalid('reason')}
              onChange={(e) => {
                setReason(isLostReason(e.target.value) ? e.target.value : '');
                setProblem(null);
              }}
              className="min-h-11 rounded-lg border border-line bg-white px-3"
            >
              <option value="">{t('lostReasons.choose')}</option>
              {LOST_REASONS.map((code) => <option key={code} value={code}>{t(`lostReasons.reasons.${code}`)}</option>)}
            </select>
            {reason === LOST_REASON_OTHER && (
              <>
                <label htmlFor="inquiry-lost-reason-text" className="mt-2 font-semibold">{t('lostReasons.otherText')}</label>
                <input
                  id="inquiry-lost-reason-text"
                  ref={textInput}
                  required
                  maxLength={LOST_REASON_TEXT_MAX}
                  value={text}
                  {...invalid('text')}
                  aria-describedby={problem?.field === 'text' ? 'inquiry-lost-reason-error inquiry-lost-reason-hint' : 'inquiry-lost-reason-hint'}
                  onChange={(e) => {
                    setText(e.target.value);
                    if (e.target.value.trim()) setProblem(null);
                  }}
                  className="min-h-11 rounded-lg border border-line px-3"
                />
                <span id="inquiry-lost-reason-hint" className="text-xs text-muted">{t('lostReasons.otherHint')}</span>
              </>
            )}
            {problem && <p id="inquiry-lost-reason-error" className="text-danger">{t(problem.message)}</p>}
          </div>
          <button type="submit" className="btn mt-6 min-h-11 bg-ink text-white">{t('inbox.markLost')}</button>
          <button type="button" className="btn mt-6 min-h-11 border border-line" onClick={close}>{t('inbox.cancel')}</button>
        </form>
      )}
    </div>
  );
}
