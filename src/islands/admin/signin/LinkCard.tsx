import { useEffect, useState, type SubmitEvent } from 'react';
import type { Translate } from '~/i18n/translate';
import { ApiError } from '~/client/api';
import { acceptInvitation } from '~/client/admin-session';
import { checkResetLink, confirmPasswordReset } from '~/client/staff-api';
import { passwordProblem } from '~/shared/staff';
import NewPasswordField from './NewPasswordField';

interface Props {
  kind: 'invitation' | 'reset';
  /** The link's token (from the URL fragment, which never reaches a server log or a Referer). */
  token: string;
  t: Translate;
  /** After an invitation is accepted (signed in) or a reset is done (back to the login card). */
  onDone: (signedIn: boolean) => void;
}

/**
 * Where a mailed link lands: an invitation asks for a username and a password and signs the new member
 * in; a reset asks for a new password and then sends them to sign in with it. A spent or expired link
 * says so and offers the login card.
 */
export default function LinkCard({ kind, token, t, onDone }: Props) {
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [pending, setPending] = useState(false);
  const [spent, setSpent] = useState(false);
  const [done, setDone] = useState(false);
  // A reset link is checked first: a used or replaced one says so before a new password is asked for.
  const [checked, setChecked] = useState(kind !== 'reset');
  useEffect(() => {
    if (kind !== 'reset') return;
    let live = true;
    checkResetLink(token).then(
      () => live && setChecked(true),
      (error: unknown) => {
        if (!live) return;
        if (error instanceof ApiError && (error.code === 'invalid_token' || error.status === 400)) setSpent(true);
        setChecked(true);
      },
    );
    return () => {
      live = false;
    };
  }, [kind, token]);

  async function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const problem = passwordProblem(password, { username });
    if (problem) return setErrors({ password: problem });
    setPending(true);
    setErrors({});
    try {
      if (kind === 'invitation') {
        await acceptInvitation(token, username, password);
        onDone(true);
      } else {
        await confirmPasswordReset(token, password);
        setDone(true);
      }
    } catch (error) {
      if (error instanceof ApiError && error.code === 'invalid_token') setSpent(true);
      else if (error instanceof ApiError && error.fields) setErrors(error.fields);
      else setErrors({ _: 'team.errors.unavailable' });
    } finally {
      setPending(false);
    }
  }

  const title = t(kind === 'invitation' ? 'team.accept.title' : 'team.reset.newTitle');
  if (!checked) {
    return (
      <div className="mx-auto mt-16 grid max-w-md gap-4 rounded-2xl border border-line bg-paper p-8 shadow-sm">
        <h2 className="text-2xl font-bold text-ink">{title}</h2>
        <p role="status" className="text-sm text-muted">{t('team.reset.checking')}</p>
      </div>
    );
  }
  if (spent || done) {
    return (
      <div className="mx-auto mt-16 grid max-w-md gap-4 rounded-2xl border border-line bg-paper p-8 shadow-sm">
        <h2 className="text-2xl font-bold text-ink">{title}</h2>
        <p role={spent ? 'alert' : 'status'} className="text-sm text-ink">{t(spent ? 'team.errors.invalidToken' : 'team.reset.done')}</p>
        <button type="button" className="btn-primary" onClick={() => onDone(false)}>{t('team.reset.toLogin')}</button>
      </div>
    );
  }
  return (
    <form onSubmit={(e) => void submit(e)} className="mx-auto mt-16 grid max-w-md gap-4 rounded-2xl border border-line bg-paper p-8 shadow-sm">
      <h2 className="text-2xl font-bold text-ink">{title}</h2>
      <p className="text-sm text-muted">{t(kind === 'invitation' ? 'team.accept.description' : 'team.reset.newDescription')}</p>
      {kind === 'invitation' && (
        <div className="grid gap-1">
          <label htmlFor="accept-username" className="text-sm font-semibold text-ink">{t('team.login.username')}</label>
          <input
            id="accept-username"
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
            required
            value={username}
            aria-invalid={errors.username ? true : undefined}
            aria-describedby={`accept-username-hint${errors.username ? ' accept-username-error' : ''}`}
            onChange={(e) => setUsername(e.target.value)}
            className="min-h-11 rounded-md border border-muted px-3 text-base"
          />
          <p id="accept-username-hint" className="text-xs text-muted">{t('team.accept.usernameHint')}</p>
          {errors.username && <p id="accept-username-error" className="text-sm text-danger">{t(errors.username)}</p>}
        </div>
      )}
      <NewPasswordField id="new-password" label={t('team.password.new')} value={password} onChange={setPassword} error={errors.password ?? null} t={t} />
      {errors._ && <p role="alert" className="text-sm text-danger">{t(errors._)}</p>}
      <button type="submit" className="btn-primary w-full disabled:opacity-60" disabled={pending}>{t(kind === 'invitation' ? 'team.accept.submit' : 'team.reset.save')}</button>
    </form>
  );
}
