import { useEffect, useRef, useState } from 'react';
import { useStore } from '@nanostores/react';
import type { Translate } from '~/i18n/translate';
import { $me, $sessionDeadline, endSession, loadMe } from '~/client/admin-session';
import { $idleMinutes, idleState } from '~/client/idle-watch';
import { $lastSessionUse } from '~/client/session-use';

/**
 * The session's clock: a minute before the owner's idle timeout a modal dialog says the panel is about to
 * sign out, with "stay signed in" (which uses the session, so the server counts it too); at the timeout,
 * or at the session's 12 hours, the panel signs out and the login card says why. Text being typed is kept
 * by the forms (src/client/kept-drafts.ts).
 */
export default function IdleWarning({ t }: { t: Translate }) {
  const me = useStore($me);
  const lastUse = useStore($lastSessionUse);
  const deadline = useStore($sessionDeadline);
  const [now, setNow] = useState(() => Date.now());
  const dialog = useRef<HTMLDialogElement>(null);
  const stay = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  // The timeout in force as the server last said it: an owner may shorten it while this panel is open.
  const idleMinutes = useStore($idleMinutes);
  const state = me ? idleState(now, lastUse, idleMinutes, deadline) : { kind: 'active' as const };
  useEffect(() => {
    if (state.kind === 'idle' || state.kind === 'expired') endSession(state.kind);
  }, [state.kind]);
  const warning = state.kind === 'warning';
  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (warning && !element.open) {
      element.showModal();
      stay.current?.focus();
    } else if (!warning && element.open) element.close();
  }, [warning]);

  return (
    <dialog
      ref={dialog}
      role="alertdialog"
      aria-labelledby="idle-warning-title"
      aria-describedby="idle-warning-body"
      data-testid="idle-warning"
      // Escape means the person is here: the same as "stay signed in".
      onCancel={(event) => {
        event.preventDefault();
        void loadMe();
      }}
      className="m-auto max-w-md rounded-2xl border border-line bg-paper p-6 text-ink shadow-lg backdrop:bg-ink/40"
    >
      <h2 id="idle-warning-title" className="text-xl font-bold">{t('secondFactor.session.warningTitle')}</h2>
      <p id="idle-warning-body" className="mt-2 text-sm">{t('secondFactor.session.warningBody', { seconds: warning ? state.secondsLeft : 60 })}</p>
      <button ref={stay} type="button" className="btn-primary mt-4 w-full" onClick={() => void loadMe()}>
        {t('secondFactor.session.stay')}
      </button>
    </dialog>
  );
}
