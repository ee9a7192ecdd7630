import { useEffect } from 'react';
import { useStore } from '@nanostores/react';
import { LOCALE_TAGS } from '~/i18n/locales';
import type { Translate } from '~/i18n/translate';
import type { SessionInfo } from '~/shared/staff';
import { endSessionIfUnauthorized, logout } from '~/client/admin-session';
import { endSession } from '~/client/staff-api';
import { $language, showToast } from '~/client/stores';
import { useQuery } from '~/client/hooks/use-query';

/** Where I am signed in: device, place (client address) and last use; sign one out, or every one. */
export default function SessionList({ t }: { t: Translate }) {
  const lang = useStore($language);
  const { data, error, refetch } = useQuery<SessionInfo[]>(['/api/admin/sessions']);
  useEffect(() => {
    if (error) endSessionIfUnauthorized(error);
  }, [error]);
  const format = new Intl.DateTimeFormat(LOCALE_TAGS[lang], { dateStyle: 'medium', timeStyle: 'short' });

  async function end(session: SessionInfo) {
    if (session.current) return void logout();
    try {
      await endSession(session.id);
      showToast({ title: t('team.sessions.ended') });
    } catch (err) {
      if (!endSessionIfUnauthorized(err)) showToast({ title: t('team.errors.unavailable'), variant: 'destructive' });
    } finally {
      refetch();
    }
  }

  return (
    <section aria-labelledby="sessions-title" className="grid content-start gap-3">
      <h2 id="sessions-title" className="text-xl font-bold text-ink">{t('team.sessions.title')}</h2>
      {!data && !error && <p className="text-muted">{t('team.loading')}</p>}
      {data && (
        <ul className="grid gap-2" data-testid="session-list">
          {data.map((session) => (
            <li key={session.id} data-testid="session" className="flex flex-wrap items-center justify-between gap-2 rounded-lg border border-line p-3 text-sm">
              <span className="grid gap-0.5">
                <span className="font-semibold text-ink">
                  <span data-testid="session-device">{session.device ?? t('team.sessions.unknownDevice')}</span>
                  {session.current && <>{' '}<span className="ml-1 rounded bg-mist px-2 py-0.5 text-xs">{t('team.sessions.current')}</span></>}
                </span>
                <span className="text-muted">{t('team.sessions.place', { address: session.address ?? t('team.sessions.unknownAddress'), at: format.format(new Date(session.lastUsedAt)) })}</span>
              </span>
              <button type="button" className="btn min-h-11 border border-line text-ink hover:bg-mist" onClick={() => void end(session)}>
                {t('team.sessions.signOut')}
              </button>
            </li>
          ))}
        </ul>
      )}
      <button type="button" className="btn min-h-11 justify-self-start border border-danger text-danger hover:bg-mist" onClick={() => void logout(true)}>
        {t('team.sessions.signOutAll')}
      </button>
    </section>
  );
}
