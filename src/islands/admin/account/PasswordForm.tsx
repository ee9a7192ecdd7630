import { useState, type SubmitEvent } from 'react';
import { useStore } from '@nanostores/react';
import type { Translate } from '~/i18n/translate';
import { BOOTSTRAP_USERNAME } from '~/shared/roles';
import { passwordProblem } from '~/shared/staff';
import { ApiError } from '~/client/api';
import { $me, endSessionIfUnauthorized } from '~/client/admin-session';
import { changePassword } from '~/client/staff-api';
import { showToast } from '~/client/stores';
import NewPasswordField from '../signin/NewPasswordField';

/** My password: the current one, then a new one; my other sessions end. `admin`'s is ADMIN_PASSWORD. */
export default function PasswordForm({ t }: { t: Translate }) {
  const me = useStore($me);
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});

  async function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const problem = passwordProblem(next, { username: me?.username, email: me?.email });
    if (problem) return setErrors({ password: problem });
    setErrors({});
    try {
      await changePassword(current, next);
      setCurrent('');
      setNext('');
      showToast({ title: t('team.password.changed'), description: t('team.password.othersSignedOut') });
    } catch (error) {
      if (endSessionIfUnauthorized(error)) return;
      if (error instanceof ApiError && error.fields) setErrors(error.fields);
      else showToast({ title: t('team.errors.unavailable'), variant: 'destructive' });
    }
  }

  if (!me) return null;
  if (me.username === BOOTSTRAP_USERNAME) {
    return (
      <section aria-labelledby="password-title" className="grid content-start gap-3">
        <h2 id="password-title" className="text-xl font-bold text-ink">{t('team.password.title')}</h2>
        <p className="text-sm text-muted">{t('team.errors.passwordFromEnvironment')}</p>
      </section>
    );
  }
  return (
    <form onSubmit={(e) => void submit(e)} className="grid content-start gap-3" aria-labelledby="password-title">
      <h2 id="password-title" className="text-xl font-bold text-ink">{t('team.password.title')}</h2>
      <div className="grid gap-1">
        <label htmlFor="current-password" className="text-sm font-semibold">{t('team.password.current')}</label>
        <input
          id="current-password"
          type="password"
          autoComplete="current-password"
          required
          value={current}
          aria-invalid={errors.currentPassword ? true : undefined}
          aria-describedby={errors.currentPassword ? 'current-password-error' : undefined}
          onChange={(e) => setCurrent(e.target.value)}
          className="min-h-11 rounded-md border border-muted px-3 text-base"
        />
        {errors.currentPassword && <p id="current-password-error" className="text-sm text-danger">{t(errors.currentPassword)}</p>}
      </div>
      <NewPasswordField id="account-new-password" label={t('team.password.new')} value={next} onChange={setNext} error={errors.password ?? null} t={t} />
      <button type="submit" className="btn min-h-11 justify-self-start bg-ink text-white">{t('team.password.change')}</button>
    </form>
  );
}
