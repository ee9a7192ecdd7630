import { useState, type SubmitEvent } from 'react';
import { useStore } from '@nanostores/react';
import { LOCALES, type Locale } from '~/i18n/locales';
import type { Translate } from '~/i18n/translate';
import { ROLES, type Role } from '~/shared/roles';
import { ApiError } from '~/client/api';
import { endSessionIfUnauthorized } from '~/client/admin-session';
import { invite } from '~/client/staff-api';
import { $language, showToast } from '~/client/stores';

const input = 'min-h-11 rounded-md border border-muted bg-white px-3 text-base';

/** Invite someone by e-mail: name, address, role and the language of the mail (and of their panel). */
export default function InviteForm({ t, onInvited }: { t: Translate; onInvited: () => void }) {
  const lang = useStore($language);
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<Role>('agent');
  const [locale, setLocale] = useState<Locale>(lang);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [link, setLink] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    setErrors({});
    setLink(null);
    setBusy(true);
    try {
      const result = await invite({ name: name.trim(), email: email.trim(), role, locale });
      showToast({ title: t(result.mail === 'queued' ? 'team.invite.sent' : 'team.invite.mailOff', { email: result.invitation.email }) });
      if (result.link) setLink(result.link);
      setName('');
      setEmail('');
      onInvited();
    } catch (error) {
      if (endSessionIfUnauthorized(error)) return;
      if (error instanceof ApiError && error.fields) setErrors(error.fields);
      showToast({ title: t('team.invite.failed'), variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={(e) => void submit(e)} aria-labelledby="invite-title" className="grid gap-3 rounded-xl border border-line p-4 sm:p-6">
      <h2 id="invite-title" className="text-xl font-bold text-ink">{t('team.invite.title')}</h2>
      <p className="text-sm text-muted">{t('team.invite.description')}</p>
      <div className="grid gap-3 sm:grid-cols-2">
        <label className="grid gap-1 text-sm">
          <span className="font-semibold">{t('team.fields.name')}</span>
          <input required value={name} onChange={(e) => setName(e.target.value)} aria-invalid={errors.name ? true : undefined} className={input} />
          {errors.name && <span className="text-danger">{t(errors.name)}</span>}
        </label>
        <label className="grid gap-1 text-sm">
          <span className="font-semibold">{t('team.fields.email')}</span>
          <input type="email" required value={email} onChange={(e) => setEmail(e.target.value)} aria-invalid={errors.email ? true : undefined} className={input} />
          {errors.email && <span className="text-danger">{t(errors.email)}</span>}
        </label>
        <label className="grid gap-1 text-sm">
          <span className="font-semibold">{t('team.fields.role')}</span>
          <select value={role} onChange={(e) => setRole(e.target.value as Role)} className={input}>
            {ROLES.map((code) => <option key={code} value={code}>{t(`team.roles.${code}`)}</option>)}
          </select>
        </label>
        <label className="grid gap-1 text-sm">
          <span className="font-semibold">{t('team.fields.locale')}</span>
          <select value={locale} onChange={(e) => setLocale(e.target.value as Locale)} className={input}>
            {LOCALES.map((code) => <option key={code} value={code}>{t(`team.locales.${code}`)}</option>)}
          </select>
        </label>
      </div>
      <button type="submit" disabled={busy} className="btn min-h-11 justify-self-start bg-ink text-white disabled:opacity-60">{t('team.invite.submit')}</button>
      {link && (
        <p role="status" className="grid gap-1 rounded-lg bg-mist p-3 text-sm">
          <span>{t('team.invite.passOn')}</span>
          <code className="break-all" data-testid="invitation-link">{link}</code>
        </p>
      )}
    </form>
  );
}
