import { useEffect, useState, type SubmitEvent } from 'react';
import { useStore } from '@nanostores/react';
import type { Translate } from '~/i18n/translate';
import { showToast } from '~/client/stores';
import { $sessionNotice, login, loginWithPasskey } from '~/client/admin-session';
import { hasKeptDrafts } from '~/client/kept-drafts';
import { accountRefusal, signInErrorText, typedWrong } from '~/client/sign-in-errors';
import ForgotPassword from './signin/ForgotPassword';
import SecondStep from './signin/SecondStep';
import SessionNoticeText from './signin/SessionNoticeText';

interface Props {
  t: Translate;
  /** After a successful sign-in (the panel then moves focus to its heading). */
  onSignedIn: () => void;
}

/**
 * The card shown before login: a username (empty means the bootstrap owner `admin`, so the spec's
 * password-only login still works) and a password; a passkey where the browser has them; "forgot password".
 * A wrong password is said at the field as well as in the spec's toast.
 */
export default function LoginCard({ t, onSignedIn }: Props) {
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [pending, setPending] = useState(false);
  const [wrong, setWrong] = useState(false);
  const [forgot, setForgot] = useState(false);
  const [passkeys, setPasskeys] = useState(false);
  const [challenge, setChallenge] = useState<string | null>(null);
  /** A refusal that is not a wrong password: the account is deactivated, or signs in with its passkey. */
  const [refusal, setRefusal] = useState<string | null>(null);
  const [kept, setKept] = useState(false);
  const notice = useStore($sessionNotice);
  useEffect(() => {
    setPasskeys(typeof window.PublicKeyCredential === 'function');
    setKept(hasKeptDrafts());
  }, []);

  function fail(error: unknown) {
    setWrong(typedWrong(error));
    setRefusal(accountRefusal(error));
    showToast({ title: t('admin.login.failure'), description: signInErrorText(t, error, 'admin.login.wrongPassword'), variant: 'destructive' });
  }

  async function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    setPending(true);
    setRefusal(null);
    try {
      const next = await login(password, username);
      if (next) {
        setChallenge(next.challenge);
        return;
      }
      showToast({ title: t('admin.login.success') });
      onSignedIn();
    } catch (error) {
      fail(error);
    } finally {
      setPending(false);
    }
  }

  async function withPasskey() {
    setPending(true);
    try {
      await loginWithPasskey();
      showToast({ title: t('admin.login.success') });
      onSignedIn();
    } catch (error) {
      // The person closed the browser's prompt: nothing went wrong that needs saying.
      if (error instanceof Error && error.name === 'NotAllowedError') return;
      showToast({ title: t('admin.login.failure'), description: t('team.login.passkeyFailed'), variant: 'destructive' });
    } finally {
      setPending(false);
    }
  }

  if (forgot) return <ForgotPassword t={t} onBack={() => setForgot(false)} />;
  if (challenge) {
    return (
      <SecondStep
        challenge={challenge}
        t={t}
        onSignedIn={onSignedIn}
        onRestart={() => {
          setChallenge(null);
          setPassword('');
        }}
      />
    );
  }

  return (
    <form onSubmit={submit} className="mx-auto mt-16 max-w-md rounded-2xl border border-line bg-paper p-8 shadow-sm">
      <h2 className="text-2xl font-bold text-ink">{t('admin.login.title')}</h2>
      <p className="mt-2 text-sm text-muted">{t('admin.login.description')}</p>
      {notice && <SessionNoticeText notice={notice} kept={kept} t={t} />}
      {refusal && <p role="alert" data-testid="login-refusal" className="mt-4 rounded-md bg-brass-soft p-3 text-sm text-ink">{t(refusal)}</p>}
      <label htmlFor="admin-username" className="mt-6 block text-sm font-semibold text-ink">{t('team.login.username')}</label>
      <input
        id="admin-username"
        type="text"
        name="username"
        autoComplete="username webauthn"
        autoCapitalize="none"
        spellCheck={false}
        aria-describedby="admin-username-hint"
        value={username}
        onChange={(e) => setUsername(e.target.value)}
        className="mt-1 w-full rounded-md border border-muted px-3 py-2 text-base"
      />
      <p id="admin-username-hint" className="mt-1 text-xs text-muted">{t('team.login.usernameHint')}</p>
      <label htmlFor="admin-password" className="mt-4 block text-sm font-semibold text-ink">{t('admin.login.password')}</label>
      <input
        id="admin-password"
        type="password"
        name="password"
        autoComplete="current-password"
        required
        aria-invalid={wrong || undefined}
        aria-describedby={wrong ? 'admin-password-error' : undefined}
        value={password}
        onChange={(e) => {
          setPassword(e.target.value);
          setWrong(false);
        }}
        className={`mt-1 w-full rounded-md border px-3 py-2 text-base ${wrong ? 'border-danger' : 'border-muted'}`}
      />
      {wrong && <p id="admin-password-error" className="mt-1 text-sm text-danger">{t('admin.login.wrongPassword')}</p>}
      <button type="submit" className="btn-primary mt-6 w-full disabled:opacity-60" disabled={pending}>
        {pending ? t('admin.login.pending') : t('admin.login.submit')}
      </button>
      {passkeys && (
        <button type="button" className="btn mt-3 min-h-11 w-full border border-line text-ink hover:bg-mist disabled:opacity-60" disabled={pending} onClick={() => void withPasskey()}>
          {t('team.login.passkey')}
        </button>
      )}
      <button type="button" className="mt-4 min-h-11 text-sm text-brass-strong underline" onClick={() => setForgot(true)}>
        {t('team.login.forgot')}
      </button>
    </form>
  );
}
