import { lazy, useEffect, useMemo, useRef, useState } from 'react';
import { useStore } from '@nanostores/react';
import type { Locale } from '~/i18n/locales';
import type { Messages } from '~/i18n/translate';
import { withKoreanParticles } from '~/i18n/particles';
import { $adminToken } from '~/client/stores';
import { $me, loadMe, logout } from '~/client/admin-session';
import { $inboxFirstPage } from '~/client/inbox/first-page';
import { useTranslator } from '~/client/hooks/use-translator';
import LoginCard from './admin/LoginCard';
import IdleWarning from './admin/IdleWarning';
import AdminTabs, { ADMIN_TABS, tabsFor, type AdminTab } from './admin/AdminTabs';
import { tabInUrl, writeTabToUrl } from '~/client/admin-tab-url';
import { leaseInUrl, writeLeaseToUrl } from '~/client/leases/url';
import AdminPanel from './admin/AdminPanel';
import ScreenBoundary from './admin/ScreenBoundary';
import { takeLinkFromUrl, type MailedLink } from './admin/signin/mailed-link';
import Toaster from './Toaster';

// Screens few visits see (a mailed link's card, the second factor's set-up) come when they are shown.
const LinkCard = lazy(() => import('./admin/signin/LinkCard'));
const SecondFactorRequired = lazy(() => import('./admin/account/SecondFactorRequired'));

interface Props {
  locale: Locale;
  messages: Messages;
}

/** /admin: the login card (or a mailed link's card), then the tabs the signed-in role may use. The token survives reloads. */
export default function AdminApp({ locale, messages }: Props) {
  // Korean texts choose the particle after a name they fill in ("이 문의를", not "이 문의을(를)").
  const plain = useTranslator(locale, messages);
  const t = useMemo(() => withKoreanParticles(plain), [plain]);
  const token = useStore($adminToken);
  const me = useStore($me);
  // The tab a reload or a link names (?tab=; a lease's link, ?lease=, is the leases tab), else the inbox.
  const [tab, setTab] = useState<AdminTab>(() => {
    const named = tabInUrl() ?? (leaseInUrl() ? 'leases' : null);
    return ADMIN_TABS.includes(named as AdminTab) ? (named as AdminTab) : 'inquiries';
  });
  const [link, setLink] = useState<MailedLink | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  // The pre-rendered page cannot know the stored token; show nothing session-specific until hydrated.
  const hydrated = useHydrated();

  const inboxFirstPage = useStore($inboxFirstPage);

  useEffect(() => setLink(takeLinkFromUrl()), []);
  const tabs = tabsFor(me?.role ?? null);
  const shown = tabs.includes(tab) ? tab : 'inquiries';
  // Who I am is asked after the inbox's first page when the inbox is what shows (issue 29: the list first).
  const inboxShowing = hydrated && !link && shown === 'inquiries';
  useEffect(() => {
    if (hydrated && token && !me && (inboxFirstPage || !inboxShowing)) void loadMe();
  }, [hydrated, token, me, inboxFirstPage, inboxShowing]);
  const openTab = (next: AdminTab) => {
    setTab(next);
    // A lease open on the leases tab is not what another tab shows (nor what a reload there should open).
    if (next !== 'leases') writeLeaseToUrl(null);
    writeTabToUrl(next, 'inquiries');
  };
  /** After signing in, focus goes to the panel's heading: the card that held it is about to go. */
  const signedIn = () => {
    setLink(null);
    heading.current?.focus();
  };

  return (
    <div className="container-page py-12">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 ref={heading} tabIndex={-1} className="section-title focus:outline-none">{t('admin.title')}</h1>
        {hydrated && token && !link && (
          <div className="flex flex-wrap items-center gap-3">
            {me && <span className="text-sm text-muted" data-testid="signed-in-as">{t('team.signedInAs', { name: me.name, role: t(`team.roles.${me.role}`) })}</span>}
            <button type="button" className="btn border border-line text-ink hover:bg-mist" onClick={() => void logout()}>
              {t('admin.logout')}
            </button>
          </div>
        )}
      </div>
      {/* Room for the login card before hydration, so the footer does not jump when it appears. */}
      <div className="min-h-[70vh]">
        {!hydrated ? (
          <p className="mt-16 text-center text-muted">{t('admin.loading')}</p>
        ) : link ? (
          <ScreenBoundary t={t}>
            <LinkCard kind={link.kind} token={link.token} t={t} onDone={(done) => (done ? signedIn() : setLink(null))} />
          </ScreenBoundary>
        ) : token && me?.secondFactorSetupRequired ? (
          <ScreenBoundary t={t}>
            <SecondFactorRequired t={t} />
          </ScreenBoundary>
        ) : token ? (
          <>
            <AdminTabs tabs={tabs} tab={shown} onChange={openTab} t={t} />
            <div id={`admin-panel-${shown}`} role="tabpanel" aria-labelledby={`admin-tab-${shown}`} tabIndex={0} className="mt-8">
              <AdminPanel tab={shown} t={t} />
            </div>
            {/* Under the panel, not above the tabs: who I am is asked after the inbox's first page, and arriving
                above the tabs this note moved every button a person was already reaching for. */}
            {me?.role === 'owner' && me.requireSecondFactor === false && (
              <p role="status" data-testid="second-factor-off" className="mt-8 rounded-md bg-brass-soft p-3 text-sm text-ink">{t('secondFactor.settings.ownerOff')}</p>
            )}
          </>
        ) : (
          <LoginCard t={t} onSignedIn={signedIn} />
        )}
      </div>
      {hydrated && token && <IdleWarning t={t} />}
      <Toaster closeLabel={t('toast.close')} />
    </div>
  );
}

function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}
