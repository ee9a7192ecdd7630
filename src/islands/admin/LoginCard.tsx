import { useState, type SubmitEvent } from 'react';
import { useStore } from '@nanostores/react';
import type { Translate } from '~/i18n/translate';
import { ApiError } from '~/client/api';
import { showToast } from '~/client/stores';
import { $sessionNotice, login } from '~/client/admin-session';
import { lockoutText } from '~/client/retry-text';

/** The card shown before login: a password only (spec §2 Admin). */
export default function LoginCard({ t }: { t: Translate }) {
  const [password, setPassword] = useState('');
  const [pending, setPending] = useState(false);
  const notice = useStore($sessionNotice);

  async function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    setPending(true);
    try {
      await login(password);
      showToast({ title: t('admin.login.success') });
    } catch (error) {
      const tooMany = error instanceof ApiError && error.status === 429;
      const description = tooMany ? lockoutText(t, error.retryAfter) : error instanceof ApiError && error.status === 401 ? t('admin.login.wrongPassword') : t('admin.login.unavailable');
      showToast({ title: t('admin.login.failure'), description, variant: 'destructive' });
    } finally {
      setPending(false);
    }
  }

  return (
    <form onSubmit={submit} className="mx-auto mt-16 max-w-md rounded-2xl border border-line bg-paper p-8 shadow-sm">
      <h2 className="text-2xl font-bold text-ink">{t('admin.login.title')}</h2>
      <p className="mt-2 text-sm text-muted">{t('admin.login.description')}</p>
      {notice === 'expired' && <p role="alert" className="mt-4 rounded-md bg-brass-soft p-3 text-sm text-ink">{t('admin.login.expired')}</p>}
      {/* A hidden username lets password managers file the saved password under this site's admin. */}
      <input type="text" name="username" autoComplete="username" value="admin" readOnly hidden />
      <label htmlFor="admin-password" className="mt-6 block text-sm font-semibold text-ink">{t('admin.login.password')}</label>
      <input
        id="admin-password"
        type="password"
        name="password"
        autoComplete="current-password"
        required
        value={password}
        onChange={(e) => setPassword(e.target.value)}
        className="mt-1 w-full rounded-md border border-muted px-3 py-2 text-base"
      />
      <button type="submit" className="btn-primary mt-6 w-full disabled:opacity-60" disabled={pending}>
        {pending ? t('admin.login.pending') : t('admin.login.submit')}
      </button>
    </form>
  );
}
