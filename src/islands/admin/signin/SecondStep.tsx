import { useEffect, useRef, useState, type SubmitEvent } from 'react';
import type { Translate } from '~/i18n/translate';
import { ApiError } from '~/client/api';
import { loginSecondFactor } from '~/client/admin-session';
import { signInErrorText } from '~/client/sign-in-errors';
import { showToast } from '~/client/stores';

interface Props {
  challenge: string;
  t: Translate;
  onSignedIn: () => void;
  /** Back to the password (the challenge expired or the person chose to). */
  onRestart: () => void;
}

/**
 * The second step of a password sign-in on an account with TOTP: the app's 6-digit code (a numeric field
 * the phone can fill from a message, autocomplete="one-time-code"), or one of the recovery codes. A
 * wrong code is said at the field; a challenge that expired sends back to the password.
 */
export default function SecondStep({ challenge, t, onSignedIn, onRestart }: Props) {
  const [recovery, setRecovery] = useState(false);
  const [code, setCode] = useState('');
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => input.current?.focus(), [recovery]);

  async function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    setPending(true);
    setError(null);
    try {
      await loginSecondFactor(challenge, code.trim());
      showToast({ title: t('admin.login.success') });
      onSignedIn();
    } catch (err) {
      if (err instanceof ApiError && err.code === 'challenge_expired') {
        showToast({ title: t('admin.login.failure'), description: t('secondFactor.errors.challengeExpired'), variant: 'destructive' });
        onRestart();
        return;
      }
      setError(signInErrorText(t, err, 'secondFactor.errors.invalidCode'));
      input.current?.focus();
    } finally {
      setPending(false);
    }
  }

  const label = recovery ? t('secondFactor.login.recoveryCode') : t('secondFactor.login.code');
  return (
    <form onSubmit={(e) => void submit(e)} noValidate className="mx-auto mt-16 grid max-w-md gap-4 rounded-2xl border border-line bg-paper p-8 shadow-sm" aria-labelledby="second-step-title">
      <h2 id="second-step-title" className="text-2xl font-bold text-ink">{t('secondFactor.login.codeTitle')}</h2>
      <p id="second-step-hint" className="text-sm text-muted">{recovery ? t('secondFactor.login.recoveryHint') : t('secondFactor.login.codeHint')}</p>
      <label className="grid gap-1 text-sm">
        <span className="font-semibold text-ink">{label}</span>
        <input
          key={recovery ? 'recovery' : 'totp'}
          ref={input}
          name={recovery ? 'recovery-code' : 'one-time-code'}
          type="text"
          autoComplete={recovery ? 'off' : 'one-time-code'}
          inputMode={recovery ? 'text' : 'numeric'}
          pattern={recovery ? undefined : '[0-9 ]*'}
          autoCapitalize="none"
          spellCheck={false}
          maxLength={recovery ? 32 : 7}
          required
          value={code}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'second-step-hint second-step-error' : 'second-step-hint'}
          onChange={(e) => {
            setCode(e.target.value);
            setError(null);
          }}
          className={`min-h-11 rounded-md border px-3 text-base tracking-widest ${error ? 'border-danger' : 'border-muted'}`}
        />
      </label>
      {error && <p id="second-step-error" role="alert" className="text-sm text-danger">{error}</p>}
      <button type="submit" className="btn-primary w-full disabled:opacity-60" disabled={pending || !code.trim()}>
        {pending ? t('admin.login.pending') : t('secondFactor.login.verify')}
      </button>
      <button
        type="button"
        className="min-h-11 justify-self-start text-sm text-brass-strong underline"
        onClick={() => {
          setRecovery(!recovery);
          setCode('');
          setError(null);
        }}
      >
        {recovery ? t('secondFactor.login.useApp') : t('secondFactor.login.useRecovery')}
      </button>
      <button type="button" className="min-h-11 justify-self-start text-sm text-muted underline" onClick={onRestart}>{t('secondFactor.login.back')}</button>
    </form>
  );
}
