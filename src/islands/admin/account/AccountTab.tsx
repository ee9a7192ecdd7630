import type { Translate } from '~/i18n/translate';
import ProfileForm from './ProfileForm';
import PasswordForm from './PasswordForm';
import SessionList from './SessionList';
import PasskeyList from './PasskeyList';
import CalendarFeed from '../tours/CalendarFeed';
import SecondFactorSection from './SecondFactorSection';

/** "My account": my second factor, who I am, my password, where I am signed in, my passkeys. */
export default function AccountTab({ t }: { t: Translate }) {
  return (
    <div className="grid min-w-0 gap-10 lg:grid-cols-2">
      <SecondFactorSection t={t} />
      <ProfileForm t={t} />
      <PasswordForm t={t} />
      <SessionList t={t} />
      <PasskeyList t={t} />
      <CalendarFeed t={t} />
    </div>
  );
}
