import { useEffect, useState, type SubmitEvent } from 'react';
import { useStore } from '@nanostores/react';
import { LOCALES, type Locale } from '~/i18n/locales';
import type { Translate } from '~/i18n/translate';
import { ApiError } from '~/client/api';
import { $me, endSessionIfUnauthorized } from '~/client/admin-session';
import { patchMe } from '~/client/staff-api';
import { showToast } from '~/client/stores';

const input = 'min-h-11 rounded-md border border-muted px-3 text-base';

/** My name, address (where reminders, digests and resets go) and the language of my mails. */
export default function ProfileForm({ t }: { t: Translate }) {
  const me = useStore($me);
  const [name, setName] = useState(me?.name ?? '');
  const [email, setEmail] = useState(me?.email ?? '');
  const [locale, setLocale] = useState<Locale>(me?.locale ?? 'ko');
  const [errors, setErrors] = useState<Record<string, string>>({});
  useEffect(() => {
    setName(me?.name ?? '');
    setEmail(me?.email ?? '');
    setLocale(me?.locale ?? 'ko');
  }, [me?.id]);

  async function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    setErrors({});
    try {
      $me.set(await patchMe({ name: name.trim(), ...(email.trim() ? { email: email.trim() } : {}), locale }));
      showToast({ title: t('team.account.saved') });
    } catch (error) {
      if (endSessionIfUnauthorized(error)) return;
      if (error instanceof ApiError && error.fields) setErrors(error.fields);
      showToast({ title: t('team.account.saveFailed'), variant: 'destructive' });
    }
  }

  if (!me) return null;
  return (
    <form onSubmit={(e) => void submit(e)} className="grid content-start gap-3" aria-labelledby="profile-title">
      <h2 id="profile-title" className="text-xl font-bold text-ink">{t('team.account.profile')}</h2>
      <p className="text-sm text-muted">{t('team.account.who', { username: me.username, role: t(`team.roles.${me.role}`) })}</p>
      <label className="grid gap-1 text-sm">
        <span className="font-semibold">{t('team.fields.name')}</span>
        <input required value={name} onChange={(e) => setName(e.target.value)} aria-invalid={errors.name ? true : undefined} className={input} />
        {errors.name && <span className="text-danger">{t(errors.name)}</span>}
      </label>
      <label className="grid gap-1 text-sm">
        <span className="font-semibold">{t('team.fields.email')}</span>
        <input type="email" autoComplete="email" value={email} onChange={(e) => setEmail(e.target.value)} aria-invalid={errors.email ? true : undefined} className={input} />
        {errors.email && <span className="text-danger">{t(errors.email)}</span>}
      </label>
      <label className="grid gap-1 text-sm">
        <span className="font-semibold">{t('team.fields.locale')}</span>
        <select value={locale} onChange={(e) => setLocale(e.target.value as Locale)} className={input}>
          {LOCALES.map((code) => <option key={code} value={code}>{t(`team.locales.${code}`)}</option>)}
        </select>
      </label>
      <button type="submit" className="btn min-h-11 justify-self-start bg-ink text-white">{t('team.account.save')}</button>
    </form>
  );
}
