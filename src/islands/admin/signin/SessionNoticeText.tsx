import { useStore } from '@nanostores/react';
import type { Translate } from '~/i18n/translate';
import type { SessionNotice } from '~/client/admin-session';
import { $idleMinutes } from '~/client/idle-watch';

/**
 * Why the login card asks to sign in again: the panel ended an idle session, the session ran out, the owner
 * deactivated the account (then: whom to ask), or five wrong codes to turn the authenticator off ended it. Says too that typed text was kept, when it was.
 */
export default function SessionNoticeText({ notice, kept, t }: { notice: SessionNotice; kept: boolean; t: Translate }) {
  const minutes = useStore($idleMinutes);
  const text = notice === 'idle' ? t('secondFactor.session.idle', { minutes }) : t(`secondFactor.session.${notice}`);
  return (
    <div role="alert" data-testid="session-notice" className="mt-4 grid gap-2 rounded-md bg-brass-soft p-3 text-sm text-ink">
      <p>{text}</p>
      {kept && <p>{t('secondFactor.session.draftsKept')}</p>}
    </div>
  );
}
