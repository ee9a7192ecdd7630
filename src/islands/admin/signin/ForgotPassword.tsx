import { useState, type SubmitEvent } from 'react';
import type { Translate } from '~/i18n/translate';
import { ApiError } from '~/client/api';
import { requestPasswordReset } from '~/client/staff-api';
import { lockoutText } from '~/client/retry-text';

/**
 * "Forgot password": an address, then the same answer whether or not it belongs to an account (the
 * server says 202 either way); the link arrives by mail in the account's language.
 */
export default function ForgotPassword({ t, onBack }: { t: Translate; onBack: () => void }) {
  const [email, setEmail] = useState('');
  const [state, setState] = useState<'editing' | 'sending' | 'sent'>('editing');
  const [error, setError] = useState<string | null>(null);

  async function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    setState('sending');
    setError(null);
    try {
      await requestPasswordReset(email.trim());
      setState('sent');
    } catch (err) {
      setState('editing');
      if (err instanceof ApiError && err.status === 429) setError(lockoutText(t, err.retryAfter));
      else setError(t(err instanceof ApiError && err.fields?.email ? err.fields.email : 'team.errors.unavailable'));
    }
  }

  return (
    <form onSubmit={(e) => void submit(e)} className="mx-auto mt-16 grid max-w-md gap-4 rounded-2xl border border-line bg-paper p-8 shadow-sm">
      <h2 className="text-2xl font-bold text-ink">{t('team.reset.title')}</h2>
      {state === 'sent' ? (
        <p role="status" className="text-sm text-ink">{t('team.reset.sent')}</p>
      ) : (
        <>
          <p className="text-sm text-muted">{t('team.reset.description')}</p>
          <label className="grid gap-1 text-sm">
            <span className="font-semibold text-ink">{t('team.fields.email')}</span>
            <input
              type="email"
              autoComplete="email"
              required
              value={email}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? 'forgot-error' : undefined}
              onChange={(e) => setEmail(e.target.value)}
              className="min-h-11 rounded-md border border-muted px-3 text-base"
            />
          </label>
          {error && <p id="forgot-error" role="alert" className="text-sm text-danger">{error}</p>}
          <button type="submit" className="btn-primary w-full disabled:opacity-60" disabled={state === 'sending'}>{t('team.reset.send')}</button>
        </>
      )}
      <button type="button" className="min-h-11 justify-self-start text-sm text-brass-strong underline" onClick={onBack}>{t('team.reset.back')}</button>
    </form>
  );
}
