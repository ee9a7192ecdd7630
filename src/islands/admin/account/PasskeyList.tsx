import { useEffect, useState, type SubmitEvent } from 'react';
import { useStore } from '@nanostores/react';
import { LOCALE_TAGS } from '~/i18n/locales';
import type { Translate } from '~/i18n/translate';
import type { PasskeyInfo } from '~/shared/staff';
import { endSessionIfUnauthorized, loadMe } from '~/client/admin-session';
import { addPasskey, removePasskey } from '~/client/staff-api';
import { $language, showToast } from '~/client/stores';
import { useQuery } from '~/client/hooks/use-query';

/** My passkeys: add one on this device (the browser asks), remove one. A password keeps working. */
export default function PasskeyList({ t }: { t: Translate }) {
  const lang = useStore($language);
  const { data, error, refetch } = useQuery<PasskeyInfo[]>(['/api/admin/passkeys']);
  const [name, setName] = useState('');
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (error) endSessionIfUnauthorized(error);
  }, [error]);
  const format = new Intl.DateTimeFormat(LOCALE_TAGS[lang], { dateStyle: 'medium' });
  const supported = typeof window !== 'undefined' && typeof window.PublicKeyCredential === 'function';

  async function add(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    setBusy(true);
    try {
      await addPasskey(name);
      setName('');
      showToast({ title: t('team.passkeys.added') });
    } catch (err) {
      if (!endSessionIfUnauthorized(err) && !(err instanceof Error && err.name === 'NotAllowedError')) {
        showToast({ title: t('team.passkeys.addFailed'), variant: 'destructive' });
      }
    } finally {
      setBusy(false);
      refetch();
      // A passkey is a second factor: "me" says so (and lifts the owner's set-up requirement).
      void loadMe();
    }
  }

  async function remove(key: PasskeyInfo) {
    try {
      await removePasskey(key.id);
      showToast({ title: t('team.passkeys.removed') });
    } catch (err) {
      if (!endSessionIfUnauthorized(err)) showToast({ title: t('team.errors.unavailable'), variant: 'destructive' });
    } finally {
      refetch();
      void loadMe();
    }
  }

  return (
    <section aria-labelledby="passkeys-title" className="grid content-start gap-3">
      <h2 id="passkeys-title" className="text-xl font-bold text-ink">{t('team.passkeys.title')}</h2>
      <p className="text-sm text-muted">{t('team.passkeys.description')}</p>
      {data && data.length === 0 && <p className="text-sm text-muted">{t('team.passkeys.none')}</p>}
      {data && data.length > 0 && (
        <ul className="grid gap-2" data-testid="passkey-list">
          {data.map((key) => (
            <li key={key.id} className="flex flex-wrap items-center justify-between gap-2 rounded-lg border border-line p-3 text-sm">
              <span className="grid gap-0.5">
                <span className="font-semibold text-ink">{key.name}</span>
                <span className="text-muted">{t('team.passkeys.addedOn', { date: format.format(new Date(key.createdAt)) })}</span>
              </span>
              <button type="button" className="btn min-h-11 border border-line text-ink hover:bg-mist" onClick={() => void remove(key)} aria-label={t('team.passkeys.removeNamed', { name: key.name })}>
                {t('team.passkeys.remove')}
              </button>
            </li>
          ))}
        </ul>
      )}
      {supported ? (
        <form onSubmit={(e) => void add(e)} className="flex flex-wrap items-end gap-2">
          <label className="grid min-w-0 flex-1 gap-1 text-sm">
            <span className="font-semibold">{t('team.passkeys.name')}</span>
            <input value={name} onChange={(e) => setName(e.target.value)} placeholder={t('team.passkeys.namePlaceholder')} className="min-h-11 rounded-md border border-muted px-3 text-base" />
          </label>
          <button type="submit" disabled={busy} className="btn min-h-11 bg-ink text-white disabled:opacity-60">{t('team.passkeys.add')}</button>
        </form>
      ) : (
        <p className="text-sm text-muted">{t('team.passkeys.unsupported')}</p>
      )}
    </section>
  );
}
