import { useEffect, useState } from 'react';
import { useStore } from '@nanostores/react';
import type { Locale } from '~/i18n/locales';
import type { Messages } from '~/i18n/translate';
import { $adminToken } from '~/client/stores';
import { logout } from '~/client/admin-session';
import { useTranslator } from '~/client/use-translator';
import LoginCard from './admin/LoginCard';
import AdminTabs, { type AdminTab } from './admin/AdminTabs';
import InboxTab from './admin/inbox/InboxTab';
import BrandsTab from './admin/BrandsTab';
import UnitsTab from './admin/UnitsTab';
import Toaster from './Toaster';

interface Props {
  locale: Locale;
  messages: Messages;
}

/** /admin: the login card, then inquiries and brands management. The token survives reloads. */
export default function AdminApp({ locale, messages }: Props) {
  const t = useTranslator(locale, messages);
  const token = useStore($adminToken);
  const [tab, setTab] = useState<AdminTab>('inquiries');
  // The pre-rendered page cannot know the stored token; show nothing session-specific until hydrated.
  const hydrated = useHydrated();

  return (
    <div className="container-page py-12">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 className="section-title">{t('admin.title')}</h1>
        {hydrated && token && (
          <button type="button" className="btn border border-line text-ink hover:bg-mist" onClick={() => void logout()}>
            {t('admin.logout')}
          </button>
        )}
      </div>
      {/* Room for the login card before hydration, so the footer does not jump when it appears. */}
      <div className="min-h-[70vh]">
        {!hydrated ? (
          <p className="mt-16 text-center text-muted">{t('admin.loading')}</p>
        ) : token ? (
          <>
            <AdminTabs tab={tab} onChange={setTab} t={t} />
            <div id={`admin-panel-${tab}`} role="tabpanel" aria-labelledby={`admin-tab-${tab}`} tabIndex={0} className="mt-8">
              {tab === 'inquiries' ? <InboxTab t={t} /> : tab === 'units' ? <UnitsTab t={t} /> : <BrandsTab t={t} />}
            </div>
          </>
        ) : (
          <LoginCard t={t} />
        )}
      </div>
      <Toaster closeLabel={t('toast.close')} />
    </div>
  );
}

function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}
